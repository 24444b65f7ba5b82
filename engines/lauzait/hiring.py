"""Hiring: discard a piece onto the empty square, move another piece, obtain one.

Pure functions over the board and the pieces a seat may discard; the engine
decides whose turn it is and throws the sticks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engines.base import IllegalAction, require
from engines.lauzait.board import (
    PARTNERS,
    Grid,
    Square,
    can_discard,
    destinations,
    discard_test,
    empty_square,
    is_water,
    may_move,
    occupied_list,
)
from engines.lauzait.pieces import WILD, colour, is_wild, number, sort_key


@dataclass(frozen=True)
class Hire:
    discard: str
    origin: Square  # where the moving piece stands
    target: Square  # where it moves to


def discards(grid: Grid, free: Iterable[str]) -> list[str]:
    """The pieces (one code each) whose discard leaves some piece able to move."""
    test = discard_test(grid)
    return [piece for piece in sorted(set(free), key=sort_key) if test(piece)]


def hires(grid: Grid, free: Iterable[str]) -> list[Hire]:
    """Every legal hire with these discardable pieces, in a fixed order."""
    return [
        Hire(discard, origin, target)
        for discard, origin, targets in _hire_groups(grid, free)
        for target in targets
    ]


def hire_actions(grid: Grid, free: Iterable[str]) -> list[dict[str, object]]:
    """``hires`` as JSON-ready actions (built directly: a search lists them often)."""
    return [
        {"type": "hire", "discard": discard, "from": [*origin], "to": [*target]}
        for discard, origin, targets in _hire_groups(grid, free)
        for target in targets
    ]


def random_hire_action(
    grid: Grid, free: Iterable[str], others: int, index_below: Callable[[int], int]
) -> int | dict[str, object]:
    """Draw uniformly among `others` actions and every hire: an index below `others`,
    or the hire drawn, built alone. `index_below(n)` draws 0 <= i < n."""
    groups = _hire_groups(grid, free)
    index = index_below(others + sum(len(targets) for _, _, targets in groups))
    if index < others:
        return index
    index -= others
    for discard, origin, targets in groups:
        if index < len(targets):
            target = targets[index]
            return {"type": "hire", "discard": discard, "from": [*origin], "to": [*target]}
        index -= len(targets)
    raise AssertionError("drew past the last hire")


def _hire_groups(grid: Grid, free: Iterable[str]) -> list[tuple[str, Square, tuple[Square, ...]]]:
    """(discard, mover's square, its destinations) in the order ``hires`` lists them:
    by discard, then the movers it lets move row by row (see ``may_move``)."""
    movers = occupied_list(grid)  # the empty square holds nothing, so is never a mover
    wild_movers = [origin for origin, piece in movers if piece == WILD]
    by_piece: dict[str, list[Square]] = {}
    for origin, piece in movers:
        by_piece.setdefault(piece, []).append(origin)
    groups: list[tuple[str, Square, tuple[Square, ...]]] = []
    for discard in discards(grid, free):
        if is_wild(discard):
            origins = [origin for origin, _ in movers]
        else:
            origins = [*wild_movers]
            for partner in PARTNERS[discard]:
                origins += by_piece.get(partner, ())
            origins.sort()  # row by row, as the board is read
        groups.extend((discard, origin, destinations(origin)) for origin in origins)
    return groups


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
