"""The sealed deal on the OLED: the short fingerprint every screen shows from the
start, so the table can check after the game that the deal was fixed before anyone
touched a card (device/history/fingerprint.py; the history page and `tablemate verify`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from device.i18n import words_for
from device.screens.fonts import BIG, SMALL
from device.screens.render import (
    HEIGHT,
    TITLE_BAR_HEIGHT,
    WIDTH,
    Draw,
    draw_text,
    render,
    title_bar,
)

FINGERPRINT_BOX = (0, TITLE_BAR_HEIGHT + 6, WIDTH - 1, TITLE_BAR_HEIGHT + 25)
FOOTER_BOX = (0, HEIGHT - 22, WIDTH - 1, HEIGHT - 1)


def sealed(status: Mapping[str, Any]) -> bool:
    """Whether this game's deal was sealed (games saved before sealing were not)."""
    return bool(status.get("fingerprint"))


def seal_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """ "Sealed deal" and the fingerprint, as the phones and the table page show it."""
    fingerprint = str(status["fingerprint"]["short"])
    over = status["phase"] == "over"
    w = words_for(status)
    title = w.gettext("Sealed deal")
    footer = w.gettext("Verify it in History") if over else w.gettext("Verify after the game")
    same = w.gettext("Same on every phone")

    def draw(d: Draw) -> None:
        title_bar(d, title)
        draw_text(d, fingerprint, BIG, FINGERPRINT_BOX, "centre")
        top = FOOTER_BOX[1]
        draw_text(d, footer, SMALL, (0, top, WIDTH - 1, top + 10), "centre")
        draw_text(d, same, SMALL, (0, top + 11, WIDTH - 1, HEIGHT - 1), "centre")

    return render(draw)
