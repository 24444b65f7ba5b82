"""Where the parts are wired, and how the display is set up.

Default pin map (BCM GPIO numbers; "pin" is the physical pin on the 40-pin header):

| part                 | GPIO   | pin   | wiring                                  |
| -------------------- | ------ | ----- | --------------------------------------- |
| button A (select)    | 5      | 29    | to GND when pressed (internal pull-up)  |
| button B (next/back) | 6      | 31    | to GND when pressed (internal pull-up)  |
| button C (action)    | 13     | 33    | to GND when pressed (internal pull-up)  |
| stick LED 1          | 17     | 11    | GPIO, resistor, LED, GND                |
| stick LED 2          | 27     | 13    | GPIO, resistor, LED, GND                |
| stick LED 3          | 22     | 15    | GPIO, resistor, LED, GND                |
| stick LED 4          | 23     | 16    | GPIO, resistor, LED, GND                |
| stick LED 5          | 24     | 18    | GPIO, resistor, LED, GND                |
| status LED red       | 16     | 36    | common-cathode RGB LED, a resistor each |
| status LED green     | 20     | 38    | software PWM (gpiozero RGBLED)          |
| status LED blue      | 21     | 40    |                                         |
| OLED SDA, SCL        | 2, 3   | 3, 5  | I2C bus 1, address 0x3C                 |
| buzzer               | 18     | 12    | passive piezo to GND (PWM tones)        |
| LED link TX, RX      | 14, 15 | 8, 10 | UART to the LED controller (or USB)     |

Kept free: GPIO 0/1 (HAT ID EEPROM) and 12, 19 (hardware PWM). docs/wiring.md has
the full wiring guide. The serial link is off until `serial_port` names a port.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BUTTON_NAMES = ("A", "B", "C")
DISPLAY_TYPES = ("ssd1306", "sh1106")
BUZZER_KINDS = ("passive", "active")  # a piezo that plays notes, or one that only beeps
HIGHEST_GPIO = 27  # the 40-pin header exposes GPIO 0..27
I2C1_PINS = (2, 3)


def _default_button_pins() -> dict[str, int]:
    return {"A": 5, "B": 6, "C": 13}


@dataclass
class HardwareConfig:
    """Pins, display and button timing; every field has a Raspberry Pi default."""

    button_pins: dict[str, int] = field(default_factory=_default_button_pins)
    stick_pins: tuple[int, ...] = (17, 27, 22, 23, 24)
    rgb_pins: tuple[int, int, int] = (16, 20, 21)
    display: str = "ssd1306"
    i2c_port: int = 1
    i2c_address: int = 0x3C
    rotate: int = 0
    contrast: int = 0x7F
    hold_time: float = 0.8
    debounce: float = 0.03
    dim_after: float = 60.0  # seconds without input before the OLED dims; 0: never
    buzzer_pin: int = 18
    buzzer: str = "passive"  # "passive" piezo (plays notes) or "active" (beeps)
    muted: bool = False
    serial_port: str = ""  # e.g. "/dev/ttyACM0" or "/dev/serial0"; empty: no LED link
    serial_baud: int = 115200

    def __post_init__(self) -> None:
        self.stick_pins = tuple(self.stick_pins)
        self.rgb_pins = tuple(self.rgb_pins)  # type: ignore[assignment]
        self._check_pins()
        if self.display not in DISPLAY_TYPES:
            raise ValueError(f"display must be one of {DISPLAY_TYPES}, not {self.display!r}")
        if not _is_int(self.i2c_port) or self.i2c_port < 0:
            raise ValueError(f"i2c_port must be a bus number, not {self.i2c_port!r}")
        if not _is_int(self.i2c_address) or not 0x03 <= self.i2c_address <= 0x77:
            raise ValueError(f"i2c_address must be 0x03..0x77, not {self.i2c_address!r}")
        # Screens draw 128x64 landscape frames; 1 and 3 would need portrait ones.
        if self.rotate not in (0, 2):
            raise ValueError(f"rotate must be 0 or 2 (upside down), not {self.rotate!r}")
        if not _is_int(self.contrast) or not 0 <= self.contrast <= 255:
            raise ValueError(f"contrast must be 0..255, not {self.contrast!r}")
        if not 0 <= self.debounce < self.hold_time:
            raise ValueError(
                f"need 0 <= debounce < hold_time, got {self.debounce} and {self.hold_time}"
            )
        if not _is_number(self.dim_after) or self.dim_after < 0:
            raise ValueError(f"dim_after must be seconds >= 0 (0: never), not {self.dim_after!r}")
        if self.buzzer not in BUZZER_KINDS:
            raise ValueError(f"buzzer must be one of {BUZZER_KINDS}, not {self.buzzer!r}")
        if not isinstance(self.muted, bool):
            raise ValueError(f"muted must be true or false, not {self.muted!r}")
        if not isinstance(self.serial_port, str):
            raise ValueError(f"serial_port must be a device path or URL, not {self.serial_port!r}")
        if not _is_int(self.serial_baud) or self.serial_baud <= 0:
            raise ValueError(f"serial_baud must be a positive rate, not {self.serial_baud!r}")

    def _check_pins(self) -> None:
        if not isinstance(self.button_pins, dict) or sorted(self.button_pins) != sorted(
            BUTTON_NAMES
        ):
            raise ValueError(
                f"button_pins must name buttons {BUTTON_NAMES}, not {self.button_pins}"
            )
        if len(self.stick_pins) != 5:
            raise ValueError(f"stick_pins needs 5 pins, got {len(self.stick_pins)}")
        if len(self.rgb_pins) != 3:
            raise ValueError(f"rgb_pins needs 3 pins (red, green, blue), got {len(self.rgb_pins)}")
        pins = [*self.button_pins.values(), *self.stick_pins, *self.rgb_pins, self.buzzer_pin]
        for pin in pins:
            if not _is_int(pin) or not 0 <= pin <= HIGHEST_GPIO:
                raise ValueError(f"GPIO pins must be 0..{HIGHEST_GPIO}, not {pin!r}")
        doubled = sorted({pin for pin in pins if pins.count(pin) > 1})
        if doubled:
            raise ValueError(f"GPIO {', '.join(map(str, doubled))} used by more than one part")
        if self.i2c_port == 1 and set(pins) & set(I2C1_PINS):
            raise ValueError("GPIO 2 and 3 carry I2C bus 1 (the display); pick other pins")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
