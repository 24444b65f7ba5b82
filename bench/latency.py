"""Action-to-every-phone latency and idle CPU of the real device, on loopback.

Starts the device (simulated hardware) as a subprocess, seats five Céna players,
opens 15 live streams (5 seats, 10 spectators), then for each action measures the
time from sending the POST to the moment every stream has received the new state.
Afterwards it measures the device's CPU use while the 15 streams sit idle.

    .venv/bin/python bench/latency.py [--actions 200] [--idle-seconds 10]

Prints JSON. Targets (issue 3): p99 <= 10 ms; idle CPU <= 0.5 % of a core.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.device_process import DeviceProcess, seat_players

SPECTATORS = 10
PLAYERS = 5


class Stream(threading.Thread):
    """One phone's live stream: remembers the newest table version it has seen."""

    def __init__(self, url: str, token: str | None) -> None:
        super().__init__(daemon=True)
        parts = urlsplit(url)
        host = parts.hostname or "127.0.0.1"
        self.connection = http.client.HTTPConnection(host, parts.port, timeout=60)
        self.path = "/api/stream" + (f"?token={token}" if token else "")
        self.version = -1
        self.arrived: dict[int, float] = {}  # version -> when its data line came in
        self.changed = threading.Condition()

    def run(self) -> None:
        self.connection.request("GET", self.path)
        response = self.connection.getresponse()
        data: list[str] = []
        arrival = 0.0
        while True:
            line = response.readline()
            if not line:
                return
            text = line.decode().rstrip("\r\n")
            if text.startswith("data:"):
                # Stamp the arrival before parsing: the client's JSON work is not the device's.
                arrival = arrival or time.perf_counter()
                data.append(text[5:].strip())
            elif text == "" and data:
                payload = json.loads("\n".join(data))
                data = []
                version = payload.get("table", {}).get("version")
                if isinstance(version, int):
                    with self.changed:
                        self.arrived[version] = arrival
                        self.version = max(self.version, version)
                        self.changed.notify_all()
                arrival = 0.0

    def wait_for(self, version: int, timeout: float = 10.0) -> None:
        with self.changed:
            if not self.changed.wait_for(lambda: self.version >= version, timeout):
                raise TimeoutError(f"stream stuck at version {self.version} < {version}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    args = parser.parse_args()
    # The client is 15 reader threads too: without this its own GIL hand-offs
    # (5 ms by default) would be counted as the device's latency.
    sys.setswitchinterval(0.0005)

    with tempfile.TemporaryDirectory() as data, DeviceProcess(Path(data)) as device:
        tokens = seat_players(device, "cena", PLAYERS)
        streams = [Stream(device.url, token) for token in tokens]
        streams += [Stream(device.url, None) for _ in range(SPECTATORS)]
        for stream in streams:
            stream.start()
        version = device.get("/api/status")["version"]
        for stream in streams:
            stream.wait_for(version)

        latencies: list[float] = []
        posts: list[float] = []  # the action's own round trip, for comparison
        for _ in range(args.actions):
            state = device.get("/api/state")
            if state["table"]["phase"] != "playing":
                break
            seat = state["to_act"][0]
            legal = device.get("/api/state", token=tokens[seat])["legal"]
            version = device.get("/api/status")["version"]
            started = time.perf_counter()
            device.post("/api/action", {"action": legal[0]}, token=tokens[seat])
            posts.append((time.perf_counter() - started) * 1000)
            for stream in streams:
                stream.wait_for(version + 1)
            # A stream that coalesced past version + 1 got the change in a later state.
            last = max(
                min(t for v, t in stream.arrived.items() if v > version) for stream in streams
            )
            latencies.append((last - started) * 1000)

        assert device.process is not None
        time.sleep(1.0)  # let the last updates settle before measuring idle
        cpu_before, wall_before = cpu_seconds(device.process.pid), time.perf_counter()
        time.sleep(args.idle_seconds)
        cpu_used = cpu_seconds(device.process.pid) - cpu_before
        wall = time.perf_counter() - wall_before

    print(
        json.dumps(
            {
                "streams": len(streams),
                "actions": len(latencies),
                "latency_ms": {
                    "p50": round(statistics.median(latencies), 2),
                    "p99": round(percentile(latencies, 0.99), 2),
                    "max": round(max(latencies), 2),
                },
                "post_response_ms": {
                    "p50": round(statistics.median(posts), 2),
                    "p99": round(percentile(posts, 0.99), 2),
                },
                "idle_cpu_percent_of_core": round(100 * cpu_used / wall, 3),
                "idle_seconds": round(wall, 1),
                "targets": {"p99_ms": 10, "idle_cpu_percent": 0.5},
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
