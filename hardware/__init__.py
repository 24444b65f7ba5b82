"""Buttons, display, LEDs, buzzer and serial LED link behind small interfaces.

`build` makes them all from a config. Simulated parts run the very same classes on
gpiozero's ``MockFactory`` (with PWM pins, for the RGB LED and the buzzer) and luma's
in-memory ``dummy`` display. Every simulated build gets a MockFactory of its own,
handed to each device, so two builds never share pins and gpiozero's global
``Device.pin_factory`` is left alone; its pins remember only their last
`PIN_HISTORY` changes (gpiozero's mock pins keep every change ever made, so a box
simulated all evening grew with every game). Real parts use gpiozero's default factory
(lgpio on a Pi; ``GPIOZERO_PIN_FACTORY`` picks another).

A part that cannot be opened (a pin taken or missing, no display on the bus, no
serial device) never stops the box: `build` still returns, the part reports why in
`Hardware.health()`, and it is retried in the background (`hardware.part`).

The default pin map is in `hardware.config`; the wiring guide in docs/wiring.md.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.device import dummy

from hardware.buttons import Buttons, PressHandler
from hardware.buzzer import Buzzer, open_sounder
from hardware.config import HardwareConfig
from hardware.display import Display, open_oled
from hardware.errors import HardwareError, reported_as_hardware_error
from hardware.leds import Leds
from hardware.part import DEFAULT_BACKOFF, Backoff, HealthSignal
from hardware.serial_link import SerialLink
from hardware.serial_protocol import OFF, SeatLight
from hardware.supervised import SupervisedButtons, SupervisedLeds

__all__ = [
    "OFF",
    "Buttons",
    "Buzzer",
    "Display",
    "Hardware",
    "HardwareConfig",
    "HardwareError",
    "Leds",
    "SeatLight",
    "SerialLink",
    "build",
    "is_raspberry_pi",
]

logger = logging.getLogger(__name__)

DEVICE_TREE_MODEL = Path("/proc/device-tree/model")
PIN_HISTORY = 64  # state changes a simulated pin keeps (gpiozero's mock keeps all)


class BoundedMockPin(MockPWMPin):
    """gpiozero's mock PWM pin, whose `states` history keeps only the last changes."""

    states: deque[Any]

    def clear_states(self) -> None:
        super().clear_states()
        self.states = deque(self.states, maxlen=PIN_HISTORY)


def simulated_pin_factory() -> MockFactory:
    """A MockFactory of its own for a simulated box, with bounded pins."""
    return MockFactory(pin_class=BoundedMockPin)


@dataclass
class Hardware:
    """The box's parts, and the gpiozero pin factory they run on."""

    buttons: SupervisedButtons
    display: Display
    leds: SupervisedLeds
    buzzer: Buzzer
    serial: SerialLink | None  # None when no serial port is configured
    factory: Any
    health_signal: HealthSignal

    def health(self) -> dict[str, dict[str, Any]]:
        """Each part's ``{"healthy": bool, "error": str | None, ...}``."""
        parts: dict[str, dict[str, Any]] = {
            "display": self.display.health(),
            "buttons": self.buttons.health(),
            "leds": self.leds.health(),
            "buzzer": self.buzzer.health(),
        }
        if self.serial is not None:
            parts["serial"] = self.serial.health()
        return parts

    @property
    def healthy(self) -> bool:
        return all(part["healthy"] for part in self.health().values())

    def close(self) -> None:
        """Release every part; safe to call more than once."""
        if self.serial is not None:
            self.serial.close()
        self.buzzer.close()
        self.buttons.close()
        self.leds.close()
        self.display.close()
        # A MockFactory belongs to this build alone. The real factory is gpiozero's
        # process-wide default, which gpiozero closes itself at exit.
        if isinstance(self.factory, MockFactory):
            self.factory.close()


def build(
    config: HardwareConfig,
    simulate: bool,
    *,
    on_press: PressHandler | None = None,
    pin_factory: Any = None,
    open_display: Callable[[], Any] | None = None,
    backoff: Backoff = DEFAULT_BACKOFF,
) -> Hardware:
    """Open every part described by `config`; a part that cannot be opened is retried.

    Raises HardwareError only when there is no way to reach GPIO pins at all (real
    hardware asked for on a machine without them). `pin_factory` and `open_display`
    replace the simulated or real backends (tests inject faults through them). Until
    `on_press` is given here or set on `buttons.on_press`, presses are dropped.
    """
    if pin_factory is not None:
        factory = pin_factory
    elif simulate:
        factory = simulated_pin_factory()
    else:
        factory = _default_pin_factory()
    if open_display is None:
        open_display = _display_opener(config, simulate)
    signal = HealthSignal()
    options: dict[str, Any] = {"backoff": backoff, "health_signal": signal}
    buttons = SupervisedButtons(
        lambda handler: Buttons(
            config.button_pins,
            handler,
            hold_time=config.hold_time,
            debounce=config.debounce,
            pin_factory=factory,
        ),
        on_press or _drop_press,
        **options,
    )
    leds = SupervisedLeds(
        partial(Leds, config.stick_pins, config.rgb_pins, pin_factory=factory), **options
    )
    buzzer = Buzzer(
        partial(open_sounder, config.buzzer, config.buzzer_pin, factory),
        muted=config.muted,
        **options,
    )
    serial = (
        SerialLink.on_port(config.serial_port, config.serial_baud, **options)
        if config.serial_port
        else None
    )
    display = Display(open_display, contrast=config.contrast, **options)
    return Hardware(
        buttons=buttons,
        display=display,
        leds=leds,
        buzzer=buzzer,
        serial=serial,
        factory=factory,
        health_signal=signal,
    )


def _display_opener(config: HardwareConfig, simulate: bool) -> Callable[[], Any]:
    if simulate:
        return partial(dummy, width=128, height=64, mode="1")
    return partial(
        open_oled,
        config.display,
        config.i2c_port,
        config.i2c_address,
        config.rotate,
        config.contrast,
    )


def is_raspberry_pi(model_path: Path = DEVICE_TREE_MODEL) -> bool:
    """True when the device tree says this is a Raspberry Pi; False if it cannot be read."""
    try:
        model = model_path.read_bytes()
    except OSError:
        return False
    return model.rstrip(b"\0").decode("utf-8", "replace").startswith("Raspberry Pi")


def _default_pin_factory() -> Any:
    with reported_as_hardware_error("cannot reach the GPIO pins"):
        Device.ensure_pin_factory()
    return Device.pin_factory


def _drop_press(name: str, kind: str) -> None:
    logger.debug("button %s %s press dropped: nothing is listening yet", name, kind)
