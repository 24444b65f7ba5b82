"""Playing to a trick: following suit and finding the winner.

A trick is a list of (seat, card) in play order. Tsukumogami have no suit, so the
led suit is the suit of the first suited card played (usually the lead).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from engines.base import IllegalAction, require
from engines.chanoyu.cards import NUMBER, SUIT, is_card, is_tsukumogami

Trick = Sequence[tuple[int, str]]


def led_suit(trick: Trick) -> str | None:
    """The suit players must follow; None while only Tsukumogami have been played."""
    for _, card in trick:
        suit = SUIT[card]
        if suit is not None:
            return suit
    return None


def playable(hand: Sequence[str], trick: Trick) -> list[str]:
    """The cards of `hand` the rules allow on this trick."""
    suit = led_suit(trick)
    if suit is None:
        return list(hand)
    following = [card for card in hand if SUIT[card] == suit]
    # Only when you cannot follow may you play anything, Tsukumogami included.
    return following or list(hand)


def check_play(hand: Sequence[str], trick: Trick, card: object) -> str:
    """Return `card` if this hand may play it to this trick, else raise IllegalAction."""
    if not isinstance(card, str) or not is_card(card):
        raise IllegalAction(
            "{card} is not a Chanoyu card (examples: AS, 10H, QD, T1)",
            "not_a_card",
            {"card": repr(card)},
        )
    require(card in hand, "you do not hold {card}", "not_in_hand", {"card": card})
    suit = led_suit(trick)
    if suit is not None and card not in playable(hand, trick):
        _must_follow(suit, card)
    return card


def _must_follow(suit: str, card: str) -> NoReturn:
    """A suit's name is a word: one sentence per suit (and for a Tsukumogami), so
    each language names it in its own words."""
    params = {"suit": suit, "card": card}
    if is_tsukumogami(card):
        if suit == "S":
            raise IllegalAction(
                "you must follow suit: you hold spades ({suit}), so you cannot play a Tsukumogami",
                "follow_suit",
                params,
            )
        if suit == "H":
            raise IllegalAction(
                "you must follow suit: you hold hearts ({suit}), so you cannot play a Tsukumogami",
                "follow_suit",
                params,
            )
        if suit == "D":
            raise IllegalAction(
                "you must follow suit: you hold diamonds ({suit}),"
                " so you cannot play a Tsukumogami",
                "follow_suit",
                params,
            )
        raise IllegalAction(
            "you must follow suit: you hold clubs ({suit}), so you cannot play a Tsukumogami",
            "follow_suit",
            params,
        )
    if suit == "S":
        raise IllegalAction(
            "you must follow suit: you hold spades ({suit}), so you cannot play {card}",
            "follow_suit",
            params,
        )
    if suit == "H":
        raise IllegalAction(
            "you must follow suit: you hold hearts ({suit}), so you cannot play {card}",
            "follow_suit",
            params,
        )
    if suit == "D":
        raise IllegalAction(
            "you must follow suit: you hold diamonds ({suit}), so you cannot play {card}",
            "follow_suit",
            params,
        )
    raise IllegalAction(
        "you must follow suit: you hold clubs ({suit}), so you cannot play {card}",
        "follow_suit",
        params,
    )


def trick_winner(trick: Trick) -> int | None:
    """The seat of the highest numbered card of the led suit; None when there is none
    (face cards and Tsukumogami never win)."""
    suit = led_suit(trick)
    best: tuple[int, int] | None = None
    for seat, card in trick:
        number = NUMBER[card]
        if number is not None and SUIT[card] == suit and (best is None or number > best[0]):
            best = (number, seat)
    return None if best is None else best[1]
