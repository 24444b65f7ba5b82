"""Sàrénà on the OLED: whose move and how many moves remain; the board; the reveal.

Only the public view (seat None) is drawn, so no player's colour can reach these
screens before the game is over; then the view itself carries every colour.
Squares are named as on the phones: row letter from the top, column number from
the left ("B4" is row 2, column 4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from device.i18n import Words, words, words_for
from device.screens.colours import COLOUR_NAMES, colour_name
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
    title_bar,
)
from device.screens.score_rows import summary_screen

HEADLINE_BOX = (2, TITLE_BAR_HEIGHT + 1, WIDTH - 3, 33)
LAST_MOVE_BOX = (2, 35, WIDTH - 3, 50)
FOOTER_BOX = (0, HEIGHT - 11, WIDTH - 1, HEIGHT - 1)
RESULT_ROW = 12
MAP_CELL = 10  # pixels per square of the board map
MAP_TOP = 2
TOPS_LEFT = 64


def square_name(square: Sequence[int]) -> str:
    row, col = square
    return f"{chr(ord('A') + row)}{col + 1}"


def sarena_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """In play: whose move, the moves left, the last move. Once over: colours and result."""
    require_public(view)
    if view["phase"] == "over":
        return render(lambda d: _draw_result(d, view, status))
    return render(lambda d: _draw_play(d, view, status))


def sarena_board_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """A map of the board (the higher the pile, the bigger its dot; a ring is an empty
    arrow circle) and the chips in the piles each colour tops."""
    require_public(view)
    return render(lambda d: _draw_board(d, view, status))


def moves_text(count: int, w: Words | None = None) -> str:
    return (w or words(None)).ngettext("{count} move left", "{count} moves left", count)


def _draw_play(d: Draw, view: Mapping[str, Any], status: Mapping[str, Any]) -> None:
    w = words_for(status)
    title_bar(d, game_title(status) or "Sàrénà", moves_text(int(view["legal_moves"]), w))
    headline = w.gettext("{name} to move", name=seat_name(status, view["turn"]))
    size = largest_size(headline, box_width(HEADLINE_BOX), (BIG, BODY))
    draw_text(d, headline, size, HEADLINE_BOX, "centre")
    last = view.get("last_move")
    if last is None:
        line = w.gettext("{name} went first", name=seat_name(status, view["first"]))
    else:
        move = {
            "name": seat_name(status, last["seat"]),
            "start": square_name(last["from"]),
            "end": square_name(last["to"]),
        }
        if last["flipped"]:
            line = w.gettext("{name}: {start}>{end} flip", **move)
        else:
            line = w.gettext("{name}: {start}>{end}", **move)
    draw_text(d, line, SMALL, LAST_MOVE_BOX, "centre")
    d.rectangle(FOOTER_BOX, fill="white")
    draw_text(d, w.gettext("A: colours   B: board"), SMALL, FOOTER_BOX, "centre", fill="black")


def _draw_result(d: Draw, view: Mapping[str, Any], status: Mapping[str, Any]) -> None:
    chips, tiebreak, winners = view["scores"], view["tiebreak"], set(view["winners"])
    most = max(chips)
    # The tie-break counts only when the most chips are shared: then show it.
    tied = sum(1 for count in chips if count == most) > 1
    w = words_for(status)
    lang = status.get("language")
    title_bar(d, w.gettext("Colours, chips"), w.gettext("(tie-break)") if tied else "")
    for seat, colour in enumerate(view["colours"]):
        top = TITLE_BAR_HEIGHT + 1 + seat * RESULT_ROW
        box = (0, top, WIDTH - 1, top + RESULT_ROW - 1)
        won = seat in winners
        if won:
            d.rectangle(box, fill="white")
        ink = "black" if won else "white"
        count = f"{chips[seat]} ({tiebreak[seat]})" if tied else str(chips[seat])
        draw_text(d, seat_name(status, seat), BODY, (2, top, 56, box[3]), fill=ink)
        name = colour_name(colour, lang)
        draw_text(d, name, BODY, (58, top, 100, box[3]), fill=ink, ellipsis="")
        draw_text(d, count, BODY, (90, top, WIDTH - 3, box[3]), "right", fill=ink)


def _draw_board(d: Draw, view: Mapping[str, Any], status: Mapping[str, Any]) -> None:
    lang = status.get("language")
    layout, board = view["layout"], view["board"]
    arrows = {tuple(square) for square in layout["arrows"]}
    cell = min(MAP_CELL, (HEIGHT - MAP_TOP) // layout["rows"], (TOPS_LEFT - 4) // layout["cols"])

    def centre(square: Sequence[int]) -> tuple[int, int]:
        return (2 + square[1] * cell + cell // 2, MAP_TOP + square[0] * cell + cell // 2)

    # No lines: at this size they hide the smallest piles. The phones draw them.
    for square in layout["circles"]:
        x, y = centre(square)
        height = len(board[square[0]][square[1]])
        if height == 1:
            d.rectangle((x - 1, y - 1, x + 1, y + 1), fill="white")  # a 3-px disc is a plus
        elif height:
            radius = height  # 2..4: the taller the pile, the bigger its dot
            d.ellipse((x - radius, y - radius, x + radius, y + radius), fill="white")
        elif tuple(square) in arrows:
            d.ellipse((x - 3, y - 3, x + 3, y + 3), fill="black", outline="white")
        else:
            d.point((x, y), fill="white")

    # What each colour would collect if the game ended now: public, the board is.
    chips: Counter[str] = Counter()
    for row in board:
        for pile in row:
            if pile:
                chips[pile[0].split("/")[0]] += len(pile)
    draw_text(d, words(lang).gettext("Chips by top"), SMALL, (TOPS_LEFT, 0, WIDTH - 1, 11))
    for index, colour in enumerate(COLOUR_NAMES):
        top = 13 + index * RESULT_ROW
        bottom = top + RESULT_ROW - 1
        draw_text(d, colour_name(colour, lang), BODY, (TOPS_LEFT, top, 108, bottom), ellipsis="")
        draw_text(d, str(chips[colour]), BODY, (108, top, WIDTH - 1, bottom), "right")


def sarena_summary_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """The end while the table reads it: each seat's secret colour, now shown, and chips."""
    summary = view["summary"]
    return summary_screen(
        view, status, middle=[colour_name(c, status.get("language")) for c in summary["colours"]]
    )


def sarena_outcome(summary: Mapping[str, Any], status: Mapping[str, Any]) -> str | None:
    """Why the winners won, from the engine's outcome (outcome_of): most chips, or on a
    tie the tie-break chips (collected chips showing one's own colour on a face)."""
    why, winners = summary.get("outcome") or {}, summary["winners"]
    w = words_for(status)
    chips, tiebreak = summary["totals"][winners[0]], summary["tiebreak"]
    names = " & ".join(seat_name(status, seat) for seat in winners)
    reason = why.get("reason")
    if reason == "most_chips":
        return w.gettext("Most chips: {chips}", chips=chips)
    if reason == "shared":
        return w.gettext(
            "Tied on {chips} chips and {count} tie-break each: shared",
            chips=chips,
            count=tiebreak[winners[0]],
        )
    if reason == "tie_break":
        others = ", ".join(str(tiebreak[s]) for s in why["tied"] if s not in winners)
        return w.ngettext(
            "Tied on {chips} chips: {names} wins the tie-break, {best} to {others}",
            "Tied on {chips} chips: {names} win the tie-break, {best} to {others}",
            len(winners),
            chips=chips,
            names=names,
            best=tiebreak[winners[0]],
            others=others,
        )
    return None
