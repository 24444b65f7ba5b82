"""Keep a part working through faults: open it now if possible, else retry in the background.

A part (a set of pins, the OLED, the buzzer) that cannot be opened, or fails while
it is used, is logged once per outage, reported by `healthy` and `error`, closed,
and reopened by a background thread that waits longer after each failed attempt.
Nothing polls: the thread sleeps on a condition until a retry is due or the part
is closed, and no thread exists at all for a part that never failed.

A part that hangs instead of failing (a call on it that does not return) is found
by a `Watchdog` around the call and marked `stall()`-ed: unhealthy, logged once,
but left open, since the hung call still holds it, until a later call answers in
time (`resume()`) or fails (then it is closed and reopened like any failure).

Whatever a part raises while it is retried, closed or set up counts as its failure:
a backend that raises an unexpected type is still one part down, logged once, not
a traceback per retry. Only the first open, in the constructor, lets an unexpected
error through, since that is a mistake in the configuration or the code.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from hardware.errors import HardwareError, describe

logger = logging.getLogger(__name__)

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Backoff:
    """Retry delays: `first`, then doubling, never more than `ceiling` seconds."""

    first: float = 0.5
    ceiling: float = 30.0

    def __post_init__(self) -> None:
        if not 0 < self.first <= self.ceiling:
            raise ValueError(f"need 0 < first <= ceiling, got {self.first} and {self.ceiling}")

    def delays(self) -> Iterator[float]:
        delay = self.first
        while True:
            yield delay
            delay = min(delay * 2, self.ceiling)


DEFAULT_BACKOFF = Backoff()


class HealthSignal:
    """Tells listeners that some part's health changed (the box redraws its status LED)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: list[Callable[[], None]] = []

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def emit(self) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener()
            except Exception:
                logger.exception("a hardware health listener failed")


class Retrier:
    """Calls `attempt()` on a background thread until it returns True.

    `request()` asks for a retry; the thread waits the next backoff delay before each
    attempt, and starts over from the first delay once an attempt succeeds.
    """

    def __init__(self, name: str, attempt: Callable[[], bool], backoff: Backoff) -> None:
        self._name = name
        self._attempt = attempt
        self._backoff = backoff
        self._condition = threading.Condition()
        self._pending = False
        self._closed = False
        self._thread: threading.Thread | None = None

    def request(self) -> None:
        with self._condition:
            if self._closed:
                return
            self._pending = True
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name=f"retry {self._name}", daemon=True
                )
                self._thread.start()
            self._condition.notify_all()

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    def _run(self) -> None:
        delays = self._backoff.delays()
        while True:
            with self._condition:
                self._condition.wait_for(lambda: self._pending or self._closed)
                # The backoff: only close() cuts it short, not further requests.
                if self._condition.wait_for(lambda: self._closed, timeout=next(delays)):
                    return
                self._pending = False
            try:
                succeeded = self._attempt()
            except Exception:
                logger.exception("retrying %s failed unexpectedly", self._name)
                succeeded = False
            with self._condition:
                if succeeded:
                    delays = self._backoff.delays()
                else:
                    self._pending = True


@dataclass
class Watch:
    """One call a `Watchdog` watches; `late` turns True once it overran the limit."""

    deadline: float
    late: bool = False


class Watchdog:
    """Notices a call that takes longer than `limit` seconds while it still runs.

    Wrap each call in `watching()`. If it has not returned `limit` seconds after it
    began, `on_late()` runs on the watchdog's own thread (the caller's is stuck in the
    call) and the watch's `late` turns True, for the caller to see once it returns. A
    call that overran but returned before that thread woke is late all the same:
    `on_late()` then runs on the caller's thread as the call ends.
    `on_late` runs with the watchdog's lock held, so it is over before the late call's
    `watching()` ends; it must not wait for the call. One call at a time; one thread,
    started by the first call: it sleeps until the current call's deadline, so calls
    that return in time cost it at most one wake-up per `limit` seconds.
    """

    def __init__(self, name: str, limit: float, on_late: Callable[[], None]) -> None:
        if not limit > 0:
            raise ValueError(f"the limit must be above 0 seconds, got {limit}")
        self._name = name
        self._limit = limit
        self._on_late = on_late
        self._condition = threading.Condition()
        self._current: Watch | None = None
        self._idle = False  # the thread waits for a call to begin, with no deadline
        self._closed = False
        self._thread: threading.Thread | None = None

    @contextmanager
    def watching(self) -> Iterator[Watch]:
        watch = Watch(deadline=time.monotonic() + self._limit)
        with self._condition:
            if not self._closed:
                self._current = watch
                if self._thread is None:
                    self._thread = threading.Thread(
                        target=self._run, name=f"watchdog {self._name}", daemon=True
                    )
                    self._thread.start()
                elif self._idle:
                    self._condition.notify_all()
        try:
            yield watch
        finally:
            with self._condition:
                if self._current is watch:
                    self._current = None
                if not watch.late and not self._closed and time.monotonic() > watch.deadline:
                    # Overran, but returned before the watchdog's thread got a turn (a
                    # busy machine): late all the same, or health would depend on timing.
                    self._late(watch)
                if watch.late:
                    self._condition.notify_all()  # the thread waits for a late call's end

    def close(self) -> None:
        """Stop watching; safe to call more than once, and from `on_late`."""
        with self._condition:
            self._closed = True
            self._condition.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    def _run(self) -> None:
        with self._condition:
            while not self._closed:
                watch = self._current
                if watch is None:
                    self._idle = True
                    self._condition.wait()
                    self._idle = False
                elif watch.late:
                    self._condition.wait()  # until it returns
                else:
                    remaining = watch.deadline - time.monotonic()
                    if remaining > 0:
                        self._condition.wait(remaining)
                        continue
                    self._late(watch)

    def _late(self, watch: Watch) -> None:
        watch.late = True
        try:
            self._on_late()
        except Exception:
            logger.exception("the watchdog of %s failed", self._name)


class Part(Generic[T]):
    """One part that may be missing or may fail; thread-safe.

    `open_part()` makes the part, raising one of `failures` if it cannot. `on_open`
    runs after every (re)open, so the owner can resend what the part should show.
    `discard_part` closes a part that just failed (default: `close_part`).
    """

    def __init__(
        self,
        name: str,
        open_part: Callable[[], T],
        *,
        close_part: Callable[[T], None],
        discard_part: Callable[[T], None] | None = None,
        on_open: Callable[[T], None] | None = None,
        failures: tuple[type[BaseException], ...] = (HardwareError,),
        backoff: Backoff = DEFAULT_BACKOFF,
        health_signal: HealthSignal | None = None,
    ) -> None:
        self.name = name
        self._open_part = open_part
        self._close_part = close_part
        self._discard_part = discard_part or close_part
        self._on_open = on_open
        self._failures = failures
        self._health_signal = health_signal
        self._lock = threading.RLock()  # held while the part is opened, used or closed
        # Guards the health below: `stall()` comes from a watchdog while a hung call
        # holds `_lock`, so it cannot wait for that.
        self._health_lock = threading.Lock()
        self._part: T | None = None
        self._error: str | None = None
        self._stalled = False
        self._closed = False
        self._retrier = Retrier(name, self._reopen, backoff)
        with self._lock:
            if not self._open(first=True):
                self._retrier.request()

    @property
    def healthy(self) -> bool:
        return self._part is not None and not self._stalled

    @property
    def stalled(self) -> bool:
        """Open, but not answering (see `stall`)."""
        return self._stalled

    @property
    def error(self) -> str | None:
        """Why the part is not working, or None when it is."""
        return self._error

    def stall(self, message: str) -> None:
        """The open part stopped answering: a call on it has not returned in time.

        It turns unhealthy with `message` (logged once per outage) but stays open, since
        the hung call still holds it. `resume()` once a call answers in time again; a
        failure in the meantime closes and reopens it as usual. Takes no lock a hung
        `use()` holds, so a watchdog can call it while the call hangs.
        """
        with self._health_lock:
            if self._part is None or self._stalled:
                return
            self._stalled = True
            first = self._error is None
            self._error = message
        if first:
            logger.warning("%s (waiting for it to answer)", message)
            self._signal()

    def resume(self) -> None:
        """A call on a stalled part answered in time: healthy again (no-op if not stalled)."""
        with self._health_lock:
            if not self._stalled:
                return
            self._stalled = False
            error, self._error = self._error, None
        logger.info("%s works again (it failed with: %s)", self.name, error)
        self._signal()

    def health(self) -> dict[str, bool | str | None]:
        return {"healthy": self.healthy, "error": self.error}

    def use(self, action: Callable[[T], R]) -> R | None:
        """`action(part)` if the part is open, else None. A failure inside it closes the
        part and starts reopening it; it never reaches the caller."""
        with self._lock:
            part = self._part
            if part is None:
                return None
            try:
                return action(part)
            except self._failures as exc:
                self._fail(f"{self.name} stopped working", exc, lost=True)
                self._discard(part)
                self._retrier.request()
                return None

    def close(self) -> None:
        """Close the part and stop retrying; safe to call more than once."""
        self._retrier.close()
        with self._lock:
            self._closed = True
            part, self._part = self._part, None
        if part is not None:
            try:
                self._close_part(part)
            except Exception as exc:  # closing must go on to the other parts
                logger.warning("could not close %s cleanly: %s", self.name, describe(exc))

    def _reopen(self) -> bool:
        with self._lock:
            if self._closed or self._part is not None:
                return True
            return self._open()

    def _open(self, *, first: bool = False) -> bool:
        # The first open, in the constructor, lets an unexpected error through: that is a
        # mistake in the configuration or the code. On a retry anything is an outage.
        failures = self._failures if first else (Exception,)
        try:
            part = self._open_part()
        except failures as exc:
            self._fail(f"cannot open {self.name}", exc)
            return False
        if self._on_open is not None:
            try:
                self._on_open(part)
            except failures as exc:
                self._fail(f"cannot set up {self.name}", exc)
                self._discard(part)
                return False
            except BaseException:
                self._discard(part)  # never leak an opened part
                raise
        with self._health_lock:
            self._part = part
            self._stalled = False
            error, self._error = self._error, None
        if error is not None:
            logger.info("%s works again (it failed with: %s)", self.name, error)
            self._signal()
        return True

    def _fail(self, what: str, exc: BaseException, *, lost: bool = False) -> None:
        """Record an outage (logged once however long it lasts); `lost`: the open part
        just failed and is dropped."""
        # A HardwareError already says which part and pin; other errors need naming.
        message = str(exc) if isinstance(exc, HardwareError) else f"{what}: {describe(exc)}"
        with self._health_lock:
            if lost:
                self._part = None
            self._stalled = False
            first = self._error is None  # a stalled part has logged its outage already
            self._error = message
        if first:
            logger.warning("%s (retrying in the background)", message)
            self._signal()
        else:
            logger.debug("still failing: %s", message)

    def _discard(self, part: T) -> None:
        try:
            self._discard_part(part)
        except Exception as exc:  # it failed already: how it fails to close is no news
            logger.debug("closing the failed %s: %s", self.name, describe(exc))

    def _signal(self) -> None:
        if self._health_signal is not None:
            self._health_signal.emit()


class ReportsHealth:
    """For a part kept by a `Part` in `self._part`: its health, as the box reports it."""

    _part: Part[Any]

    @property
    def healthy(self) -> bool:
        return self._part.healthy

    @property
    def error(self) -> str | None:
        """Why the part is not healthy, or None when it is."""
        return self._part.error

    def health(self) -> dict[str, bool | str | None]:
        return {"healthy": self.healthy, "error": self.error}
