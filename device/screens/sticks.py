"""The dice-sticks on the OLED: five sticks and how many landed dark.

A dark side is drawn as a solid stick, a light side as an outline, so the picture
matches the stick LEDs (lit = dark side up). `sticks_screen` draws one frame of a
throw: sticks still in the air are lifted and tilted, landed ones stand upright,
and the count appears once every stick is down.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from device.i18n import words
from device.screens.fonts import HUGE, SMALL
from device.screens.render import WIDTH, Draw, draw_text, render, title_bar
from device.throw_show import FRAMES, faces_at, in_air

STICK_WIDTH = 12
STICK_GAP = 5
STICKS_LEFT = 3
STICK_TOP, STICK_BOTTOM = 24, 58  # a landed stick
COUNT_BOX = (92, 14, WIDTH - 2, 44)
DARK_BOX = (92, 46, WIDTH - 2, 58)
SPIN_HALF_HEIGHTS = (17, 11, 4, 11)  # a spinning stick's half height, frame by frame


def sticks_screen(
    throw: Mapping[str, Any], label: str, frame: int = FRAMES, lang: str | None = None
) -> Image.Image:
    """One frame of a throw ({"sticks": [five 0/1], "count": n}); the result by default.

    `label` says who threw or what for ("Box", "Water: Ann"); frames 0 to
    FRAMES - 1 are the sticks tumbling, FRAMES and later the landed result.
    """
    final = [int(face) for face in throw["sticks"]]
    if len(final) != 5 or any(face not in (0, 1) for face in final):
        raise ValueError(f"a throw has five sticks, each 0 or 1, not {throw['sticks']!r}")
    frame = max(0, min(frame, FRAMES))
    faces = faces_at(final, frame)
    w = words(lang)
    title, dark = w.gettext("Sticks"), w.gettext("dark")

    def draw(d: Draw) -> None:
        title_bar(d, title, label)
        for index, face in enumerate(faces):
            _draw_stick(d, index, face, frame)
        if frame >= FRAMES:
            draw_text(d, str(throw["count"]), HUGE, COUNT_BOX, "centre")
            draw_text(d, dark, SMALL, DARK_BOX, "centre")
        else:
            draw_text(d, "...", HUGE, COUNT_BOX, "centre")

    return render(draw)


def _draw_stick(d: Draw, index: int, face: int, frame: int) -> None:
    left = STICKS_LEFT + index * (STICK_WIDTH + STICK_GAP)
    right = left + STICK_WIDTH - 1
    fill = "white" if face else None
    if not in_air(frame, index):
        box = (left, STICK_TOP, right, STICK_BOTTOM)
        d.rounded_rectangle(box, radius=3, fill=fill, outline="white")
        return
    # In the air: lifted by a bounce that differs per stick, and spinning, so it is
    # seen end-on (short) every other frame.
    lift = 3 + (frame * 3 + index * 2) % 7
    half = SPIN_HALF_HEIGHTS[(frame + index) % len(SPIN_HALF_HEIGHTS)]
    middle = (STICK_TOP + STICK_BOTTOM) // 2 - lift
    d.rounded_rectangle(
        (left, middle - half, right, middle + half), radius=3, fill=fill, outline="white"
    )
