"""The Chanoyu score sheet: per round, each tableau as it lies on the table.

An append-only list of journal entries (set up, a round) folded into its current
state: entering a round again corrects it, the correction is logged, and nothing
entered before is lost. Points, the 15/8 outcome and the next host come from
engines.chanoyu's own functions: one rule, one place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any, TypeGuard

from device.companion.sheet import GameSheet, SheetError, clean_names, corrected, shown_names
from engines.chanoyu import (
    DEFAULT_SCORING,
    SCORING_RULES,
    Chanoyu,
    match_result,
    next_host,
    tableau_points,
)
from engines.chanoyu.cards import is_card, is_tsukumogami, number_of
from engines.chanoyu.scoring import SAFE_SCORE, WINNING_SCORE

PLAYER_COUNTS = range(Chanoyu.min_players, Chanoyu.max_players + 1)


class ChanoyuSheet(GameSheet):
    """The Chanoyu score sheet: players, then each round's tableaux, card by card."""

    SHEET = "chanoyu"

    # --- reading ----------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        setup, entries = self._latest_setup()
        if setup is None:
            return _empty_state()
        rounds, corrections = corrected(
            entries, "round", lambda body: _points(body["tableaux"], setup["scoring"]), key="round"
        )
        return _summary(setup, [rounds[r]["tableaux"] for r in sorted(rounds)], corrections)

    # --- writing ----------------------------------------------------------------------

    def setup(
        self,
        players: int,
        names: Sequence[str | None],
        host: int = 0,
        scoring: str = DEFAULT_SCORING,
    ) -> dict[str, Any]:
        """Start a new sheet (the old one stays in the journal). `host` is the first
        host, the deck's owner: the tie-break of the final result counts from them."""
        if not _whole(players) or players not in PLAYER_COUNTS:
            raise SheetError(
                "Chanoyu is for {low} to {high} players",
                "sheet_players",
                {"low": PLAYER_COUNTS[0], "high": PLAYER_COUNTS[-1]},
            )
        clean = clean_names(names, players)
        if not _whole(host) or not 0 <= host < players:
            raise SheetError(
                "the first host must be a seat from 1 to {players}",
                "sheet_host",
                {"players": players},
            )
        if scoring not in SCORING_RULES:
            raise SheetError(
                "unknown scoring {scoring}; known: {known}",
                "sheet_scoring",
                {"scoring": repr(scoring), "known": ", ".join(SCORING_RULES)},
            )
        body = {"players": players, "names": clean, "host": host, "scoring": scoring}
        with self._writing():
            self._add("setup", body)
        return self.state()

    def record_round(self, number: int, tableaux: Sequence[Any]) -> dict[str, Any]:
        """Enter (or correct) one round: per seat, its tableau from left to right, each
        card as {"card": "QS", "value": 7} (a numbered card may leave out its value)."""
        with self._writing():
            state = self.state()
            players = state["players"]
            if not players:
                raise SheetError("set up the sheet first: players and names", "sheet_not_set_up")
            if not _whole(number):
                raise SheetError("the round must be a number", "sheet_round")
            last = len(state["rounds"]) if state["over"] else len(state["rounds"]) + 1
            if not 1 <= number <= last:
                if state["over"]:
                    raise SheetError(
                        "the round must be 1 to {last} (the match is over)",
                        "sheet_round",
                        {"last": last},
                    )
                raise SheetError("the round must be 1 to {last}", "sheet_round", {"last": last})
            clean = _check_tableaux(tableaux, shown_names(state["names"]), state["scoring"])
            self._add("round", {"round": number, "tableaux": clean})
        return self.state()


# --- folding the entries ---------------------------------------------------------------


def _empty_state() -> dict[str, Any]:
    return {
        "players": 0,
        "names": [],
        "first_host": 0,
        "scoring": DEFAULT_SCORING,
        "scoring_rules": sorted(SCORING_RULES),
        "rounds": [],
        "totals": [],
        "over": False,
        "ended_after": None,
        "winners": [],
        "next_host": None,
        "corrections": [],
        "winning_score": WINNING_SCORE,
        "safe_score": SAFE_SCORE,
    }


def _summary(
    setup: Mapping[str, Any],
    tableaux_per_round: list[list[list[dict[str, Any]]]],
    corrections: list[dict[str, Any]],
) -> dict[str, Any]:
    """Rounds in order, each with its host and points; totals until the match ended.

    The match ends after the first round in which someone has 15 or more. A round
    entered after that (possible only after correcting an earlier one) is kept but
    not counted: by the rules it was never part of the match.
    """
    players, scoring = setup["players"], setup["scoring"]
    totals = [0] * players
    host = setup["host"]
    rounds: list[dict[str, Any]] = []
    ended_after: int | None = None
    winners: list[int] = []
    for number, tableaux in enumerate(tableaux_per_round, start=1):
        points = _points(tableaux, scoring)
        counted = ended_after is None
        if counted:
            totals = [total + gained for total, gained in zip(totals, points, strict=True)]
        rounds.append(
            {
                "round": number,
                "host": host if counted else None,
                "tableaux": tableaux,
                "points": points,
                "totals": list(totals) if counted else None,
                "counted": counted,
            }
        )
        if not counted:
            continue
        result = match_result(totals, setup["host"])
        if result is not None:
            ended_after, winners = number, result
        else:
            host = next_host(totals, host)
    return {
        **_empty_state(),
        "players": players,
        "names": setup["names"],
        "first_host": setup["host"],
        "scoring": scoring,
        "rounds": rounds,
        "totals": totals,
        "over": ended_after is not None,
        "ended_after": ended_after,
        "winners": winners,
        "next_host": None if ended_after is not None else host,
        "corrections": corrections,
    }


def _points(tableaux: list[list[dict[str, Any]]], scoring: str) -> list[int]:
    return [tableau_points([slot["value"] for slot in row], scoring) for row in tableaux]


# --- checking an entry -----------------------------------------------------------------


def _check_tableaux(
    tableaux: object, names: Sequence[str], scoring: str
) -> list[list[dict[str, Any]]]:
    """Every seat's tableau as [{"card", "value"}], left to right; ValueError naming
    the seat and the card at the first thing the rules do not allow."""
    players = len(names)
    if not isinstance(tableaux, list) or len(tableaux) != players:
        raise SheetError(
            "give {players} tableaux, one per seat (an empty one is [])",
            "sheet_tableaux",
            {"players": players},
        )
    seen: set[str] = set()
    clean: list[list[dict[str, Any]]] = []
    for seat, row in enumerate(tableaux):
        whose = names[seat]
        if not isinstance(row, list):
            raise SheetError(
                "{name}'s tableau must be a list of cards, left to right",
                "sheet_tableau",
                {"name": whose},
            )
        slots = [_check_slot(raw, whose) for raw in row]
        for slot in slots:
            if slot["card"] in seen:
                raise SheetError(
                    "{card} is entered twice", "sheet_card_twice", {"card": slot["card"]}
                )
            seen.add(slot["card"])
        values = [slot["value"] for slot in slots]
        if any(right <= left for left, right in pairwise(values)):
            raise SheetError(
                "{name}'s tableau: the values must increase from left to right: {values}",
                "sheet_tableau_order",
                {"name": whose, "values": values},
            )
        try:
            tableau_points(values, scoring)
        except ValueError as err:  # the engine's own rule; its reason is English
            raise SheetError(
                "{name}'s tableau: {reason}",
                "sheet_tableau_rule",
                {"name": whose, "reason": str(err)},
            ) from None
        clean.append(slots)
    return clean


def _check_slot(raw: object, whose: str) -> dict[str, Any]:
    """One card of `whose` tableau (a player's name)."""
    if not isinstance(raw, Mapping) or not set(raw) <= {"card", "value"}:
        raise SheetError(
            "{name}'s tableau: each card is {example}",
            "sheet_tableau_card",
            {"name": whose, "example": '{"card": "QS", "value": 7}'},
        )
    card = raw.get("card")
    if not is_card(card):
        raise SheetError(
            "{name}'s tableau: {card} is not a Chanoyu card (examples: AS, 10H, QD, T1)",
            "sheet_tableau_card",
            {"name": whose, "card": repr(card)},
        )
    assert isinstance(card, str)
    value = raw.get("value")
    number = number_of(card)
    if number is not None:
        if value is not None and (not _whole(value) or value != number):
            raise SheetError(
                "{name}'s tableau: {card} is worth {number}, not {value}",
                "sheet_tableau_value",
                {"name": whose, "card": card, "number": number, "value": value},
            )
        return {"card": card, "value": number}
    if not _whole(value) or not 1 <= value <= 10:
        params = {"name": whose, "card": card}
        if is_tsukumogami(card):
            raise SheetError(
                "{name}'s tableau: {card} is a Tsukumogami: give the value it stands for, 1 to 10",
                "sheet_tableau_value",
                params,
            )
        raise SheetError(
            "{name}'s tableau: {card} is a face card: give the value it stands for, 1 to 10",
            "sheet_tableau_value",
            params,
        )
    return {"card": card, "value": value}


def _whole(value: object) -> TypeGuard[int]:
    """A whole number; JSON true and false are not."""
    return isinstance(value, int) and not isinstance(value, bool)
