"""Action-to-every-phone latency and idle CPU of the real device, on loopback.

Starts the device (simulated hardware) as a subprocess, seats five Céna players,
opens 15 live streams (5 seats, 10 spectators), then for each action measures the
time from sending the POST to the moment every stream has received the new state,
over whole games (135 actions each), one action after another. Afterwards it
measures the device's CPU use while the 15 streams sit idle, and the same fan-out
on a bare server that builds nothing (bench/fanout_floor.py): what this machine
gives anyone at that moment, since shared machines have noisy spells.

    .venv/bin/python bench/latency.py [--actions 405] [--idle-seconds 10]

Prints JSON. Targets (issue 3): p99 <= 10 ms; idle CPU <= 0.5 % of a core.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.device_process import DeviceProcess, seat_players

SPECTATORS = 10
PLAYERS = 5


class Streams(threading.Thread):
    """Every phone's live stream, read by one thread through a selector.

    One reader, not fifteen: fifteen Python reader threads would queue behind the
    client's own GIL, and that wait would be counted as the device's latency. Each
    event is stamped when its last bytes come off the socket, before it is parsed.
    """

    def __init__(self, url: str, tokens: list[str | None]) -> None:
        super().__init__(daemon=True)
        parts = urlsplit(url)
        assert parts.hostname is not None and parts.port is not None
        self.selector = selectors.DefaultSelector()
        self.changed = threading.Condition()
        self.streams: list[_StreamState] = []
        for token in tokens:
            path = "/api/stream" + (f"?token={token}" if token else "")
            sock = socket.create_connection((parts.hostname, parts.port))
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode())
            sock.setblocking(False)
            state = _StreamState()
            self.streams.append(state)
            self.selector.register(sock, selectors.EVENT_READ, state)

    def run(self) -> None:
        while self.selector.get_map():
            # Take every ready socket's bytes and stamp them first, parse after: a
            # stream's stamp must not wait for the parsing of the others.
            arrived = []
            for key, _ in self.selector.select():
                try:
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except OSError:  # closed by close()
                    data = b""
                arrived.append((key, data, time.perf_counter()))
            news = False
            for key, data, now in arrived:
                if not data:
                    self.selector.unregister(key.fileobj)
                    continue
                news = bool(key.data.feed(data, now)) or news
            if news:
                with self.changed:
                    self.changed.notify_all()

    def close(self) -> None:
        """Hang up every stream, as phones leaving the table."""
        for key in list(self.selector.get_map().values()):
            key.fileobj.shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
        self.join(timeout=5)

    def wait_for(self, version: int, timeout: float = 10.0) -> float:
        """Block until every stream has a state newer than `version`; return when the
        last of them first received one."""
        with self.changed:
            done = self.changed.wait_for(
                lambda: all(state.version > version for state in self.streams), timeout
            )
            if not done:
                raise TimeoutError(f"a stream is stuck at or below version {version}")
            return max(state.first_after(version) for state in self.streams)


class _StreamState:
    """One stream's bytes: HTTP head, chunked body, Server-Sent Event frames."""

    def __init__(self) -> None:
        self.raw = b""
        self.body = b""
        self.head_done = False
        self.version = -1
        self.arrived: dict[int, float] = {}  # version -> when its frame came in

    def feed(self, data: bytes, now: float) -> list[int]:
        self.raw += data
        if not self.head_done:
            _head, sep, rest = self.raw.partition(b"\r\n\r\n")
            if not sep:
                return []
            self.head_done, self.raw = True, rest
        while True:  # de-chunk what is complete
            size_line, sep, rest = self.raw.partition(b"\r\n")
            if not sep:
                break
            size = int(size_line, 16)
            if len(rest) < size + 2:
                break
            self.body += rest[:size]
            self.raw = rest[size + 2 :]
        versions = []
        while b"\n\n" in self.body:
            frame, _, self.body = self.body.partition(b"\n\n")
            payload = [line[5:] for line in frame.split(b"\n") if line.startswith(b"data:")]
            if not payload:
                continue
            version = json.loads(b"\n".join(payload)).get("table", {}).get("version")
            if isinstance(version, int):
                self.arrived.setdefault(version, now)
                self.version = max(self.version, version)
                versions.append(version)
        return versions

    def first_after(self, version: int) -> float:
        """When this stream first got any state newer than `version` (it may coalesce)."""
        return min(t for v, t in self.arrived.items() if v > version)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def play(
    device: DeviceProcess,
    tokens: list[str],
    streams: Streams,
    limit: int,
    latencies: list[float],
    posts: list[float],
) -> None:
    """Play up to `limit` actions of the game in progress, or until it is over,
    going on after each deal's summary as the players do.

    Appends each action's POST-to-every-stream time to `latencies` and its own
    round trip to `posts`."""
    parts = urlsplit(device.url)
    # One kept-alive connection, as a phone's browser keeps for its fetches.
    phone = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=10)

    def call(method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Tablemate-Token"] = token
        phone.request(method, path, None if body is None else json.dumps(body), headers)
        answer = phone.getresponse()
        data = answer.read()
        assert answer.status == 200, (answer.status, data)
        return json.loads(data)

    measured = 0
    while measured < limit:
        state = call("GET", "/api/state")
        if state["table"]["phase"] != "playing":
            break
        pause = state["table"]["interlude"]
        if pause:  # a deal's summary: every seat it waits for taps Continue (not timed)
            for waiting in pause["waiting"]:
                call("POST", "/api/continue", {}, tokens[waiting])
            continue
        seat = state["to_act"][0]
        action = call("GET", "/api/state", token=tokens[seat])["legal"][0]
        version = state["table"]["version"]
        started = time.perf_counter()
        call("POST", "/api/action", {"action": action}, tokens[seat])
        posts.append((time.perf_counter() - started) * 1000)
        last = streams.wait_for(version)
        latencies.append((last - started) * 1000)
        measured += 1
    phone.close()


def fan_out_floor(actions: int) -> list[float]:
    """POST-to-every-stream times of bench/fanout_floor.py: the same server and
    threads, 15 streams, nothing to build. What the machine gives anyone, now."""
    floor = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("fanout_floor.py"))],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert floor.stdout is not None
        port = int(floor.stdout.readline())
        streams = Streams(f"http://127.0.0.1:{port}", [None] * (PLAYERS + SPECTATORS))
        streams.start()
        streams.wait_for(-1)
        poster = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        times = []
        for version in range(actions):
            started = time.perf_counter()
            poster.request("POST", "/change", b"")
            poster.getresponse().read()
            times.append((streams.wait_for(version) - started) * 1000)
        streams.close()
        return times
    finally:
        floor.kill()
        floor.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=405)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    args = parser.parse_args()
    # The POSTing main thread and the reader thread hand the GIL to each other.
    sys.setswitchinterval(0.0005)

    with tempfile.TemporaryDirectory() as data, DeviceProcess(Path(data)) as device:
        latencies: list[float] = []
        posts: list[float] = []  # the action's own round trip, for comparison
        games = 0
        cpu_playing = 0.0  # the device's CPU seconds while actions were measured
        streams: Streams | None = None
        tokens: list[str] = []
        while len(latencies) < args.actions:  # a 5-player game has 135 actions
            if streams is not None:  # clear the finished game; its phones leave
                streams.close()
                device.post("/api/host/end", {}, token=tokens[0])
            tokens = seat_players(device, "cena", PLAYERS)
            streams = Streams(device.url, [*tokens, *([None] * SPECTATORS)])
            streams.start()
            streams.wait_for(device.get("/api/status")["version"] - 1)
            assert device.process is not None
            cpu_start = cpu_seconds(device.process.pid)
            play(device, tokens, streams, args.actions - len(latencies), latencies, posts)
            cpu_playing += cpu_seconds(device.process.pid) - cpu_start
            games += 1

        assert device.process is not None and streams is not None
        time.sleep(1.0)  # let the last updates settle before measuring idle
        cpu_before, wall_before = cpu_seconds(device.process.pid), time.perf_counter()
        time.sleep(args.idle_seconds)
        cpu_used = cpu_seconds(device.process.pid) - cpu_before
        wall = time.perf_counter() - wall_before
    floor = fan_out_floor(len(latencies))

    print(
        json.dumps(
            {
                "streams": len(streams.streams),
                "games": games,
                "actions": len(latencies),
                "latency_ms": {
                    "p50": round(statistics.median(latencies), 2),
                    "p99": round(percentile(latencies, 0.99), 2),
                    "max": round(max(latencies), 2),
                },
                # All the device's work for one action: the POST, the two GETs the
                # bench makes before it, the 15 streams, the box.
                "device_cpu_ms_per_action": round(1000 * cpu_playing / len(latencies), 2),
                "post_response_ms": {
                    "p50": round(statistics.median(posts), 2),
                    "p99": round(percentile(posts, 0.99), 2),
                },
                # The same fan-out with nothing to build (bench/fanout_floor.py), run
                # right after: how much of the figure above this machine gives anyone.
                "floor_ms": {
                    "p50": round(statistics.median(floor), 2),
                    "p99": round(percentile(floor, 0.99), 2),
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
