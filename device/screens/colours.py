"""Secret colours on the OLED: pass the box, hold A to see your own colour, the reveal.

`pass_screen` is what the box shows between looks: it takes no colour at all, so
nothing of anyone's colour can be on screen while A is up. `colour_screen` is the
one screen that shows a secret, and the box draws it only while A is held.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from device.i18n import N_, words
from device.screens.fonts import BIG, BODY, HUGE, SMALL
from device.screens.render import (
    HEIGHT,
    TITLE_BAR_HEIGHT,
    WIDTH,
    Draw,
    box_width,
    draw_text,
    largest_size,
    render,
    title_bar,
)

COLOUR_NAMES = {"R": N_("Red"), "B": N_("Blue"), "Y": N_("Yellow"), "G": N_("Green")}

NAME_BOX = (2, TITLE_BAR_HEIGHT + 2, WIDTH - 3, 33)
PROMPT_BOX = (2, 35, WIDTH - 3, 51)
COLOUR_BOX = (2, TITLE_BAR_HEIGHT + 4, WIDTH - 3, 46)
FOOTER_BOX = (0, HEIGHT - 11, WIDTH - 1, HEIGHT - 1)
ROW_HEIGHT = 12


def colour_name(colour: str, lang: str | None = None) -> str:
    """The colour's name in `lang` ("R" -> "Red", 赤)."""
    try:
        return COLOUR_NAMES[colour].say(lang)
    except KeyError:
        raise ValueError(f"{colour!r} is not a colour; use {', '.join(COLOUR_NAMES)}") from None


def pass_screen(
    name: str, seat: int, players: int, code: str | None = None, lang: str | None = None
) -> Image.Image:
    """Whose turn it is to look, and how: never any colour. `code` is the round's, for
    phones to claim their seats with, when only the box shows it."""
    w = words(lang)
    title = w.gettext("Code {code}", code=code) if code else w.gettext("Secret colours")
    prompt = w.gettext("Hold A: your colour")
    footer = w.gettext("B next   hold B: done")

    def draw(d: Draw) -> None:
        title_bar(d, title, f"{seat + 1}/{players}")
        draw_text(d, name, largest_size(name, box_width(NAME_BOX), (BIG, BODY)), NAME_BOX, "centre")
        draw_text(
            d,
            prompt,
            largest_size(prompt, box_width(PROMPT_BOX), (BODY, SMALL)),
            PROMPT_BOX,
            "centre",
        )
        _footer(d, footer)

    return render(draw)


def colour_screen(name: str, colour: str, lang: str | None = None) -> Image.Image:
    """One player's colour, as big as it goes: shown only while A is held."""
    w = words(lang)
    label = colour_name(colour, lang).upper()
    yours, footer = w.gettext("your colour"), w.gettext("Let go of A to hide it")

    def draw(d: Draw) -> None:
        title_bar(d, name, yours)
        size = largest_size(label, box_width(COLOUR_BOX), (HUGE, BIG))
        draw_text(d, label, size, COLOUR_BOX, "centre")
        _footer(d, footer)

    return render(draw)


def reveal_screen(
    names: Sequence[str], colours: Sequence[str], lang: str | None = None
) -> Image.Image:
    """The end of the game: everyone's colour, and the colours nobody drew."""
    if len(names) != len(colours):
        raise ValueError("give one colour per name")
    w = words(lang)
    unused = [colour_name(c, lang) for c in COLOUR_NAMES if c not in colours]
    nobody = w.gettext("Nobody: {colours}", colours=", ".join(unused))

    def draw(d: Draw) -> None:
        title_bar(d, w.gettext("Colours"), w.gettext("revealed"))
        top = TITLE_BAR_HEIGHT + 1
        for name, colour in zip(names, colours, strict=True):
            _row(d, top, name, colour_name(colour, lang))
            top += ROW_HEIGHT
        if unused and top + ROW_HEIGHT <= HEIGHT:
            draw_text(d, nobody, SMALL, (2, top, WIDTH - 3, top + 11))

    return render(draw)


def _row(d: Draw, top: int, name: str, value: str) -> None:
    bottom = top + ROW_HEIGHT - 1
    draw_text(d, name, BODY, (2, top, 68, bottom))
    draw_text(d, value, BODY, (72, top, WIDTH - 3, bottom), "right")


def _footer(d: Draw, text: str) -> None:
    d.rectangle(FOOTER_BOX, fill="white")
    draw_text(d, text, SMALL, FOOTER_BOX, "centre", fill="black")
