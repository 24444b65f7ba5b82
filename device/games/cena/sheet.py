"""The Céna score sheet: per deal, each alliance's won cards and the objective in force.

An append-only list of journal entries (set up, a deal, a correction) folded into
its current state, so a correction never erases what was entered before and
survives a power cut like any move. Scores come from engines.cena's own functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from device.companion.sheet import GameSheet, SheetError, clean_names, corrected
from device.i18n import Text
from engines.base import SetupError
from engines.cena import alliance_score
from engines.cena.cards import HAND_SIZES, is_card, sort_cards
from engines.cena.objectives import DEFAULT_OBJECTIVES, matches, matching_cards, parse_objective
from engines.cena.options import DEALS
from engines.cena.scoring import seat_scores, winners_of


class CenaSheet(GameSheet):
    """The Céna score sheet: per deal, each alliance's won cards and the objective in force."""

    SHEET = "cena"

    # --- reading ----------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        setup, entries = self._latest_setup()
        if setup is None:
            return {
                "players": 0,
                "names": [],
                "objectives": [],
                "deals": [],
                "totals": [],
                "winners": [],
                "corrections": [],
                "deals_in_game": DEALS,
            }
        deals, corrections = corrected(entries, "deal", lambda body: body["seats"], key="deal")
        players = setup["players"]
        ordered = [deals[d] for d in sorted(deals)]
        totals = [sum(deal["seats"][seat] for deal in ordered) for seat in range(players)]
        complete = len(ordered) == DEALS
        return {
            "players": players,
            "names": setup["names"],
            "objectives": setup["objectives"],
            "deals": ordered,
            "totals": totals,
            "winners": winners_of(totals) if complete else [],
            "corrections": corrections,
            "deals_in_game": DEALS,
        }

    # --- writing ----------------------------------------------------------------------

    def setup(
        self, players: int, names: Sequence[str | None], objectives: Sequence[Any] | None = None
    ) -> dict[str, Any]:
        """Start a new sheet (the old one stays in the journal)."""
        if not isinstance(players, int) or isinstance(players, bool) or players not in HAND_SIZES:
            raise SheetError("Céna is for 3 to 5 players", "sheet_players")
        clean = clean_names(names, players)
        if objectives is None:
            objectives = list(DEFAULT_OBJECTIVES)
        if not isinstance(objectives, list) or len(objectives) != DEALS:
            raise SheetError(
                "give {count} objective cards, one per deal", "sheet_objectives", {"count": DEALS}
            )
        parsed = [_objective(objective, k) for k, objective in enumerate(objectives)]
        with self._writing():
            self._add("setup", {"players": players, "names": clean, "objectives": parsed})
        return self.state()

    def record_deal(
        self, deal: int, objective: Mapping[str, Any] | None, alliances: Sequence[Any]
    ) -> dict[str, Any]:
        """Enter (or correct) one deal: per alliance k (seats k and k+1), its won cards,
        either as {"cards": [...]}, as {"count": n, "penalty_cards": [...]} or, from the
        box's buttons, as {"count": n, "penalty_count": m}."""
        with self._writing():
            state = self.state()
            players = state["players"]
            if not players:
                raise SheetError("set up the sheet first: players and names", "sheet_not_set_up")
            recorded = len(state["deals"])
            if not isinstance(deal, int) or isinstance(deal, bool):
                raise SheetError("deal must be a number", "sheet_deal")
            if not 1 <= deal <= min(DEALS, recorded + 1):
                raise SheetError(
                    "deal must be 1 to {last}", "sheet_deal", {"last": min(DEALS, recorded + 1)}
                )
            rule = None if objective is None else parse_objective(objective)
            rows = self._score_alliances(players, rule, alliances)
            scores = [row["score"] for row in rows]
            body = {
                "deal": deal,
                "objective": rule,
                "alliances": rows,
                "seats": seat_scores(scores),
            }
            self._add("deal", body)
        return self.state()

    @staticmethod
    def _score_alliances(
        players: int, rule: Mapping[str, Any] | None, alliances: Sequence[Any]
    ) -> list[dict[str, Any]]:
        if not isinstance(alliances, list) or len(alliances) != players:
            raise SheetError(
                "give {players} alliances, one per pair of neighbours",
                "sheet_alliances",
                {"players": players},
            )
        seen: set[str] = set()
        penalised = 0  # penalty cards given as counts (the box's buttons)
        rows: list[dict[str, Any]] = []
        for k, entry in enumerate(alliances):
            seats = [k, (k + 1) % players]
            if not isinstance(entry, Mapping):
                raise SheetError(
                    "alliance {alliance}: give its cards or a count",
                    "sheet_alliance",
                    {"alliance": k + 1},
                )
            if "cards" in entry:
                cards = _card_list(entry["cards"], k)
                _no_repeats(cards, seen)
                rows.append({"seats": seats, "cards": cards, "score": alliance_score(cards, rule)})
            elif "count" in entry and "penalty_count" in entry:
                rows.append(_counted(k, seats, rule, entry["count"], entry["penalty_count"]))
                penalised += entry["penalty_count"]
            elif "count" in entry:
                count = entry["count"]
                penalty_cards = _card_list(entry.get("penalty_cards", []), k)
                _check_count(count, k)
                if len(penalty_cards) > count:
                    raise SheetError(
                        "alliance {alliance}: more penalty cards than cards won",
                        "sheet_penalty_cards",
                        {"alliance": k + 1},
                    )
                for card in penalty_cards:
                    if rule is None or not matches(card, rule):
                        raise SheetError(
                            "alliance {alliance}: {card} is not a penalty card now",
                            "sheet_penalty_cards",
                            {"alliance": k + 1, "card": card},
                        )
                _no_repeats(penalty_cards, seen)
                # Cards that match no objective score 1 each; the engine's rule scores the rest.
                score = alliance_score(penalty_cards, rule) + count - len(penalty_cards)
                rows.append(
                    {"seats": seats, "count": count, "penalty_cards": penalty_cards, "score": score}
                )
            else:
                raise SheetError(
                    "alliance {alliance}: give its cards or a count",
                    "sheet_alliance",
                    {"alliance": k + 1},
                )
        if rule is not None and len(seen & matching_cards(rule)) + penalised > len(
            matching_cards(rule)
        ):
            raise SheetError(
                "more penalty cards than the deck holds: {most}",
                "sheet_penalty_cards",
                {"most": len(matching_cards(rule))},
            )
        total = sum(len(r["cards"]) if "cards" in r else r["count"] for r in rows)
        expected = HAND_SIZES[players] * players
        if total != expected:
            raise SheetError(
                "the alliances won {total} cards in all; a {players}-player deal has {expected}",
                "sheet_card_total",
                {"total": total, "players": players, "expected": expected},
            )
        return rows


def _check_count(count: object, k: int) -> None:
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise SheetError(
            "alliance {alliance}: the count must be a number, 0 or more",
            "sheet_count",
            {"alliance": k + 1},
        )


def _counted(
    k: int, seats: list[int], rule: Mapping[str, Any] | None, count: object, penalties: object
) -> dict[str, Any]:
    """Alliance k's entry as two counts (the box's buttons): its cards won and how many
    of them the objective penalises. The engine scores it on as many of the objective's
    cards, since which ones they were changes nothing."""
    _check_count(count, k)
    assert isinstance(count, int)
    if not isinstance(penalties, int) or isinstance(penalties, bool) or penalties < 0:
        raise SheetError(
            "alliance {alliance}: the penalty cards must be a number, 0 or more",
            "sheet_penalty_cards",
            {"alliance": k + 1},
        )
    if penalties > count:
        raise SheetError(
            "alliance {alliance}: more penalty cards than cards won",
            "sheet_penalty_cards",
            {"alliance": k + 1},
        )
    matching = sort_cards(matching_cards(rule)) if rule is not None else []
    if penalties > len(matching):
        raise SheetError(
            "more penalty cards than the deck holds: {most}",
            "sheet_penalty_cards",
            {"most": len(matching)},
        )
    score = alliance_score(matching[:penalties], rule) + count - penalties
    return {"seats": seats, "count": count, "penalty_count": penalties, "score": score}


def _objective(raw: object, k: int) -> dict[str, Any]:
    """Objective card k+1 as the engine reads it. What a player can get wrong in the
    set-up form (no criterion, a number against its parity) is worded for every
    reader; the engine's own reason (a malformed request) stays English."""
    params: dict[str, Any] = {"card": k + 1}
    if isinstance(raw, Mapping):
        if all(raw.get(key) is None for key in ("suit", "number", "parity")):
            raise SheetError(
                "objective card {card}: give at least one of a suit, a number or odd/even",
                "sheet_objective",
                params,
            )
        number, parity = raw.get("number"), raw.get("parity")
        if isinstance(number, int) and parity in ("odd", "even"):
            if parity == "odd" and number % 2 == 0:
                raise SheetError(
                    "objective card {card}: {number} is not odd",
                    "sheet_objective",
                    {**params, "number": number},
                )
            if parity == "even" and number % 2 == 1:
                raise SheetError(
                    "objective card {card}: {number} is not even",
                    "sheet_objective",
                    {**params, "number": number},
                )
    try:
        return dict(parse_objective(raw))
    except SetupError as err:  # the engine's reason, said in the reader's language
        reason = Text(err.template, err.params)
        raise SheetError(
            "objective card {card}: {reason}", "sheet_objective", {**params, "reason": reason}
        ) from None


def _card_list(raw: object, k: int) -> list[str]:
    if not isinstance(raw, list) or not all(is_card(card) for card in raw):
        raise SheetError(
            "alliance {alliance}: cards must be codes like W7 or A10",
            "sheet_cards",
            {"alliance": k + 1},
        )
    return list(raw)


def _no_repeats(cards: list[str], seen: set[str]) -> None:
    for card in cards:
        if card in seen:
            raise SheetError("{card} is entered twice", "sheet_card_twice", {"card": card})
        seen.add(card)
