"""Push buttons that report debounced short and long presses.

Each button is active-low on a gpiozero ``Button`` with the internal pull-up. We
debounce in our own code rather than with gpiozero's ``bounce_time``, because the
mock pin factory does not simulate it and a debounce we cannot test is one we
cannot trust. Short versus long is decided on release: gpiozero fires
``when_pressed`` before ``when_held``, so only the release knows how long it was.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from gpiozero import Button

from hardware.errors import HardwareError, reported_as_hardware_error

logger = logging.getLogger(__name__)

PressHandler = Callable[[str, str], None]
"""Called as ``on_press(name, kind)`` with kind ``"short"`` or ``"long"``."""

EdgeHandler = Callable[[str, bool], None]
"""Called as ``on_edge(name, pressed)`` the moment a button goes down or comes up."""


@dataclass
class _Timing:
    """What one button's debouncer remembers between edges."""

    last_accepted_edge: float | None = None
    pressed_since: float | None = None


class Buttons:
    """Named buttons that call ``on_press(name, "short" | "long")`` once per release.

    An edge that comes within `debounce` seconds of the last accepted edge of the same
    button is contact bounce and is ignored. A press held for at least `hold_time`
    seconds is "long". `on_press` may be reassigned at any time; whatever it raises is
    logged, because it runs on gpiozero's callback thread and must not kill it.

    `on_edge`, when set, also hears each accepted edge as it happens, debounced the
    same way: ``on_edge(name, True)`` on the press, ``on_edge(name, False)`` on the
    release, just before that release's ``on_press``. It is for "show while held".
    """

    def __init__(
        self,
        pins: Mapping[str, int],
        on_press: PressHandler,
        hold_time: float = 0.8,
        debounce: float = 0.03,
        clock: Callable[[], float] = time.monotonic,
        *,
        pin_factory: Any = None,
        on_edge: EdgeHandler | None = None,
    ) -> None:
        _check_settings(pins, on_press, hold_time, debounce)
        self.on_press = on_press
        self.on_edge = on_edge
        self._hold_time = hold_time
        self._debounce = debounce
        self._clock = clock
        self._lock = threading.Lock()
        self._timing = {name: _Timing() for name in pins}
        self._buttons: dict[str, Any] = {}
        try:
            for name, pin in pins.items():
                with reported_as_hardware_error(f"cannot open button {name} on GPIO {pin}"):
                    button = Button(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                self._buttons[name] = button
                button.when_pressed = partial(self._on_edge, name, True)
                button.when_released = partial(self._on_edge, name, False)
        except HardwareError:
            self.close()  # release the pins already opened, so a retry can have them
            raise

    def pin(self, name: str) -> Any:
        """The gpiozero pin behind a button (a simulated box presses it with drive_low)."""
        try:
            return self._buttons[name].pin
        except KeyError:
            raise ValueError(f"there is no button {name!r}") from None

    def close(self) -> None:
        """Release the pins; safe to call more than once."""
        for button in self._buttons.values():
            button.close()

    def _on_edge(self, name: str, pressed: bool) -> None:
        now = self._clock()
        with self._lock:
            timing = self._timing[name]
            last = timing.last_accepted_edge
            if last is not None and now - last < self._debounce:
                return
            if pressed:
                # A press while we think the button is down means its release was a
                # bounce we ignored: start over from this press.
                timing.pressed_since = now
                timing.last_accepted_edge = now
                kind: str | None = None  # short or long is known only on release
            else:
                if timing.pressed_since is None:
                    return  # released without a press we saw, e.g. held down at start-up
                held_for = now - timing.pressed_since
                timing.pressed_since = None
                timing.last_accepted_edge = now
                kind = "long" if held_for >= self._hold_time else "short"
        self._report_edge(name, pressed)
        if kind is not None:
            self._report(name, kind)

    def _report_edge(self, name: str, pressed: bool) -> None:
        handler = self.on_edge
        if handler is None:
            return
        try:
            handler(name, pressed)
        except Exception:
            logger.exception("button %s: the edge handler failed", name)

    def _report(self, name: str, kind: str) -> None:
        try:
            self.on_press(name, kind)
        except Exception:
            logger.exception("button %s: the %s-press handler failed", name, kind)


def _check_settings(
    pins: Mapping[str, int], on_press: object, hold_time: float, debounce: float
) -> None:
    if not pins:
        raise ValueError("at least one button pin is needed")
    for name, pin in pins.items():
        if not isinstance(name, str) or not name:
            raise ValueError(f"button names must be non-empty strings, not {name!r}")
        if not isinstance(pin, int) or isinstance(pin, bool) or pin < 0:
            raise ValueError(f"button {name}: pin must be a GPIO number, not {pin!r}")
    if len(set(pins.values())) != len(pins):
        raise ValueError(f"two buttons share a pin: {dict(pins)}")
    if not callable(on_press):
        raise TypeError("on_press must be callable")
    if not 0 <= debounce < hold_time:
        raise ValueError(
            f"need 0 <= debounce < hold_time, got debounce={debounce}, hold_time={hold_time}"
        )
