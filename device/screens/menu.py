"""The start menu: pick a game, pick a player count, with the box's buttons."""

from __future__ import annotations

from PIL import Image

from device.i18n import N_, say
from device.screens.fonts import BODY, SMALL
from device.screens.render import (
    HEIGHT,
    TITLE_BAR_HEIGHT,
    WIDTH,
    Draw,
    draw_text,
    render,
    title_bar,
)

ITEM_TOP = TITLE_BAR_HEIGHT + 1
ITEM_HEIGHT = 13
VISIBLE_ITEMS = 3
FOOTER_TOP = HEIGHT - 10
# The rightmost pixels hold the scroll arrows, so an inverted item never hides them.
ITEM_RIGHT = WIDTH - 8
DEFAULT_HINT = N_("A ok   B next")


def menu_screen(
    title: str,
    items: list[str],
    selected: int,
    hint: str = DEFAULT_HINT,
    lang: str | None = None,
) -> Image.Image:
    """A list of choices with `selected` inverted, scrolled so it is always in view.
    `title` and `items` come worded; the hint is said in `lang`."""
    hint = say(hint, lang)
    if not items:
        raise ValueError("a menu needs at least one item")
    if not 0 <= selected < len(items):
        raise ValueError(f"selected item {selected} is not one of {len(items)}")
    first = first_visible(len(items), selected)
    shown = items[first : first + VISIBLE_ITEMS]

    def draw(d: Draw) -> None:
        title_bar(d, title, f"{selected + 1}/{len(items)}")
        for row, item in enumerate(shown):
            top = ITEM_TOP + row * ITEM_HEIGHT
            box = (0, top, ITEM_RIGHT, top + ITEM_HEIGHT - 1)
            chosen = first + row == selected
            if chosen:
                d.rectangle(box, fill="white")
            text_box = (box[0] + 4, box[1], box[2] - 2, box[3])
            draw_text(d, item, BODY, text_box, fill="black" if chosen else "white")
        if first > 0:
            _arrow(d, ITEM_TOP + 2, pointing_up=True)
        if first + VISIBLE_ITEMS < len(items):
            _arrow(d, ITEM_TOP + VISIBLE_ITEMS * ITEM_HEIGHT - 6, pointing_up=False)
        draw_text(d, hint, SMALL, (0, FOOTER_TOP, WIDTH - 1, HEIGHT - 1), align="centre")

    return render(draw)


def first_visible(count: int, selected: int) -> int:
    """The first item in view: one item of context above the selection when possible,
    and never blank rows below the end of the list."""
    return max(0, min(selected - 1, count - VISIBLE_ITEMS))


def _arrow(d: Draw, top: int, pointing_up: bool) -> None:
    """A small triangle saying the list goes on above or below."""
    left, right, bottom = ITEM_RIGHT + 2, WIDTH - 1, top + 4
    if pointing_up:
        d.polygon([(left, bottom), (right, bottom), ((left + right) // 2, top)], fill="white")
    else:
        d.polygon([(left, top), (right, top), ((left + right) // 2, bottom)], fill="white")
