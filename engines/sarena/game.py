"""The Sàrénà engine: turns, moves, the end, and what each audience sees.

Rules as implemented, each with its test: docs/rules/sarena.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import Any

from engines.base import (
    N_,
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    View,
    copy_plain,
    require,
)
from engines.rng import Pcg32
from engines.sarena.chips import (
    BOX_SIZE,
    COLOURS,
    MAX_HEIGHT,
    Pile,
    check_box,
    faces,
    flipped,
    parse_pile,
    random_chips,
)
from engines.sarena.layout import Square, parse_layout
from engines.sarena.scoring import FinalScores, check_colours, final_scores, outcome_of, scored
from engines.secret_colours import draw_colours

# What a table may set; unknown keys are refused by engines.base.Game.
OPTIONS = (
    Option("fair", default=False),  # a random board with fair chips
    Option("layout", default="standard"),
    Option("board"),  # a given board
    Option("colours", secret=True),  # fixed secret colours
)
MOVE_SHAPE = '{"type": "move", "from": [row, col], "to": [row, col]}'

Move = tuple[Square, Square]


# What generic layers know of Sàrénà (engines/base.py GameInfo): its barriers are the
# shared ones (the random board and colours are chance, the end is game over).
INFO = GameInfo(name="sarena", title=N_("Sàrénà"), min_players=2, max_players=4, options=OPTIONS)


class Sarena(Game):
    game_info = INFO

    # --- setup ----------------------------------------------------------------

    def setup(self) -> None:
        self.layout = parse_layout(self.options.get("layout", "standard"))
        fair = self.options.get("fair", False)
        if not isinstance(fair, bool):
            raise ValueError("fair must be true or false")
        if "board" in self.options:
            if fair:
                raise ValueError("fair applies to a random board, not to a given board")
            self.piles = self._given_board(self.options["board"])
        else:
            self.piles = self._random_board(fair)
        # The rulebook's order: chips on the board, secret tokens drawn, first player.
        if "colours" in self.options:
            self.colours = self._given_colours(self.options["colours"])
        else:
            self.colours = draw_colours(self.rng, self.players, COLOURS)
        self.first = self.rng.randrange(self.players)
        self.turn = self.first
        self.last_move: dict[str, Any] | None = None
        self._list_moves()
        self.result: FinalScores | None = None
        if not self.moves:  # a given board may have no move at all: over at once
            self.result = final_scores(self.piles.values(), self.colours)
            self.summary = self._end_summary()

    def _random_board(self, fair: bool) -> dict[Square, Pile]:
        circles = self.layout.circles
        if len(circles) != BOX_SIZE:
            raise ValueError(
                f"a random setup puts one of the {BOX_SIZE} chips on each circle, but this "
                f"layout has {len(circles)} circles: give a board for it"
            )
        chips = random_chips(self.rng, fair)
        return {square: (chip,) for square, chip in zip(circles, chips, strict=True)}

    def _given_board(self, board: object) -> dict[Square, Pile]:
        rows, cols = self.layout.rows, self.layout.cols
        shape = f"board must be {rows} rows of {cols} cells, each a list of chips from the top"
        if not isinstance(board, list | tuple) or len(board) != rows:
            raise ValueError(shape)
        piles: dict[Square, Pile] = dict.fromkeys(self.layout.circles, ())
        for r, row in enumerate(board):
            if not isinstance(row, list | tuple) or len(row) != cols:
                raise ValueError(shape)
            for c, cell in enumerate(row):
                pile = parse_pile(cell)
                if (r, c) in piles:
                    piles[(r, c)] = pile
                elif pile:
                    raise ValueError(f"board has chips at ({r}, {c}), where there is no circle")
        check_box(piles.values())
        return piles

    def _given_colours(self, given: object) -> dict[int, str]:
        if not isinstance(given, Mapping):
            raise ValueError('colours is {seat: colour}, e.g. {"0": "R", "1": "B"}')
        colours: dict[int, str] = {}
        for key, colour in given.items():
            seat = _seat_number(key)
            if seat in colours:
                raise ValueError(f"colours gives seat {seat} twice")
            colours[seat] = colour
        if sorted(colours) != list(range(self.players)):
            raise ValueError(
                f"colours must give exactly one colour to each seat 0-{self.players - 1}"
            )
        check_colours(colours)
        return colours

    # --- the contract -----------------------------------------------------------

    @property
    def to_act(self) -> list[int]:
        return [] if self.finished else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        self.check_seat(seat)
        if seat != self.turn or self.result is not None:
            return []
        return [{"type": "move", "from": [a, b], "to": [c, d]} for (a, b), (c, d) in self.moves]

    def random_action(self, seat: int, rng: Pcg32) -> Action:
        (a, b), (c, d) = rng.choice(self.moves)
        return {"type": "move", "from": [a, b], "to": [c, d]}

    def play(self, seat: int, action: Action) -> None:
        """The search's apply (engines.base.Game.play): the action is one this game
        listed, so it is neither checked again nor turned into events."""
        a, b = action["from"]
        c, d = action["to"]
        self._move(seat, (a, b), (c, d))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        src, dst = _parse_move(action)
        self._check_move(src, dst)
        # Valid: from here on nothing can fail.
        flip = not self.piles[dst]
        pile = list(self._move(seat, src, dst))
        events: list[Event] = [
            {
                "type": "moved",
                "seat": seat,
                "from": [*src],
                "to": [*dst],
                "flipped": flip,
                "pile": pile,
            },
        ]
        if self.result is None:
            return events
        events.append(
            {
                "type": "game_over",
                "colours": self._colour_list(),
                "scores": self.scores,
                "tiebreak": self._tiebreak_list(),
                "winners": self.winners,
            }
        )
        return events

    def _move(self, seat: int, src: Square, dst: Square) -> Pile:
        """Move the pile at src onto dst (a legal move), then list the moves left; at the
        end score the board. Returns the pile now at dst."""
        piles = self.piles
        moving, target = piles[src], piles[dst]
        flip = not target  # only an empty arrow circle can be empty here
        piles[src] = ()
        pile = piles[dst] = flipped(moving) if flip else moving + target
        self.last_move = {"seat": seat, "from": [*src], "to": [*dst], "flipped": flip}
        self._update_moves(src, dst)
        if self.moves:
            self.turn = (self.turn + 1) % self.players  # clockwise: to the left neighbour
        else:
            self.result = scored(piles.values(), self.colours)  # a valid board: no re-check
            self.summary = self._end_summary()
        return pile

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        over = self.finished
        return {
            "game": self.name,
            "players": self.players,
            "seat": seat,
            "phase": "over" if over else "play",
            "to_act": self.to_act,
            "first": self.first,
            "turn": None if over else self.turn,
            "layout": self.layout.to_json(),
            "board": self._board_rows(),
            "legal_moves": len(self.moves),
            "last_move": copy_plain(self.last_move),
            # Secrets: a seat sees only its own colour until the game is over.
            "colour": None if seat is None else self.colours[seat],
            "tally": None if seat is None else self._tally(seat),
            "colours": self._colour_list() if over else None,
            "scores": self.scores,
            "tiebreak": self._tiebreak_list() if over else None,
            "winners": self.winners,
            "summary": copy_plain(self.summary),
        }

    def _end_summary(self) -> dict[str, Any]:
        """The end as every screen shows it: the secret colours revealed, each pile with
        the seat whose colour tops it, chips and tie-break chips from final_scores."""
        owner = {colour: seat for seat, colour in self.colours.items()}
        piles = [
            {"at": list(square), "chips": list(pile), "seat": owner.get(faces(pile[0])[0])}
            for square, pile in sorted(self.piles.items())
            if pile
        ]
        return {
            "key": "end",
            "kind": "game",
            "number": None,
            "of": None,
            "points": self.scores,
            "totals": self.scores,
            "final": True,
            "colours": self._colour_list(),
            "tiebreak": self._tiebreak_list(),
            "winners": self.winners,
            "outcome": self._outcome(),
            "piles": piles,
        }

    def _outcome(self) -> dict[str, Any]:
        """Why the winners won (scoring.outcome_of), without the winners themselves."""
        assert self.result is not None  # only the end has a summary
        outcome = outcome_of(self.result["chips"], self.result["tiebreak"])
        return {key: value for key, value in outcome.items() if key != "winners"}

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> list[int]:
        # Zero until the end: a running count would reveal the secret colours.
        if self.result is None:
            return [0] * self.players
        return [self.result["chips"][seat] for seat in range(self.players)]

    @property
    def winners(self) -> list[int]:
        return [] if self.result is None else list(self.result["winners"])

    # --- moves ----------------------------------------------------------------

    def _move_problem(self, src: Square, dst: Square) -> str | None:
        """Which rule moving the pile at src onto dst breaks (a code), or None if it is
        legal: a code, not an error, so listing the legal moves stays cheap."""
        if src not in self.piles or dst not in self.piles:
            return "no_circle"
        moving, target = self.piles[src], self.piles[dst]
        if not moving:
            return "no_chip"
        if dst not in self.layout.neighbours[src]:
            return "not_joined"
        if not target and dst not in self.layout.arrows:
            return "empty_circle"
        if len(moving) + len(target) > MAX_HEIGHT:
            return "pile_too_high"
        return None

    def _check_move(self, src: Square, dst: Square) -> None:
        """IllegalAction, in words, unless moving the pile at src onto dst is legal."""
        problem = self._move_problem(src, dst)
        if problem is None:
            return
        where = {"from": _where(src), "to": _where(dst)}
        if problem == "no_circle":
            missing = src if src not in self.piles else dst
            raise IllegalAction(
                "there is no circle at {square}", "no_circle", {"square": _where(missing)}
            )
        if problem == "no_chip":
            raise IllegalAction("there is no chip at {from} to move", "no_chip", where)
        if problem == "not_joined":
            raise IllegalAction("{from} and {to} are not joined by a line", "not_joined", where)
        if problem == "empty_circle":
            raise IllegalAction(
                "{to} is an empty circle without arrows: nothing may move there",
                "empty_circle",
                where,
            )
        raise IllegalAction(
            "a pile may hold at most {most} chips; this move would make {height}",
            "pile_too_high",
            {"most": MAX_HEIGHT, "height": len(self.piles[src]) + len(self.piles[dst])},
        )

    def _list_moves(self) -> None:
        """List every legal move from scratch (a new board)."""
        if all(len(pile) == 1 for pile in self.piles.values()):
            # A random setup: a single chip may go onto any neighbour, which holds one too.
            self._from: list[Sequence[Move]] = list(self.layout.lines_from)
            self.moves = self._all_moves()
            return
        self._from = [() for _ in self.layout.circles]
        self._relist(enumerate(self.layout.circles))

    def _update_moves(self, src: Square, dst: Square) -> None:
        """After a move from src to dst only moves from or onto those two circles change."""
        self._relist(self.layout.touched[(src, dst)])

    def _relist(self, squares: Iterable[tuple[int, Square]]) -> None:
        """List again the legal moves of the piles at these circles (each with its place
        in the layout's circles): the same test as _move_problem, inlined because a
        search relists after every move of every playout."""
        piles, targets, listed = self.piles, self.layout.targets, self._from
        for index, square in squares:
            room = MAX_HEIGHT - len(piles[square])
            listed[index] = (
                [
                    move
                    for end, arrows, move in targets[square]
                    if (height := len(piles[end])) <= room and (height or arrows)
                ]
                if room < MAX_HEIGHT  # else there is no chip here
                else []
            )
        self.moves = self._all_moves()

    def _all_moves(self) -> list[Move]:
        """Every legal move, by circle then neighbour: the order legal_actions lists."""
        return list(chain.from_iterable(self._from))

    # --- view helpers -----------------------------------------------------------

    def _board_rows(self) -> list[list[list[str]]]:
        """The board in the same form as the "board" option: rows of piles, top first."""
        return [
            [list(self.piles.get((r, c), ())) for c in range(self.layout.cols)]
            for r in range(self.layout.rows)
        ]

    def _tally(self, seat: int) -> dict[str, int]:
        """What this seat would collect if the game ended now (its own colour only)."""
        own = final_scores(self.piles.values(), {seat: self.colours[seat]})
        return {"chips": own["chips"][seat], "tiebreak": own["tiebreak"][seat]}

    def _colour_list(self) -> list[str]:
        return [self.colours[seat] for seat in range(self.players)]

    def _tiebreak_list(self) -> list[int]:
        assert self.result is not None
        return [self.result["tiebreak"][seat] for seat in range(self.players)]


def _seat_number(key: object) -> int:
    """A seat number from an int key or, after a JSON round trip, a string one."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and key.isdecimal():
        return int(key)
    raise ValueError(f"colours: {key!r} is not a seat number")


def _parse_move(action: Action) -> Move:
    shape = {"shape": MOVE_SHAPE}
    require(
        action["type"] == "move", "in Sàrénà every turn is a move: {shape}", "unknown_action", shape
    )
    # Three keys, two of them from and to: the third is "type" (Game.apply checked it).
    if len(action) != 3 or "from" not in action or "to" not in action:
        extra = set(action) - {"type", "from", "to"}
        require(not extra, "a move has only from and to: {shape}", "action_fields", shape)
    return _action_square(action.get("from")), _action_square(action.get("to"))


def _action_square(value: object) -> Square:
    if type(value) is list and len(value) == 2:
        row, col = value
        if type(row) is int and type(col) is int:  # the usual case, checked fast
            return (row, col)
    if isinstance(value, list | tuple) and len(value) == 2:
        row, col = value
        if all(isinstance(part, int) and not isinstance(part, bool) for part in (row, col)):
            return (row, col)
    raise IllegalAction(
        "a move gives from and to as [row, col]: {shape}", "bad_square", {"shape": MOVE_SHAPE}
    )


def _where(square: Square) -> str:
    return f"({square[0]}, {square[1]})"
