"""Sàrénà's bot declarations (engines/bots): the determinizer, the easy strategy, and
what the search needs to judge a board within its budget.

Everything is on the board but the other seats' colours: a world gives them colours
drawn from those the seat does not hold. A game lasts some thirty moves of up to a
hundred choices each, far more than a bot's budget can play out to the end, so the
search (engines/bots/search.py) looks a few moves ahead of its tree with a greedy
policy and judges the board there by who holds what (`value`), from a shortlist of
the seat's moves (`candidates`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engines import rng as generators
from engines.base import Action, Game, View
from engines.botkit import BotKit, World, blank
from engines.sarena.chips import COLOURS, MAX_HEIGHT, Pile, flipped, parse_pile
from engines.sarena.game import Sarena
from engines.sarena.layout import Square, parse_layout

# How many of the seat's moves each level searches (its best by `_rank`).
BREADTH = {"normal": 10, "strong": 14}
# A lead of this many chips is worth about three quarters of a win where a playout stops.
LEAD_SCALE = 6.0
# A pile that can never change hands again (no move from it or onto it) counts whole;
# one that still can counts this much: the other side may yet cover it.
OPEN_PILE = 0.7


def sampler(view: View, seat: int) -> World:
    players = view["players"]
    layout = parse_layout(view["layout"])
    piles = {square: parse_pile(view["board"][square[0]][square[1]]) for square in layout.circles}
    own = view["colour"]
    others = [colour for colour in COLOURS if colour != own]
    last_move = view["last_move"]

    def world(rng: generators.Pcg32) -> Sarena:
        game = blank(Sarena, players, rng)
        game.layout = layout
        game.piles = dict(piles)
        drawn = rng.sample(others, players - 1)
        game.colours = {s: own if s == seat else drawn.pop() for s in range(players)}
        game.first = view["first"]
        game.turn = view["turn"]
        game.last_move = None if last_move is None else dict(last_move)
        game._list_moves()
        game.result = None
        game.summary = None
        return game

    return world


def policy(game: Game, seat: int, rng: generators.Pcg32) -> Action:
    """Playouts: mostly a move that leaves the mover's colour on top of the tallest
    pile it can (capturing), now and then any move, so playouts still explore."""
    assert isinstance(game, Sarena)
    moves = game.moves
    if rng.random() < 0.25:
        (a, b), (c, d) = rng.choice(moves)
        return {"type": "move", "from": [a, b], "to": [c, d]}
    colour = game.colours[seat]
    piles = game.piles
    best: list[tuple[Square, Square]] = []
    tallest = 0
    for src, dst in moves:
        moving, target = piles[src], piles[dst]
        # On a pile the moving pile's top shows; onto an empty arrow circle it flips.
        top = moving[0][0] if target else moving[-1][-1]
        if top != colour:
            continue
        height = len(moving) + len(target)
        if height > tallest:
            best, tallest = [(src, dst)], height
        elif height == tallest:
            best.append((src, dst))
    (a, b), (c, d) = rng.choice(best or moves)
    return {"type": "move", "from": [a, b], "to": [c, d]}


def value(game: Game) -> list[float]:
    """Each seat's reward in [0, 1] where a playout stops: its share of the win at the
    end; before it, its lead in chips over the best other seat, a pile that may still
    change hands counting less, squashed into (0, 1)."""
    assert isinstance(game, Sarena)
    players = game.players
    if game.result is not None:
        winners = game.result["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    owner = {colour: s for s, colour in game.colours.items()}
    held = [0.0] * players
    piles, listed, index = game.piles, game._from, game.layout.index
    open_squares = {dst for moves in listed for _, dst in moves}
    for square, pile in piles.items():
        if not pile:
            continue
        holder = owner.get(pile[0][0])
        if holder is None:
            continue
        settled = not listed[index[square]] and square not in open_squares
        held[holder] += len(pile) * (1.0 if settled else OPEN_PILE)
    rewards = []
    for s in range(players):
        lead = held[s] - max(held[o] for o in range(players) if o != s)
        rewards.append(0.5 + 0.5 * math.tanh(lead / LEAD_SCALE))
    return rewards


def _after(piles: dict[Square, Pile], src: Square, dst: Square) -> tuple[Pile, bool]:
    """The pile at dst after moving the pile at src there, and whether it flipped."""
    moving, target = piles[src], piles[dst]
    return (moving + target, False) if target else (flipped(moving), True)


def _rank(view: View, seat: int, actions: Sequence[Action]) -> list[Action]:
    """The seat's moves, most promising first: those that gain it the most chips (its
    colour left on top of the tallest pile), then those that take the most chips from
    under another colour (covering a pile it does not hold), then the rest."""
    own = view["colour"]
    layout = parse_layout(view["layout"])
    piles = {sq: parse_pile(view["board"][sq[0]][sq[1]]) for sq in layout.circles}

    def promise(numbered: tuple[int, Action]) -> tuple[int, int, int]:
        number, action = numbered
        src: Square = (action["from"][0], action["from"][1])
        dst: Square = (action["to"][0], action["to"][1])
        pile, _ = _after(piles, src, dst)
        moving, target = piles[src], piles[dst]
        was_own = (1 if moving[0][0] == own else 0) * len(moving) + (
            len(target) if target and target[0][0] == own else 0
        )
        gain = (len(pile) if pile[0][0] == own else 0) - was_own
        covered = len(target) if target and target[0][0] not in (own, pile[0][0]) else 0
        # A pile at the full height is settled for good: worth a little more.
        settled = 1 if len(pile) == MAX_HEIGHT and pile[0][0] == own else 0
        return (-(gain * 2 + settled + covered), -covered, number)

    ranked = sorted(enumerate(actions), key=promise)
    return [action for _, action in ranked]


def candidates(view: View, seat: int, actions: Sequence[Action], level: str) -> list[Action]:
    """The level's shortlist of the seat's moves (its BREADTH best by `_rank`)."""
    return _rank(view, seat, actions)[: BREADTH.get(level, len(actions))]


def easy(view: View, seat: int, actions: Sequence[Action], rng: generators.Pcg32) -> Action:
    """The move after which the piles topped by the seat's colour hold the most chips
    (ties: the first listed): greedy, one move ahead."""
    layout = parse_layout(view["layout"])
    piles = {sq: parse_pile(view["board"][sq[0]][sq[1]]) for sq in layout.circles}
    own = view["colour"]
    held = sum(len(pile) for pile in piles.values() if pile and pile[0][0] == own)

    def after(action: Action) -> int:
        src: Square = (action["from"][0], action["from"][1])
        dst: Square = (action["to"][0], action["to"][1])
        moving, target = piles[src], piles[dst]
        pile, _ = _after(piles, src, dst)
        lost = (len(moving) if moving[0][0] == own else 0) + (
            len(target) if target and target[0][0] == own else 0
        )
        return held - lost + (len(pile) if pile[0][0] == own else 0)

    return max(actions, key=after)


KIT = BotKit(
    sampler=sampler,
    easy=easy,
    chapter=None,
    playouts={"normal": 300, "strong": 900},
    policy=policy,
    depth=4,
    value=value,
    candidates=candidates,
)
