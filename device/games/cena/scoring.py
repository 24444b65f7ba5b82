"""Céna scored on the box: the scoreboard of its sheet, and a deal in a few numbers.

A deal from the buttons: per alliance its cards won (the last alliance's follows
from the deal's card count) and how many of them the deal's objective penalises.
The sheet's own `record_deal` scores it with the engine's functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from device.companion.scoring import Answers, Ask, Board, Entry, Scoring
from device.companion.sheet import GameSheet, seat_label
from device.games.cena.screens import objective_words
from device.games.cena.sheet import CenaSheet
from device.i18n import N_
from engines.cena.cards import HAND_SIZES
from engines.cena.objectives import matching_cards
from engines.cena.options import DEALS
from engines.cena.scoring import host_of_deal

FIRST_HOST = 0  # a sheet knows no host: seat 1 hosts the first deal, as the engine's default


def board(state: Mapping[str, Any]) -> Board:
    players, names, totals = state["players"], state["names"], state["totals"]
    if state["winners"]:
        return Board(
            N_("Final result"), totals, over=True, winners=state["winners"], lights=state["winners"]
        )
    number = len(state["deals"]) + 1
    host = host_of_deal(number, FIRST_HOST, players)
    lines: list[str] = [N_("Deal host: {name}", name=seat_label(names, host))]
    objective = _objective(state, number)
    if objective is not None:
        lines.insert(0, objective_words(objective))
    return Board(
        N_("Deal {number}/{of}", number=number, of=DEALS),
        totals,
        notes=[N_("hosts") if seat == host else "" for seat in range(players)],
        next=lines,
        lights=[host],
    )


def _objective(state: Mapping[str, Any], number: int) -> Mapping[str, Any] | None:
    objectives = state["objectives"]
    return objectives[number - 1] if number <= len(objectives) else None


def _deal_entry(state: Mapping[str, Any], number: int, before: Mapping[str, Any] | None) -> Entry:
    """Deal `number` from the buttons; `before`: the deal as recorded, to correct it."""
    players, names = state["players"], state["names"]
    cards = HAND_SIZES[players] * players
    objective = before["objective"] if before else _objective(state, number)
    penalised = len(matching_cards(objective)) if objective else 0
    recorded = [_counts(row, objective) for row in before["alliances"]] if before else None

    def title(k: int) -> str:
        return N_(
            "{first} + {second}",
            first=seat_label(names, k),
            second=seat_label(names, (k + 1) % players),
        )

    def asks(answers: Answers) -> list[Ask]:
        found: list[Ask] = []
        for k in range(players):
            won = _won(answers, k, players, cards)
            if k < players - 1:  # the last alliance won what is left
                start = recorded[k][0] if recorded else cards // players
                found.append(Ask(f"won{k}", title(k), N_("Cards won"), 0, cards, start))
            if penalised:
                high = max(0, min(won if won is not None else cards, penalised))
                start = min(recorded[k][1], high) if recorded else 0
                found.append(Ask(f"penalty{k}", title(k), N_("Penalty cards"), 0, high, start))
        return found

    def record(sheet: GameSheet, answers: Answers) -> object:
        alliances = [
            {
                "count": _won(answers, k, players, cards),
                "penalty_count": answers.get(f"penalty{k}", 0),
            }
            for k in range(players)
        ]
        return cast(CenaSheet, sheet).record_deal(number, objective, alliances)

    label = (
        N_("Correct deal {number}", number=number)
        if before
        else N_("Enter deal {number}", number=number)
    )
    return Entry(label, asks, record)


def _won(answers: Answers, k: int, players: int, cards: int) -> int | None:
    """Alliance k's cards won: as answered, or for the last the cards left."""
    if k < players - 1:
        return answers.get(f"won{k}")
    given = [answers.get(f"won{j}") for j in range(players - 1)]
    return None if None in given else cards - sum(g for g in given if g is not None)


def _counts(row: Mapping[str, Any], objective: Mapping[str, Any] | None) -> tuple[int, int]:
    """A recorded alliance as (cards won, penalty cards), however it was entered."""
    if "cards" in row:
        matched = matching_cards(objective) if objective else frozenset()
        return len(row["cards"]), sum(card in matched for card in row["cards"])
    penalties = row.get("penalty_count", len(row.get("penalty_cards", [])))
    return row["count"], penalties


def entries(state: Mapping[str, Any]) -> list[Entry]:
    if state["winners"] or len(state["deals"]) >= DEALS:
        return []
    return [_deal_entry(state, len(state["deals"]) + 1, None)]


def correction(state: Mapping[str, Any]) -> Entry | None:
    if not state["deals"]:
        return None
    last = state["deals"][-1]
    return _deal_entry(state, last["deal"], last)


def setup(sheet: GameSheet, players: int, answers: Answers) -> object:
    return cast(CenaSheet, sheet).setup(players, [None] * players)


SCORING = Scoring(board=board, entries=entries, setup=setup, correction=correction)
