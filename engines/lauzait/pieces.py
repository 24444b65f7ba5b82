"""Lauzait Cep pieces: codes, the set in play per player count, and their dots.

A piece is a colour letter and a number, ``G`` green (Site Workers) or ``W``
white (Administrative Officers), numbers 0-9: ``G5``, ``W0``. A wild (joker) is
``J``. Identical pieces share one code, so a hand is a multiset of codes.
"""

from __future__ import annotations

from collections import Counter

WILD = "J"
COLOURS = ("G", "W")
NUMBERS = range(10)

# How many of each number one colour has: 0-3 four each, 4-7 three, 8-9 two.
_COPIES = {0: 4, 1: 4, 2: 4, 3: 4, 4: 3, 5: 3, 6: 3, 7: 3, 8: 2, 9: 2}
_WILDS = 4


def code(colour: str, number: int) -> str:
    return f"{colour}{number}"


def is_piece_code(value: object) -> bool:
    """A well-formed code: ``J`` or a colour letter and one digit."""
    return isinstance(value, str) and (
        value == WILD or (len(value) == 2 and value[0] in COLOURS and value[1].isdigit())
    )


def is_wild(piece: str) -> bool:
    return piece == WILD


def colour(piece: str) -> str:
    return piece[0]


def number(piece: str) -> int:
    return int(piece[1])


def dots(num: int) -> int:
    """Points printed on a piece: 0-3 one dot, 4-7 two, 8-9 three."""
    if num <= 3:
        return 1
    if num <= 7:
        return 2
    return 3


def sort_key(piece: str) -> tuple[int, int]:
    """Green before white, low numbers first, wilds last."""
    known = _SORT_KEYS.get(piece)
    if known is not None:
        return known
    if is_wild(piece):
        return (len(COLOURS), 0)
    return (COLOURS.index(colour(piece)), number(piece))


# sort_key of every piece, looked up: hands are sorted after every hire.
_SORT_KEYS: dict[str, tuple[int, int]] = {
    **{code(col, num): (index, num) for index, col in enumerate(COLOURS) for num in NUMBERS},
    WILD: (len(COLOURS), 0),
}


def sorted_pieces(pieces: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(pieces, key=sort_key)


def numbers_in_play(players: int) -> range:
    """With 3 or 2 players all the 0s are removed."""
    return range(10) if players == 4 else range(1, 10)


def piece_set(players: int) -> Counter[str]:
    """Every piece in play: 68 with 4 players, 60 with 3 (no 0s), 58 with 2 (two wilds fewer)."""
    pieces: Counter[str] = Counter()
    for num in numbers_in_play(players):
        for col in COLOURS:
            pieces[code(col, num)] = _COPIES[num]
    pieces[WILD] = _WILDS if players > 2 else _WILDS - 2
    return pieces


def role_codes(players: int) -> list[str]:
    """What a wild may stand for: any non-wild piece of this game (no 0s with 2 or 3 players)."""
    return [code(col, num) for col in COLOURS for num in numbers_in_play(players)]
