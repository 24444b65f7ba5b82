"""The production web server: waitress, with fixes for many open live streams.

Waitress runs each request, and so each phone's live stream, on a task thread that
writes its output itself; its main thread polls the sockets. Three changes:

**No spinning.** While a task thread is sending, its channel has output pending,
so the main thread's poll returns at once, finds the output lock taken, gives up
and polls again: it spins, holding the GIL the sending thread needs back. After
one table change fifteen streams send in turn, and the spin cost each of them up
to a GIL switch interval: about 80-270 polls per change (measured: 39,000-135,000
polls for 500 changes with 15 streams; ~1,200 with this fix), and a p99 of
24-63 ms for a fan-out that does no work. The fix: when a task thread holds the
output lock, the main thread waits for it (briefly, bounded) instead of spinning.
The lock is only ever held for a non-blocking send or bookkeeping; waiting for
output to drain releases it.

**Streams see their own backlog.** Waitress buffers whatever a response writes
and the socket does not take, without limit below its 16 MiB high watermark, so a
phone that stops reading had every later state piled up for it in memory. Each
request's WSGI environ carries an `Output` (key `webui.live.OUTPUT`): the bytes
its connection has not delivered yet (in waitress's buffer and in the socket's
send queue, which on Linux counts what the phone has not acknowledged), whether
the phone hung up, and a way to close the connection. `webui.live` uses it for
backpressure and to close stalled streams. A channel's buffer is also replaced by
an empty one whenever it drains: waitress never prunes a buffer it has started to
fill past 8 KiB, so a long stream's buffer otherwise grew with every byte sent.

**Refused early, never left hanging.** Waitress would read a body of up to 1 GB
into a temporary file before the app could refuse it; here its limit is the app's
own (`MAX_BODY_BYTES`), so a larger Content-Length is answered 413 as soon as the
headers are in, and a chunked body once it passes the limit, without reading the
rest. A request that stops halfway (a chunked body that is not chunked, an
`Expect: 100-continue` whose body never comes, a client that goes quiet) is
answered 408 and closed `REQUEST_SECONDS` after it began, where waitress waited
for its 120 s idle timeout and often answered nothing. Waitress's own refusals are
JSON like the app's: `{"error": ..., "code": ...}`.

**Quick stop.** Shutdown (SIGTERM, Ctrl-C) first runs `on_stop` (the device ends
its live streams there), then waits at most `STOP_WAIT` for the task threads,
instead of waitress's 5 s: they are daemon threads and the process exits anyway.
And `wake_on_signals` lets a signal wake the main loop at once: the kernel may hand
SIGTERM to any thread, Python runs the handler on the main thread only, and
waitress's main thread sleeps in select() for up to a second. Measured with 12
streams open: 5.2-5.4 s from SIGTERM to exit before, 0.2-0.3 s after.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import signal
import socket
import struct
import sys
import termios
import threading
import time
from collections.abc import Callable
from typing import Any

import waitress
from waitress import wasyncore
from waitress.buffers import OverflowableBuffer
from waitress.channel import ClientDisconnected, HTTPChannel
from waitress.task import ErrorTask, ThreadedTaskDispatcher, WSGITask

from webui import MAX_BODY_BYTES
from webui.errors import GENERIC_CODES
from webui.live import OUTPUT

log = logging.getLogger(__name__)

# Far longer than a non-blocking send holds the lock; if it is ever exceeded the
# main thread simply polls again, as waitress does by itself.
LOCK_WAIT = 0.01
# How long shutdown waits for task threads once the streams were told to end.
STOP_WAIT = 0.5
# Linux: bytes in a TCP socket's send queue not yet acknowledged by the peer.
_SIOCOUTQ = getattr(termios, "TIOCOUTQ", None) if sys.platform.startswith("linux") else None
_RESET = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close() resets, drops unsent data
# A request must arrive whole within this many seconds of its first byte: the largest
# (16 KiB) takes milliseconds on the box's Wi-Fi.
REQUEST_SECONDS = 5.0
# How often the main loop looks for such requests (waitress's own default: 30 s).
CLEANUP_SECONDS = 1


def json_error(status: int, reason: str) -> bytes:
    """An error body in the app's shape (webui/errors.py), for refusals made before
    the app sees the request."""
    code = GENERIC_CODES.get(status) or "_".join(reason.lower().split())
    return json.dumps({"error": reason.lower(), "code": code}).encode()


def unacknowledged(sock: socket.socket | None) -> int:
    """Bytes written to `sock` that its peer has not acknowledged (0 where unknown)."""
    if _SIOCOUTQ is None or sock is None:
        return 0
    try:
        raw = fcntl.ioctl(sock.fileno(), _SIOCOUTQ, b"\0\0\0\0")
    except (OSError, ValueError):  # closed meanwhile
        return 0
    queued: int = struct.unpack("i", raw)[0]
    return queued


class ChannelOutput:
    """A response's view of its connection (`webui.live.Output`), from its task thread."""

    def __init__(self, task: WSGITask) -> None:
        self._task = task
        self._channel: StreamingChannel = task.channel

    def backlog(self) -> int:
        channel = self._channel
        if not channel.connected:
            return 0
        return channel.total_outbufs_len + unacknowledged(channel.socket)

    def written(self) -> int:
        return self._channel.bytes_written

    def hung_up(self) -> bool:
        channel, sock = self._channel, self._channel.socket
        if not channel.connected or channel.aborted or sock is None:
            return True
        try:  # a client never sends more during a stream: b"" is its end
            return sock.recv(1, socket.MSG_PEEK) == b""
        except BlockingIOError:
            return False
        except OSError:
            return True

    def end(self, at_once: bool) -> None:
        if at_once:
            self._channel.abort()
        else:
            self._task.close_on_finish = True


class JsonErrorTask(ErrorTask):
    """Waitress's own refusals (413, 400, 431, 501) as the app's JSON errors."""

    def execute(self) -> None:
        error = self.request.error
        body = json_error(error.code, error.reason)
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class StreamingTask(WSGITask):
    """A WSGI task whose environ carries its connection's `Output`."""

    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        if OUTPUT not in environ:
            environ[OUTPUT] = ChannelOutput(self)
        return environ


class StreamingChannel(HTTPChannel):
    """A waitress channel for live streams: no spinning, a visible backlog, an abort."""

    task_class = StreamingTask
    error_task_class = JsonErrorTask
    bytes_written = 0  # everything task threads handed to this channel
    aborted = False  # closed by abort(): nothing more is written
    request_began = 0.0  # time.monotonic() of the first byte of the request being read

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.request_began = time.monotonic()
        done: bool = super().received(data)
        return done

    def stopped_halfway(self, now: float) -> bool:
        """A request began more than REQUEST_SECONDS ago and is still not whole."""
        return (
            self.request is not None
            and not self.requests
            and not (self.will_close or self.close_when_flushed)
            and now - self.request_began > REQUEST_SECONDS
        )

    def time_out(self) -> None:
        """Answer 408 to the request that stopped halfway, then close (main thread)."""
        body = json_error(408, "Request Timeout")
        response = (
            b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
        )
        with self.outbuf_lock:
            self.outbufs[-1].append(response)
            self.current_outbuf_count += len(response)
            self.total_outbufs_len += len(response)
        self.request = None
        self.close_when_flushed = True

    def _flush_some_if_lockable(self, do_close: bool = True) -> None:
        if self.outbuf_lock.acquire(timeout=LOCK_WAIT):
            try:
                self._flush_some(do_close=do_close)
                if self.total_outbufs_len < self.adj.outbuf_high_watermark:
                    self.outbuf_lock.notify()
            finally:
                self.outbuf_lock.release()

    def _flush_some(self, do_close: bool = True) -> bool:
        sent: bool = super()._flush_some(do_close=do_close)
        # Drained: start a fresh buffer. Waitress only ever appends to a buffer that
        # outgrew its first 8 KiB, so a long stream's would otherwise keep every byte.
        outbufs = self.outbufs
        if not self.total_outbufs_len and len(outbufs) == 1 and outbufs[0].buf is not None:
            outbufs[0].close()
            outbufs[0] = OverflowableBuffer(self.adj.outbuf_overflow)
            self.current_outbuf_count = 0
        return sent

    def write_soon(self, data: Any) -> int:
        if self.aborted:
            raise ClientDisconnected
        written: int = super().write_soon(data)
        self.bytes_written += written
        return written

    def abort(self) -> None:
        """Close the connection now, dropping what it has not sent (any thread).

        The socket is shut down so that the main loop sees it at once even when
        the peer's window is full, then closed there with a reset."""
        self.aborted = True
        self.will_close = True
        sock = self.socket
        if sock is None:  # the main loop closed it already
            return
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET)
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:  # closed meanwhile
            pass
        self.server.pull_trigger()

    def handle_write(self) -> None:
        if self.aborted:
            self.handle_close()
            return
        super().handle_write()


class QuickStopDispatcher(ThreadedTaskDispatcher):
    """Waitress's thread pool; its shutdown ends live streams first and waits briefly."""

    def __init__(self, on_stop: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.on_stop = on_stop

    def shutdown(self, cancel_pending: bool = True, timeout: float = STOP_WAIT) -> bool:
        if self.on_stop is not None:
            try:
                self.on_stop()
            except Exception:  # stopping must go on
                log.exception("ending the live streams failed")
        stopped: bool = super().shutdown(cancel_pending, timeout)
        return stopped


def create_server(
    app: Any,
    host: str,
    port: int,
    threads: int,
    on_stop: Callable[[], None] | None = None,
    max_body: int = MAX_BODY_BYTES,
) -> Any:
    """A waitress server for `app`, bound and listening; `run()` serves until closed.

    `on_stop` runs when the server stops (a signal, Ctrl-C, or a call to
    `task_dispatcher.shutdown()`), before it waits for its threads. A body larger
    than `max_body` bytes is refused (413) before it is read."""
    dispatcher = QuickStopDispatcher(on_stop)
    dispatcher.set_thread_count(threads)
    server = waitress.create_server(
        app,
        host=host,
        port=port,
        threads=threads,
        ident="tablemate",
        _dispatcher=dispatcher,
        max_request_body_size=max_body + 1,  # waitress refuses a body of this size or more
        cleanup_interval=CLEANUP_SECONDS,
    )
    server.channel_class = StreamingChannel
    idle_cleanup = server.maintenance

    def maintenance(now: float) -> None:
        idle_cleanup(now)  # waitress's: idle keep-alive connections after 120 s
        moment = time.monotonic()
        for channel in list(server.active_channels.values()):
            if isinstance(channel, StreamingChannel) and channel.stopped_halfway(moment):
                channel.time_out()

    server.maintenance = maintenance
    return server


class _SignalWaker(wasyncore.file_dispatcher):
    """The read end of the interpreter's signal wakeup pipe, in the server's loop."""

    def writable(self) -> bool:
        return False

    def handle_read(self) -> None:
        with contextlib.suppress(OSError):
            self.recv(512)


def wake_on_signals(server: Any) -> None:
    """From now on a signal wakes `server`'s main loop at once (from the main thread,
    which runs the loop and so the signal handlers; elsewhere it does nothing)."""
    if threading.current_thread() is not threading.main_thread():
        return
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    _SignalWaker(read_end, map=server._map)  # it keeps a duplicate
    os.close(read_end)
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
