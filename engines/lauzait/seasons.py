"""Setting up a season: the deal, the luminous piece, the start player and direction."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines import sticks
from engines.lauzait.board import MOUNTAIN, SIZE, Grid, squares
from engines.lauzait.pieces import is_piece_code, sorted_pieces
from engines.rng import Rng

HAND_SIZE = 9
BOARD_PIECES = SIZE * SIZE - 1  # every square but one, the mountain at first

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1
DIRECTION_NAMES = {CLOCKWISE: "clockwise", COUNTER_CLOCKWISE: "counterclockwise"}


@dataclass
class Deal:
    hands: list[list[str]]
    board: Grid
    stock: list[str]  # face down; stock[0] is the one turned up as the luminous piece


def shuffle_deal(pieces: Counter[str], players: int, rng: Rng) -> Deal:
    """Mix every piece, nine to each hand, 24 face up around the empty mountain, the rest stock."""
    bag = sorted_pieces(list(pieces.elements()))
    rng.shuffle(bag)
    hands = [
        sorted_pieces(bag[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]) for seat in range(players)
    ]
    laid = iter(bag[players * HAND_SIZE : players * HAND_SIZE + BOARD_PIECES])
    board: Grid = [[None] * SIZE for _ in range(SIZE)]
    for row, col in squares():
        if (row, col) != MOUNTAIN:
            board[row][col] = next(laid)
    stock = bag[players * HAND_SIZE + BOARD_PIECES :]
    return Deal(hands, board, stock)


def fixed_deal(options: dict[str, Any], pieces: Counter[str], players: int) -> Deal:
    """The season given in options ("hands", "board", optional "stock"); ValueError if it is not
    exactly this game's pieces. Without "stock", the stock is the pieces left over, in order."""
    hands = options.get("hands")
    board = options.get("board")
    if not isinstance(hands, list) or len(hands) != players:
        raise ValueError(f'"hands" must list one hand per seat ({players})')
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != HAND_SIZE:
            raise ValueError(f"hand {seat} must hold {HAND_SIZE} pieces")
    if (
        not isinstance(board, list)
        or len(board) != SIZE
        or not all(isinstance(row, list) and len(row) == SIZE for row in board)
    ):
        raise ValueError(f'"board" must be {SIZE} rows of {SIZE} squares')
    laid = [piece for row in board for piece in row if piece is not None]
    if len(laid) != BOARD_PIECES:
        raise ValueError("the board must leave exactly one square empty (null)")
    used = [piece for hand in hands for piece in hand] + laid
    stock = options.get("stock")
    if stock is not None and not isinstance(stock, list):
        raise ValueError('"stock" must be a list of pieces')
    bad = [piece for piece in used + (stock or []) if not is_piece_code(piece)]
    if bad:
        raise ValueError(f"{bad[0]!r} is not a piece code")
    if stock is None:
        stock = sorted_pieces(list((pieces - Counter(used)).elements()))
    if Counter(used + stock) != pieces:
        raise ValueError(
            f"hands, board and stock must hold exactly the {pieces.total()} pieces in play"
        )
    return Deal(
        [sorted_pieces(list(hand)) for hand in hands],
        [list(row) for row in board],
        list(stock),
    )


def throw_off(seats: Sequence[int], rng: Rng, purpose: str) -> tuple[int, list[dict[str, Any]]]:
    """The tied seats throw the sticks; highest wins, the tied highest throw again."""
    throws: list[dict[str, Any]] = []
    contenders = list(seats)
    while len(contenders) > 1:
        counts = {}
        for seat in contenders:
            result = sticks.throw(rng)
            counts[seat] = result["count"]
            throws.append({"purpose": purpose, "seat": seat, **result})
        best = max(counts.values())
        contenders = [seat for seat in contenders if counts[seat] == best]
    return contenders[0], throws


def start_and_direction(scores: Sequence[int], rng: Rng) -> tuple[int, int, list[dict[str, Any]]]:
    """Start player and direction of play for a season, and the throws made to decide them.

    Fewest points starts; play goes toward whichever neighbour has fewer points.
    Ties (every tie in the first season) go to the sticks. With two players both
    neighbours are the same seat, so play is simply clockwise.
    """
    players = len(scores)
    fewest = min(scores)
    start, throws = throw_off([s for s in range(players) if scores[s] == fewest], rng, "start")
    if players == 2:
        return start, CLOCKWISE, throws
    left, right = (start + 1) % players, (start - 1) % players
    if scores[left] != scores[right]:
        direction = CLOCKWISE if scores[left] < scores[right] else COUNTER_CLOCKWISE
    else:
        toward, more = throw_off([left, right], rng, "direction")
        throws += more
        direction = CLOCKWISE if toward == left else COUNTER_CLOCKWISE
    return start, direction, throws
