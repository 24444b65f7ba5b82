"""The five stick LEDs and the RGB status LED.

State is always read back from the gpiozero devices, never from a copy of our own,
so what `state()` reports is what the pins are driving.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from gpiozero import LED, RGBLED

from hardware.errors import HardwareError, reported_as_hardware_error

STICK_COUNT = 5

Colour = tuple[float, float, float]


class Leds:
    """Stick LEDs (on/off) and one RGB status LED (each channel 0..1, PWM)."""

    def __init__(
        self,
        stick_pins: Sequence[int],
        rgb_pins: tuple[int, int, int],
        *,
        pin_factory: Any = None,
    ) -> None:
        if len(stick_pins) != STICK_COUNT:
            raise ValueError(f"need {STICK_COUNT} stick LED pins, got {len(stick_pins)}")
        if len(rgb_pins) != 3:
            raise ValueError(f"the status LED needs 3 pins (red, green, blue), got {rgb_pins!r}")
        self._sticks: list[Any] = []
        self._status: Any = None
        try:
            for number, pin in enumerate(stick_pins, start=1):
                with reported_as_hardware_error(f"cannot open stick LED {number} on GPIO {pin}"):
                    self._sticks.append(LED(pin, pin_factory=pin_factory))
            red, green, blue = rgb_pins
            with reported_as_hardware_error(
                f"cannot open the status LED on GPIO {red}, {green}, {blue} (red, green, blue)"
            ):
                self._status = RGBLED(red, green, blue, pin_factory=pin_factory)
        except HardwareError:
            self.close()  # release the pins already opened, so a retry can have them
            raise

    def set_sticks(self, lit: Sequence[bool]) -> None:
        """Light exactly the sticks whose entry is True."""
        lit = checked_sticks(lit)
        with reported_as_hardware_error("cannot drive the stick LEDs"):
            for led, on in zip(self._sticks, lit, strict=True):
                led.value = on

    def set_status(self, colour: Sequence[float]) -> None:
        """Set the status LED to (red, green, blue), each a brightness from 0 to 1."""
        colour = checked_colour(colour)
        with reported_as_hardware_error("cannot drive the status LED"):
            self._status.value = colour

    def state(self) -> dict[str, list[Any]]:
        """``{"sticks": [bool] * 5, "status": [r, g, b]}`` as the devices report it."""
        with reported_as_hardware_error("cannot read the LEDs"):
            return {
                "sticks": [bool(led.is_lit) for led in self._sticks],
                "status": [float(channel) for channel in self._status.value],
            }

    def close(self) -> None:
        """Release the pins (the LEDs go dark); safe to call more than once."""
        for led in self._sticks:
            led.close()
        if self._status is not None:
            self._status.close()


def checked_sticks(lit: Sequence[bool]) -> list[bool]:
    """`lit` as a list of five booleans; ValueError for anything else."""
    if not _is_sequence(lit) or len(lit) != STICK_COUNT:
        raise ValueError(f"need {STICK_COUNT} booleans for the sticks, got {lit!r}")
    if not all(isinstance(on, bool) for on in lit):
        raise ValueError(f"stick states must be True or False, got {list(lit)!r}")
    return list(lit)


def checked_colour(colour: Sequence[float]) -> Colour:
    """`colour` as a (red, green, blue) tuple of floats 0..1; ValueError for anything else."""
    if not _is_sequence(colour) or len(colour) != 3:
        raise ValueError(f"status colour must be (red, green, blue), got {colour!r}")
    for channel in colour:
        if (
            not isinstance(channel, int | float)
            or isinstance(channel, bool)
            or not math.isfinite(channel)
            or not 0 <= channel <= 1
        ):
            raise ValueError(f"status colour channels must be numbers 0..1, got {colour!r}")
    red, green, blue = (float(channel) for channel in colour)
    return (red, green, blue)


def _is_sequence(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)
