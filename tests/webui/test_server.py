"""webui.server: waitress with a main loop that waits for a sending task thread,
and live streams that cannot pile up.

Real sockets on loopback: fifteen open streams woken together, as after a table
change, and a reader too slow for the socket buffer; then the real app's streams
with a reader that stops, a phone that sleeps, a page reloaded 50 times, a closed
page, a stop with streams open, and a stop signal that lands on another thread.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from waitress import wasyncore
from waitress.adjustments import Adjustments

from device.journal import Journal
from device.table import Table
from webui import create_app
from webui.live import OpenStreams, Policy
from webui.server import StreamingChannel, create_server, unacknowledged, wake_on_signals
from webui.services import EXTENSION

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
        sock.sendall(b"GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n")
        read_until(sock, b": open")
        streams.append(sock)
    poster = socket.create_connection(("127.0.0.1", port))

    before = polls
    for _ in range(CHANGES):
        poster.sendall(b"POST /change HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n")
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
    sock.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
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


# --- live streams that cannot pile up (issue 12): the real app on real sockets --------

POLICY = Policy(buffer=4096, stall=0.5, poll=0.02)
SMALL_RCVBUF = 4096  # a phone's receive buffer, small so that its window fills soon
TINY_RCVBUF = 1  # the kernel's least: a few heartbeats fill the window


class LiveBox:
    """The web app of a table on the production server, on loopback."""

    def __init__(self, table: Table, heartbeat: float, max_streams: int) -> None:
        self.table = table
        self.app = create_app(table, heartbeat=heartbeat, max_streams=max_streams)
        self.streams: OpenStreams = self.app.extensions[EXTENSION].streams
        self.streams.policy = POLICY
        self.server = create_server(
            self.app, "127.0.0.1", 0, threads=max_streams + 4, on_stop=self.streams.close_all
        )
        self.port = int(self.server.effective_port)
        threading.Thread(target=self.server.run, daemon=True).start()

    def open(self, client: str | None = None, rcvbuf: int | None = None) -> socket.socket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.settimeout(10)
        sock.connect(("127.0.0.1", self.port))
        query = f"?client={client}" if client else ""
        sock.sendall(f"GET /api/stream{query} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        return sock

    def new_phone_served(self, client: str | None = None) -> bool:
        """A phone that never came before opens a stream and gets its state."""
        sock = self.open(client)
        try:
            head = read_until(sock, b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                return False
            read_until(sock, b"event: state", head)
            return True
        finally:
            sock.close()

    def backlogs(self) -> list[int]:
        """Each connection's output not yet taken: the server's buffer and the socket's."""
        return [
            channel.total_outbufs_len + unacknowledged(channel.socket)
            for channel in list(self.server.active_channels.values())
        ]

    def close(self) -> None:
        self.server.task_dispatcher.shutdown()
        self.server.close()


@pytest.fixture
def live(journal: Journal) -> Iterator[Callable[..., LiveBox]]:
    made: list[LiveBox] = []

    def start(heartbeat: float = 5.0, max_streams: int = 3) -> LiveBox:
        made.append(LiveBox(Table(journal), heartbeat, max_streams))
        return made[-1]

    yield start
    for box in made:
        box.close()


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Reads what is left until the server closes (or resets) the connection."""
    sock.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not sock.recv(65536):
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return False


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_reader_that_stops_is_held_to_a_small_buffer_then_closed(
    live: Callable[..., LiveBox],
) -> None:
    box = live(heartbeat=0.2, max_streams=2)  # a closed probe is let go at a heartbeat
    stalled = box.open(rcvbuf=SMALL_RCVBUF)
    read_until(stalled, b"event: state")  # the snapshot; then it reads no more
    _version, state = box.app.extensions[EXTENSION].states.event_for(None)
    frame = len(state) + 16  # one state, with its chunk's framing
    most = 0
    for change in range(600):  # a flood: each change a state for every stream
        box.table.touch()
        time.sleep(0.002)  # room for the stream threads to write each change
        most = max([most, *box.backlogs()])
        if change % 100 == 0:
            # The box keeps serving a new phone (with a tab id: the one before is
            # let go at once, not when a write to it fails).
            assert box.new_phone_served("probe")
    assert POLICY.buffer < most, "the reader's window never filled: no test"
    assert most <= POLICY.buffer + frame, f"{most} bytes held for a reader that stopped"
    # Nothing is read meanwhile: reading would be progress.
    assert wait_for(lambda: len(box.streams) == 0, POLICY.stall + 2), "it kept its place"
    assert closed_within(stalled, 2), "its connection was left open"
    assert box.new_phone_served()


def test_a_silent_phone_is_found_by_its_heartbeats(live: Callable[..., LiveBox]) -> None:
    """A phone that takes nothing more (gone to sleep: its window stays full) while the
    table is idle: the heartbeats it leaves unacknowledged close its stream."""
    box = live(heartbeat=0.005, max_streams=1)
    asleep = box.open(rcvbuf=TINY_RCVBUF)
    read_until(asleep, b"event: state")
    started = time.monotonic()
    assert wait_for(lambda: len(box.streams) == 0, 10), "a sleeping phone kept its place"
    assert time.monotonic() - started < 10
    assert closed_within(asleep, 2)
    assert box.new_phone_served()  # the one place is free for a phone that reads


def test_a_page_reloaded_50_times_holds_one_place(live: Callable[..., LiveBox]) -> None:
    box = live(heartbeat=0.2, max_streams=2)
    screen = box.open()  # someone else's screen, open throughout
    read_until(screen, b"event: state")
    pages = []
    for _ in range(50):  # each reload leaves the old page's socket as it was
        page = box.open(client="tab-1")
        head = read_until(page, b"event: state")
        assert head.startswith(b"HTTP/1.1 200"), head[:60]
        pages.append(page)
        assert len(box.streams) == 2
    for old in pages[:-1]:  # each older stream was told, then closed
        read_until(old, b"event: replaced")
        assert closed_within(old, 2)
    box.table.touch()
    read_until(screen, b"event: state")
    read_until(pages[-1], b"event: state")  # the newest page still follows the table
    for sock in [screen, *pages]:
        sock.close()
    assert wait_for(lambda: len(box.streams) == 0, 2)


def test_a_closed_page_frees_its_place_at_the_next_heartbeat(
    live: Callable[..., LiveBox],
) -> None:
    """A reload without an id (or a closed tab) on an idle table: the stream sees
    the hang-up when its heartbeat is due, not only when a write fails."""
    box = live(heartbeat=0.2, max_streams=1)
    page = box.open()
    read_until(page, b"event: state")
    page.close()
    assert wait_for(lambda: len(box.streams) == 0, 1)
    assert box.new_phone_served()


def test_stopping_ends_open_streams_at_once(live: Callable[..., LiveBox]) -> None:
    box = live(max_streams=5)
    phones = [box.open() for _ in range(5)]
    for phone in phones:
        read_until(phone, b"event: state")
    started = time.monotonic()
    box.server.task_dispatcher.shutdown()  # as on SIGTERM: on_stop, then the threads
    assert time.monotonic() - started < 1
    assert not box.server.task_dispatcher.threads
    for phone in phones:
        phone.close()


def test_a_drained_connection_starts_a_fresh_buffer() -> None:
    """Waitress only ever appends to a buffer that once held over 8 KiB; drained, the
    channel drops it, so a long stream does not keep every byte it sent."""
    server_end, phone = socket.socketpair()
    server_end.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)

    class Server:
        def __init__(self) -> None:
            self.active_channels: dict[int, Any] = {}

        def pull_trigger(self) -> None:
            pass

    channel = StreamingChannel(Server(), server_end, ("127.0.0.1", 0), Adjustments(), map={})
    channel.requests = [object()]  # a task is running: it writes, the main loop flushes
    chunk = b"x" * 1024
    for _ in range(200):  # the phone reads nothing for a while
        channel.write_soon(chunk)
    assert channel.total_outbufs_len > 8192 and channel.outbufs[0].buf is not None
    phone.setblocking(False)
    while channel.total_outbufs_len:
        with contextlib.suppress(BlockingIOError):
            while phone.recv(65536):
                pass
        channel.handle_write()
    assert channel.outbufs[0].buf is None  # a fresh one
    channel.write_soon(chunk)
    assert channel.bytes_written == 201 * 1024
    channel.handle_close()
    phone.close()


def test_a_signal_to_any_thread_wakes_the_server_at_once() -> None:
    """The kernel may hand SIGTERM to any thread; the handler runs on the main thread,
    which waitress's loop keeps in select() for up to a second unless woken."""
    server = create_server(fan_out_app(Bells()), host="127.0.0.1", port=0, threads=2)
    before = signal.set_wakeup_fd(-1)
    wake_on_signals(server)

    def stop(_signum: int, _frame: Any) -> None:
        raise SystemExit(0)

    previous = signal.signal(signal.SIGUSR1, stop)
    done = threading.Event()
    other = threading.Thread(target=done.wait, daemon=True)  # where the signal lands
    other.start()
    sent: list[float] = []

    def send() -> None:
        sent.append(time.monotonic())
        assert other.ident is not None
        signal.pthread_kill(other.ident, signal.SIGUSR1)

    threading.Timer(0.2, send).start()
    try:
        server.run()  # returns once the handler has raised SystemExit
        stopped = time.monotonic()
    finally:
        done.set()
        signal.signal(signal.SIGUSR1, previous)
        os.close(signal.set_wakeup_fd(before))
        wasyncore.close_all(server._map)
    assert stopped - sent[0] < 0.5, f"the loop slept {stopped - sent[0]:.2f} s"
