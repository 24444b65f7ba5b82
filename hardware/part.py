"""Keep a part working through faults: open it now if possible, else retry in the background.

A part (a set of pins, the OLED, the buzzer) that cannot be opened, or fails while
it is used, is logged once per outage, reported by `healthy` and `error`, closed,
and reopened by a background thread that waits longer after each failed attempt.
Nothing polls: the thread sleeps on a condition until a retry is due or the part
is closed, and no thread exists at all for a part that never failed.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
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
        self._lock = threading.RLock()
        self._part: T | None = None
        self._error: str | None = None
        self._closed = False
        self._retrier = Retrier(name, self._reopen, backoff)
        with self._lock:
            if not self._open():
                self._retrier.request()

    @property
    def healthy(self) -> bool:
        return self._part is not None

    @property
    def error(self) -> str | None:
        """Why the part is not working, or None when it is."""
        return self._error

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
                self._part = None
                self._fail(f"{self.name} stopped working", exc)
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
            except self._failures as exc:
                logger.warning("could not close %s cleanly: %s", self.name, describe(exc))

    def _reopen(self) -> bool:
        with self._lock:
            if self._closed or self._part is not None:
                return True
            return self._open()

    def _open(self) -> bool:
        try:
            part = self._open_part()
        except self._failures as exc:
            self._fail(f"cannot open {self.name}", exc)
            return False
        if self._on_open is not None:
            try:
                self._on_open(part)
            except self._failures as exc:
                self._fail(f"cannot set up {self.name}", exc)
                self._discard(part)
                return False
        self._part = part
        if self._error is not None:
            logger.info("%s works again (it failed with: %s)", self.name, self._error)
            self._error = None
            self._signal()
        return True

    def _fail(self, what: str, exc: BaseException) -> None:
        # A HardwareError already says which part and pin; other errors need naming.
        message = str(exc) if isinstance(exc, HardwareError) else f"{what}: {describe(exc)}"
        first = self._error is None
        self._error = message
        if first:
            logger.warning("%s (retrying in the background)", message)
            self._signal()
        else:
            logger.debug("still failing: %s", message)

    def _discard(self, part: T) -> None:
        try:
            self._discard_part(part)
        except self._failures as exc:
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
