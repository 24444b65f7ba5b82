"""The OLED while a take-back waits for the table: who asks, how far back, who has
agreed and who is still awaited. Names and counts only: never what the move was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from device.i18n import words_for
from device.screens.fonts import BIG, BODY, SMALL
from device.screens.render import (
    TITLE_BAR_HEIGHT,
    WIDTH,
    Draw,
    draw_text,
    largest_size,
    render,
    seat_name,
    title_bar,
)

ASKER_BOX = (2, TITLE_BAR_HEIGHT + 2, WIDTH - 3, TITLE_BAR_HEIGHT + 19)
AGREED_BOX = (2, 35, WIDTH - 3, 47)
WAITING_BOX = (2, 50, WIDTH - 3, 62)


def take_back_screen(request: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """`request` is the public `status["take_back"]["request"]`."""
    w = words_for(status)
    steps = int(request["steps"])
    asker = w.gettext("{name} asks", name=seat_name(status, request["seat"]))
    asker_size = largest_size(asker, WIDTH - 4, (BIG, BODY))
    agreed = w.people(seat_name(status, s) for s in request["agreed"]) or w.gettext("nobody yet")
    waiting = w.people(seat_name(status, s) for s in request["waiting"])
    title = w.gettext("Take back?")
    moves = w.ngettext("{count} move", "{count} moves", steps)
    yes = w.gettext("Yes: {names}", names=agreed)
    wait = w.gettext("Wait: {names}", names=waiting)

    def draw(d: Draw) -> None:
        title_bar(d, title, moves)
        draw_text(d, asker, asker_size, ASKER_BOX, "centre")
        draw_text(d, yes, BODY, AGREED_BOX)
        draw_text(d, wait, largest_size(wait, WIDTH - 4, (BODY, SMALL)), WAITING_BOX)

    return render(draw)
