"""Test helpers that stand in for what a test cannot have: control over time."""

import time
from collections.abc import Callable


class FakeClock:
    """A monotonic clock that only moves when the test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def wait_until(condition: Callable[[], object], timeout: float = 5.0) -> bool:
    """True once `condition()` is truthy; False if it is not within `timeout` seconds.

    Tests only: background threads (retries, the buzzer, the serial worker) act on
    their own time, so a test checks their effect until it shows up.
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True
