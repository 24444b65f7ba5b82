"""Server-Sent Events: one bounded, coalescing mailbox per client, no polling.

The table (or the box) calls ``Mailbox.put(version)`` from whatever thread made
the change; the client's stream thread blocks in ``Mailbox.wait`` until a change
arrives or the heartbeat interval passes. Only the newest version is kept: a slow
phone skips straight to the latest state instead of replaying every step.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Generator, Iterator
from typing import Any, NamedTuple

from flask import Response

from webui.errors import ApiError

HEARTBEAT = ": heartbeat\n\n"
RETRY_MS = 2000  # how soon a browser reconnects after the stream drops

Subscribe = Callable[[Callable[[int], None]], Callable[[], None]]


class Frame(NamedTuple):
    text: str  # SSE text to send; "" sends nothing
    last: bool = False  # end the stream once it is sent


class Mailbox:
    """A queue that holds at most one item, the latest: put() replaces, never blocks."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._latest: int | None = None

    def put(self, version: int) -> None:
        with self._ready:
            self._latest = version
            self._ready.notify()

    def wait(self, timeout: float) -> int | None:
        """The latest version put since the last wait, or None after timeout seconds."""
        with self._ready:
            self._ready.wait_for(lambda: self._latest is not None, timeout)
            latest, self._latest = self._latest, None
            return latest


class OpenStreams:
    """Every open stream: at most `limit` at once, and all ended at once on shutdown.

    Each stream holds one of the web server's threads for as long as it is open, so
    the limit keeps threads free for ordinary requests: past it, a new stream is
    refused with a clear error instead of the whole box hanging. On shutdown each
    stream would otherwise sleep until its next heartbeat, and the server's
    shutdown would wait for those threads.
    """

    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit
        self._closing = threading.Event()
        self._lock = threading.Lock()
        self._mailboxes: set[Mailbox] = set()

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    @property
    def full(self) -> bool:
        with self._lock:
            return self.limit is not None and len(self._mailboxes) >= self.limit

    def watch(self, mailbox: Mailbox) -> Callable[[], None]:
        with self._lock:
            self._mailboxes.add(mailbox)
        return lambda: self._forget(mailbox)

    def _forget(self, mailbox: Mailbox) -> None:
        with self._lock:
            self._mailboxes.discard(mailbox)

    def close_all(self) -> None:
        self._closing.set()
        with self._lock:
            mailboxes = list(self._mailboxes)
        for mailbox in mailboxes:
            mailbox.put(-1)  # wake it: the stream sees closing and ends


def event(name: str, data: Any) -> str:
    """One SSE event; the JSON is compact and on a single data line."""
    return f"event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def stream(
    subscribe: Subscribe,
    render: Callable[[], Frame],
    heartbeat: float,
    streams: OpenStreams | None = None,
) -> Generator[str, None, None]:
    """Snapshot on connect, then one render per change, a heartbeat comment when idle.

    Subscribing happens before the snapshot, so no change between the two is
    missed. Leaving unsubscribes, whether the client went away (the server then
    closes this generator) or a render asked to end the stream.
    """
    mailbox = Mailbox()
    unsubscribe = subscribe(mailbox.put)
    unwatch = streams.watch(mailbox) if streams else None
    try:
        yield f"retry: {RETRY_MS}\n\n"
        while not (streams and streams.closing):
            frame = render()
            if frame.text:
                yield frame.text
            if frame.last:
                return
            while mailbox.wait(heartbeat) is None:
                yield HEARTBEAT
    finally:
        unsubscribe()
        if unwatch:
            unwatch()


def sse_stream(
    subscribe: Subscribe, render: Callable[[], Frame], heartbeat: float, streams: OpenStreams
) -> Response:
    """One live stream as an SSE response; 503 if the box has no thread left for it."""
    if streams.full:
        raise ApiError(503, "too many live screens are open on this box: close one, then reload")
    return sse_response(stream(subscribe, render, heartbeat, streams))


def sse_response(events: Iterator[str]) -> Response:
    response = Response(events, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response
