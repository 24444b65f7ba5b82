"""One row per seat under the title bar: the layout of every game's scores page,
and of the summary shown while the table waits after a deal, round or season.

Each row is as big as the number of seats allows: the seat's name on the left, its
number right-aligned in one column (so names get the rest of the row), and between
them either a short text per seat (e.g. a tableau's values, after a rule) or up to
three marks (e.g. departments shown).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from PIL import Image

from device.i18n import Words, words, words_for
from device.screens.fonts import BIG, BODY, SMALL, printable
from device.screens.render import (
    ELLIPSIS,
    HEIGHT,
    TITLE_BAR_HEIGHT,
    WIDTH,
    Draw,
    box_width,
    draw_text,
    largest_size,
    render,
    require_public,
    seat_name,
    text_width,
    title_bar,
)
from device.screens.result import winners_text

ROWS_TOP = TITLE_BAR_HEIGHT + 1
NAMES_MAX_WIDTH = 46  # with a middle text: longer names are cut, the text gets the rest
MAX_MARKS, MARK_PITCH = 3, 5
# The middle text may shrink below the row's size to fit.
_SIZES = {BIG: (BIG, BODY, SMALL), BODY: (BODY, SMALL), SMALL: (SMALL,)}


def draw_score_rows(
    d: Draw,
    status: Mapping[str, Any],
    numbers: Sequence[str],
    *,
    middle: Sequence[str] | None = None,
    marks: Sequence[int] | None = None,
    winners: Collection[int] = (),
) -> None:
    """Draw one row per seat (numbers[seat]) below the title bar; a winner's row is
    drawn inverted, black on white, as the result screens mark winners."""
    row_height = (HEIGHT - ROWS_TOP) // len(numbers)
    size = max([s for s in (BIG, BODY) if s <= row_height], default=SMALL)
    numbers_left = WIDTH - 2 - max(text_width(number, size) for number in numbers)
    names = [printable(seat_name(status, seat)) for seat in range(len(numbers))]
    marks_left = numbers_left - 4 - MAX_MARKS * MARK_PITCH
    if middle is not None:
        names_right = 2 + min(max(text_width(name, size) for name in names), NAMES_MAX_WIDTH)
    elif marks is not None:
        names_right = marks_left - 4
    else:
        names_right = numbers_left - 6
    for seat, number in enumerate(numbers):
        top = ROWS_TOP + seat * row_height
        bottom = top + row_height - 1
        ink = "white"
        if seat in winners:
            d.rectangle((0, top, WIDTH - 1, bottom), fill="white")
            ink = "black"
        # Beside a middle text a name is cut without an ellipsis: every pixel counts.
        ellipsis = "" if middle is not None else ELLIPSIS
        draw_text(d, names[seat], size, (2, top, names_right, bottom), ellipsis=ellipsis, fill=ink)
        draw_text(d, number, size, (numbers_left, top, WIDTH - 2, bottom), "right", fill=ink)
        if middle is not None:
            box = (names_right + 6, top, numbers_left - 6, bottom)
            fitted = largest_size(middle[seat], box_width(box), _SIZES[size])
            draw_text(d, middle[seat], fitted, box, fill=ink)
            d.line((numbers_left - 3, top, numbers_left - 3, bottom), fill=ink)
        if marks is not None:
            centre = (top + bottom) // 2
            for index in range(min(marks[seat], MAX_MARKS)):
                left = marks_left + index * MARK_PITCH
                d.rectangle((left, centre - 3, left + 2, centre + 3), fill=ink)
    if middle is not None and len(numbers) * row_height < HEIGHT - ROWS_TOP:
        # Below the last row, the column line runs on to the bottom as before.
        last = ROWS_TOP + len(numbers) * row_height
        d.line((numbers_left - 3, last, numbers_left - 3, HEIGHT - 1), fill="white")


def summary_title(summary: Mapping[str, Any], w: Words | None = None) -> str:
    """ "Deal 1/3", "Round 2", "Season 3/3", "The end": from the summary's generic fields."""
    w = w or words(None)
    kind, number, of = summary["kind"], summary["number"], summary["of"]
    if kind == "game" or number is None:
        return w.gettext("The end")
    # One id per kind the games use: each language words each in its own order.
    if kind == "deal":
        return (
            w.gettext("Deal {number}/{of}", number=number, of=of)
            if of
            else w.gettext("Deal {number}", number=number)
        )
    if kind == "round":
        return (
            w.gettext("Round {number}/{of}", number=number, of=of)
            if of
            else w.gettext("Round {number}", number=number)
        )
    if kind == "season":
        return (
            w.gettext("Season {number}/{of}", number=number, of=of)
            if of
            else w.gettext("Season {number}", number=number)
        )
    return f"{str(kind).capitalize()} {number}{f'/{of}' if of else ''}"


def final_winners(summary: Mapping[str, Any]) -> list[int]:
    """The winners a summary names: the engine's own list, and only in the final one."""
    return list(summary.get("winners") or []) if summary.get("final") else []


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def summary_screen(
    view: Mapping[str, Any],
    status: Mapping[str, Any],
    *,
    title: str | None = None,
    middle: Sequence[str] | None = None,
) -> Image.Image:
    """The summary on the OLED: a title, how many players are still reading, then each
    seat with its points for the deal (or the game's own `middle` text) and its total.
    The final summary's title names the winners instead, and their rows are inverted:
    exactly the engine's `summary["winners"]`, never worked out here."""
    require_public(view)
    summary = view["summary"]
    pause = status.get("interlude")
    w = words_for(status)
    waiting = w.gettext("{count} to go", count=len(pause["waiting"])) if pause else ""
    texts = middle if middle is not None else [signed(p) for p in summary["points"]]
    winners = final_winners(summary)
    if title is None:
        title = winners_text(winners, status) if winners else summary_title(summary, w)

    def draw(d: Draw) -> None:
        title_bar(d, title, waiting)
        totals = [str(total) for total in summary["totals"]]
        draw_score_rows(d, status, totals, middle=texts, winners=winners)

    return render(draw)
