"""The OLED: send a frame only when it changed, and survive a display that goes away.

`Display` wraps any luma device made by an `open_device` callable: the real
SSD1306/SH1106 on I2C (`open_oled`) or luma's in-memory ``dummy`` when simulated.
A display that cannot be opened, or fails while a frame is sent, never raises into
the caller: `healthy` turns False, `error` says why (logged once per outage), and the
next `show` after `retry_after` seconds opens the device afresh and resends.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from luma.core.error import Error as LumaError
from luma.core.interface.serial import i2c
from luma.oled.device import sh1106, ssd1306
from PIL import Image

from hardware.errors import describe

logger = logging.getLogger(__name__)

OLED_DRIVERS: dict[str, Any] = {"ssd1306": ssd1306, "sh1106": sh1106}

# What an absent, unplugged or unreadable I2C display raises, through luma or smbus2.
DISPLAY_FAILURES = (OSError, LumaError)

# "No operation" on both SSD1306 and SH1106: a cheap way to ask whether anything answers.
_NOP_COMMAND = 0xE3


class Display:
    """One luma device behind `show(image)`; thread-safe."""

    def __init__(
        self,
        open_device: Callable[[], Any],
        *,
        width: int = 128,
        height: int = 64,
        mode: str = "1",
        retry_after: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if retry_after <= 0:
            raise ValueError(f"retry_after must be positive, got {retry_after}")
        self._open_device = open_device
        self._size = (width, height)
        self._mode = mode
        self._retry_after = retry_after
        self._clock = clock
        self._lock = threading.Lock()
        self._device: Any = None
        self._image = Image.new(mode, self._size)  # what a freshly opened OLED shows
        self._sent: bytes | None = None
        self._frames_sent = 0
        self._healthy = False
        self._error: str | None = None
        self._retry_at = 0.0
        self._closed = False
        with self._lock:
            self._open()

    @property
    def image(self) -> Image.Image:
        """A copy of the last frame given to `show` (a blank frame before the first)."""
        with self._lock:
            return self._image.copy()

    @property
    def healthy(self) -> bool:
        return self._healthy

    @property
    def error(self) -> str | None:
        """Why the display is not healthy, or None when it is."""
        return self._error

    @property
    def frames_sent(self) -> int:
        """Frames that actually went to the device (unchanged frames are not sent)."""
        return self._frames_sent

    def show(self, image: Image.Image) -> None:
        """Make `image` the current frame; it is sent only if it differs from the last one
        sent. Raises only for a frame of the wrong size or mode."""
        self._check_frame(image)
        frame = image.copy()
        pixels = frame.tobytes()
        with self._lock:
            self._image = frame
            if self._closed:
                return
            if self._device is None:
                if self._clock() < self._retry_at:
                    return
                self._open()
                if self._device is None:
                    return
            if pixels == self._sent:
                return
            try:
                self._device.display(frame)
            except DISPLAY_FAILURES as exc:
                self._fail("the display stopped responding", exc)
                self._discard_device()
                return
            self._sent = pixels
            self._frames_sent += 1

    def close(self) -> None:
        """Switch the display off and release the bus; safe to call more than once.
        Frames shown afterwards are kept in `image` but not sent."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            device, self._device = self._device, None
            if device is None:
                return
            try:
                device.cleanup()
            except DISPLAY_FAILURES as exc:
                logger.warning("could not switch the display off: %s", describe(exc))

    def _check_frame(self, image: object) -> None:
        if not isinstance(image, Image.Image):
            raise TypeError(f"show() needs a PIL image, got {type(image).__name__}")
        if image.size != self._size or image.mode != self._mode:
            raise ValueError(
                f"frame must be {self._size[0]}x{self._size[1]} mode {self._mode!r}, "
                f"got {image.size[0]}x{image.size[1]} mode {image.mode!r}"
            )

    def _open(self) -> None:
        try:
            self._device = self._open_device()
        except DISPLAY_FAILURES as exc:
            self._fail("cannot open the display", exc)
            return
        self._sent = None  # a freshly opened display shows nothing: resend the frame
        if self._error is not None:
            logger.info("display is back after: %s", self._error)
        self._healthy = True
        self._error = None

    def _fail(self, what: str, exc: BaseException) -> None:
        message = f"{what}: {describe(exc)}"
        if self._error is None:
            logger.warning("%s (retrying every %g s)", message, self._retry_after)
        self._healthy = False
        self._error = message
        self._retry_at = self._clock() + self._retry_after

    def _discard_device(self) -> None:
        # Reopen rather than reuse: a replugged controller has lost its set-up, and
        # only luma's constructor sends it. persist=True makes cleanup() skip the
        # switch-off commands, which would fail too, and just close the bus.
        device, self._device = self._device, None
        try:
            device.persist = True
            device.cleanup()
        except DISPLAY_FAILURES as exc:
            logger.debug("closing the failed display: %s", describe(exc))


def open_oled(driver: str, port: int, address: int, rotate: int, contrast: int) -> Any:
    """Open an SSD1306 or SH1106 on I2C; raises OSError or luma's Error if none answers."""
    if driver not in OLED_DRIVERS:
        raise ValueError(f"display must be one of {sorted(OLED_DRIVERS)}, not {driver!r}")
    serial = i2c(port=port, address=address)
    try:
        # Probe before building the device: luma registers an atexit hook for every
        # device it builds, so building one per retry for an absent display would leak.
        serial.command(_NOP_COMMAND)
        device = OLED_DRIVERS[driver](serial, rotate=rotate)
        device.contrast(contrast)
    except BaseException:
        serial.cleanup()
        raise
    return device
