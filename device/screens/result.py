"""The end of a game: who won, big, then everyone's score. Works for any game,
since every view carries "scores" and "winners"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from device.i18n import words_for
from device.screens.fonts import BIG, BODY, SMALL
from device.screens.render import (
    HEIGHT,
    TITLE_BAR_HEIGHT,
    WIDTH,
    Draw,
    box_width,
    draw_text,
    game_title,
    largest_size,
    render,
    require_public,
    seat_name,
    text_width,
    title_bar,
)

HEADLINE_BOX = (2, TITLE_BAR_HEIGHT + 1, WIDTH - 3, 31)
SCORES_TOP = 33
SCORE_ROW_HEIGHT = 10
SCORE_COLUMNS = 2


def result_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """Winners' names as big as they fit; scores from best to worst in two columns."""
    require_public(view)
    headline = winners_text(view["winners"], status)
    game_over = words_for(status).gettext("Game over")
    scores = list(enumerate(view["scores"]))
    ranked = sorted(scores, key=lambda seat_score: -seat_score[1])  # stable: ties keep seat order
    column_width = WIDTH // SCORE_COLUMNS
    rows = -(-len(ranked) // SCORE_COLUMNS)  # rounded up

    def draw(d: Draw) -> None:
        title_bar(d, game_over, game_title(status))
        size = largest_size(headline, box_width(HEADLINE_BOX), (BIG, BODY))
        draw_text(d, headline, size, HEADLINE_BOX, "centre")
        score_width = max(text_width(str(score), SMALL) for _, score in ranked)
        separator_bottom = min(SCORES_TOP + rows * SCORE_ROW_HEIGHT, HEIGHT) - 1
        d.line((column_width - 1, SCORES_TOP, column_width - 1, separator_bottom), fill="white")
        for index, (seat, score) in enumerate(ranked):
            # Down the left column first, so the ranking reads like a list.
            column, row = divmod(index, rows)
            left = column * column_width + 3
            right = (column + 1) * column_width - 5
            top = SCORES_TOP + row * SCORE_ROW_HEIGHT
            bottom = top + SCORE_ROW_HEIGHT - 1
            name_box = (left, top, right - score_width - 4, bottom)
            draw_text(d, seat_name(status, seat), SMALL, name_box)
            draw_text(d, str(score), SMALL, (right - score_width, top, right, bottom), "right")

    return render(draw)


def winners_text(winners: list[int], status: Mapping[str, Any]) -> str:
    """The headline: "Alice wins", or "Alice & Bob win" for a shared victory."""
    w = words_for(status)
    if status.get("ended_early"):  # the table ended it: no winner, seats kept
        return w.gettext("Ended early: no winner")
    if not winners:
        return w.gettext("No winner")
    names = w.people((seat_name(status, seat) for seat in winners), " & ")
    return w.ngettext("{names} wins", "{names} win", len(winners), names=names)
