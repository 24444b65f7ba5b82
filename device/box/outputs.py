"""The box's parts as the render thread drives them: the OLED, the LEDs, the LED ring
and the buzzer. Only the render thread (or a test stepping it) calls `show`.

The OLED gets a frame only when it changed (an SSD1306 frame costs ~23 ms of I2C,
on this thread or the display's own); the ring and the buzzer only queue their
work. Each new frame, LED state or dimming is a new version, and the web pages
are told.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from device.listeners import Listeners
from device.seat_lights import seat_lights
from device.sounds import MELODIES, cue_for
from hardware import Hardware


class Outputs:
    def __init__(self, hardware: Hardware) -> None:
        self.hardware = hardware
        self.frame: Image.Image | None = None  # replaced, never changed: readers need no lock
        self.version = 0
        self._leds: dict[str, Any] = {}
        self._last_view: Mapping[str, Any] | None = None
        self._cues_armed = False  # the first view is only noted: a restart makes no sound
        self._subscribers: Listeners[int] = Listeners("box subscriber")

    def subscribe(self, callback: Callable[[int], None]) -> Callable[[], None]:
        return self._subscribers.subscribe(callback)

    def show(
        self,
        image: Image.Image,
        leds: dict[str, Any],
        status: Mapping[str, Any],
        view: Mapping[str, Any] | None,
        *,
        dimmed: bool,
    ) -> None:
        """Send what changed; play the tone the table's change deserves."""
        changed = self.frame is None or image.tobytes() != self.frame.tobytes()
        if changed:
            self.frame = image
            self.hardware.display.show(image)  # it resends the frame itself after an outage
        if leds != self._leds:
            self.hardware.leds.set_sticks(leds["sticks"])
            self.hardware.leds.set_status(leds["status"])
            self._leds = leds
            changed = True
        if dimmed != self.hardware.display.dimmed:
            self.hardware.display.set_dimmed(dimmed)
            changed = True  # the web's picture of the OLED dims too
        if self.hardware.serial is not None:
            self.hardware.serial.show(seat_lights(status, view))
        cue = cue_for(self._last_view, view) if self._cues_armed else None
        self._last_view, self._cues_armed = view, True
        if cue is not None:
            self.play(cue)
        if changed:
            self.version += 1
            self._subscribers.tell(self._subscribers.snapshot(), self.version)

    def play(self, cue: str) -> None:
        """One of `device.sounds.MELODIES`; the buzzer plays it on its own thread."""
        self.hardware.buzzer.play(MELODIES[cue])
