"""Hardening round 3 (issue 23) on real sockets: bodies too large are refused before
they are read, requests that stop halfway are answered within seconds, and phones
asleep with their TCP stack still acknowledging never lock a new screen out."""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Callable, Iterator

import pytest

from device.journal import Journal
from device.table import Table
from webui import MAX_BODY_BYTES, server
from webui.live import Policy

from .test_server import LiveBox, closed_within, read_until, wait_for

MB = 1024 * 1024


@pytest.fixture
def live(journal: Journal) -> Iterator[Callable[..., LiveBox]]:
    made: list[LiveBox] = []

    def start(heartbeat: float = 5.0, max_streams: int = 3) -> LiveBox:
        made.append(LiveBox(Table(journal), heartbeat, max_streams))
        return made[-1]

    yield start
    for box in made:
        box.close()


def connect(box: LiveBox) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", box.port), timeout=10)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)
    return sock


def answer_of(sock: socket.socket, seconds: float = 10) -> bytes:
    """Everything the server sends until it closes the connection."""
    sock.settimeout(seconds)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    return data


def push_body(sock: socket.socket, head: bytes, size: int) -> tuple[int, bytes]:
    """Send `head`, then up to `size` body bytes until the server answers: the bytes
    that went out (into the kernel's buffers, not all read by the server) and the answer."""
    sock.sendall(head)
    sock.setblocking(False)
    sent, block = 0, b"x" * 65536
    while sent < size:
        readable, writable, _ = select.select([sock], [sock], [], 5)
        if readable or not writable:
            break
        try:
            sent += sock.send(block)
        except (BlockingIOError, BrokenPipeError, ConnectionResetError):
            break
    sock.setblocking(True)
    return sent, answer_of(sock)


def json_body(answer: bytes) -> dict[str, str]:
    found: dict[str, str] = json.loads(answer.partition(b"\r\n\r\n")[2])
    return found


@pytest.mark.parametrize("kind", [b"text/plain", b"application/json"])
def test_a_huge_body_is_refused_before_it_is_read(
    live: Callable[..., LiveBox], journal: Journal, kind: bytes
) -> None:
    box = live()
    size = 50 * MB
    head = (
        b"POST /api/lobby HTTP/1.1\r\nHost: localhost\r\nContent-Type: %s\r\n"
        b"Content-Length: %d\r\n\r\n" % (kind, size)
    )
    started = time.monotonic()
    sent, answer = push_body(connect(box), head, size)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:80]
    assert json_body(answer) == {"error": "request entity too large", "code": "too_large"}
    assert sent < 4 * MB, f"{sent} bytes went out before the answer"
    assert time.monotonic() - started < 5
    assert journal.latest_game() is None


def test_a_chunked_body_is_refused_once_it_passes_the_limit(live: Callable[..., LiveBox]) -> None:
    box = live()
    sock = connect(box)
    sock.sendall(
        b"POST /api/lobby HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"%x\r\n%s\r\n" % (4096, b" " * 4096)
    sent = 0
    with pytest.raises(OSError):  # the server closes after its answer; sending fails
        for _ in range(50 * MB // len(chunk)):
            sock.sendall(chunk)
            sent += len(chunk)
    assert sent < 4 * MB
    answer = answer_of(sock)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:80]


def test_a_body_at_the_apps_limit_still_reaches_the_app(live: Callable[..., LiveBox]) -> None:
    box = live()
    for size, status in ((MAX_BODY_BYTES, b"400"), (MAX_BODY_BYTES + 1, b"413")):
        sock = connect(box)
        body = b"{" + b" " * (size - 1)  # JSON cut short: the app's own 400
        sock.sendall(
            b"POST /api/lobby HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (size, body)
        )
        answer = answer_of(sock)
        assert answer.startswith(b"HTTP/1.1 " + status), (size, answer[:80])


HALFWAY = {
    "chunked but not chunked": (
        b"POST /api/lobby HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b'Transfer-Encoding: chunked\r\n\r\n{"game": "cena"}'
    ),
    "100-continue, no body": (
        b"POST /api/lobby HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: 20\r\nExpect: 100-continue\r\n\r\n"
    ),
    "headers cut short": b"POST /api/lobby HTTP/1.1\r\nHost: localhost\r\nContent-Le",
}


@pytest.mark.parametrize("name", list(HALFWAY))
def test_a_request_that_stops_halfway_is_answered_within_seconds(
    live: Callable[..., LiveBox], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr(server, "REQUEST_SECONDS", 0.5)
    box = live()
    sock = connect(box)
    started = time.monotonic()
    sock.sendall(HALFWAY[name])
    answer = answer_of(sock, seconds=10)
    took = time.monotonic() - started
    assert b"HTTP/1.1 408 Request Timeout" in answer, answer[:120]
    assert json_body(answer.rpartition(b"HTTP/1.1 408")[2])["code"] == "request_timeout"
    assert took < 0.5 + server.CLEANUP_SECONDS + 2


def test_a_kept_alive_connection_between_requests_is_not_timed_out(
    live: Callable[..., LiveBox], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server, "REQUEST_SECONDS", 0.2)
    box = live()
    sock = connect(box)
    for _ in range(2):
        sock.sendall(b"GET /api/status HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert read_until(sock, b"}").startswith(b"HTTP/1.1 200")
        time.sleep(1.5)  # idle, not halfway: the connection stays for the next request


# --- sleeping phones ------------------------------------------------------------------


def asleep(box: LiveBox) -> socket.socket:
    """A phone whose page stopped reading while its kernel still acknowledges: it
    connects, asks for the stream and never reads (its receive buffer is large)."""
    sock = socket.create_connection(("127.0.0.1", box.port), timeout=10)
    sock.sendall(b"GET /api/stream HTTP/1.1\r\nHost: localhost\r\n\r\n")
    return sock


def test_sleeping_phones_never_lock_out_a_new_screen(live: Callable[..., LiveBox]) -> None:
    box = live(heartbeat=0.05, max_streams=4)
    # No stall within the test's bounds: only a new screen's arrival lets a sleeper go.
    box.streams.policy = Policy(buffer=16 * 1024, stall=60.0, poll=0.02, keep=0.2)
    sleepers = [asleep(box) for _ in range(4)]
    assert wait_for(lambda: len(box.streams) == 4, 5)
    time.sleep(0.5)  # the heartbeats keep coming and are acknowledged: no stall
    assert len(box.streams) == 4
    # Seconds here are generous bounds for a loaded machine, not figures: how soon a new
    # screen gets in is measured by bench/hostile.py.
    # Each new screen stays open, so the box is full again when the next one comes:
    # each lets the longest-open sleeper go (a closed one could free its place first).
    newcomers: list[socket.socket] = []
    for later in range(4):
        newcomers.append(served(box))
        assert closed_within(sleepers[later], 10), f"sleeper {later} was not let go"
    for sock in sleepers + newcomers:
        sock.close()


def served(box: LiveBox) -> socket.socket:
    """A new screen that got its state, its stream left open."""
    sock = box.open()
    head = read_until(sock, b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head[:80]
    read_until(sock, b"event: state", head)
    return sock


def test_more_live_screens_than_places_take_turns(live: Callable[..., LiveBox]) -> None:
    """A stream younger than Policy.keep is never evicted: a full box of fresh
    streams still answers 503, and the page retries."""
    box = live(heartbeat=0.05, max_streams=2)
    box.streams.policy = Policy(buffer=16 * 1024, stall=5.0, poll=0.02, keep=30.0)
    phones = [asleep(box) for _ in range(2)]
    assert wait_for(lambda: len(box.streams) == 2, 5)
    sock = box.open()
    assert read_until(sock, b"\r\n\r\n").startswith(b"HTTP/1.1 503")
    for phone in [*phones, sock]:
        phone.close()
