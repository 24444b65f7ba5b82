"""The box: buttons, OLED and LEDs around the Table (device/box/core.py names its parts)."""

from device.box.core import (
    BUTTON_NAMES,
    DIMMED_PIXEL,
    FAULT_COLOUR,
    LIT_PIXEL,
    STATUS_COLOURS,
    Box,
    oled_png,
    throw_label,
    turn_lights,
)

__all__ = [
    "BUTTON_NAMES",
    "DIMMED_PIXEL",
    "FAULT_COLOUR",
    "LIT_PIXEL",
    "STATUS_COLOURS",
    "Box",
    "oled_png",
    "throw_label",
    "turn_lights",
]
