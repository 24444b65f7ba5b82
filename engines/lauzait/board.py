"""The 5x5 cloth board: Tam's Mountain, Tam's Water and how pieces move.

Squares are ``(row, col)`` with (0, 0) top-left. The board always holds exactly
one empty square: a hire puts the discard on it, and the square the moving piece
leaves (or, after a failed water throw, the square the taken mover stood on)
becomes the new empty one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

from engines.lauzait.pieces import COLOURS, WILD, colour, is_wild, number

SIZE = 5
Square = tuple[int, int]
Grid = list[list[str | None]]

MOUNTAIN: Square = (2, 2)
# The rest of the middle row and column; the mountain itself is not water.
WATER: frozenset[Square] = frozenset(
    {(0, 2), (1, 2), (3, 2), (4, 2), (2, 0), (2, 1), (2, 3), (2, 4)}
)


def on_board(square: Square) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


# Every square, row by row: the order every scan of the board follows.
SQUARES: tuple[Square, ...] = tuple((row, col) for row in range(SIZE) for col in range(SIZE))


def squares() -> Iterator[Square]:
    return iter(SQUARES)


@functools.cache
def destinations(origin: Square) -> tuple[Square, ...]:
    """Where a piece on ``origin`` may move.

    Normally the eight surrounding squares. From the mountain, every square at
    Manhattan distance 1 or 2 (the 12 squares of the "Tam" shape), jumping over
    whatever stands between.
    """
    row, col = origin
    if origin == MOUNTAIN:
        candidates = [
            (row + dr, col + dc)
            for dr in range(-2, 3)
            for dc in range(-2, 3)
            if 1 <= abs(dr) + abs(dc) <= 2
        ]
    else:
        candidates = [
            (row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)
        ]
    return tuple(square for square in candidates if on_board(square))


def is_water(square: Square) -> bool:
    return square in WATER


def may_move(discard: str, piece: str) -> bool:
    """Whether discarding ``discard`` lets a board ``piece`` move.

    Same colour and a number one higher or lower; a discarded wild moves any
    piece, and a wild on the board moves after any discard.
    """
    if is_wild(discard) or is_wild(piece):
        return True
    return colour(discard) == colour(piece) and abs(number(discard) - number(piece)) == 1


def empty_square(grid: Grid) -> Square:
    for row, line in enumerate(grid):
        if None in line:
            return (row, line.index(None))
    raise ValueError("the board has no empty square")


def occupied(grid: Grid) -> Iterator[tuple[Square, str]]:
    return iter(occupied_list(grid))


def occupied_list(grid: Grid) -> list[tuple[Square, str]]:
    """Every (square, piece) on the board, row by row."""
    return [
        ((row, col), piece)
        for row, line in enumerate(grid)
        for col, piece in enumerate(line)
        if piece is not None
    ]


def can_discard(grid: Grid, discard: str) -> bool:
    """Whether some piece already on the board could move after this discard.

    The discard itself lands on the empty square and may not be the mover, so
    only the pieces already there count. Once the discard is down the board is
    full, so any movable piece has somewhere to go.
    """
    return discard_test(grid)(discard)


# The numbered pieces each numbered piece lets move when discarded: same colour, one off.
PARTNERS: dict[str, frozenset[str]] = {
    f"{col}{num}": frozenset(f"{col}{other}" for other in (num - 1, num + 1) if 0 <= other <= 9)
    for col in COLOURS
    for num in range(10)
}


def discard_test(grid: Grid) -> Callable[[str], bool]:
    """``can_discard`` for one board, reading the board once for many discards."""
    on_board = {piece for line in grid for piece in line}
    wild_on_board = WILD in on_board

    def test(discard: str) -> bool:
        if wild_on_board or is_wild(discard):
            return True
        return not on_board.isdisjoint(PARTNERS[discard])

    return test
