"""Plain screens: an error or hardware warning, and the idle screen when no game is open."""

from __future__ import annotations

from PIL import Image

from device.i18n import words
from device.network import rebase
from device.screens.fonts import BODY, HUGE, SMALL
from device.screens.render import (
    HEIGHT,
    TITLE_BAR_HEIGHT,
    WIDTH,
    Draw,
    draw_text,
    fit_lines,
    largest_size,
    render,
    title_bar,
    truncate,
    wrap,
)

LINE_HEIGHT = 12
TEXT_WIDTH = WIDTH - 4
TEXT_TOP = TITLE_BAR_HEIGHT + 2
MAX_LINES = (HEIGHT - TEXT_TOP) // LINE_HEIGHT
IDLE_NAME_BOX = (0, 0, WIDTH - 1, 23)
IDLE_ADDRESS_TOP = 26
IDLE_FOOTER_BOX = (0, HEIGHT - 11, WIDTH - 1, HEIGHT - 1)


def message_screen(title: str, lines: list[str]) -> Image.Image:
    """A title bar and a few lines, wrapped at words; what does not fit ends in "…"."""
    wrapped = [part for line in lines for part in wrap(line, BODY, TEXT_WIDTH)]
    shown = fit_lines(wrapped, BODY, TEXT_WIDTH, MAX_LINES)

    def draw(d: Draw) -> None:
        title_bar(d, title)
        for index, line in enumerate(shown):
            top = TEXT_TOP + index * LINE_HEIGHT
            draw_text(d, line, BODY, (2, top, WIDTH - 3, top + LINE_HEIGHT - 1))

    return render(draw)


def _named(url: str, name: str) -> str:
    """`url`'s address as the box's name, without the scheme: tablemate.local:8000."""
    return rebase(url, name).removeprefix("http://")


def idle_screen(ip_or_url: str, lang: str | None = None, name: str | None = None) -> Image.Image:
    """The box's name, the address phones can open, and how to start a game. With the
    box's network `name` (tablemate.local), both: the name, then the address."""
    hint = words(lang).gettext("A: new game")
    if name:
        address = [_named(ip_or_url, name), ip_or_url.removeprefix("http://")]
        address_size = min(largest_size(line, TEXT_WIDTH, (BODY, SMALL)) for line in address)
        address = [truncate(line, address_size, TEXT_WIDTH) for line in address]
    else:
        address_size = largest_size(ip_or_url, TEXT_WIDTH, (BODY, SMALL))
        address = fit_lines(wrap(ip_or_url, address_size, TEXT_WIDTH), address_size, TEXT_WIDTH, 2)

    def draw(d: Draw) -> None:
        draw_text(d, "Tablemate", HUGE, IDLE_NAME_BOX, "centre")
        # One line sits in the middle of the free band; two share it.
        line_height = 12 if len(address) > 1 else 20
        for index, line in enumerate(address):
            top = IDLE_ADDRESS_TOP + index * line_height
            draw_text(d, line, address_size, (2, top, WIDTH - 3, top + line_height - 1), "centre")
        d.rectangle(IDLE_FOOTER_BOX, fill="white")
        draw_text(d, hint, SMALL, IDLE_FOOTER_BOX, "centre", fill="black")

    return render(draw)
