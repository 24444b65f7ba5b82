"""An evening at the table, compressed: the device's memory over many games while
phones read, stall, sleep and reload their live streams (issue 12).

Starts the real device (`python -m device run`, simulated hardware, a temporary
data dir, loopback only), then plays `--games` whole 5-player Céna games through
the web API, one action after another, with 15 live streams open:

* 5 seated phones and 3 table screens that read everything;
* 4 sleeping phones: each game they wake, open their stream again (with their tab
  id, as js/api.js does) and never read it; their old connections are left open,
  as a phone that vanished leaves them;
* 3 phones that reload 5 times a game (close, then open with the same tab id).

Each game also throws the dice-sticks 100 times as fast as the API answers (every
throw is a change every stream is due), and the middle game throws `--burst`
times. The box limits requests per address (webui/limits.py), as a table's phones
each have their own: so each game is opened from its own loopback address, and
each ten throws come from another one (Linux answers on all of 127.0.0.0/8).
After each game a new phone opens a stream, which must get its state: the box
keeps serving new phones. The device's resident set (VmRSS) is read after each
game, once the streams are quiet. At the end it times a SIGTERM with the streams open.

    .venv/bin/python bench/soak.py [--games 50] [--burst 3000] [--max-minutes 15]

Prints the RSS after each game as a curve, then JSON: after the first game, last,
max, right after the burst and two games later, how many streams of reading phones
and new phones were refused, the stop time, and the failure that ended the run
early if one did (say, a request the box did not answer in 10 s). Target (issue
12): the last within 10 MB of the first, the burst given back. Bounded: every wait
has a timeout, and it stops after `--max-minutes` whatever the game count. The
device is the checkout this file is in (copy it into another to measure that one).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from testkit.device_process import DeviceProcess  # noqa: E402

# Run the device as systemd/tablemate.service does.
os.environ.setdefault("MALLOC_ARENA_MAX", "2")
PLAYERS = 5
TABLE_SCREENS = 3
SLEEPERS = 4
RELOADERS = 3
RELOADS_PER_GAME = 5
THROWS_PER_GAME = 100
SLEEPER_RCVBUF = 4096  # a small receive buffer: the box's side fills up sooner


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024 / 1e6
    raise KeyError("VmRSS")


def address(group: int, n: int) -> str:
    """The n-th loopback address of a group: one phone, as the box's limits see it."""
    return f"127.{group}.{n // 250 % 250}.{n % 250 + 1}"


class Api:
    """One kept-alive connection for API calls from one address, as a phone keeps."""

    def __init__(self, url: str, source: str = "127.0.0.1") -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(
            parts.hostname or "", parts.port, timeout=10, source_address=(source, 0)
        )

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, data = self.ask(method, path, body, token)
        assert status == 200, (method, path, status, data)
        return data

    def ask(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Tablemate-Token"] = token
        self.connection.request(method, path, None if body is None else json.dumps(body), headers)
        answer = self.connection.getresponse()
        return answer.status, json.loads(answer.read() or b"null")

    def close(self) -> None:
        self.connection.close()


class Thrower:
    """Throws the sticks, ten throws from each address in turn (the limit's burst)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.phones = 0
        self.thrown = 0
        self.refused = 0

    def throw(self, times: int) -> None:
        while times > 0:
            phone = Api(self.url, address(2, self.phones))
            self.phones += 1
            for _ in range(min(10, times)):
                times -= 1
                if phone.ask("POST", "/api/sticks/throw", {})[0] == 200:
                    self.thrown += 1
                else:
                    self.refused += 1
                    break
            phone.close()


def open_stream(
    url: str, token: str | None = None, client: str | None = None, rcvbuf: int | None = None
) -> socket.socket:
    """A raw socket with GET /api/stream sent; nothing read yet."""
    parts = urlsplit(url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(10)
    sock.connect((parts.hostname or "", parts.port or 80))
    query = [f"token={token}"] if token else []
    query += [f"client={client}"] if client else []
    path = "/api/stream" + ("?" + "&".join(query) if query else "")
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode())
    return sock


class Readers(threading.Thread):
    """Reads (and drops) every byte of the live streams, on one thread."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.received = 0
        self.refused = 0  # streams the box did not serve (503, or no state in 5 s)
        self.last_read = time.monotonic()
        self.stopped = False

    def add(self, sock: socket.socket) -> socket.socket | None:
        """Read this stream from now on, if the box served it (else None)."""
        if not served(sock):
            self.refused += 1
            sock.close()
            return None
        sock.setblocking(False)
        with self.lock:
            self.selector.register(sock, selectors.EVENT_READ)
        return sock

    def drop(self, sock: socket.socket | None) -> None:
        if sock is None:
            return
        with self.lock, contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(sock)
        sock.close()

    def run(self) -> None:
        while not self.stopped:
            with self.lock:
                ready = self.selector.select(timeout=0.05) if self.selector.get_map() else []
            if not ready:
                time.sleep(0.01)
                continue
            for key, _ in ready:
                try:
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    self.received += len(data)
                    self.last_read = time.monotonic()
                else:  # the box ended it (a seat's "rejoin"), or drop() closed it
                    with self.lock, contextlib.suppress(KeyError, ValueError):
                        self.selector.unregister(key.fileobj)

    def quiet(self, seconds: float = 0.3, timeout: float = 10.0) -> None:
        """Wait until nothing has arrived for `seconds`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and time.monotonic() - self.last_read < seconds:
            time.sleep(0.05)


def served(sock: socket.socket, timeout: float = 5.0) -> bool:
    """Whether a stream just opened gets its state (not a 503, not silence)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while b"event: state" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                return False
            data += chunk
            if data.startswith(b"HTTP/1.1 503"):
                return False
        return data.startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def seat_players(api: Api) -> list[str]:
    """Open a 5-player Céna game from the web, fill every seat and start it."""
    tokens = [
        api.call("POST", "/api/lobby", {"game": "cena", "players": PLAYERS, "name": "Host"})[
            "token"
        ]
    ]
    room = api.call("GET", "/api/status")["room"]
    for i in range(1, PLAYERS):
        tokens.append(api.call("POST", "/api/join", {"code": room, "name": f"P{i + 1}"})["token"])
    api.call("POST", "/api/host/start", {}, tokens[0])
    return tokens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--burst", type=int, default=3000, help="throws in the middle game")
    parser.add_argument("--max-minutes", type=float, default=15.0)
    args = parser.parse_args()
    os.chdir(REPO)  # DeviceProcess runs `python -m device` from here
    deadline = time.monotonic() + 60 * args.max_minutes
    burst_game = args.games // 2

    with tempfile.TemporaryDirectory() as data, DeviceProcess(Path(data)) as device:
        assert device.process is not None
        pid = device.process.pid
        url = device.url
        thrower = Thrower(url)
        readers = Readers()
        readers.start()
        screens = [readers.add(open_stream(url, client=f"screen{i}")) for i in range(TABLE_SCREENS)]
        seats: list[socket.socket | None] = []
        sleepers: list[socket.socket] = []  # every stream a sleeper ever opened
        reloaders = [readers.add(open_stream(url, client=f"reload{i}")) for i in range(RELOADERS)]
        curve: list[float] = []
        probes_refused = 0
        after_burst: float | None = None
        started_at = resident_mb(pid)
        games = 0
        failure: str | None = None
        for game in range(args.games):
            if time.monotonic() > deadline:
                break
            try:
                for i in range(SLEEPERS):  # wake, open again, sleep: never read
                    sleepers.append(open_stream(url, client=f"sleeper{i}", rcvbuf=SLEEPER_RCVBUF))
                api = Api(url, address(1, game))  # this game's phones, by their address
                tokens = seat_players(api)
                for sock in seats:
                    readers.drop(sock)
                seats = [
                    readers.add(open_stream(url, token, client=f"seat{i}"))
                    for i, token in enumerate(tokens)
                ]
                actions = 0
                reload_every = 135 // (RELOADS_PER_GAME + 1)  # a game has 135 actions
                while True:
                    state = api.call("GET", "/api/state")
                    if state["table"]["phase"] != "playing":
                        break
                    seat = state["to_act"][0]
                    legal = api.call("GET", "/api/state", token=tokens[seat])["legal"]
                    api.call("POST", "/api/action", {"action": legal[0]}, tokens[seat])
                    actions += 1
                    if actions == 60:
                        thrower.throw(args.burst if game == burst_game else THROWS_PER_GAME)
                    if actions % reload_every == 0 and actions // reload_every <= RELOADS_PER_GAME:
                        for i, sock in enumerate(reloaders):
                            readers.drop(sock)  # the browser closes the old page's stream
                            reloaders[i] = readers.add(open_stream(url, client=f"reload{i}"))
                api.call("POST", "/api/host/end", {}, tokens[0])
                api.close()
                readers.quiet()
                probe = open_stream(url)  # a phone that never came before
                probes_refused += not served(probe)
                probe.close()
            except (OSError, AssertionError, http.client.HTTPException) as err:
                failure = f"game {game + 1}: {err!r}"  # e.g. the box stopped answering
                print(failure, flush=True)
                break
            rss = resident_mb(pid)
            curve.append(rss)
            games += 1
            if game == burst_game:
                after_burst = rss
            refused = readers.refused + probes_refused
            print(f"game {game + 1:3d}: RSS {rss:6.1f} MB, streams refused so far {refused}")

        # SIGTERM with every stream still open, as systemd stops the box.
        readers_open = sum(sock is not None for sock in [*screens, *seats, *reloaders])
        stopping = time.monotonic()
        device.process.terminate()
        try:
            device.process.wait(timeout=30)
            stop_seconds: float | None = round(time.monotonic() - stopping, 2)
        except subprocess.TimeoutExpired:
            stop_seconds = None  # DeviceProcess kills it on the way out
        readers.stopped = True
        for sock in sleepers:
            sock.close()

    settled = curve[burst_game + 2] if len(curve) > burst_game + 2 else None
    print("RSS curve (MB, one per game):")
    print(" ".join(f"{mb:.1f}" for mb in curve))
    print(
        json.dumps(
            {
                "games": games,
                "rss_mb": {
                    "at_start": round(started_at, 1),
                    "after_first_game": round(curve[0], 1) if curve else None,
                    "last": round(curve[-1], 1) if curve else None,
                    "max": round(max(curve), 1) if curve else None,
                    "last_minus_first": round(curve[-1] - curve[0], 1) if curve else None,
                    "right_after_burst": round(after_burst, 1) if after_burst else None,
                    "two_games_after_burst": round(settled, 1) if settled else None,
                },
                "burst_throws": args.burst,
                "throws": thrower.thrown,
                "throws_refused": thrower.refused,
                # Streams of phones that read (seats, screens, reloads) and new phones
                # that the box refused or left without their state for 5 s.
                "streams_refused": readers.refused,
                "new_phones_refused": probes_refused,
                "sigterm_stop_seconds": stop_seconds,
                "failure": failure,
                "reading_streams_open_at_stop": readers_open,
                "target": "last within 10 MB of after_first_game",
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
