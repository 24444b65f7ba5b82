"""Leds, on real gpiozero LED/RGBLED devices over MockFactory (PWM) pins."""

import math
from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.errors import HardwareError
from hardware.leds import Leds

STICKS = [17, 27, 22, 23, 24]
RGB = (16, 20, 21)


@pytest.fixture
def leds(factory: MockFactory) -> Iterator[Leds]:
    made = Leds(STICKS, RGB, pin_factory=factory)
    yield made
    made.close()


def test_everything_starts_dark(leds: Leds, factory: MockFactory) -> None:
    assert leds.state() == {"sticks": [False] * 5, "status": [0.0, 0.0, 0.0]}
    assert [factory.pin(pin).state for pin in [*STICKS, *RGB]] == [0] * 8


def test_sticks_drive_their_pins_and_read_back(leds: Leds, factory: MockFactory) -> None:
    pattern = [True, False, True, True, False]
    leds.set_sticks(pattern)
    assert [bool(factory.pin(pin).state) for pin in STICKS] == pattern
    assert leds.state()["sticks"] == pattern
    leds.set_sticks([False] * 5)
    assert [bool(factory.pin(pin).state) for pin in STICKS] == [False] * 5


def test_status_colour_sets_each_pwm_duty_cycle(leds: Leds, factory: MockFactory) -> None:
    leds.set_status((1, 0.25, 0.0))
    assert [factory.pin(pin).state for pin in RGB] == [1.0, 0.25, 0.0]
    assert leds.state()["status"] == [1.0, 0.25, 0.0]


@pytest.mark.parametrize(
    "lit",
    [[True] * 4, [True] * 6, [1, 0, 1, 0, 1], [True, False, None, True, True], "TTTTT", None, 5],
)
def test_bad_stick_patterns_are_rejected_and_change_nothing(leds: Leds, lit: Any) -> None:
    leds.set_sticks([True, False, False, False, True])
    with pytest.raises(ValueError, match="stick"):
        leds.set_sticks(lit)
    assert leds.state()["sticks"] == [True, False, False, False, True]


@pytest.mark.parametrize(
    "colour",
    [(1, 0), (1, 0, 0, 0), (1.5, 0, 0), (0, -0.1, 0), (0, 0, math.nan), ("1", 0, 0), (True, 0, 0)],
)
def test_bad_status_colours_are_rejected_and_change_nothing(leds: Leds, colour: Any) -> None:
    leds.set_status((0.0, 0.5, 1.0))
    with pytest.raises(ValueError, match="status colour"):
        leds.set_status(colour)
    assert leds.state()["status"] == [0.0, 0.5, 1.0]


def test_wrong_pin_counts_are_rejected(factory: MockFactory) -> None:
    with pytest.raises(ValueError, match="5 stick LED pins"):
        Leds(STICKS[:4], RGB, pin_factory=factory)
    with pytest.raises(ValueError, match="3 pins"):
        Leds(STICKS, (16, 20), pin_factory=factory)  # type: ignore[arg-type]
    assert factory.pins == {}


def test_a_pin_that_cannot_be_opened_is_named_and_nothing_stays_reserved(
    factory: MockFactory,
) -> None:
    with pytest.raises(HardwareError, match=r"status LED on GPIO 16, 20, 99 .*PinInvalidPin"):
        Leds(STICKS, (16, 20, 99), pin_factory=factory)
    # The sticks and the red and green channels were opened first; all were released.
    Leds(STICKS, RGB, pin_factory=factory).close()


def test_a_pin_in_use_is_a_hardware_error(leds: Leds, factory: MockFactory) -> None:
    with pytest.raises(HardwareError, match=r"stick LED 1 on GPIO 17: GPIOPinInUse"):
        Leds(STICKS, (4, 12, 18), pin_factory=factory)


def test_using_closed_leds_is_a_hardware_error(factory: MockFactory) -> None:
    leds = Leds(STICKS, RGB, pin_factory=factory)
    leds.close()
    leds.close()
    with pytest.raises(HardwareError, match="cannot drive the stick LEDs"):
        leds.set_sticks([True] * 5)
    with pytest.raises(HardwareError, match="cannot read the LEDs"):
        leds.state()
    Leds(STICKS, RGB, pin_factory=factory).close()  # the pins were given back
