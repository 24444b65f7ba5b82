"""Buttons, display and LEDs behind small interfaces; `build` makes all three from a config.

Simulated parts run the very same classes on gpiozero's ``MockFactory`` (with PWM pins,
for the RGB LED) and luma's in-memory ``dummy`` display. Every simulated build gets a
MockFactory of its own, handed to each device, so two builds never share pins and
gpiozero's global ``Device.pin_factory`` is left alone. Real parts use gpiozero's
default factory (lgpio on a Pi; ``GPIOZERO_PIN_FACTORY`` picks another).

The default pin map is in `hardware.config`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.device import dummy

from hardware.buttons import Buttons, PressHandler
from hardware.config import HardwareConfig
from hardware.display import Display, open_oled
from hardware.errors import HardwareError, reported_as_hardware_error
from hardware.leds import Leds

__all__ = [
    "Buttons",
    "Display",
    "Hardware",
    "HardwareConfig",
    "HardwareError",
    "Leds",
    "build",
    "is_raspberry_pi",
]

logger = logging.getLogger(__name__)

DEVICE_TREE_MODEL = Path("/proc/device-tree/model")


@dataclass
class Hardware:
    """The box's parts, and the gpiozero pin factory they run on."""

    buttons: Buttons
    display: Display
    leds: Leds
    factory: Any

    def close(self) -> None:
        """Release every part; safe to call more than once."""
        self.buttons.close()
        self.leds.close()
        self.display.close()
        # A MockFactory belongs to this build alone. The real factory is gpiozero's
        # process-wide default, which gpiozero closes itself at exit.
        if isinstance(self.factory, MockFactory):
            self.factory.close()


def build(
    config: HardwareConfig, simulate: bool, *, on_press: PressHandler | None = None
) -> Hardware:
    """Open the buttons, LEDs and display described by `config`.

    Raises HardwareError if a pin cannot be opened (nothing stays reserved then). A
    missing display does not raise: `display.healthy` is False and it keeps retrying.
    Until `on_press` is given here or set on `buttons.on_press`, presses are dropped.
    """
    factory = MockFactory(pin_class=MockPWMPin) if simulate else _default_pin_factory()
    buttons = Buttons(
        config.button_pins,
        on_press or _drop_press,
        hold_time=config.hold_time,
        debounce=config.debounce,
        pin_factory=factory,
    )
    try:
        leds = Leds(config.stick_pins, config.rgb_pins, pin_factory=factory)
    except HardwareError:
        buttons.close()
        raise
    if simulate:
        open_device = partial(dummy, width=128, height=64, mode="1")
    else:
        open_device = partial(
            open_oled,
            config.display,
            config.i2c_port,
            config.i2c_address,
            config.rotate,
            config.contrast,
        )
    return Hardware(buttons=buttons, display=Display(open_device), leds=leds, factory=factory)


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
