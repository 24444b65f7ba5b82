"""Buttons, driven through real gpiozero devices on MockFactory pins.

A pressed button pulls its pin low (active-low with pull-up), so `drive_low` is a
press and `drive_high` a release. Time comes from a FakeClock the test moves.
"""

import logging
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.buttons import Buttons
from hardware.errors import HardwareError
from tests.hardware.fakes import FakeClock

PINS = {"A": 5, "B": 6, "C": 13}


class Recorder:
    def __init__(self) -> None:
        self.presses: list[tuple[str, str]] = []

    def __call__(self, name: str, kind: str) -> None:
        self.presses.append((name, kind))


@pytest.fixture
def presses() -> Recorder:
    return Recorder()


@pytest.fixture
def buttons(factory: MockFactory, clock: FakeClock, presses: Recorder) -> Iterator[Buttons]:
    made = Buttons(PINS, presses, hold_time=0.8, debounce=0.03, clock=clock, pin_factory=factory)
    yield made
    made.close()


def edges(factory: MockFactory, clock: FakeClock, pin: int, *steps: tuple[float, bool]) -> None:
    """Drive `pin` through (seconds to wait, pressed?) steps."""
    for wait, pressed in steps:
        clock.advance(wait)
        if pressed:
            factory.pin(pin).drive_low()
        else:
            factory.pin(pin).drive_high()


@pytest.mark.parametrize(
    ("held", "kind"),
    [(0.05, "short"), (0.79, "short"), (0.81, "long"), (3.0, "long")],
)
def test_kind_is_decided_by_how_long_the_button_was_held(
    buttons: Buttons,
    factory: MockFactory,
    clock: FakeClock,
    presses: Recorder,
    held: float,
    kind: str,
) -> None:
    edges(factory, clock, PINS["A"], (0, True))
    assert presses.presses == []  # nothing is reported until the release
    edges(factory, clock, PINS["A"], (held, False))
    assert presses.presses == [("A", kind)]


def test_bouncing_contacts_give_one_press(
    buttons: Buttons, factory: MockFactory, clock: FakeClock, presses: Recorder
) -> None:
    bouncy_press = [(0, True), (0.002, False), (0.003, True), (0.004, False), (0.005, True)]
    bouncy_release = [(0.3, False), (0.004, True), (0.006, False), (0.01, True), (0.005, False)]
    edges(factory, clock, PINS["B"], *bouncy_press, *bouncy_release)
    assert presses.presses == [("B", "short")]


def test_presses_further_apart_than_the_debounce_all_count(
    buttons: Buttons, factory: MockFactory, clock: FakeClock, presses: Recorder
) -> None:
    for _ in range(3):
        edges(factory, clock, PINS["C"], (0.031, True), (0.031, False))
    assert presses.presses == [("C", "short")] * 3


def test_a_blip_shorter_than_the_debounce_does_not_wedge_the_button(
    buttons: Buttons, factory: MockFactory, clock: FakeClock, presses: Recorder
) -> None:
    edges(factory, clock, PINS["A"], (0, True), (0.01, False))  # noise: release ignored
    assert presses.presses == []
    edges(factory, clock, PINS["A"], (1.0, True), (0.2, False))
    assert presses.presses == [("A", "short")]


def test_two_buttons_are_debounced_and_timed_independently(
    buttons: Buttons, factory: MockFactory, clock: FakeClock, presses: Recorder
) -> None:
    edges(factory, clock, PINS["A"], (0, True))
    edges(factory, clock, PINS["B"], (0.005, True))  # inside A's debounce window: still counts
    edges(factory, clock, PINS["B"], (0.2, False))
    edges(factory, clock, PINS["A"], (0.8, False))
    assert presses.presses == [("B", "short"), ("A", "long")]


def test_a_failing_handler_is_logged_and_later_presses_still_arrive(
    factory: MockFactory, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    calls: list[tuple[str, str]] = []

    def handler(name: str, kind: str) -> None:
        calls.append((name, kind))
        if len(calls) == 1:
            raise RuntimeError("screen flow blew up")

    made = Buttons(PINS, handler, clock=clock, pin_factory=factory)
    try:
        with caplog.at_level(logging.ERROR, logger="hardware.buttons"):
            edges(factory, clock, PINS["A"], (0, True), (0.1, False))
        edges(factory, clock, PINS["A"], (0.1, True), (1.0, False))
    finally:
        made.close()
    assert calls == [("A", "short"), ("A", "long")]
    [record] = caplog.records
    assert "button A" in record.getMessage()
    assert record.exc_info is not None
    assert "screen flow blew up" in str(record.exc_info[1])


def test_the_handler_can_be_replaced_after_construction(
    buttons: Buttons, factory: MockFactory, clock: FakeClock, presses: Recorder
) -> None:
    later = Recorder()
    buttons.on_press = later
    edges(factory, clock, PINS["C"], (0, True), (0.1, False))
    assert (presses.presses, later.presses) == ([], [("C", "short")])


def test_a_pin_that_cannot_be_opened_names_the_button_and_frees_the_others(
    factory: MockFactory, presses: Recorder
) -> None:
    with pytest.raises(HardwareError, match=r"button B on GPIO 99: PinInvalidPin") as raised:
        Buttons({"A": 5, "B": 99}, presses, pin_factory=factory)
    assert raised.value.__cause__ is not None
    # Pin 5 was opened before B failed; it must have been given back.
    Buttons({"A": 5}, presses, pin_factory=factory).close()


def test_close_gives_the_pins_back(
    factory: MockFactory, clock: FakeClock, presses: Recorder
) -> None:
    Buttons(PINS, presses, pin_factory=factory).close()
    again = Buttons(PINS, presses, clock=clock, pin_factory=factory)
    edges(factory, clock, PINS["A"], (0, True), (0.1, False))
    again.close()
    again.close()
    assert presses.presses == [("A", "short")]


def test_a_pin_already_in_use_is_a_hardware_error(
    buttons: Buttons, factory: MockFactory, presses: Recorder
) -> None:
    with pytest.raises(HardwareError, match=r"button X on GPIO 5: GPIOPinInUse"):
        Buttons({"X": 5}, presses, pin_factory=factory)


@pytest.mark.parametrize(
    ("pins", "hold_time", "debounce", "message"),
    [
        ({}, 0.8, 0.03, "at least one"),
        ({"A": 5, "B": 5}, 0.8, 0.03, "share a pin"),
        ({"A": -1}, 0.8, 0.03, "GPIO number"),
        ({"A": "5"}, 0.8, 0.03, "GPIO number"),
        ({"A": 5}, 0.8, 0.8, "debounce < hold_time"),
        ({"A": 5}, 0.8, -0.01, "debounce < hold_time"),
    ],
)
def test_bad_settings_are_rejected_before_any_pin_is_touched(
    factory: MockFactory,
    presses: Recorder,
    pins: dict[str, int],
    hold_time: float,
    debounce: float,
    message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        Buttons(pins, presses, hold_time=hold_time, debounce=debounce, pin_factory=factory)
    assert factory.pins == {}
