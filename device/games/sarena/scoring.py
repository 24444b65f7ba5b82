"""Sàrénà scored on the box: its secret colours held by the box, then the result.

Set up on the box, the sheet takes a round of colours drawn on the box (players look
by passing the box, as ever). The result from the buttons is each player's chips and,
for leaders tied on chips, their tie-break count; confirming it reveals the colours
first and then records it with the sheet's own `record_result` (the engine's scoring).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from device.companion.scoring import Answers, Ask, Board, Entry, Scoring, joined
from device.companion.sheet import GameSheet, seat_label
from device.games.sarena.sheet import SarenaSheet
from device.i18n import N_
from engines.sarena.chips import BOX_SIZE


def board(state: Mapping[str, Any]) -> Board:
    players, names, result = state["players"], state["names"], state["result"]
    if result is None:
        looked = sum(state["round"]["claimed"]) if state.get("round") else 0
        lines = [N_("Enter the result when the game ends")]
        if state.get("round") and not state["round"]["revealed"] and looked:
            lines.append(N_("Colours on phones: {count}", count=looked))
        return Board(N_("Playing"), [None] * players, next=lines)
    notes = ["" if tie is None else N_("tie {count}", count=tie) for tie in result["tiebreak"]]
    winners = list(result["winners"])
    names_won = joined([seat_label(names, seat) for seat in winners])
    return Board(
        N_("Final result"),
        result["chips"],
        notes=notes,
        next=[N_("Chips collected; winner: {names}", names=names_won)],
        over=True,
        winners=winners,
        lights=winners,
    )


def _result_entry(state: Mapping[str, Any]) -> Entry:
    players, names, before = state["players"], state["names"], state["result"]

    def asks(answers: Answers) -> list[Ask]:
        found = [
            Ask(
                f"chips{seat}",
                seat_label(names, seat),
                N_("Chips"),
                0,
                BOX_SIZE,
                before["chips"][seat] if before else BOX_SIZE // players,  # a fair share
            )
            for seat in range(players)
        ]
        chips = [answers.get(f"chips{seat}") for seat in range(players)]
        if None in chips:
            return found
        most = max(c for c in chips if c is not None)
        tied = [seat for seat in range(players) if chips[seat] == most]
        if len(tied) > 1:  # only a tie on chips needs the tie-break counts
            for seat in tied:
                start = (before["tiebreak"][seat] or 0) if before else 0
                found.append(
                    Ask(
                        f"tie{seat}", seat_label(names, seat), N_("Tie-break count"), 0, most, start
                    )
                )
        return found

    def record(sheet: GameSheet, answers: Answers) -> object:
        counts = [
            {"chips": answers[f"chips{seat}"], "tiebreak": answers.get(f"tie{seat}")}
            for seat in range(players)
        ]
        return cast(SarenaSheet, sheet).record_on_box(counts)

    label = N_("Correct the result") if before else N_("Enter the result")
    return Entry(label, asks, record, warning=None if before else N_("This reveals the colours"))


def entries(state: Mapping[str, Any]) -> list[Entry]:
    return [] if state["result"] else [_result_entry(state)]


def correction(state: Mapping[str, Any]) -> Entry | None:
    return _result_entry(state) if state["result"] else None


def colours(state: Mapping[str, Any]) -> int | None:
    drawn = state.get("round")
    return int(drawn["round"]) if drawn and not drawn["revealed"] else None


def setup(sheet: GameSheet, players: int, answers: Answers) -> object:
    return cast(SarenaSheet, sheet).setup_on_box(players)


SCORING = Scoring(board=board, entries=entries, setup=setup, correction=correction, colours=colours)
