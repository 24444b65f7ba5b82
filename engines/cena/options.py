"""Céna table options: checked once at game start (ValueError with a clear reason)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.base import Option, SetupError
from engines.cena.cards import HAND_SIZES, is_card, sort_cards
from engines.cena.objectives import DEFAULT_OBJECTIVES, Objective, parse_objective

DEALS = 3
MAX_OBJECTIVE_DECK = 8  # the box holds eight Objective Cards
# What a table may set; unknown keys are refused by engines.base.Game.
DECLARED = (
    Option("simplified", default=False),  # Playing Cards only in front of their own player
    Option("host", default=0),  # host of the first deal
    Option("objectives", default=[dict(parse_objective(o)) for o in DEFAULT_OBJECTIVES]),
    Option("draw_objectives", default=False),  # shuffle the deck with the game's generator
    Option("hands", secret=True),  # a fixed first deal
)


@dataclass(frozen=True)
class Settings:
    simplified: bool  # Playing Cards only in front of their own player
    host: int  # host of the first deal
    hands: tuple[tuple[str, ...], ...] | None  # a fixed first deal, sorted, or None to shuffle
    objectives: tuple[Objective, ...]  # the deck, in deal order unless drawn
    draw_objectives: bool  # shuffle the deck with the game's generator


def parse_options(options: Mapping[str, Any], players: int) -> Settings:
    simplified = _flag(options, "simplified")
    draw = _flag(options, "draw_objectives")
    host = options.get("host", 0)
    if not isinstance(host, int) or isinstance(host, bool) or not 0 <= host < players:
        raise SetupError(
            "the host of the first deal must be a seat from 1 to {players}", {"players": players}
        )
    return Settings(
        simplified=simplified,
        host=host,
        hands=_parse_hands(options["hands"], players) if "hands" in options else None,
        objectives=_parse_objectives(options.get("objectives", DEFAULT_OBJECTIVES), draw),
        draw_objectives=draw,
    )


def _flag(options: Mapping[str, Any], key: str) -> bool:
    value = options.get(key, False)
    if not isinstance(value, bool):
        raise ValueError(f"{key} must be true or false")
    return value


def _parse_objectives(raw: object, draw: bool) -> tuple[Objective, ...]:
    if not isinstance(raw, list | tuple):
        raise SetupError("objectives must be a list")
    if draw and not DEALS <= len(raw) <= MAX_OBJECTIVE_DECK:
        raise SetupError(
            "an objective deck to draw from holds {low} to {high} cards",
            {"low": DEALS, "high": MAX_OBJECTIVE_DECK},
        )
    if not draw and len(raw) != DEALS:
        raise SetupError(
            "give exactly {count} objectives, one per deal, or draw them", {"count": DEALS}
        )
    return tuple(parse_objective(objective) for objective in raw)


def _parse_hands(raw: object, players: int) -> tuple[tuple[str, ...], ...]:
    size = HAND_SIZES[players]
    if not isinstance(raw, list | tuple) or len(raw) != players:
        raise ValueError(f"hands must list one hand per seat ({players})")
    seen: set[str] = set()
    hands = []
    for seat, hand in enumerate(raw):
        if not isinstance(hand, list | tuple) or len(hand) != size:
            raise ValueError(f"seat {seat}'s hand must hold {size} cards")
        for card in hand:
            if not is_card(card):
                raise ValueError(f"{card!r} in seat {seat}'s hand is not a Céna card")
            if card in seen:
                raise ValueError(f"{card} is dealt twice")
            seen.add(card)
        hands.append(tuple(sort_cards(hand)))
    return tuple(hands)
