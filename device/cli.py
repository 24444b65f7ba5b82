"""The `tablemate` command (also `python -m device`).

tablemate run [--simulate | --real] [--host ADDR] [--port N] [--data DIR] [--config FILE]
tablemate selftest [--simulate | --real] [--config FILE] [--button-timeout S] [--step S]
tablemate verify GAME_ID [--data DIR] [--config FILE]
tablemate backup (PATH | --auto [--reason WORD]) [--data DIR] [--config FILE] [--force]
tablemate restore (PATH | --last) [--data DIR] [--config FILE] [--force]
tablemate hotspot (start | stop | status) [--config FILE] [--data DIR]
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from device.config import Config, ConfigError, load_config


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
    verify = commands.add_parser(
        "verify",
        help="check a finished game: its sealed deal and every move, replayed from the seed",
    )
    verify.add_argument("game_id", type=int, help="the game's number in the box's history")
    verify.add_argument("--data", type=Path, help="data directory of the journal")
    verify.add_argument("--config", type=Path, help="TOML configuration file")
    backup = commands.add_parser(
        "backup", help="copy the journal (every game and score sheet) to a file"
    )
    backup_to = backup.add_mutually_exclusive_group(required=True)
    backup_to.add_argument("path", type=Path, nargs="?", help="the file to write")
    backup_to.add_argument(
        "--auto",
        action="store_true",
        help="into the data directory's backups/, keeping the newest few",
    )
    backup.add_argument("--reason", default="manual", help="with --auto: a word in its name")
    backup.add_argument("--force", action="store_true", help="replace an existing file")
    restore = commands.add_parser(
        "restore", help="make a backup the box's journal (stop the box first)"
    )
    restore_from = restore.add_mutually_exclusive_group(required=True)
    restore_from.add_argument(
        "path", type=Path, nargs="?", help="a file written by tablemate backup"
    )
    restore_from.add_argument(
        "--last", action="store_true", help="the newest automatic backup (backups/)"
    )
    restore.add_argument(
        "--force", action="store_true", help="replace a journal that holds games (kept aside)"
    )
    hotspot = commands.add_parser(
        "hotspot", help="the box's own Wi-Fi for phones, through NetworkManager"
    )
    hotspot.add_argument("action", choices=("start", "stop", "status"))
    for command in (backup, restore, hotspot):
        command.add_argument("--data", type=Path, help="data directory of the journal")
        command.add_argument("--config", type=Path, help="TOML configuration file")
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
        elif args.command in ("verify", "backup", "restore", "hotspot"):
            config = load_config(args.config, data_dir=args.data)
        else:
            config = load_config(
                args.config, simulate=args.simulate, port=args.port, data_dir=args.data
            )
    except ConfigError as err:
        print(f"tablemate: {err}", file=sys.stderr)
        return 2
    if args.command in ("backup", "restore"):
        return _backup_command(args, config.journal_path)
    if args.command == "hotspot":
        return _hotspot_command(args.action, config)
    if args.command == "selftest":
        from device.selftest import selftest_main  # imported late, like the device

        return selftest_main(config, button_timeout=args.button_timeout, step=args.step)
    if args.command == "verify":
        return _verify(config.journal_path, args.game_id)
    if args.host:
        config.host = args.host
    from device.app import run_device  # imported late: `--help` stays fast

    return run_device(config)


def _verify(path: Path, game_id: int) -> int:
    """Print what `tablemate verify` found: 0 when the game verifies, 1 when not."""
    from device.history.replay import report
    from device.journal import Journal, JournalError

    if not path.exists():
        print(f"tablemate: no journal at {path}", file=sys.stderr)
        return 1
    try:
        journal = Journal(path)
    except (JournalError, OSError) as err:
        print(f"tablemate: {err}", file=sys.stderr)
        return 1
    try:
        ok, lines = report(journal, game_id)
    finally:
        journal.close()
    print("\n".join(lines))
    return 0 if ok else 1


def _backup_command(args: argparse.Namespace, journal_path: Path) -> int:
    from device.history.backup import (
        BackupError,
        automatic_backup,
        backup_file,
        latest_automatic,
        restore,
    )

    try:
        if args.command == "backup" and args.auto:
            made = automatic_backup(journal_path, args.reason)
            print(f"journal copied to {made}" if made else f"no journal at {journal_path} yet")
        elif args.command == "backup":
            version = backup_file(journal_path, args.path, force=args.force)
            print(f"journal (schema {version}) copied to {args.path}")
        else:
            source = latest_automatic(journal_path) if args.last else args.path
            kept = restore(source, journal_path, force=args.force)
            if kept is not None:
                print(f"the journal that was there is kept as {kept}")
            print(f"{source} restored to {journal_path}")
    except BackupError as err:
        print(f"tablemate: {err}", file=sys.stderr)
        return 1
    return 0


def _hotspot_command(action: str, config: Config) -> int:
    from device.hotspot import Hotspot, HotspotError

    hotspot = Hotspot(config.hotspot, config.data_dir)
    try:
        if action == "start":
            state = hotspot.start()
        elif action == "stop":
            hotspot.stop()
            state = hotspot.status()
        else:
            state = hotspot.status()
    except HotspotError as err:
        print(f"tablemate: hotspot: {err}", file=sys.stderr)
        return 1
    if state.active:
        print(f"hotspot on: network {state.ssid}, password {state.password}, box {state.address}")
    else:
        print("hotspot off")
    return 0
