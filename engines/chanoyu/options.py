"""Chanoyu options.

{"host": seat} (first host, default 0), {"scoring": name} (tableau rule),
{"hands": [[5 codes] per seat]} and {"pile": [codes, top first]} fix the first
round's deal; every card not named is shuffled below the named pile cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import Option, SetupError
from engines.chanoyu.cards import DECK, HAND_SIZE, is_card
from engines.chanoyu.scoring import DEFAULT_SCORING, SCORING_RULES

# What a table may set; unknown keys are refused by engines.base.Game.
DECLARED = (
    Option("host", default=0),  # first host
    Option("scoring", default=DEFAULT_SCORING),  # the tableau rule
    Option("hands", secret=True),  # a fixed first deal ...
    Option("pile", secret=True),  # ... and the top of the pile
)


@dataclass(frozen=True)
class Settings:
    host: int
    scoring: str
    hands: list[list[str]] | None
    pile_top: list[str]


def parse_options(options: Mapping[str, Any], players: int) -> Settings:
    """Check the options; raise ValueError with a clear reason if any is bad."""
    host = options.get("host", 0)
    if not isinstance(host, int) or isinstance(host, bool) or not 0 <= host < players:
        raise SetupError("the first host must be a seat from 1 to {players}", {"players": players})
    scoring = options.get("scoring", DEFAULT_SCORING)
    if not isinstance(scoring, str) or scoring not in SCORING_RULES:
        raise ValueError(f"unknown scoring {scoring!r}; known: {', '.join(sorted(SCORING_RULES))}")
    hands = _parse_hands(options["hands"], players) if "hands" in options else None
    pile_top = _card_list(options.get("pile", []), "pile")
    _check_distinct([card for hand in hands or [] for card in hand] + pile_top)
    room = len(DECK) - HAND_SIZE * players
    if len(pile_top) > room:
        raise ValueError(f"the pile holds {room} cards with {players} players, not {len(pile_top)}")
    return Settings(host, scoring, hands, pile_top)


def _parse_hands(raw: object, players: int) -> list[list[str]]:
    if not isinstance(raw, list) or len(raw) != players:
        raise ValueError(f"hands must list {players} hands, one per seat")
    hands = [_card_list(hand, f"seat {seat}'s hand") for seat, hand in enumerate(raw)]
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat}'s hand must hold {HAND_SIZE} cards, not {len(hand)}")
    return hands


def _card_list(raw: object, what: str) -> list[str]:
    if not isinstance(raw, list):
        raise ValueError(f"{what} must be a list of card codes")
    for card in raw:
        if not is_card(card):
            raise ValueError(f"{what}: {card!r} is not a Chanoyu card (examples: AS, 10H, QD, T1)")
    return list(raw)


def _check_distinct(cards: Sequence[str]) -> None:
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"{card} is named twice in hands and pile")
        seen.add(card)
