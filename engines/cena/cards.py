"""The 40 Céna Playing Cards: codes, suits, numbers, order and hand sizes.

A card is a short string, suit letter + number ("W7", "A10"), so the hot paths
compare and hash plain strings; suit and number come from precomputed tables.
"""

from __future__ import annotations

from collections.abc import Iterable

# Suit letters in sort order (alphabetical, so a sorted hand reads A, C, M, W).
SUITS = ("A", "C", "M", "W")
SUIT_NAMES = {"C": "cider", "W": "wine", "M": "mead", "A": "ale"}
NUMBERS = range(1, 11)

CARDS: tuple[str, ...] = tuple(f"{suit}{number}" for suit in SUITS for number in NUMBERS)
SUIT_OF: dict[str, str] = {card: card[0] for card in CARDS}
NUMBER_OF: dict[str, int] = {card: int(card[1:]) for card in CARDS}
ORDER: dict[str, int] = {card: index for index, card in enumerate(CARDS)}

# Cards in each hand by number of players; with 3 players 4 cards stay out, unseen.
HAND_SIZES = {3: 12, 4: 10, 5: 8}


def is_card(value: object) -> bool:
    """True for a real card code such as "W7"."""
    return isinstance(value, str) and value in ORDER


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards by suit letter, then number: A1..A10, C1..C10, M1..M10, W1..W10."""
    return sorted(cards, key=ORDER.__getitem__)
