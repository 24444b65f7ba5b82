"""Hiring: discard a piece onto the empty square, move another piece, obtain one.

Pure functions over the board and the pieces a seat may discard; the engine
decides whose turn it is and throws the sticks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engines.base import IllegalAction, require
from engines.lauzait.board import (
    PARTNERS,
    SIZE,
    Grid,
    Square,
    can_discard,
    destinations,
    empty_square,
    is_water,
    may_move,
)
from engines.lauzait.pieces import WILD, colour, is_wild, number, sort_key


@dataclass(frozen=True)
class Hire:
    discard: str
    origin: Square  # where the moving piece stands
    target: Square  # where it moves to


class Movers:
    """One board read once for many hires: how many hires each discard opens, and the
    hires themselves in ``hires``' order (a search counts them far more often than it
    lists them). The board must not change while this is in use."""

    __slots__ = ("_grid", "_reach", "_squares", "_total", "_wild_reach")

    def __init__(self, grid: Grid) -> None:
        reach: dict[str | None, int] = {}  # hires per mover piece: its squares' destinations
        get = reach.get
        for piece, ways in zip(itertools.chain.from_iterable(grid), _FLAT_REACH, strict=True):
            reach[piece] = get(piece, 0) + ways
        # The empty square holds nothing, so is never a mover.
        self._total = sum(reach.values()) - reach.pop(None, 0)
        self._grid = grid
        self._reach = reach
        self._wild_reach = get(WILD, 0)
        self._squares: dict[str, list[Square]] | None = None  # each piece's, once listed

    def count(self, discard: str) -> int:
        """How many hires discarding this piece opens: 0 when it lets nothing move."""
        if discard == WILD:
            return self._total
        get = self._reach.get
        known = self._wild_reach
        for partner in PARTNERS[discard]:
            known += get(partner, 0)
        return known

    def counted(self, free: Iterable[str]) -> list[tuple[str, int]]:
        """Each piece (one code each) whose discard lets some piece move, in the order
        hires are listed, with how many hires it opens."""
        count = self.count
        found = []
        for piece in sorted(set(free), key=sort_key):
            ways = count(piece)
            if ways:
                found.append((piece, ways))
        return found

    def any_discard(self, free: Iterable[str]) -> bool:
        count = self.count
        return any(count(piece) for piece in free)

    def origins(self, discard: str) -> list[Square]:
        """The squares of the pieces this discard lets move, row by row (``may_move``)."""
        squares = self._squares
        if squares is None:
            squares = self._squares = {}
            for row, line in enumerate(self._grid):
                for col, piece in enumerate(line):
                    if piece is not None:
                        squares.setdefault(piece, []).append((row, col))
        if discard == WILD:
            return sorted(square for found in squares.values() for square in found)
        origins = [square for piece in _MOVES[discard] for square in squares.get(piece, ())]
        origins.sort()  # row by row, as the board is read
        return origins

    def groups(self, free: Iterable[str]) -> list[tuple[str, Square, tuple[Square, ...]]]:
        """(discard, mover's square, its destinations) in the order ``hires`` lists them:
        by discard, then the movers it lets move row by row."""
        return [
            (discard, origin, destinations(origin))
            for discard, _ in self.counted(free)
            for origin in self.origins(discard)
        ]

    def hire_at(self, counted: Iterable[tuple[str, int]], index: int) -> dict[str, object]:
        """The hire at this position of the hires listed for these ``counted`` discards,
        built alone."""
        for discard, ways in counted:
            if index >= ways:
                index -= ways
                continue
            moves = _MOVES.get(discard)
            for row, line in enumerate(self._grid):
                for col, piece in enumerate(line):
                    if piece is None or (moves is not None and piece not in moves):
                        continue
                    targets = _DESTINATIONS[row][col]
                    if index < len(targets):
                        return {
                            "type": "hire",
                            "discard": discard,
                            "from": [row, col],
                            "to": [*targets[index]],
                        }
                    index -= len(targets)
        raise IndexError("no hire at that position")


# Where a piece on each square may move to, and how many squares that is.
_DESTINATIONS = [[destinations((row, col)) for col in range(SIZE)] for row in range(SIZE)]
_REACH = [[len(targets) for targets in line] for line in _DESTINATIONS]
_FLAT_REACH = [ways for line in _REACH for ways in line]  # row by row
# The pieces each numbered discard lets move: its partners and a wild (a wild: any).
_MOVES = {discard: partners | {WILD} for discard, partners in PARTNERS.items()}


def hires(grid: Grid, free: Iterable[str]) -> list[Hire]:
    """Every legal hire with these discardable pieces, in a fixed order."""
    return [
        Hire(discard, origin, target)
        for discard, origin, targets in Movers(grid).groups(free)
        for target in targets
    ]


def hire_actions(
    grid: Grid, free: Iterable[str], movers: Movers | None = None
) -> list[dict[str, object]]:
    """``hires`` as JSON-ready actions (built directly: a search lists them often)."""
    movers = movers or Movers(grid)
    found: list[dict[str, object]] = []
    append = found.append
    for discard, _ in movers.counted(free):
        for row, col in movers.origins(discard):
            for target in _DESTINATIONS[row][col]:
                append({"type": "hire", "discard": discard, "from": [row, col], "to": [*target]})
    return found


def random_hire_action(
    grid: Grid,
    free: Iterable[str],
    others: int,
    index_below: Callable[[int], int],
    movers: Movers | None = None,
) -> int | dict[str, object]:
    """Draw uniformly among `others` actions and every hire: an index below `others`,
    or the hire drawn, built alone. `index_below(n)` draws 0 <= i < n."""
    movers = movers or Movers(grid)
    counted = movers.counted(free)
    index = index_below(others + sum(ways for _, ways in counted))
    if index < others:
        return index
    return movers.hire_at(counted, index - others)


def partners_of(discard: str) -> list[str]:
    """The pieces a (not wild) discard lets move, besides a wild."""
    col, num = colour(discard), number(discard)
    return [f"{col}{n}" for n in (num - 1, num + 1) if 0 <= n <= 9]


def check_hire(grid: Grid, hire: Hire) -> None:
    """IllegalAction unless the discard, the mover and its destination fit the board.

    Whether the seat may discard the piece at all is the caller's check. Which
    pieces may move is said in one sentence per case (any piece, one partner, two),
    never in words pasted together, so each language words it whole.
    """
    discard = hire.discard
    partners = [] if is_wild(discard) else partners_of(discard)
    params: dict[str, object] = {"discard": discard, "first": "", "second": ""}
    params.update(zip(("first", "second"), partners, strict=False))
    if not can_discard(grid, discard):
        if not partners:
            raise IllegalAction(
                "after discarding {discard} no piece could move: "
                "any piece may move, and none is on the board",
                "no_mover",
                params,
            )
        if len(partners) == 1:
            raise IllegalAction(
                "after discarding {discard} no piece could move: "
                "only {first}, or a wild may move, and none is on the board",
                "no_mover",
                params,
            )
        raise IllegalAction(
            "after discarding {discard} no piece could move: "
            "only {first} or {second}, or a wild may move, and none is on the board",
            "no_mover",
            params,
        )
    empty = empty_square(grid)
    require(
        hire.origin != empty,
        "square {square} is where your discard goes: move another piece",
        "discard_square",
        {"square": str(list(hire.origin))},
    )
    row, col = hire.origin
    piece = grid[row][col]
    assert piece is not None  # only the empty square is empty
    params["piece"] = piece
    if not may_move(discard, piece):
        # A wild discard lets any piece move: only a numbered one is refused here.
        if len(partners) == 1:
            raise IllegalAction(
                "discarding {discard} lets only {first}, or a wild move, not {piece}",
                "wrong_mover",
                params,
            )
        raise IllegalAction(
            "discarding {discard} lets only {first} or {second}, or a wild move, not {piece}",
            "wrong_mover",
            params,
        )
    require(
        hire.target in destinations(hire.origin),
        "the {piece} on {square} cannot reach {target}",
        "out_of_reach",
        {"piece": piece, "square": str(list(hire.origin)), "target": str(list(hire.target))},
    )


@dataclass(frozen=True)
class Outcome:
    moved: str  # the piece that moved (or tried to)
    taken: str  # the piece that goes to the hand
    mover_taken: bool  # a water throw of 0-2: the mover is taken, the water piece stays


def carry_out(grid: Grid, hire: Hire, water_throw: int | None) -> Outcome:
    """Change the board for a checked hire; ``water_throw`` is the sticks' count for water."""
    empty = empty_square(grid)
    grid[empty[0]][empty[1]] = hire.discard
    (orow, ocol), (trow, tcol) = hire.origin, hire.target
    moved = grid[orow][ocol]
    assert moved is not None
    grid[orow][ocol] = None
    if water_throw is not None and water_throw <= 2:
        return Outcome(moved, moved, mover_taken=True)
    taken = grid[trow][tcol]
    assert taken is not None  # the board is full once the discard is down
    grid[trow][tcol] = moved
    return Outcome(moved, taken, mover_taken=False)


def needs_throw(hire: Hire) -> bool:
    """Entering the water (also from water) needs the sticks."""
    return is_water(hire.target)
