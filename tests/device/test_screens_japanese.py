"""Japanese on the OLED (issue 15, item 4): names and words in kana and kanji are
drawn with Unifont's glyphs, crisp and inside their boxes, never "?" or empty boxes."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from device.screens.fonts import BIG, BODY, SMALL, printable, wide_font
from device.screens.render import WIDTH, draw_text, render, text_width, truncate
from device.screens.result import result_screen

SIZES = (SMALL, BODY, BIG)


def glyph(char: str, size: int) -> Image.Image:
    """`char` as Unifont draws it alone, cropped to its ink."""
    face = wide_font(size)
    assert face is not None, "scripts/setup installs fonts-unifont"
    image = Image.new("1", (40, 40))
    ImageDraw.Draw(image).text((2, 2), char, font=face, fill=1)
    box = image.getbbox()
    assert box is not None
    return image.crop(box)


def ink(image: Image.Image) -> Image.Image:
    box = image.getbbox()
    assert box is not None, "nothing drawn"
    return image.crop(box)


def line(text: str, size: int) -> Image.Image:
    return render(lambda d: draw_text(d, text, size, (0, 0, WIDTH - 1, 20)))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("char", ["花", "の", "ア", "盟"])
def test_a_kana_or_kanji_is_drawn_with_its_own_glyph(char: str, size: int) -> None:
    drawn = ink(line(char, size))
    assert (drawn.size, drawn.tobytes()) == (glyph(char, size).size, glyph(char, size).tobytes())
    question = ink(line("?", size))
    assert (drawn.size, drawn.tobytes()) != (question.size, question.tobytes())


@pytest.mark.parametrize("size", SIZES)
def test_different_kanji_draw_differently_and_a_name_mixes_scripts(size: int) -> None:
    assert line("花子", size).tobytes() != line("太郎", size).tobytes()
    mixed = line("Ann と 花子", size)
    assert text_width("Ann と 花子", size) > text_width("Ann", size)
    assert ink(mixed).width == text_width("Ann と 花子", size) - mixed.getbbox()[0]  # type: ignore[index]


def test_a_wide_name_is_clipped_with_an_ellipsis_never_garbled() -> None:
    name = "山田健一郎太郎次郎三郎四郎"
    cut = truncate(name, BODY, 60)
    assert cut.endswith("…") and name.startswith(cut[:-1]) and text_width(cut, BODY) <= 60
    drawn = render(lambda d: draw_text(d, name, BODY, (10, 10, 69, 25)))
    box = drawn.getbbox()
    assert box is not None and box[0] >= 10 and box[2] <= 70 and box[1] >= 10 and box[3] <= 26


def test_the_result_names_a_japanese_winner() -> None:
    seats = [{"seat": s, "name": n, "taken": True} for s, n in enumerate(["花子", "Bo", "健"])]
    status: dict[str, Any] = {
        "phase": "over",
        "game": "cena",
        "title": "Céna",
        "players": 3,
        "seats": seats,
    }
    view = {"game": "cena", "players": 3, "seat": None, "scores": [12, 3, 5], "winners": [0]}
    japanese = result_screen(view, status)
    asked = result_screen(view, {**status, "seats": [{**s, "name": "??"} for s in seats]})
    assert japanese.tobytes() != asked.tobytes()
    assert printable("花子") == "花子"
