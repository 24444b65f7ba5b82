"""The dice-sticks on the OLED, rendered on luma's dummy device and checked by pixels."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image

from device.screens.fonts import HUGE
from device.screens.render import draw_text, render
from device.screens.sticks import (
    COUNT_BOX,
    STICK_BOTTOM,
    STICK_GAP,
    STICK_TOP,
    STICK_WIDTH,
    STICKS_LEFT,
    sticks_screen,
)
from device.throw_show import FRAMES, in_air

FACES = [1, 0, 1, 1, 0]
THROW = {"sticks": FACES, "count": 3}


def stick_centre(index: int) -> tuple[int, int]:
    left = STICKS_LEFT + index * (STICK_WIDTH + STICK_GAP)
    return left + STICK_WIDTH // 2, (STICK_TOP + STICK_BOTTOM) // 2


def crop(image: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    left, top, right, bottom = box
    return image.crop((left, top, right + 1, bottom + 1)).tobytes()


def test_every_frame_is_an_oled_frame_and_each_differs_from_the_last() -> None:
    frames = [sticks_screen(THROW, "Box", frame) for frame in range(FRAMES + 1)]
    for image in frames:
        assert image.size == (128, 64) and image.mode == "1"
    for before, after in itertools.pairwise(frames):
        assert before.tobytes() != after.tobytes()  # no frame is wasted on the same picture


def test_the_result_shows_dark_sticks_solid_light_ones_hollow_and_the_count() -> None:
    image = sticks_screen(THROW, "Box")
    for index, face in enumerate(FACES):
        assert bool(image.getpixel(stick_centre(index))) == bool(face)
    count = render(lambda d: draw_text(d, "3", HUGE, COUNT_BOX, "centre"))
    assert crop(image, COUNT_BOX) == crop(count, COUNT_BOX)
    assert (
        sticks_screen({"sticks": [1, 1, 1, 1, 1], "count": 5}, "Box").tobytes() != image.tobytes()
    )


def test_sticks_still_in_the_air_are_not_where_landed_ones_stand() -> None:
    landed = sticks_screen(THROW, "Box")
    frame = 2
    tumbling = sticks_screen(THROW, "Box", frame)
    for index in range(5):
        left = STICKS_LEFT + index * (STICK_WIDTH + STICK_GAP)
        column = (left, STICK_TOP, left + STICK_WIDTH - 1, 63)
        assert in_air(frame, index)
        assert crop(tumbling, column) != crop(landed, column)
    # No count until every stick is down.
    assert crop(tumbling, COUNT_BOX) != crop(landed, COUNT_BOX)


def test_who_threw_is_in_the_title_bar() -> None:
    assert sticks_screen(THROW, "Box").tobytes() != sticks_screen(THROW, "Water: Ann").tobytes()


@pytest.mark.parametrize(
    "bad", [{"sticks": [1, 0], "count": 1}, {"sticks": [1, 0, 2, 0, 0], "count": 3}]
)
def test_a_throw_that_is_not_five_sticks_is_refused(bad: dict) -> None:
    with pytest.raises(ValueError):
        sticks_screen(bad, "Box")
