"""The OLED as a score sheet's scoreboard (a game played with real pieces), and the
box's entry screens. Pure: a `Board` (device/companion/scoring.py) and the table's
language in, a frame out.

Pages, B moving between them: the standings (each seat's total and rank, the game's
note, the winners once over), what comes next, and on demand (long C) the QR of the
sheet's page for what the buttons cannot enter.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from device.companion.scoring import Ask, Board, ranks
from device.i18n import Words, say, words
from device.screens.fonts import BIG, BODY, HUGE, SMALL
from device.screens.lobby import PANEL_LEFT, draw_qr, join_qr
from device.screens.message import message_screen
from device.screens.render import WIDTH, Draw, draw_text, render, title_bar, wrap
from device.screens.score_rows import draw_score_rows

Names = Sequence[str | None]


def _status(names: Names, lang: str | None) -> dict[str, object]:
    """A status as score_rows reads names: an unnamed seat is "Seat N" in `lang`."""
    return {
        "language": lang,
        "seats": [{"seat": s, "name": name, "taken": True} for s, name in enumerate(names)],
    }


def _rank_word(rank: int | None, w: Words) -> str:
    return "" if rank is None else w.gettext("#{rank}", rank=rank)


def standings_screen(title: str, board: Board, names: Names, lang: str | None) -> Image.Image:
    """Each seat's total, rank and note; once over, the winners marked."""
    w = words(lang)
    places = ranks(board.totals)
    notes = list(board.notes) or [""] * len(board.totals)
    middle = []
    for seat, note in enumerate(notes):
        if board.over:
            mark = w.gettext("wins") if seat in board.winners else ""
        else:
            mark = _rank_word(places[seat], w)
        middle.append(" ".join(part for part in (mark, str(say(note, w))) if part))
    numbers = ["-" if total is None else str(total) for total in board.totals]

    def draw(d: Draw) -> None:
        title_bar(d, title, str(say(board.stage, w)))
        draw_score_rows(d, _status(names, lang), numbers, middle=middle)

    return render(draw)


def next_screen(title: str, board: Board, lang: str | None) -> Image.Image:
    """What the game needs next (the objective, the host...), or once over the result."""
    w = words(lang)
    lines = [str(say(line, w)) for line in board.next]
    if board.over and not lines:
        lines = [w.gettext("The game is over")]
    return message_screen(f"{title} · {say(board.stage, w)}", lines)


def sheet_qr_screen(url: str, lang: str | None) -> Image.Image:
    """The QR of the sheet's page: entries the buttons cannot make comfortably."""
    matrix = join_qr(url)
    w = words(lang)
    hint = [
        part
        for line in w.gettext("Scan to enter on a phone").split("\n")
        for part in wrap(line, SMALL, WIDTH - PANEL_LEFT - 4)
    ]

    def draw(d: Draw) -> None:
        if matrix is not None:
            draw_qr(d, matrix)
        for index, line in enumerate(hint[:5]):
            top = 4 + index * 12
            draw_text(d, line, SMALL, (PANEL_LEFT + 2, top, WIDTH - 1, top + 11), "centre")

    if matrix is None:  # an address too long for a QR that scans: the words instead
        return message_screen(w.gettext("Score sheet"), [url])
    return render(draw)


def ask_screen(
    title: str, ask: Ask, value: int, step: int, steps: int, lang: str | None
) -> Image.Image:
    """One number of an entry: what it is for, the value as chosen so far, and the keys."""
    w = words(lang)
    keys = w.gettext("B + · C - · A ok")

    def draw(d: Draw) -> None:
        title_bar(d, str(say(title, w)), f"{step}/{steps}")
        draw_text(d, str(say(ask.title, w)), BODY, (2, 13, WIDTH - 3, 25), "centre")
        draw_text(d, str(say(ask.prompt, w)), SMALL, (2, 26, WIDTH - 3, 36), "centre")
        size = HUGE if ask.choices is None else BIG
        draw_text(d, str(say(ask.shown(value), w)), size, (2, 37, WIDTH - 3, 54), "centre")
        draw_text(d, keys, SMALL, (0, 55, WIDTH - 1, 63), "centre")

    return render(draw)


def confirm_screen(
    title: str,
    board: Board | None,
    names: Names,
    lang: str | None,
    *,
    warning: str | None = None,
    refusal: str | None = None,
) -> Image.Image:
    """The last step before anything is recorded: the totals the entry gives (or the
    sheet's refusal, to go back and fix), A to record, long B back."""
    w = words(lang)
    if refusal is not None:
        return message_screen(
            w.gettext("Not like this"), [str(say(refusal, w)), w.gettext("Long B: back")]
        )
    if board is None:
        lines = [str(say(warning, w))] if warning else []
        return message_screen(str(say(title, w)), [*lines, w.gettext("A: yes · long B: back")])
    numbers = ["-" if total is None else str(total) for total in board.totals]
    middle = [
        w.gettext("wins") if board.over and s in board.winners else "" for s in range(len(numbers))
    ]
    bar = w.gettext("A: record?") if not warning else str(say(warning, w))

    def draw(d: Draw) -> None:
        title_bar(d, bar)
        draw_score_rows(d, _status(names, lang), numbers, middle=middle)

    return render(draw)
