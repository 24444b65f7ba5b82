"""The OLED: send a frame only when it changed, off the caller's thread, and survive a
display that goes away or stops answering.

`Display` wraps any luma device made by an `open_device` callable: the real
SSD1306/SH1106 on I2C (`open_oled`) or luma's in-memory ``dummy`` when simulated.

`show(image)` and `set_dimmed(dimmed)` only record what the display should show and
return at once: one writer thread sends it, and keeps only the newest frame, so a
slow bus drops the frames in between instead of queueing them. The writer does the
caller's work at the caller's OS priority (Linux's niceness, per thread): the box's
render thread runs behind the phones' streams, and so does its OLED's I2C work.

Nothing the display does reaches the caller:
- a write that fails in any way (OSError, luma's errors, anything else) closes the
  display: `healthy` turns False, `error` says why (logged once per outage), and a
  background thread reopens it with backoff (`hardware.part`) and resends the
  current frame and contrast;
- a write that has not returned after `write_timeout` seconds turns `healthy` False
  ("not answering", logged once) while the caller goes on; when the write returns,
  the newest frame is sent again, and the display is healthy once a write is in time.
Idle dimming lowers the contrast; every (re)opened display gets the current level.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from luma.core.error import Error as LumaError
from PIL import Image

from hardware.errors import HardwareError, reported_as_hardware_error
from hardware.part import (
    DEFAULT_BACKOFF,
    Backoff,
    HealthSignal,
    Part,
    ReportsHealth,
    Watchdog,
)

logger = logging.getLogger(__name__)

OLED_DRIVERS = ("ssd1306", "sh1106")

# What an absent, unplugged or unreadable I2C display raises, through luma or smbus2,
# when it is opened; once open, any error of a write is reported as a HardwareError.
DISPLAY_FAILURES = (OSError, LumaError, HardwareError)

# "No operation" on both SSD1306 and SH1106: a cheap way to ask whether anything answers.
_NOP_COMMAND = 0xE3

# Contrast while idle: the lowest level, still readable in a dim room, easy on the OLED.
DIM_CONTRAST = 0

# Seconds a write may take before the display counts as not answering: a full frame
# is ~1 KB, 23 ms at 400 kHz and under 0.1 s at 100 kHz.
WRITE_TIMEOUT = 1.0


class Display(ReportsHealth):
    """One luma device behind `show(image)`; thread-safe, never blocks the caller."""

    def __init__(
        self,
        open_device: Callable[[], Any],
        *,
        width: int = 128,
        height: int = 64,
        mode: str = "1",
        contrast: int = 0x7F,
        write_timeout: float = WRITE_TIMEOUT,
        backoff: Backoff = DEFAULT_BACKOFF,
        health_signal: HealthSignal | None = None,
    ) -> None:
        self._size = (width, height)
        self._mode = mode
        self._contrast = contrast
        self._write_timeout = write_timeout
        self._condition = threading.Condition()
        # What the display should show (with `_condition` held):
        self._image = Image.new(mode, self._size)  # what a freshly opened OLED shows
        self._pixels = self._image.tobytes()
        self._shown_any = False
        self._dimmed = False
        self._wanted = 0  # counts the changes the writer should send...
        self._done = 0  # ...and this, the count it has sent
        self._opens = 0  # counts the (re)opens of the device
        self._frames_sent = 0
        self._closed = False
        self._writer: threading.Thread | None = None
        self._callers_niceness: int | None = None  # of the thread that last asked
        # What the device shows, None when unknown (with the part's lock held):
        self._pixels_on_device: bytes | None = None
        self._contrast_on_device: int | None = None
        self._frames_written = 0
        self._watchdog = Watchdog("the display", write_timeout, self._not_answering)
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
        with self._condition:
            return self._image.copy()

    @property
    def frames_sent(self) -> int:
        """Frames handed to the working display for sending: each `show` of a frame
        that differs from the one before, while the display is healthy (unchanged
        frames, and frames shown while it is down or closed, are not counted)."""
        return self._frames_sent

    @property
    def frames_written(self) -> int:
        """Frames that actually reached the device, resent ones included (a frame
        replaced before the writer got to it never does)."""
        return self._frames_written

    @property
    def dimmed(self) -> bool:
        return self._dimmed

    def show(self, image: Image.Image) -> None:
        """Make `image` the current frame and return; the writer sends it if it differs
        from the last one. Raises only for a frame of the wrong size or mode."""
        self._check_frame(image)
        frame = image.copy()
        pixels = frame.tobytes()
        with self._condition:
            changed = pixels != self._pixels or not self._shown_any
            self._image, self._pixels, self._shown_any = frame, pixels, True
            if changed:
                if not self._closed and self._part.healthy:
                    self._frames_sent += 1
                self._changed()

    def set_dimmed(self, dimmed: bool) -> None:
        """Turn the brightness down (idle) or back to the configured contrast; returns
        at once, the writer sends it."""
        dimmed = bool(dimmed)
        with self._condition:
            if dimmed != self._dimmed:
                self._dimmed = dimmed
                self._changed()

    def wait_until_sent(self, timeout: float) -> bool:
        """Wait until the device shows the current frame and contrast and is healthy;
        False after `timeout` seconds (a display that is down, hung or closed)."""
        with self._condition:
            self._start_writer()
            return self._condition.wait_for(self._sent_or_closed, timeout) and not self._closed

    def close(self) -> None:
        """Switch the display off and release the bus; safe to call more than once.
        Frames shown afterwards are kept in `image` but not sent. Waits at most
        `write_timeout` for a write in progress: a hung display is closed by the
        writer when (if ever) its write returns."""
        with self._condition:
            self._closed = True
            self._condition.notify_all()
            writer = self._writer
        if writer is None:
            self._watchdog.close()
            self._part.close()
        elif writer is not threading.current_thread():
            writer.join(timeout=self._write_timeout)

    # --- the caller's side ------------------------------------------------------------

    def _check_frame(self, image: object) -> None:
        if not isinstance(image, Image.Image):
            raise TypeError(f"show() needs a PIL image, got {type(image).__name__}")
        if image.size != self._size or image.mode != self._mode:
            raise ValueError(
                f"frame must be {self._size[0]}x{self._size[1]} mode {self._mode!r}, "
                f"got {image.size[0]}x{image.size[1]} mode {image.mode!r}"
            )

    def _changed(self) -> None:
        """Something the writer should send changed (call with `_condition` held)."""
        self._wanted += 1
        self._callers_niceness = _niceness()
        self._start_writer()
        self._condition.notify_all()

    def _start_writer(self) -> None:
        """Start the writer once (call with `_condition` held)."""
        if self._writer is None and not self._closed:
            self._writer = threading.Thread(
                target=self._write_loop, name="display writer", daemon=True
            )
            self._writer.start()

    def _sent_or_closed(self) -> bool:
        return self._closed or (self._done == self._wanted and self._part.healthy)

    # --- the writer -------------------------------------------------------------------

    def _write_loop(self) -> None:
        probe = False  # send even what the device shows: is it answering in time again?
        down_at = -1  # the count of opens when the device was found down
        niceness = _niceness()
        while True:
            with self._condition:
                self._condition.wait_for(partial(self._has_work, down_at, probe))
                if self._closed:
                    break
                opens, callers_niceness = self._opens, self._callers_niceness
            if callers_niceness is not None and callers_niceness != niceness:
                niceness = callers_niceness
                _set_niceness(niceness)
            with self._watchdog.watching() as watch:
                done = self._part.use(partial(self._write, force=probe))
            if done is None:
                # Down (now, or before we got to it): the part reopens it and `_set_up`
                # resends everything, then counts an open, which wakes us.
                down_at, probe = opens, False
                continue
            probe = watch.late
            if not watch.late:
                self._part.resume()
            with self._condition:
                self._done = done
                self._condition.notify_all()
        self._watchdog.close()
        self._part.close()
        with self._condition:
            self._condition.notify_all()

    def _has_work(self, down_at: int, probe: bool) -> bool:
        if self._closed:
            return True
        return self._opens != down_at and (probe or self._done != self._wanted)

    def _write(self, device: Any, *, force: bool = False) -> int:
        with reported_as_hardware_error("the display stopped working"):
            return self._send(device, force=force)

    def _set_up(self, device: Any) -> None:
        # A freshly opened display shows nothing: resend the frame it should show.
        with reported_as_hardware_error("cannot set up the display"):
            self._send(device, force=True)
        with self._condition:
            self._opens += 1
            self._wanted += 1  # the writer confirms the reopened device (wait_until_sent)
            self._condition.notify_all()

    def _send(self, device: Any, *, force: bool) -> int:
        """Send what changed (everything if `force`); returns the change count it sent."""
        with self._condition:
            wanted, frame, pixels = self._wanted, self._image, self._pixels
            shown_any = self._shown_any
            contrast = DIM_CONTRAST if self._dimmed else self._contrast
        if force or contrast != self._contrast_on_device:
            self._contrast_on_device = None
            device.contrast(contrast)
            self._contrast_on_device = contrast
        if shown_any and (force or pixels != self._pixels_on_device):
            self._pixels_on_device = None
            device.display(frame)
            self._pixels_on_device = pixels
            self._frames_written += 1
        return wanted

    def _not_answering(self) -> None:
        self._part.stall(
            f"the display is not answering: a write has taken over {self._write_timeout:g} s"
        )


def _niceness() -> int | None:
    """The calling thread's niceness; None where threads have none (not Linux)."""
    if not hasattr(os, "getpriority"):
        return None
    try:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    except OSError:
        return None


def _set_niceness(niceness: int) -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), niceness)
    except OSError as exc:  # only a privileged process may raise it again
        logger.debug("the display writer keeps its priority: %s", exc)


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
