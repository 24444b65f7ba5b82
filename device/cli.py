"""The `tablemate` command (also `python -m device`).

tablemate run [--simulate | --real] [--host ADDR] [--port N] [--data DIR] [--config FILE]
tablemate selftest [--simulate | --real] [--config FILE] [--button-timeout S] [--step S]
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from device.config import ConfigError, load_config


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tablemate", description="The Tablemate game box.")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run the device (simulated hardware off a Pi)")
    _add_hardware_choice(run)
    run.add_argument("--host", help="address to listen on (default from config: 0.0.0.0)")
    run.add_argument("--port", type=int, help="web port (default from config: 8000; 0 = any)")
    run.add_argument("--data", type=Path, help="data directory for the journal")
    run.add_argument("--config", type=Path, help="TOML configuration file")
    selftest = commands.add_parser(
        "selftest", help="light each LED, draw on the OLED, beep, and wait for each button"
    )
    _add_hardware_choice(selftest)
    selftest.add_argument("--config", type=Path, help="TOML configuration file")
    selftest.add_argument(
        "--button-timeout",
        type=float,
        default=10.0,
        help="seconds to wait for each button (default 10)",
    )
    selftest.add_argument(
        "--step", type=float, default=0.3, help="seconds each LED stays lit (default 0.3)"
    )
    return parser


def _add_hardware_choice(command: argparse.ArgumentParser) -> None:
    hardware = command.add_mutually_exclusive_group()
    hardware.add_argument(
        "--simulate",
        dest="simulate",
        action="store_const",
        const=True,
        help="simulate buttons, OLED and LEDs (default off a Raspberry Pi)",
    )
    hardware.add_argument(
        "--real",
        dest="simulate",
        action="store_const",
        const=False,
        help="drive the real hardware (default on a Raspberry Pi)",
    )


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        if args.command == "selftest":
            config = load_config(args.config, simulate=args.simulate)
        else:
            config = load_config(
                args.config, simulate=args.simulate, port=args.port, data_dir=args.data
            )
    except ConfigError as err:
        print(f"tablemate: {err}", file=sys.stderr)
        return 2
    if args.command == "selftest":
        from device.selftest import selftest_main  # imported late, like the device

        return selftest_main(config, button_timeout=args.button_timeout, step=args.step)
    if args.host:
        config.host = args.host
    from device.app import run_device  # imported late: `--help` stays fast

    return run_device(config)
