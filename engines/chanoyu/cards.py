"""Chanoyu's 54 cards: codes, suits, values, a display order and the deal.

A card code is rank + suit (`AS`, `10H`, `QD`); the two Tsukumogami are `T1`, `T2`.
Ace is 1 (low); J, Q and K are face cards: they have a suit but no number.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.rng import Rng

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
NUMBER_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
FACE_RANKS = ("J", "Q", "K")
TSUKUMOGAMI = ("T1", "T2")

HAND_SIZE = 5
LOWEST_VALUE = 1
HIGHEST_VALUE = 10
VALUES = range(LOWEST_VALUE, HIGHEST_VALUE + 1)

DECK: tuple[str, ...] = (
    tuple(rank + suit for suit in SUITS for rank in NUMBER_RANKS + FACE_RANKS) + TSUKUMOGAMI
)
_DECK_SET = frozenset(DECK)


def is_card(code: object) -> bool:
    """True for one of the 54 card codes."""
    return isinstance(code, str) and code in _DECK_SET


def is_tsukumogami(card: str) -> bool:
    return card in TSUKUMOGAMI


def is_face(card: str) -> bool:
    return not is_tsukumogami(card) and card[:-1] in FACE_RANKS


# Looked up, not worked out: tricks and builds ask these for every card of every move.
SUIT: dict[str, str | None] = {card: None if card in TSUKUMOGAMI else card[-1] for card in DECK}
NUMBER: dict[str, int | None] = {
    card: None
    if card in TSUKUMOGAMI or card[:-1] in FACE_RANKS
    else NUMBER_RANKS.index(card[:-1]) + 1
    for card in DECK
}
ORDER: dict[str, int] = {card: index for index, card in enumerate(DECK)}


def suit_of(card: str) -> str | None:
    """The card's suit letter; None for a Tsukumogami, which has no suit."""
    known = SUIT.get(card, "")
    if known != "":
        return known
    return None if is_tsukumogami(card) else card[-1]


def number_of(card: str) -> int | None:
    """A numbered card's value (A is 1); None for face cards and Tsukumogami."""
    if card in NUMBER:
        return NUMBER[card]
    if is_tsukumogami(card) or is_face(card):
        return None
    return NUMBER_RANKS.index(card[:-1]) + 1


def sort_key(card: str) -> int:
    """Suits in S H D C order, ranks A to K within a suit, Tsukumogami last."""
    return ORDER[card] if card in ORDER else DECK.index(card)


def suit_name(suit: str) -> str:
    return f"{SUIT_NAMES[suit]} ({suit})"


def deal(
    players: int,
    rng: Rng,
    hands: Sequence[Sequence[str]] | None = None,
    pile_top: Sequence[str] = (),
) -> tuple[list[list[str]], list[str]]:
    """Shuffle and deal five cards each: (hands, pile top first), with fixed cards kept."""
    named = set(pile_top).union(*(hands or []))
    rest = [card for card in DECK if card not in named]
    rng.shuffle(rest)
    if hands is None:
        hands = [rest[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
        rest = rest[players * HAND_SIZE :]
    return [list(hand) for hand in hands], [*pile_top, *rest]
