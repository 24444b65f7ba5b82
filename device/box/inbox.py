"""What reaches the box's render thread, and the queue it arrives by.

Buttons (gpiozero's callback thread), the table (whichever thread changed it), the
roller and the parts' health (their own threads) only put an event here and
return; the render thread takes everything queued at once and handles it in
order, so a burst of table changes costs one frame.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Press:
    name: str
    kind: str  # "short" or "long"


@dataclass(frozen=True)
class Edge:
    name: str
    pressed: bool


@dataclass(frozen=True)
class TableChanged:
    version: int


@dataclass(frozen=True)
class HealthChanged:
    pass


@dataclass(frozen=True)
class Thrown:
    throw: Mapping[str, Any]  # the roller's record: "sticks", "count", "by"


Event = Press | Edge | TableChanged | HealthChanged | Thrown


class Inbox:
    """Events in order; `put` never waits for the consumer."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._events: list[Event] = []
        self._closed = False

    def put(self, event: Event) -> None:
        with self._condition:
            self._events.append(event)
            self._condition.notify()

    def wait(self, timeout: float | None) -> bool:
        """Until an event is queued or `timeout` seconds pass; False once closed."""
        with self._condition:
            self._condition.wait_for(lambda: self._events or self._closed, timeout)
            return not self._closed

    def take(self) -> list[Event]:
        """Everything queued, oldest first."""
        with self._condition:
            events, self._events = self._events, []
            return events

    def __len__(self) -> int:
        with self._condition:
            return len(self._events)

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify_all()
