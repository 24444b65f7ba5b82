"""Run the real device (`python -m device`) as a subprocess on loopback, for end-to-end tests.

Also used by bench/latency.py and the browser tests.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Any

READY = re.compile(r"this machine: (http://127\.0\.0\.1:\d+)")


def on_this_workers_cpu() -> list[str]:
    """A command prefix that starts the device on one CPU of this pytest-xdist worker's.

    The device keeps itself on the last CPU it may use (device/interpreter.py), so the
    devices of every worker would share that one CPU while the others idle; a worker's
    devices get a CPU of their own instead, round robin. Outside xdist (bench/latency.py,
    one worker) the device chooses, as on the box."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ...
    if not worker.startswith("gw") or not hasattr(os, "sched_getaffinity"):
        return []
    allowed = sorted(os.sched_getaffinity(0))
    return ["taskset", "--cpu-list", str(allowed[int(worker[2:]) % len(allowed)])]


class DeviceProcess:
    """`with DeviceProcess(data_dir) as device:` starts the box simulated on a free port."""

    def __init__(self, data_dir: Path, *, startup_timeout: float = 30.0) -> None:
        self.data_dir = data_dir
        self.startup_timeout = startup_timeout
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: list[str] = []

    def start(self, port: int = 0) -> DeviceProcess:
        """Start the box (again, after kill or stop) on `port`, 0: any free one."""
        env = {**os.environ, "TABLEMATE_SIMULATE": "1", "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [
                *on_this_workers_cpu(),
                sys.executable,
                "-m",
                "device",
                "run",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--data",
                str(self.data_dir),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        deadline = time.monotonic() + self.startup_timeout
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("device exited during start:\n" + "".join(self.output))
            self.output.append(line)
            match = READY.search(line)
            if match:
                self.url = match.group(1)
                # Keep draining output so the child never blocks on a full pipe.
                threading.Thread(target=self._drain, daemon=True).start()
                return self
        self.kill()
        raise RuntimeError("device did not become ready:\n" + "".join(self.output))

    def _drain(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)

    def kill(self) -> None:
        """kill -9: no clean-up, no flush, like a power cut for the process."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> DeviceProcess:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    # --- HTTP ------------------------------------------------------------------------

    def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("X-Tablemate-Token", token)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")

    def get(self, path: str, token: str | None = None) -> Any:
        status, body = self.request("GET", path, token=token)
        assert status == 200, (status, body)
        return body

    def post(self, path: str, body: Any, token: str | None = None) -> Any:
        status, answer = self.request("POST", path, body, token=token)
        assert status == 200, (status, answer)
        return answer


def seat_players(device: DeviceProcess, game: str, players: int) -> list[str]:
    """Open a lobby from the web, fill every seat and start; returns the seat tokens."""
    tokens = [
        device.post(
            "/api/lobby", {"game": game, "players": players, "options": {}, "name": "Host"}
        )["token"]
    ]
    room = device.get("/api/status")["room"]
    for i in range(1, players):
        tokens.append(device.post("/api/join", {"code": room, "name": f"P{i + 1}"})["token"])
    device.post("/api/host/start", {}, token=tokens[0])
    return tokens


def continue_summary(device: DeviceProcess, tokens: list[str]) -> None:
    """Every seat the table waits for taps Continue after a summary (if it waits)."""
    pause = device.get("/api/status")["interlude"]
    for waiting in pause["waiting"] if pause else []:
        device.post("/api/continue", {}, token=tokens[waiting])


def play_first_legal(device: DeviceProcess, tokens: list[str]) -> None:
    """One action: the first legal action of the first seat the game waits for (after
    every seat has tapped Continue, if the table waits on a deal's summary)."""
    state = device.get("/api/state")
    pause = state["table"]["interlude"]
    for waiting in pause["waiting"] if pause else []:
        device.post("/api/continue", {}, token=tokens[waiting])
    seat = state["to_act"][0]
    mine = device.get("/api/state", token=tokens[seat])
    device.post("/api/action", {"action": mine["legal"][0]}, token=tokens[seat])
