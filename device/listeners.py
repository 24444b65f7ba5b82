"""A thread-safe list of callbacks: what the table, the box and the stick roller tell
their subscribers through."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class Listeners(Generic[T]):
    """Callbacks taking one value; `subscribe` returns the matching unsubscribe."""

    def __init__(self, what: str) -> None:
        self._what = what  # for the log: "a <what> failed"
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[T], None]] = []

    def subscribe(self, callback: Callable[[T], None]) -> Callable[[], None]:
        with self._lock:
            self._callbacks.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._callbacks:
                    self._callbacks.remove(callback)

        return unsubscribe

    def __len__(self) -> int:
        with self._lock:
            return len(self._callbacks)

    def snapshot(self) -> list[Callable[[T], None]]:
        """The callbacks now: take it with the change, call them after every lock."""
        with self._lock:
            return list(self._callbacks)

    def tell(self, callbacks: list[Callable[[T], None]], value: T) -> None:
        """Call each of `callbacks` (a snapshot); one failing never stops the others."""
        for callback in callbacks:
            try:
                callback(value)
            except Exception:
                log.exception("a %s failed", self._what)
