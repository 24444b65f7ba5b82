"""Press and release edges (`on_edge`), driven through real gpiozero devices on MockFactory pins.

Edges are what "show while held" needs: the box shows a secret colour while A is
down and blanks it the moment A comes up. They are debounced exactly like presses.
"""

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

import hardware
from hardware.buttons import Buttons
from hardware.config import HardwareConfig
from tests.hardware.fakes import FakeClock

PINS = {"A": 5, "B": 6, "C": 13}


class Log:
    """Everything the buttons report, edges and presses, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def press(self, name: str, kind: str) -> None:
        self.events.append((name, kind))

    def edge(self, name: str, pressed: bool) -> None:
        self.events.append((name, pressed))


@pytest.fixture
def log() -> Log:
    return Log()


@pytest.fixture
def buttons(factory: MockFactory, clock: FakeClock, log: Log) -> Iterator[Buttons]:
    made = Buttons(
        PINS,
        log.press,
        hold_time=0.8,
        debounce=0.03,
        clock=clock,
        pin_factory=factory,
        on_edge=log.edge,
    )
    yield made
    made.close()


def drive(factory: MockFactory, clock: FakeClock, pin: int, *steps: tuple[float, bool]) -> None:
    """Drive `pin` through (seconds to wait, pressed?) steps; pressed pulls it low."""
    for wait, pressed in steps:
        clock.advance(wait)
        if pressed:
            factory.pin(pin).drive_low()
        else:
            factory.pin(pin).drive_high()


def test_a_press_is_reported_at_once_and_its_release_before_the_kind(
    buttons: Buttons, factory: MockFactory, clock: FakeClock, log: Log
) -> None:
    drive(factory, clock, PINS["A"], (0, True))
    assert log.events == [("A", True)]  # down: known now, not only on release
    drive(factory, clock, PINS["A"], (1.0, False))
    assert log.events == [("A", True), ("A", False), ("A", "long")]


def test_edges_are_debounced_like_presses(
    buttons: Buttons, factory: MockFactory, clock: FakeClock, log: Log
) -> None:
    bouncy_press = [(0, True), (0.002, False), (0.003, True), (0.004, False), (0.005, True)]
    bouncy_release = [(0.3, False), (0.004, True), (0.006, False), (0.01, True), (0.005, False)]
    drive(factory, clock, PINS["B"], *bouncy_press, *bouncy_release)
    assert log.events == [("B", True), ("B", False), ("B", "short")]


def test_a_release_without_a_seen_press_is_no_edge(
    factory: MockFactory, clock: FakeClock, log: Log
) -> None:
    factory.pin(PINS["C"]).drive_low()  # held down before the buttons open
    made = Buttons(PINS, log.press, clock=clock, pin_factory=factory, on_edge=log.edge)
    try:
        drive(factory, clock, PINS["C"], (0.5, False))
        assert log.events == []
    finally:
        made.close()


def test_without_an_edge_handler_presses_work_as_before(
    factory: MockFactory, clock: FakeClock, log: Log
) -> None:
    made = Buttons(PINS, log.press, clock=clock, pin_factory=factory)
    try:
        drive(factory, clock, PINS["A"], (0, True), (0.1, False))
        assert log.events == [("A", "short")]
        made.on_edge = log.edge  # may be set later, like on_press
        drive(factory, clock, PINS["A"], (0.1, True), (0.1, False))
        assert log.events[1:] == [("A", True), ("A", False), ("A", "short")]
    finally:
        made.close()


def test_a_failing_edge_handler_is_logged_and_the_press_still_arrives(
    factory: MockFactory, clock: FakeClock, log: Log, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(name: str, pressed: bool) -> None:
        raise RuntimeError("boom")

    made = Buttons(PINS, log.press, clock=clock, pin_factory=factory, on_edge=broken)
    try:
        drive(factory, clock, PINS["B"], (0, True), (0.1, False))
    finally:
        made.close()
    assert log.events == [("B", "short")]
    assert "edge handler failed" in caplog.text


def test_the_built_hardware_forwards_edges_to_whoever_listens(
    factory: MockFactory, log: Log
) -> None:
    parts = hardware.build(HardwareConfig(debounce=0.0), simulate=True, pin_factory=factory)
    try:
        parts.buttons.on_press = log.press
        parts.buttons.pin("A").drive_low()  # nobody listens to edges yet: only the press
        parts.buttons.pin("A").drive_high()
        assert log.events == [("A", "short")]
        parts.buttons.on_edge = log.edge
        parts.buttons.pin("A").drive_low()
        assert log.events[-1] == ("A", True)
        parts.buttons.pin("A").drive_high()
        assert log.events[-2:] == [("A", False), ("A", "short")]
    finally:
        parts.close()
