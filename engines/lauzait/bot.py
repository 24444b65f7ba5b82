"""Lauzait Cep's bot declarations (engines/bots): the determinizer, the playout
policy and the easy strategy; the judgement of a playout's end and the shortlist of
hires searched are in bot_judgement.py.

Seen by a seat: its hand, the board, every revealed department, the luminous piece
and the counts. Hidden: the other seats' concealed pieces and the stock. A world
deals the unseen pieces to the concealed parts of the other hands, the rest to the
stock (the luminous piece, if any, on top). Pieces a seat was seen taking from the
board are not tracked: a world may give them to anyone (a simplification).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines import rng as generators
from engines.base import Action, Game, View
from engines.botkit import BotKit, World, blank, deal_hidden
from engines.lauzait import bot_judgement
from engines.lauzait.game import STEP_NAMES, Lauzait, Revealed
from engines.lauzait.hiring import Movers, random_hire_action
from engines.lauzait.pieces import numbers_in_play, piece_set, sorted_pieces
from engines.lauzait.seasons import DIRECTION_NAMES

STOCK = -1
_DIRECTIONS = {name: way for way, name in DIRECTION_NAMES.items()}


def sampler(view: View, seat: int) -> World:
    players = view["players"]
    hand = list(view["hand"])
    board = [list(row) for row in view["board"]]
    departments = [
        [Revealed(tuple(d["pieces"]), tuple(d["roles"]), d["bonus"]) for d in seats]
        for seats in view["departments"]
    ]
    luminous = view["luminous"]
    known: Counter[str] = Counter(hand)
    known.update(piece for row in board for piece in row if piece is not None)
    for s, seats in enumerate(departments):
        if s != seat:
            known.update(piece for d in seats for piece in d.pieces)
    if luminous is not None:
        known[luminous] += 1
    unseen = sorted_pieces(list((piece_set(players) - known).elements()))
    needs = {
        s: view["hand_sizes"][s] - sum(len(d.pieces) for d in departments[s])
        for s in range(players)
        if s != seat
    }
    needs[STOCK] = len(unseen) - sum(needs.values())

    def world(rng: generators.Pcg32) -> Lauzait:
        dealt, _ = deal_hidden(unseen, needs, {}, rng)
        game = blank(Lauzait, players, rng)
        game.summary = None
        game._luminous_variant = luminous is not None
        game._layered_bridges = view["layered_bridges"]
        game._numbers = numbers_in_play(players)
        game._pieces = piece_set(players)
        game._scores = list(view["scores"])
        game._season = view["season"]
        game._results = []
        game._over = False
        game._ended_early = False
        game._last_throw = None
        game._throws = view["throws"]
        game._hands = [
            list(hand)
            if s == seat
            else sorted_pieces([*(p for d in departments[s] for p in d.pieces), *dealt[s]])
            for s in range(players)
        ]
        game._board = [list(row) for row in board]
        game._stock = ([luminous] if luminous is not None else []) + dealt[STOCK]
        game._luminous = luminous
        game._departments = [list(seats) for seats in departments]
        game._start = view["start_player"]
        game._direction = _DIRECTIONS[view["direction"]]
        game._start_throws = []
        game._turn = view["turn"]
        game._step = STEP_NAMES.index(view["step"])
        game._last_hire = None
        return game

    return world


def _prefer(actions: Sequence[Action], kind: str) -> list[Action]:
    return [action for action in actions if action["type"] == kind]


def policy(game: Game, seat: int, rng: generators.Pcg32) -> Action:
    """Playouts: declare when possible, else reveal a department, else a random hire."""
    assert isinstance(game, Lauzait)
    movers = Movers(game._board)
    steps = game._steps_open(seat, movers)
    for kind in ("declare", "form"):
        chosen = _prefer(steps, kind)
        if chosen:
            return chosen[rng.randrange(len(chosen))]
    free = game._free(seat, game._departments[seat])
    if not movers.any_discard(free):  # no hire: a dissolve is what is left
        return game.random_action(seat, rng)
    drawn = random_hire_action(game._board, free, 0, rng.randrange, movers)
    assert not isinstance(drawn, int)
    return drawn


def easy(view: View, seat: int, actions: Sequence[Action], rng: generators.Pcg32) -> Action:
    """Declare when possible, else reveal a department, else hire: a random hire that
    takes a piece matching one in hand if there is one."""
    for kind in ("declare", "form"):
        chosen = _prefer(actions, kind)
        if chosen:
            return chosen[rng.randrange(len(chosen))]
    hires = _prefer(actions, "hire")
    held = set(view["concealed"])
    board = view["board"]

    def takes(action: Action) -> str | None:
        row, col = action["to"]
        return board[row][col]

    matching = [a for a in hires if takes(a) in held]
    pool = matching or hires or list(actions)
    return pool[rng.randrange(len(pool))]


def chapter(game: Game) -> object:
    return game._season  # type: ignore[attr-defined]


KIT = BotKit(
    sampler=sampler,
    easy=easy,
    chapter=chapter,
    playouts={"normal": 32, "strong": 128},
    policy=policy,
    depth=8 * 4,  # about eight days each at four seats: a season is longer
    value=bot_judgement.value,  # a lead counts for more as seasons end
    candidates=bot_judgement.candidates,  # a shortlist of the hundred-odd hires
)
