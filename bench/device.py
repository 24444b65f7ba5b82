"""Device figures: cold start to READY, memory after a full game with 15 live streams,
button-press-to-frame latency, and OLED render plus PNG encode time for each screen.

    .venv/bin/python bench/device.py [--starts 5] [--presses 100] [--frames 200]
        [--installed DIR/opt/tablemate/venv]

* cold start: from spawning `python -m device run` (simulated hardware) to the
  READY=1 datagram on a NOTIFY_SOCKET we listen on, as systemd would see it, with
  the bytecode compiled first as the Pi install does;
* memory: the device's resident set (VmRSS) after a whole 5-player Céna game
  played through the web API with 15 streams open (5 seats, 10 spectators);
* press to frame: in-process, from releasing a mock button pin (short presses are
  decided on release) to the box announcing the new frame it sent to the OLED;
* render + encode: each screen drawn from a real table's data, then encoded as the
  PNG the web pages show (`device.box.oled_png`, 4x).

Prints JSON. Targets (issue 7): READY <= 0.6 s, resident <= 50 MB, render plus
encode <= 3 ms per frame.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines
import hardware
from bench.latency import Streams
from device.box import Box, oled_png
from device.journal import Journal
from device.screens import menu_screen, message_screen, screen_for
from device.table import Table
from hardware import HardwareConfig
from testkit.device_process import DeviceProcess, play_first_legal, seat_players

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("engines", "device", "hardware", "webui")  # the project's own code
# Run the device as systemd/tablemate.service does (it sets this for the web threads).
os.environ.setdefault("MALLOC_ARENA_MAX", "2")
PLAYERS = 5
SPECTATORS = 10
URL = "http://192.168.1.23:8000"


def summary(values: list[float], digits: int = 2) -> dict[str, float]:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "median": round(statistics.median(ordered), digits),
        "p99": round(p99, digits),
        "max": round(ordered[-1], digits),
    }


# --- cold start ---------------------------------------------------------------------


def seconds_to_ready(scratch: Path, installed: Path | None = None) -> float:
    """Spawn the device and wait for its READY=1, as systemd's notify socket would;
    from the checkout, or from an install's venv (`install.sh --root DIR`:
    DIR/opt/tablemate/venv) as the unit starts it."""
    address = str(scratch / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(address)
        listener.settimeout(30)
        environ = {**os.environ, "NOTIFY_SOCKET": address, "TABLEMATE_SIMULATE": "1"}
        command = [sys.executable, "-m", "device", "run", "--host", "127.0.0.1", "--port", "0"]
        if installed is not None:
            command = [str(installed / "bin" / "tablemate"), *command[3:]]
            environ = {**environ, "PYTHONDONTWRITEBYTECODE": "1"}  # as the unit
        started = time.perf_counter()
        process = subprocess.Popen(
            [*command, "--data", str(scratch / "data")],
            cwd=scratch if installed is not None else REPO,
            env=environ,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            while not listener.recv(4096).startswith(b"READY=1"):
                pass
            return time.perf_counter() - started
        finally:
            process.terminate()
            process.wait(timeout=10)
            os.unlink(address)


def cold_start(runs: int, installed: Path | None = None) -> dict[str, Any]:
    # As deployed: systemd/install.sh compiles all bytecode, and the service may not
    # write any (PYTHONDONTWRITEBYTECODE=1). Without this, a fresh checkout would be
    # timed compiling itself from source on every start.
    for package in PACKAGES:
        compileall.compile_dir(REPO / package, quiet=1)
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="tm-bench-") as scratch:
            times.append(seconds_to_ready(Path(scratch), installed))
    where = {"from": str(installed)} if installed is not None else {}
    return {"runs": runs, **where, **summary(times, 3)}


# --- memory after a full game -------------------------------------------------------


def resident_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def memory_after_game() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as data, DeviceProcess(Path(data)) as device:
        assert device.process is not None
        started_kib = resident_kib(device.process.pid, "VmRSS")
        tokens = seat_players(device, "cena", PLAYERS)
        streams = Streams(device.url, [*tokens, *([None] * SPECTATORS)])
        streams.start()
        actions = 0
        while device.get("/api/status")["phase"] == "playing":
            play_first_legal(device, tokens)
            actions += 1
        streams.wait_for(device.get("/api/status")["version"] - 1)
        time.sleep(0.5)
        pid = device.process.pid
        return {
            "streams": len(streams.streams),
            "actions": actions,
            "rss_mb_at_start": round(started_kib * 1024 / 1e6, 1),
            "rss_mb": round(resident_kib(pid, "VmRSS") * 1024 / 1e6, 1),
            "peak_rss_mb": round(resident_kib(pid, "VmHWM") * 1024 / 1e6, 1),
        }


# --- press to frame -----------------------------------------------------------------


def press_to_frame(presses: int) -> dict[str, Any]:
    config = HardwareConfig()
    with tempfile.TemporaryDirectory() as data:
        journal = Journal(Path(data) / "journal.sqlite3")
        parts = hardware.build(config, simulate=True)
        box = Box(Table(journal), parts, base_url=URL, simulated=True)
        framed = threading.Event()
        framed_at = [0.0]

        def on_frame(_version: int) -> None:
            framed_at[0] = time.perf_counter()
            framed.set()

        box.start()
        box.subscribe(on_frame)
        gap = config.debounce * 1.5  # presses and releases further apart than the debounce

        def press(name: str) -> float:
            pin = parts.factory.pin(config.button_pins[name])
            pin.drive_low()
            time.sleep(gap)
            framed.clear()
            released = time.perf_counter()
            pin.drive_high()  # a short press is decided here
            if not framed.wait(5):
                raise TimeoutError(f"button {name}: no new frame")
            time.sleep(gap)
            return (framed_at[0] - released) * 1000

        try:
            press("A")  # opens the game menu; every B moves the selection: a new frame
            latencies = [press("B") for _ in range(presses)]
        finally:
            box.close()
            parts.close()
            journal.close()
    return {"presses": presses, "ms": summary(latencies)}


# --- render and encode --------------------------------------------------------------


def screens() -> dict[str, Callable[[], Image.Image]]:
    """Every screen the box shows, drawn from a real table's data."""
    found: dict[str, Callable[[], Image.Image]] = {
        "menu": partial(menu_screen, "New game", ["Céna", "Chanoyu", "Lauzait"], 1),
        "message": partial(message_screen, "Not now", ["waiting for seat 3"]),
    }
    with tempfile.TemporaryDirectory() as data:
        journal = Journal(Path(data) / "journal.sqlite3")
        table = Table(journal)
        found["idle"] = partial(screen_for, None, table.status(), URL)
        for game in engines.names():
            players = engines.info(game)["max_players"]
            table.open_lobby(game, players, {})
            room = table.status()["room"]
            for seat in range(players - 1):
                table.join(room, f"Player {seat + 1}")
            found.setdefault("lobby", partial(screen_for, None, table.status(), URL))
            table.join(room, "Last")
            table.start()
            for _ in range(12):
                seat = table.to_act()[0]
                table.act(seat, table.legal_actions(seat)[0])
            status, view = table.status(), table.view(None)
            for page in range(_pages(view, status)):
                found[f"{game} page {page + 1}"] = partial(screen_for, view, status, URL, page=page)
            table.end_game()
        table.open_lobby("cena", 3, {})
        room = table.status()["room"]
        for seat in range(3):
            table.join(room, f"Player {seat + 1}")
        table.start()
        while table.phase == "playing":
            seat = table.to_act()[0]
            table.act(seat, table.legal_actions(seat)[0])
            pause = table.status()["interlude"]  # everyone reads each deal's summary
            if pause and "summary" not in found:
                found["summary"] = partial(screen_for, table.view(None), table.status(), URL)
            for reader in pause["waiting"] if pause else []:
                table.continue_play(reader)
        found["result"] = partial(screen_for, table.view(None), table.status(), URL)
        journal.close()
    return found


def _pages(view: dict[str, Any], status: dict[str, Any]) -> int:
    """How many pages a game shows: page n wraps to page 0 after the last."""
    first = screen_for(view, status, URL, page=0).tobytes()
    for page in range(1, 8):
        if screen_for(view, status, URL, page=page).tobytes() == first:
            return page
    return 8


def render_and_encode(frames: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name, render in screens().items():
        oled_png(render())  # warm up caches (fonts, QR)
        render_ms, encode_ms, total_ms = [], [], []
        for _ in range(frames):
            started = time.perf_counter()
            image = render()
            drawn = time.perf_counter()
            oled_png(image)
            done = time.perf_counter()
            render_ms.append((drawn - started) * 1000)
            encode_ms.append((done - drawn) * 1000)
            total_ms.append((done - started) * 1000)
        results[name] = {
            "render_ms": round(statistics.median(render_ms), 3),
            "encode_ms": round(statistics.median(encode_ms), 3),
            "render_plus_encode_ms": summary(total_ms, 3),
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--presses", type=int, default=100)
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument(
        "--installed",
        type=Path,
        help="also time starts from this installed venv (install.sh --root DIR: "
        "DIR/opt/tablemate/venv)",
    )
    args = parser.parse_args()
    figures = {
        "cold_start_to_ready_s": cold_start(args.starts),
        **(
            {"cold_start_installed_s": cold_start(args.starts, args.installed)}
            if args.installed
            else {}
        ),
        "memory_after_full_game": memory_after_game(),
        "button_press_to_frame": press_to_frame(args.presses),
        "render_plus_png_per_screen": render_and_encode(args.frames),
        "targets": {"ready_s": 0.6, "rss_mb": 50, "render_plus_encode_ms": 3},
        "machine": {"cpus": os.cpu_count(), "load_average": os.getloadavg()},
    }
    print(json.dumps(figures, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
