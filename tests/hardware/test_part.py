"""Part: open now or retry in the background; a failure in use reopens the part."""

import threading
import time

import pytest

from hardware.errors import HardwareError
from hardware.part import Backoff, HealthSignal, Part, Retrier
from tests.hardware.fakes import wait_until

FAST = Backoff(first=0.01, ceiling=0.05)


class Pins:
    """A stand-in for any part: it fails to open while `broken`, and can break in use."""

    def __init__(self, broken: bool = False) -> None:
        self.broken = broken
        self.opened: list[dict[str, object]] = []
        self.closed = 0

    def open(self) -> dict[str, object]:
        if self.broken:
            raise HardwareError("cannot open GPIO 5: busy")
        self.opened.append({"lit": False})
        return self.opened[-1]

    def close(self, _part: dict[str, object]) -> None:
        self.closed += 1


def light(part: dict[str, object]) -> str:
    if part.get("fail"):
        raise HardwareError("cannot drive GPIO 5: gone")
    part["lit"] = True
    return "lit"


def test_backoff_doubles_up_to_the_ceiling() -> None:
    delays = Backoff(first=0.5, ceiling=3.0).delays()
    assert [next(delays) for _ in range(6)] == [0.5, 1.0, 2.0, 3.0, 3.0, 3.0]


def test_a_part_that_opens_is_used_directly_and_needs_no_thread() -> None:
    pins = Pins()
    threads = threading.active_count()
    part = Part("the pins", pins.open, close_part=pins.close, backoff=FAST)
    assert part.health() == {"healthy": True, "error": None}
    assert part.use(light) == "lit"
    assert threading.active_count() == threads
    part.close()
    part.close()
    assert pins.closed == 1


def test_a_failure_in_use_reopens_the_part_and_runs_on_open_again() -> None:
    pins = Pins()
    set_up: list[dict[str, object]] = []
    signal = HealthSignal()
    changes: list[bool] = []
    part = Part(
        "the pins",
        pins.open,
        close_part=pins.close,
        on_open=set_up.append,
        backoff=FAST,
        health_signal=signal,
    )
    signal.subscribe(lambda: changes.append(part.healthy))
    pins.opened[0]["fail"] = True
    assert part.use(light) is None  # the failure stays inside
    assert part.error == "cannot drive GPIO 5: gone"
    assert wait_until(lambda: part.healthy)
    assert len(pins.opened) == 2 and pins.closed == 1
    assert set_up == pins.opened  # on_open ran for the first and the reopened part
    assert part.use(light) == "lit"
    assert changes == [False, True]
    part.close()


def test_close_stops_a_retry_that_is_waiting_out_a_long_backoff() -> None:
    pins = Pins(broken=True)
    part = Part("the pins", pins.open, close_part=pins.close, backoff=Backoff(60, 60))
    started = time.monotonic()
    part.close()
    assert time.monotonic() - started < 1.0
    assert part.use(light) is None


def test_requests_during_a_backoff_do_not_cut_it_short() -> None:
    attempts: list[float] = []

    def attempt() -> bool:
        attempts.append(time.monotonic())
        return True

    retrier = Retrier("test", attempt, Backoff(0.2, 0.2))
    started = time.monotonic()
    for _ in range(20):
        retrier.request()
    assert wait_until(lambda: attempts, timeout=2)
    assert attempts[0] - started >= 0.19
    time.sleep(0.3)
    assert len(attempts) == 1  # it succeeded: twenty requests made one attempt
    retrier.close()


def test_an_unexpected_error_while_opening_is_not_swallowed() -> None:
    def open_part() -> object:
        raise ValueError("pin map is wrong")

    with pytest.raises(ValueError, match="pin map"):
        Part("the pins", open_part, close_part=lambda _part: None)
