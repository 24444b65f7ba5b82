"""Chanoyu scored on the box: the scoreboard of its sheet (host, who has 8 and 15).

A round is each tableau card by card, more than three buttons make comfortable: it
is entered on a phone (the box shows the sheet's QR). The box sets a sheet up with
its first host, the one number it needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from device.companion.scoring import Answers, Ask, Board, Scoring, joined
from device.companion.sheet import GameSheet, seat_label
from device.games.chanoyu.sheet import ChanoyuSheet
from device.i18n import N_


def board(state: Mapping[str, Any]) -> Board:
    players, names, totals = state["players"], state["names"], state["totals"]
    safe, winning = state["safe_score"], state["winning_score"]
    marks = [
        f"{winning}+" if total >= winning else f"{safe}+" if total >= safe else ""
        for total in totals
    ]

    def who(seats: list[int]) -> str:
        return joined([seat_label(names, seat) for seat in seats])

    reached = [
        N_(
            "{points} or more: {names}",
            points=safe,
            names=who([s for s, t in enumerate(totals) if t >= safe]),
        ),
        N_(
            "{points} or more: {names}",
            points=winning,
            names=who([s for s, t in enumerate(totals) if t >= winning]),
        ),
    ]
    if state["over"]:
        return Board(
            N_("Final result"),
            totals,
            notes=marks,
            next=reached,
            over=True,
            winners=state["winners"],
            lights=state["winners"],
        )
    host = state["next_host"]
    return Board(
        N_("Round {number}", number=len([r for r in state["rounds"] if r["counted"]]) + 1),
        totals,
        notes=[N_("host") if seat == host else marks[seat] for seat in range(players)],
        next=[N_("Hosted by {name}", name=seat_label(names, host)), *reached],
        lights=[host],
    )


def setup_asks(players: int) -> list[Ask]:
    seats = {seat: N_("Seat {number}", number=seat + 1) for seat in range(players)}
    return [Ask("host", N_("First host"), N_("Who owns the deck"), 0, players - 1, 0, seats)]


def setup(sheet: GameSheet, players: int, answers: Answers) -> object:
    return cast(ChanoyuSheet, sheet).setup(players, [None] * players, host=answers.get("host", 0))


SCORING = Scoring(board=board, entries=lambda state: [], setup=setup, setup_asks=setup_asks)
