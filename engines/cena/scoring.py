"""Céna scoring, shared by the engine and the companion score sheet (one rule, one place)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.cena.cards import is_card
from engines.cena.objectives import matching_cards, parse_objective


def alliance_score(cards_won: Iterable[str], objective: Mapping[str, Any] | None) -> int:
    """1 point per card the alliance won, minus the objective's penalty per matching card.

    objective None means no penalty. ValueError for an unknown card or a bad objective.
    """
    return alliance_scores([cards_won], objective)[0]


def alliance_scores(
    won_by_alliance: Iterable[Iterable[str]], objective: Mapping[str, Any] | None
) -> list[int]:
    """alliance_score for every alliance of a deal, checking the objective once."""
    return [part["score"] for part in alliance_breakdown(won_by_alliance, objective)]


def alliance_breakdown(
    won_by_alliance: Iterable[Iterable[str]], objective: Mapping[str, Any] | None
) -> list[dict[str, int]]:
    """How each alliance's score is made, as a deal's summary shows it:
    {"won": cards won, "penalised": of those, cards the objective matches,
    "penalty": points they cost, "score": won - penalty}."""
    penalty, penalised = 0, frozenset[str]()
    if objective is not None:
        rule = parse_objective(objective)
        penalty, penalised = rule["penalty"], matching_cards(rule)
    won = [list(cards_won) for cards_won in won_by_alliance]
    for cards in won:
        for card in cards:
            if not is_card(card):
                raise ValueError(f"{card!r} is not a Céna card")
    return checked_breakdown(won, penalty, penalised)


def checked_breakdown(
    won_by_alliance: Iterable[Sequence[str]], penalty: int, penalised: frozenset[str]
) -> list[dict[str, int]]:
    """alliance_breakdown of cards and an objective already checked (the engine's own,
    at every deal's end): `penalty` points per card of `penalised`."""
    parts = []
    for cards in won_by_alliance:
        matched = sum(1 for card in cards if card in penalised)
        parts.append(
            {
                "won": len(cards),
                "penalised": matched,
                "penalty": penalty * matched,
                "score": len(cards) - penalty * matched,
            }
        )
    return parts


def seat_scores(alliances: Sequence[int]) -> list[int]:
    """Each seat scores its two alliances: k-1 (with its right neighbour) and k (its left)."""
    return [alliances[seat - 1] + alliances[seat] for seat in range(len(alliances))]


def host_of_deal(deal: int, first_host: int, players: int) -> int:
    """Who hosts deal `deal` (from 1): the host passes one seat to the left each deal;
    the host's left neighbour leads the first trick."""
    return (first_host + deal - 1) % players


def winners_of(totals: Sequence[int]) -> list[int]:
    """Every seat with the highest total: ties share the victory."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
