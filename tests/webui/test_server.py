"""webui.server: waitress with a main loop that waits for a sending task thread.

Real sockets on loopback: fifteen open streams woken together, as after a table
change, and a reader too slow for the socket buffer.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from waitress import wasyncore

from webui.server import StreamingChannel, create_server

STREAMS = 15
CHANGES = 60


class Bells:
    """One doorbell per open stream; ring() wakes every stream at once, stop() ends them."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._bells: list[threading.Event] = []
        self.stopped = threading.Event()

    def new(self) -> threading.Event:
        bell = threading.Event()
        with self._guard:
            self._bells.append(bell)
        return bell

    def ring(self) -> None:
        with self._guard:
            bells = list(self._bells)
        for bell in bells:
            bell.set()

    def stop(self) -> None:
        self.stopped.set()
        self.ring()


def fan_out_app(bells: Bells) -> Callable[..., Iterator[bytes]]:
    """/stream: one 1 KiB event per ring; any other path rings every stream."""

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterator[bytes]:
        if environ["PATH_INFO"] == "/stream":
            start_response("200 OK", [("Content-Type", "text/event-stream")])
            bell = bells.new()

            def events() -> Iterator[bytes]:
                yield b": open\n\n"
                while True:
                    bell.wait(5)
                    bell.clear()
                    if bells.stopped.is_set():
                        return  # before the server closes: no thread writes after it
                    yield b"data: " + b"x" * 1024 + b"\n\n"

            return events()
        bells.ring()
        start_response("200 OK", [("Content-Length", "2")])
        return iter([b"ok"])

    return app


@pytest.fixture
def serve() -> Iterator[Callable[[Any], int]]:
    servers: list[Any] = []

    def start(app: Any) -> int:
        server = create_server(app, host="127.0.0.1", port=0, threads=STREAMS + 4)
        threading.Thread(target=server.run, daemon=True).start()
        servers.append(server)
        return int(server.effective_port)

    yield start
    for server in servers:
        server.task_dispatcher.shutdown(timeout=5)
        server.close()


def read_until(sock: socket.socket, marker: bytes, have: bytes = b"") -> bytes:
    data = have
    while marker not in data:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the stream"
        data += chunk
    return data


def test_the_server_uses_the_streaming_channel() -> None:
    server = create_server(fan_out_app(Bells()), host="127.0.0.1", port=0, threads=2)
    try:
        assert server.channel_class is StreamingChannel
    finally:
        server.close()


def test_the_main_loop_does_not_spin_while_streams_send(
    serve: Callable[[Any], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    polls = 0
    real_poll = wasyncore.poll

    def counting_poll(timeout: float = 0.0, map: Any = None) -> None:
        nonlocal polls
        polls += 1
        real_poll(timeout, map)

    monkeypatch.setattr(wasyncore, "poll", counting_poll)
    bells = Bells()
    port = serve(fan_out_app(bells))
    streams = []
    for _ in range(STREAMS):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(b"GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        read_until(sock, b": open")
        streams.append(sock)
    poster = socket.create_connection(("127.0.0.1", port))

    before = polls
    for _ in range(CHANGES):
        poster.sendall(b"POST /change HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
        read_until(poster, b"ok")
        for sock in streams:
            read_until(sock, b"x\n\n")
    per_change = (polls - before) / CHANGES

    # A request wakes the main loop a few times (read, task done, close); the
    # spinning loop polled ~100 times per change while the streams sent.
    assert per_change < 20, f"{per_change:.0f} polls per change"
    bells.stop()
    for sock in streams:
        read_until(sock, b"0\r\n\r\n")  # the stream's last chunk: its thread is done
    for sock in [*streams, poster]:
        sock.close()


def test_a_slow_reader_still_gets_every_byte(serve: Callable[[Any], int]) -> None:
    """Output the task thread could not send is flushed later by the main loop."""
    body = bytes(range(256)) * 32 * 1024  # 8 MiB: more than the socket buffers hold

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterator[bytes]:
        start_response("200 OK", [("Content-Length", str(len(body)))])
        return iter([body[i : i + 65536] for i in range(0, len(body), 65536)])

    port = serve(app)
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET / HTTP/1.1\r\nHost: t\r\n\r\n")
    time.sleep(0.3)  # not reading yet: the task thread fills the socket and leaves the rest
    sock.settimeout(10)
    head = read_until(sock, b"\r\n\r\n")
    received = bytearray(head.partition(b"\r\n\r\n")[2])
    while len(received) < len(body):
        chunk = sock.recv(65536)
        assert chunk, "the server closed before the whole body"
        received += chunk
    assert received == body
    sock.close()
