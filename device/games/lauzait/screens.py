"""Lauzait Cep on the OLED: whose turn, the last hire and throw; the board; scores.

Only the public view (seat None) is drawn: hands and the stock never reach this
module. Pieces are shown as on the phones, colour letter then number ("G5"): G
green Site Workers, W white Administrative Officers, J a wild.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from device.i18n import N_, Words, say, words_for
from device.screens.fonts import BIG, BODY, SMALL
from device.screens.render import (
    TITLE_BAR_HEIGHT,
    WIDTH,
    Draw,
    box_width,
    draw_text,
    largest_size,
    render,
    require_public,
    seat_name,
    title_bar,
)
from device.screens.score_rows import draw_score_rows, signed, summary_screen

TURN_BOX = (2, TITLE_BAR_HEIGHT + 1, WIDTH - 3, 29)
HIRE_BOX = (2, 31, WIDTH - 3, 41)
THROW_TOP, THROW_BOTTOM = 45, 61
MINI_STICK_WIDTH, MINI_STICK_GAP = 4, 2

# The board page: 5x5 squares of CELL px, one pixel apart, on the left.
CELL = 11
PITCH = CELL + 1
BOARD_LEFT, BOARD_TOP = 2, 2
SIDE_LEFT = BOARD_LEFT + 5 * PITCH + 4
LINE_HEIGHT = 12
DIRECTIONS = {"clockwise": N_("clockwise"), "counterclockwise": N_("counter-cw")}
THROW_PURPOSES = {"water": N_("water"), "start": N_("start"), "direction": N_("way")}


def lauzait_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """Whose turn and which step, the last hire and the last throw of the sticks."""
    require_public(view)
    w = words_for(status)

    def draw(d: Draw) -> None:
        title_bar(d, season_label(view, w), w.gettext("Stock {count}", count=view["stock_size"]))
        headline = turn_text(view, status)
        size = largest_size(headline, box_width(TURN_BOX), (BIG, BODY))
        draw_text(d, headline, size, TURN_BOX)
        draw_text(d, hire_text(view, status), SMALL, HIRE_BOX)
        _draw_last_throw(d, view, status)

    return render(draw)


def lauzait_board_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """The board: white pieces inverted, green ones plain, J a wild; the water is the
    outlined cross, the mountain the square with a peak; the last hire's squares are
    underlined. Beside it, whose turn, the stock and the luminous piece."""
    require_public(view)
    marked = last_hire_squares(view)
    w = words_for(status)

    def draw(d: Draw) -> None:
        _draw_water(d, view["water"])
        for row, pieces in enumerate(view["board"]):
            for col, piece in enumerate(pieces):
                _draw_square(d, (row, col), piece, view, (row, col) in marked)
        lines = [
            season_label(view, w),
            turn_text(view, status),
            say(DIRECTIONS.get(view["direction"], ""), w),
            w.gettext("Stock {count}", count=view["stock_size"]),
        ]
        if view.get("luminous"):
            lines.append(w.gettext("Lum. {piece}", piece=view["luminous"]))
        for index, line in enumerate(lines):
            top = BOARD_TOP + index * LINE_HEIGHT
            draw_text(d, line, SMALL, (SIDE_LEFT, top, WIDTH - 1, top + LINE_HEIGHT - 1))

    return render(draw)


def lauzait_scores_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """Each seat's total, in seat order, with a mark per department it shows."""
    require_public(view)
    scores = [str(score) for score in view["scores"]]
    shown = [len(departments) for departments in view["departments"]]
    w = words_for(status)

    def draw(d: Draw) -> None:
        title_bar(d, w.gettext("Scores"), season_label(view, w))
        draw_score_rows(d, status, scores, marks=shown)

    return render(draw)


# --- texts ---------------------------------------------------------------------------


def season_label(view: Mapping[str, Any], w: Words) -> str:
    return w.gettext("Season {number}/{of}", number=view["season"], of=view["seasons"])


def turn_text(view: Mapping[str, Any], status: Mapping[str, Any]) -> str:
    w = words_for(status)
    if view["phase"] == "over":
        return w.gettext("Game over")
    return w.gettext("{name} to play", name=seat_name(status, view["turn"]))


def hire_text(view: Mapping[str, Any], status: Mapping[str, Any]) -> str:
    """The season's last hire in a few words: who, what went down for what came up
    (the throw, if any, is on the line below)."""
    w = words_for(status)
    hire = view.get("last_hire")
    if not hire:
        return w.gettext("{name} started the season", name=seat_name(status, view["start_player"]))
    return w.gettext(
        "{name}: {discard} for {took}",
        name=seat_name(status, hire["seat"]),
        discard=hire["discard"],
        took=hire["took"],
    )


def last_hire_squares(view: Mapping[str, Any]) -> set[tuple[int, int]]:
    hire = view.get("last_hire")
    if not hire:
        return set()
    return {(hire["at"][0], hire["at"][1]), (hire["to"][0], hire["to"][1])}


# --- drawing -------------------------------------------------------------------------


def _draw_last_throw(d: Draw, view: Mapping[str, Any], status: Mapping[str, Any]) -> None:
    throw = view.get("last_throw")
    if not throw:
        return
    for index, face in enumerate(throw["sticks"]):
        left = 2 + index * (MINI_STICK_WIDTH + MINI_STICK_GAP)
        box = (left, THROW_TOP, left + MINI_STICK_WIDTH - 1, THROW_BOTTOM)
        d.rectangle(box, outline="white", fill="white" if face else None)
    count_left = 2 + 5 * (MINI_STICK_WIDTH + MINI_STICK_GAP) + 2
    draw_text(d, str(throw["count"]), BIG, (count_left, THROW_TOP, count_left + 11, THROW_BOTTOM))
    w = words_for(status)
    purpose = say(THROW_PURPOSES.get(throw.get("purpose"), N_("throw")), w)
    label = w.gettext("{purpose}, {name}", purpose=purpose, name=seat_name(status, throw["seat"]))
    draw_text(d, label, SMALL, (count_left + 15, THROW_TOP, WIDTH - 2, THROW_BOTTOM))


def _cell(square: tuple[int, int]) -> tuple[int, int, int, int]:
    row, col = square
    left, top = BOARD_LEFT + col * PITCH, BOARD_TOP + row * PITCH
    return (left, top, left + CELL - 1, top + CELL - 1)


def _draw_water(d: Draw, water: Sequence[Sequence[int]]) -> None:
    """A dotted frame around each water square, in the gaps between squares."""
    for row, col in water:
        left, top, right, bottom = _cell((row, col))
        for x in range(left - 1, right + 2, 2):
            d.point((x, top - 1), fill="white")
            d.point((x, bottom + 1), fill="white")
        for y in range(top - 1, bottom + 2, 2):
            d.point((left - 1, y), fill="white")
            d.point((right + 1, y), fill="white")


def _draw_square(
    d: Draw, square: tuple[int, int], piece: str | None, view: Mapping[str, Any], marked: bool
) -> None:
    left, _top, right, bottom = box = _cell(square)
    if marked:
        d.line((left, bottom + 1, right, bottom + 1), fill="white")
    ink = "white"
    if piece is not None:
        label = "J" if piece == "J" else piece[1:]
        if piece.startswith("W"):
            d.rectangle(box, fill="white")
            ink = "black"
        elif piece == "J":
            d.rectangle(box, outline="white")
        draw_text(d, label, SMALL, box, "centre", fill=ink, ellipsis="")
    if list(square) == list(view["mountain"]):
        # The mountain: a peak in the lower right corner, over whatever stands there.
        d.polygon([(right - 3, bottom), (right, bottom), (right, bottom - 3)], fill=ink)


def lauzait_summary_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """A season while the table reads it: what each seat gained, the declarer marked."""
    summary = view["summary"]
    gained = [signed(points) for points in summary["points"]]
    declarer = summary["declarer"]
    gained[declarer] = words_for(status).gettext("{points} decl", points=gained[declarer])
    return summary_screen(view, status, middle=gained)
