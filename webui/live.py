"""Server-Sent Events: one coalescing mailbox per stream, and streams that cannot pile up.

The table (or the box) calls ``Mailbox.put(version)`` from whatever thread made
the change; the stream's thread blocks in ``Mailbox.wait`` until a change arrives
or a heartbeat is due. Only the newest version is kept: a slow phone skips
straight to the latest state instead of replaying every step.

The stream policy (issue 12). The web server (webui/server.py) hands each stream
an `Output`: how much of what it wrote its phone has not acknowledged yet.

- **Backpressure.** A new state is written only while at most `Policy.buffer`
  bytes of earlier output are unacknowledged (in the server's buffer or the
  socket's). Past that the stream waits, changes coalesce in its mailbox, and the
  phone gets the newest state once it has caught up: at most the bound plus one
  state is ever held for a phone, however many changes it missed.
- **Stall.** Output of which nothing is acknowledged for `Policy.stall` seconds (a
  reader that stopped reading, a phone gone to sleep or out of Wi-Fi) ends the
  stream and resets its connection, freeing its place.
- **Heartbeat.** An idle stream sends a comment every `heartbeat` seconds. A phone
  that vanished without closing never acknowledges it, so it is found stalled
  within heartbeat + stall seconds; a phone that closed its end (a reload, a
  closed tab) is found at the stream's next heartbeat.
- **Reload.** A page sends its tab's id as ``?client=``. A new stream with the id
  (and path) of an open one takes its place at once, and the older stream ends
  with a ``replaced`` event, in case its page is still alive (a duplicated tab
  then takes a new id). Reloads and sleeping phones never lock anyone out.
- **Limit.** Each stream holds a web thread, so at most `OpenStreams.limit` are
  open. Shutdown ends every stream at once.
- **Eviction.** A phone whose page stopped reading while its TCP stack still
  acknowledges (a locked screen with Wi-Fi up, a frozen old tab) looks like a live
  reader until its receive buffer fills: hours on an idle table. So when every place
  is taken, a new stream takes the place of the one open longest, and that stream
  ends: a live page reconnects at once (and is then the newest), a sleeping one does
  not. A stream younger than `Policy.keep` is never evicted, so more live screens
  than places take turns instead of pushing each other out at once; only then does
  a new stream get a 503, and its page retries.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Generator, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from flask import Response, request

from webui import utf8_json
from webui.errors import ApiError

HEARTBEAT = ": heartbeat\n\n"
HEARTBEAT_SECONDS = 5.0  # the device's: with Policy.stall, how soon a vanished phone is let go
RETRY_MS = 2000  # how soon a browser reconnects after the stream drops
OUTPUT = "tablemate.output"  # the WSGI environ key of a request's Output (webui.server)
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a page's ?client= id (js/api.js follow())
REPLACED = {"reason": "this page's live stream was opened again: follow with a new id"}

Subscribe = Callable[[Callable[[int], None]], Callable[[], None]]


class Frame(NamedTuple):
    text: str  # SSE text to send; "" sends nothing
    last: bool = False  # end the stream once it is sent


class Output(Protocol):
    """A stream's connection, as the web server sees it."""

    def backlog(self) -> int:
        """Bytes written that the client has not acknowledged yet."""

    def written(self) -> int:
        """Bytes written in all (so written - backlog only grows as the client reads)."""

    def hung_up(self) -> bool:
        """The client closed its end, or the connection failed."""

    def end(self, at_once: bool) -> None:
        """Close the connection when the stream ends: at once, dropping what is
        unsent, or once what was written is delivered."""


@dataclass(frozen=True)
class Policy:
    buffer: int = 16 * 1024  # no state is written while more than this is unacknowledged
    stall: float = 5.0  # seconds without any byte acknowledged: the stream is closed
    poll: float = 0.2  # how often a stream held back by `buffer` looks again
    keep: float = 5.0  # a stream this young is never evicted for a new one


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


class Slot:
    """One stream's place among the open streams, and its mailbox."""

    def __init__(self, streams: OpenStreams | None = None, key: Hashable | None = None) -> None:
        self.mailbox = Mailbox()
        self.key = key
        self.policy = streams.policy if streams is not None else Policy()
        self.replaced = False  # a newer stream of the same client took this place
        self.evicted = False  # a new stream took this place, the box being full
        self.opened = time.monotonic()
        self._streams = streams

    @property
    def ending(self) -> bool:
        return (
            self.replaced or self.evicted or (self._streams is not None and self._streams.closing)
        )

    def release(self) -> None:
        """Give the place back (idempotent)."""
        if self._streams is not None:
            self._streams.release(self)


class OpenStreams:
    """Every open stream: at most `limit` at once, one per client id, all ended at once.

    Each stream holds one of the web server's threads for as long as it is open, so
    the limit keeps threads free for ordinary requests: past it, a new stream is
    refused with a clear error instead of the whole box hanging. On shutdown each
    stream would otherwise sleep until its next heartbeat, and the server's
    shutdown would wait for those threads.
    """

    def __init__(self, limit: int | None = None, policy: Policy | None = None) -> None:
        self.limit = limit
        self.policy = policy or Policy()
        self._closing = threading.Event()
        self._lock = threading.Lock()
        self._slots: set[Slot] = set()
        self._by_key: dict[Hashable, Slot] = {}

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    def __len__(self) -> int:
        with self._lock:
            return len(self._slots)

    @property
    def full(self) -> bool:
        with self._lock:
            return self.limit is not None and len(self._slots) >= self.limit

    def open(self, key: Hashable | None = None) -> Slot | None:
        """A place for a new stream, or None when every place is taken by a stream
        younger than `Policy.keep`. An open stream with the same key (the same page,
        reloaded) gives its place up to this one and ends; else, the box being full,
        the stream open longest does."""
        with self._lock:
            older = self._by_key.pop(key, None) if key is not None else None
            if older is not None:
                older.replaced = True
                self._slots.discard(older)
            elif self.limit is not None and len(self._slots) >= self.limit:
                older = self._oldest(time.monotonic() - self.policy.keep)
                if older is None:
                    return None
                older.evicted = True
                self._forget(older)
            slot = Slot(self, key)
            self._slots.add(slot)
            if key is not None:
                self._by_key[key] = slot
        if older is not None:
            older.mailbox.put(-1)  # wake it: it sees it was replaced or evicted and ends
        return slot

    def _oldest(self, opened_before: float) -> Slot | None:
        """The stream open longest, if it opened before `opened_before` (lock held)."""
        candidates = [slot for slot in self._slots if slot.opened < opened_before]
        return min(candidates, key=lambda slot: slot.opened, default=None)

    def _forget(self, slot: Slot) -> None:
        self._slots.discard(slot)
        if slot.key is not None and self._by_key.get(slot.key) is slot:
            del self._by_key[slot.key]

    def release(self, slot: Slot) -> None:
        with self._lock:
            self._forget(slot)

    def close_all(self) -> None:
        self._closing.set()
        with self._lock:
            slots = list(self._slots)
        for slot in slots:
            slot.mailbox.put(-1)  # wake it: the stream sees closing and ends


class _Link:
    """What a stream's connection has taken: its backlog, and whether it is lost."""

    def __init__(self, output: Output | None, policy: Policy) -> None:
        self.output = output
        self.policy = policy
        self.backlog = 0  # as last looked at
        self.lost = False  # hung up, or stalled
        self._delivered = 0
        self._stuck_since: float | None = None  # backlog seen, nothing delivered since

    def look(self, for_hang_up: bool = False) -> None:
        output = self.output
        if output is None or self.lost:
            return
        if for_hang_up and output.hung_up():
            self.lost = True
            return
        backlog = output.backlog()
        delivered = output.written() - backlog
        now = time.monotonic()
        if not backlog:
            self._stuck_since = None
        elif self._stuck_since is None or delivered > self._delivered:
            self._stuck_since = now
        elif now - self._stuck_since >= self.policy.stall:
            self.lost = True
        self.backlog, self._delivered = backlog, delivered

    @property
    def held_back(self) -> bool:
        return self.backlog > self.policy.buffer

    def wait_time(self, now: float, beat_at: float, changed: bool) -> float:
        """How long the stream may sleep before it must look at the link again."""
        timeout = beat_at - now
        if self._stuck_since is not None:
            timeout = min(timeout, self._stuck_since + self.policy.stall - now)
        if changed and self.held_back:
            timeout = min(timeout, self.policy.poll)
        return max(timeout, 0.0)


def event(name: str, data: Any) -> str:
    """One SSE event; the JSON is compact and on a single data line (JSON always
    escapes line breaks), as the box's answers are written (webui/utf8_json.py: UTF-8,
    keys sorted)."""
    return f"event: {name}\ndata: {utf8_json.dumps(data, separators=(',', ':'))}\n\n"


def stream(
    subscribe: Subscribe,
    render: Callable[[], Frame],
    heartbeat: float,
    slot: Slot | None = None,
    output: Output | None = None,
) -> Generator[str, None, None]:
    """Snapshot on connect, then one render per change, a heartbeat comment when idle.

    Subscribing happens before the snapshot, so no change between the two is
    missed. Leaving unsubscribes and frees the slot, whether the client went away
    (the server then closes this generator), a render asked to end the stream, the
    link was lost, the stream was replaced or the server is stopping.
    """
    slot = slot if slot is not None else Slot()
    link = _Link(output, slot.policy)
    unsubscribe = subscribe(slot.mailbox.put)
    try:
        yield f"retry: {RETRY_MS}\n\n"
        link.look()
        while not (slot.ending or link.lost):
            frame = render()
            if frame.text:
                yield frame.text
                link.look()
            if frame.last:
                return
            yield from _until_change(slot, link, heartbeat)
        if (link.lost or slot.evicted) and output is not None:
            output.end(at_once=True)  # a live page reconnects by itself
        elif slot.replaced:
            yield event("replaced", REPLACED)
            if output is not None:
                output.end(at_once=False)
    finally:
        unsubscribe()
        slot.release()


def _until_change(slot: Slot, link: _Link, heartbeat: float) -> Generator[str, None, None]:
    """Heartbeats until a change may be sent (or the stream must end)."""
    changed = False
    beat_at = time.monotonic() + heartbeat
    while not (slot.ending or link.lost):
        if changed and not link.held_back:
            return
        now = time.monotonic()
        if now >= beat_at:
            beat_at = now + heartbeat
            if not link.backlog:  # else what is on its way tests the link already
                yield HEARTBEAT
                link.look()
                continue
        if slot.mailbox.wait(link.wait_time(now, beat_at, changed)) is None:
            link.look(for_hang_up=True)  # a quiet moment: is the phone still there?
        else:
            changed = True
            if link.held_back:  # else it may write: the backlog only shrank since
                link.look()


def sse_stream(
    subscribe: Subscribe, render: Callable[[], Frame], heartbeat: float, streams: OpenStreams
) -> Response:
    """One live stream of this request as an SSE response; 503 if the box has no
    thread left for it. ``?client=`` (the page's tab id) replaces that tab's
    earlier stream of the same path."""
    client = request.args.get("client", "")
    key = (request.path, client) if CLIENT_ID.fullmatch(client) else None
    slot = streams.open(key)
    if slot is None:
        raise ApiError(
            503, "too many live screens are open on this box: close one, then reload", "busy"
        )
    output: Output | None = request.environ.get(OUTPUT)
    return sse_response(_Releasing(stream(subscribe, render, heartbeat, slot, output), slot))


class _Releasing:
    """The events of a stream that holds a slot from the request on: closing frees
    it even if the stream never started (a generator's `finally` would not run)."""

    def __init__(self, events: Generator[str, None, None], slot: Slot) -> None:
        self._events = events
        self._slot = slot

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        return next(self._events)

    def close(self) -> None:
        try:
            self._events.close()
        finally:
            self._slot.release()


def sse_response(events: Iterator[str]) -> Response:
    response = Response(events, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response
