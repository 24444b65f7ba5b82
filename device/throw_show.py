"""How the box shows a throw of the sticks, over time.

The sticks tumble on the OLED for FRAMES frames at FPS (under a second), landing
one by one from the left; then the result stays on screen for RESULT_SECONDS. A
frame drawn late is never followed by the next one sooner than MIN_FRAME_SECONDS:
a late frame is skipped instead, so the OLED never gets more than 15 frames a
second.
The five stick LEDs tumble with them and then show the dark sticks until the
table's turn lights change (someone else must act) or LED_SECONDS pass.

Pure arithmetic over a monotonic clock reading passed in: the box's render thread
asks what to draw now and when the picture next changes; tests step through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from device.i18n import N_, Text

FPS = 12  # an SSD1306 frame takes ~23 ms of I2C
MIN_FRAME_SECONDS = 1 / 15  # never faster than 15 frames a second, even catching up
CLOCK_SLACK = 1e-6  # seconds: a wake-up computed as t + MIN_FRAME_SECONDS counts as on time
FRAMES = 10  # tumbling frames: 10 / 12 s = 0.83 s, then the result
SETTLE_FIRST = 5  # stick i lands at frame SETTLE_FIRST + i: the last just before the count
RESULT_SECONDS = 4.0
LED_SECONDS = 6.0
ANIMATION_SECONDS = FRAMES / FPS
# Who threw, when not a player: the roller keeps these English words as data (a throw's
# "by"); the OLED says them in the table's language (the pages do: js/sticks.js).
THROWERS: dict[str, Text] = {
    "Box": N_("Box"),
    "Sticks page": N_("Sticks page"),
    "Table page": N_("Table page"),
    "Score sheet": N_("Score sheet"),
}


def faces_at(final: Sequence[int], frame: int) -> list[int]:
    """The sticks' faces (1 dark) at an animation frame; from FRAMES on, the result.

    A stick still in the air flips every frame, neighbours out of step, and shows
    its real face from its landing frame on.
    """
    return [
        (face + frame + index + 1) % 2 if in_air(frame, index) else face
        for index, face in enumerate(final)
    ]


def in_air(frame: int, index: int) -> bool:
    """Whether stick `index` (0 leftmost) is still tumbling at this frame."""
    return frame < SETTLE_FIRST + index


@dataclass
class ThrowShow:
    """One throw on its way across the OLED and the stick LEDs."""

    sticks: tuple[int, ...]
    count: int
    label: str  # who threw, or what for: "Box" (a Text, said when drawn), "Water: Ann"
    started: float  # time.monotonic() when it began
    turn_lights: tuple[bool, ...]  # the turn lights when it began
    _screen_until: float = field(init=False)
    _leds_done: bool = field(default=False, init=False)
    _drawn: int = field(default=-1, init=False)  # the last frame drawn, and when
    _drawn_at: float = field(default=float("-inf"), init=False)

    def __post_init__(self) -> None:
        self._screen_until = self.started + ANIMATION_SECONDS + RESULT_SECONDS

    def frame(self, now: float) -> int:
        """The animation frame for this moment: 0.. FRAMES - 1 tumbling, FRAMES landed.
        A moment a rounding error short of a frame's start is that frame's (the render
        thread wakes at the start computed by `next_change`)."""
        return max(0, min(int((now - self.started + CLOCK_SLACK) * FPS), FRAMES))

    def draw_frame(self, now: float) -> int:
        """The frame to draw now: the clock's, held back while the last frame drawn is
        younger than MIN_FRAME_SECONDS. Noted as drawn."""
        wanted = self.frame(now)
        if wanted != self._drawn and now - self._drawn_at >= MIN_FRAME_SECONDS - CLOCK_SLACK:
            self._drawn, self._drawn_at = wanted, now
        return max(self._drawn, 0)

    def on_screen(self, now: float) -> bool:
        return now < self._screen_until

    def hide(self) -> None:
        """Take it off the OLED at once (a button was pressed); the LEDs keep it."""
        self._screen_until = self.started

    def lights(self, now: float, turn_lights: Sequence[bool]) -> list[bool] | None:
        """The stick LEDs for this moment, or None once they go back to the turn lights.

        They go back for good when the turn lights differ from those when the throw
        began, or after LED_SECONDS.
        """
        if tuple(turn_lights) != self.turn_lights or now >= self.started + LED_SECONDS:
            self._leds_done = True
        if self._leds_done:
            return None
        # The LEDs tumble with the OLED's animation, then show the result.
        frame = self.frame(now) if self.on_screen(now) else FRAMES
        return [bool(face) for face in faces_at(self.sticks, frame)]

    def over(self, now: float) -> bool:
        """Nothing of it is shown any more."""
        return not self.on_screen(now) and (self._leds_done or now >= self.started + LED_SECONDS)

    def next_change(self, now: float) -> float | None:
        """Seconds until the picture or the LEDs change by themselves, None if never."""
        if self.over(now):
            return None
        moments = [self.started + LED_SECONDS]
        if self.on_screen(now):
            moments.append(self._screen_until)
            frame = self.frame(now)
            if frame < FRAMES:
                moments.append(self.started + (frame + 1) / FPS)
            if frame != self._drawn:  # due but held back: when it may be drawn
                moments.append(self._drawn_at + MIN_FRAME_SECONDS)
        # Only moments still ahead: a frame that is never drawn (a menu covers the
        # OLED) must not wake the render thread over and over.
        return min((t for t in moments if t > now), default=now + 1 / FPS) - now
