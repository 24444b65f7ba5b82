"""The OLED: send a frame only when it changed, and survive a display that goes away.

`Display` wraps any luma device made by an `open_device` callable: the real
SSD1306/SH1106 on I2C (`open_oled`) or luma's in-memory ``dummy`` when simulated.
A display that cannot be opened, or fails while a frame is sent, never raises into
the caller: `healthy` turns False, `error` says why (logged once per outage), and a
background thread reopens it with backoff (`hardware.part`) and resends the frame.
Idle dimming lowers the contrast; every (re)opened display gets the current level.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from luma.core.error import Error as LumaError
from PIL import Image

from hardware.part import DEFAULT_BACKOFF, Backoff, HealthSignal, Part, ReportsHealth

OLED_DRIVERS = ("ssd1306", "sh1106")

# What an absent, unplugged or unreadable I2C display raises, through luma or smbus2.
DISPLAY_FAILURES = (OSError, LumaError)

# "No operation" on both SSD1306 and SH1106: a cheap way to ask whether anything answers.
_NOP_COMMAND = 0xE3

# Contrast while idle: the lowest level, still readable in a dim room, easy on the OLED.
DIM_CONTRAST = 0


class Display(ReportsHealth):
    """One luma device behind `show(image)`; thread-safe."""

    def __init__(
        self,
        open_device: Callable[[], Any],
        *,
        width: int = 128,
        height: int = 64,
        mode: str = "1",
        contrast: int = 0x7F,
        backoff: Backoff = DEFAULT_BACKOFF,
        health_signal: HealthSignal | None = None,
    ) -> None:
        self._size = (width, height)
        self._mode = mode
        self._contrast = contrast
        self._dimmed = False
        self._lock = threading.Lock()
        self._image = Image.new(mode, self._size)  # what a freshly opened OLED shows
        self._shown_any = False
        self._sent: bytes | None = None
        self._frames_sent = 0
        self._part: Part[Any] = Part(
            "the display",
            open_device,
            close_part=_switch_off,
            discard_part=_drop,
            on_open=self._set_up,
            failures=DISPLAY_FAILURES,
            backoff=backoff,
            health_signal=health_signal,
        )

    @property
    def image(self) -> Image.Image:
        """A copy of the last frame given to `show` (a blank frame before the first)."""
        with self._lock:
            return self._image.copy()

    @property
    def frames_sent(self) -> int:
        """Frames that actually went to the device (unchanged frames are not sent)."""
        return self._frames_sent

    @property
    def dimmed(self) -> bool:
        return self._dimmed

    def show(self, image: Image.Image) -> None:
        """Make `image` the current frame; it is sent only if it differs from the last one
        sent. Raises only for a frame of the wrong size or mode."""
        self._check_frame(image)
        with self._lock:
            self._image = image.copy()
            self._shown_any = True
        self._part.use(self._send_current)

    def set_dimmed(self, dimmed: bool) -> None:
        """Turn the brightness down (idle) or back to the configured contrast."""
        self._dimmed = dimmed
        self._part.use(self._apply_contrast)

    def close(self) -> None:
        """Switch the display off and release the bus; safe to call more than once.
        Frames shown afterwards are kept in `image` but not sent."""
        self._part.close()

    def _check_frame(self, image: object) -> None:
        if not isinstance(image, Image.Image):
            raise TypeError(f"show() needs a PIL image, got {type(image).__name__}")
        if image.size != self._size or image.mode != self._mode:
            raise ValueError(
                f"frame must be {self._size[0]}x{self._size[1]} mode {self._mode!r}, "
                f"got {image.size[0]}x{image.size[1]} mode {image.mode!r}"
            )

    def _set_up(self, device: Any) -> None:
        # A freshly opened display shows nothing: resend the frame it should show.
        self._sent = None
        self._apply_contrast(device)
        if self._shown_any:
            self._send_current(device)

    def _apply_contrast(self, device: Any) -> None:
        device.contrast(DIM_CONTRAST if self._dimmed else self._contrast)

    def _send_current(self, device: Any) -> None:
        with self._lock:
            frame = self._image
        pixels = frame.tobytes()
        if pixels == self._sent:
            return
        device.display(frame)
        self._sent = pixels
        self._frames_sent += 1


def _switch_off(device: Any) -> None:
    device.cleanup()


def _drop(device: Any) -> None:
    # Reopen rather than reuse: a replugged controller has lost its set-up, and only
    # luma's constructor sends it. persist=True makes cleanup() skip the switch-off
    # commands, which would fail too, and just close the bus.
    device.persist = True
    device.cleanup()


def open_oled(driver: str, port: int, address: int, rotate: int, contrast: int) -> Any:
    """Open an SSD1306 or SH1106 on I2C; raises OSError or luma's Error if none answers."""
    if driver not in OLED_DRIVERS:
        raise ValueError(f"display must be one of {sorted(OLED_DRIVERS)}, not {driver!r}")
    # Imported here, not at the top: only a real OLED needs the I2C drivers, and with
    # what they import they take 1.5 MB of the 50 MB the device may use.
    from luma.core.interface.serial import i2c
    from luma.oled import device as oled

    serial = i2c(port=port, address=address)
    try:
        # Probe before building the device: luma registers an atexit hook for every
        # device it builds, so building one per retry for an absent display would leak.
        serial.command(_NOP_COMMAND)
        device = getattr(oled, driver)(serial, rotate=rotate)
        device.contrast(contrast)
    except BaseException:
        serial.cleanup()
        raise
    return device
