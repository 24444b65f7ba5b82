"""Buttons and LEDs that keep the box running when their pins cannot be opened.

Each wraps the plain class (`Buttons`, `Leds`) in a `Part`: if a pin is taken by
another device or missing, the box carries on without that part, `healthy` and
`error` say why, and the pins are retried in the background. The LEDs remember what
they should show and show it the moment they open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hardware.buttons import Buttons, EdgeHandler, PressHandler
from hardware.errors import HardwareError
from hardware.leds import STICK_COUNT, Colour, Leds, checked_colour, checked_sticks
from hardware.part import DEFAULT_BACKOFF, Backoff, HealthSignal, Part, ReportsHealth

DARK: dict[str, list[Any]] = {"sticks": [False] * STICK_COUNT, "status": [0.0, 0.0, 0.0]}


class SupervisedButtons(ReportsHealth):
    """Named buttons; presses go to `on_press(name, kind)`, which may be reassigned,
    and each press and release as it happens to `on_edge(name, pressed)`, if set."""

    def __init__(
        self,
        open_buttons: Callable[[PressHandler], Buttons],
        on_press: PressHandler,
        *,
        backoff: Backoff = DEFAULT_BACKOFF,
        health_signal: HealthSignal | None = None,
    ) -> None:
        self.on_press = on_press
        self.on_edge: EdgeHandler | None = None
        self._part = Part(
            "the buttons",
            lambda: open_buttons(self._forward),
            close_part=Buttons.close,
            on_open=self._listen_to_edges,
            backoff=backoff,
            health_signal=health_signal,
        )

    def pin(self, name: str) -> Any:
        """The gpiozero pin behind a button; HardwareError while the buttons are down."""
        pin = self._part.use(lambda buttons: buttons.pin(name))
        if pin is None:
            raise HardwareError(f"the buttons are not working: {self.error}")
        return pin

    def close(self) -> None:
        self._part.close()

    def _forward(self, name: str, kind: str) -> None:
        self.on_press(name, kind)

    def _listen_to_edges(self, buttons: Buttons) -> None:
        buttons.on_edge = self._forward_edge

    def _forward_edge(self, name: str, pressed: bool) -> None:
        if self.on_edge is not None:
            self.on_edge(name, pressed)


class SupervisedLeds(ReportsHealth):
    """The stick LEDs and status LED; what they should show survives an outage."""

    def __init__(
        self,
        open_leds: Callable[[], Leds],
        *,
        backoff: Backoff = DEFAULT_BACKOFF,
        health_signal: HealthSignal | None = None,
    ) -> None:
        self._sticks = [False] * STICK_COUNT
        self._status: Colour = (0.0, 0.0, 0.0)
        self._part = Part(
            "the LEDs",
            open_leds,
            close_part=Leds.close,
            on_open=self._show_wanted,
            backoff=backoff,
            health_signal=health_signal,
        )

    def set_sticks(self, lit: Sequence[bool]) -> None:
        """Light exactly the sticks whose entry is True (once the pins work)."""
        self._sticks = checked_sticks(lit)
        self._part.use(lambda leds: leds.set_sticks(self._sticks))

    def set_status(self, colour: Sequence[float]) -> None:
        """Set the status LED to (red, green, blue), each 0..1 (once the pins work)."""
        self._status = checked_colour(colour)
        self._part.use(lambda leds: leds.set_status(self._status))

    def state(self) -> dict[str, list[Any]]:
        """What the pins drive: all dark while the LEDs cannot be opened."""
        return self._part.use(Leds.state) or {key: list(value) for key, value in DARK.items()}

    def close(self) -> None:
        self._part.close()

    def _show_wanted(self, leds: Leds) -> None:
        leds.set_sticks(self._sticks)
        leds.set_status(self._status)
