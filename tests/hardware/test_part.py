"""Part: open now or retry in the background; a failure in use reopens the part."""

import logging
import threading
import time

import pytest

from hardware.errors import HardwareError
from hardware.part import Backoff, HealthSignal, Part, Retrier, Watchdog
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


def warnings_and_tracebacks(caplog: pytest.LogCaptureFixture) -> tuple[list[str], int]:
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    return warnings, sum(1 for r in caplog.records if r.exc_info)


def test_an_unexpected_error_while_retrying_is_one_outage_not_a_traceback_per_retry(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pins = Pins(broken=True)
    failures = 0

    def open_part() -> dict[str, object]:
        nonlocal failures
        if pins.broken and failures > 0:
            failures += 1
            raise RuntimeError("driver confused")  # not a HardwareError
        if pins.broken:
            failures += 1
        return pins.open()

    with caplog.at_level(logging.DEBUG, logger="hardware.part"):
        part = Part("the pins", open_part, close_part=pins.close, backoff=FAST)
        assert wait_until(lambda: failures >= 4)
        assert part.error == "cannot open the pins: RuntimeError: driver confused"
        pins.broken = False
        assert wait_until(lambda: part.healthy)
    warnings, tracebacks = warnings_and_tracebacks(caplog)
    assert warnings == ["cannot open GPIO 5: busy (retrying in the background)"]
    assert tracebacks == 0
    part.close()


def test_a_part_whose_set_up_fails_unexpectedly_is_closed_not_leaked() -> None:
    pins = Pins()

    def set_up(_part: dict[str, object]) -> None:
        raise KeyError("no such pin")

    with pytest.raises(KeyError):
        Part("the pins", pins.open, close_part=pins.close, on_open=set_up, backoff=FAST)
    assert pins.closed == 1


def test_a_close_that_fails_unexpectedly_does_not_reach_the_caller(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def close_part(_part: object) -> None:
        raise RuntimeError("already gone")

    part = Part("the pins", Pins().open, close_part=close_part)
    with caplog.at_level(logging.WARNING, logger="hardware.part"):
        part.close()
    assert caplog.messages == ["could not close the pins cleanly: RuntimeError: already gone"]


def test_a_stalled_part_is_unhealthy_once_and_healthy_when_it_answers(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pins = Pins()
    signal = HealthSignal()
    changes: list[bool] = []
    part = Part("the pins", pins.open, close_part=pins.close, backoff=FAST, health_signal=signal)
    signal.subscribe(lambda: changes.append(part.healthy))
    with caplog.at_level(logging.DEBUG, logger="hardware.part"):
        part.stall("the pins are not answering")
        part.stall("the pins are not answering")
        assert part.health() == {"healthy": False, "error": "the pins are not answering"}
        assert part.stalled
        assert part.use(light) == "lit"  # still open: the hung call holds it
        part.resume()
        part.resume()
    assert part.health() == {"healthy": True, "error": None}
    assert changes == [False, True]
    warnings, _ = warnings_and_tracebacks(caplog)
    assert warnings == ["the pins are not answering (waiting for it to answer)"]
    part.close()


def test_a_stalled_part_that_then_fails_is_reopened_and_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pins = Pins()
    part = Part("the pins", pins.open, close_part=pins.close, backoff=FAST)
    with caplog.at_level(logging.DEBUG, logger="hardware.part"):
        part.stall("the pins are not answering")
        pins.opened[0]["fail"] = True
        assert part.use(light) is None
        assert part.error == "cannot drive GPIO 5: gone"
        assert not part.stalled
        assert wait_until(lambda: part.healthy)
    warnings, _ = warnings_and_tracebacks(caplog)
    assert warnings == ["the pins are not answering (waiting for it to answer)"]
    assert part.error is None
    part.close()


def test_stalling_a_part_that_is_down_changes_nothing() -> None:
    pins = Pins(broken=True)
    part = Part("the pins", pins.open, close_part=pins.close, backoff=Backoff(60, 60))
    part.stall("not answering")
    assert part.error == "cannot open GPIO 5: busy"
    assert not part.stalled
    part.close()


def test_the_watchdog_calls_on_late_once_for_a_call_that_overruns() -> None:
    late = threading.Event()
    calls: list[bool] = []

    def on_late() -> None:
        calls.append(True)
        late.set()

    watchdog = Watchdog("test", 0.02, on_late)
    with watchdog.watching() as watch:
        assert late.wait(2)  # called while the call still runs
        assert watch.late
        time.sleep(0.03)  # further overrunning calls it no more
    assert calls == [True]
    for _ in range(20):  # calls in time never are late, one thread watches them all
        with watchdog.watching() as watch:
            pass
        assert not watch.late
    assert calls == [True]
    assert sum(t.name == "watchdog test" for t in threading.enumerate()) == 1
    watchdog.close()
    watchdog.close()
    assert not any(t.name == "watchdog test" for t in threading.enumerate())


def test_the_watchdog_times_each_call_from_its_own_start() -> None:
    calls: list[bool] = []
    # 3 x 0.4 s of calls: longer than the 1 s limit together, each well in time (the
    # 0.6 s of slack per call keeps a loaded CI machine from making one late).
    watchdog = Watchdog("test", 1.0, lambda: calls.append(True))
    for _ in range(3):
        with watchdog.watching() as watch:
            time.sleep(0.4)
        assert not watch.late
    assert calls == []
    watchdog.close()


def test_the_watchdog_needs_a_positive_limit() -> None:
    with pytest.raises(ValueError, match="above 0"):
        Watchdog("test", 0, lambda: None)
