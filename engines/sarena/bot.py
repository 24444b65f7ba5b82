"""Sàrénà's bot declarations (engines/bots): the determinizer and the easy strategy.

Everything is on the board but the other seats' colours: a world gives them colours
drawn from those the seat does not hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines import rng as generators
from engines.base import Action, Game, View
from engines.botkit import BotKit, World, blank
from engines.sarena.chips import COLOURS, flipped, parse_pile
from engines.sarena.game import Sarena
from engines.sarena.layout import Square, parse_layout
from engines.sarena.scoring import final_scores


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
        src, dst = rng.choice(moves)
        return {"type": "move", "from": [*src], "to": [*dst]}
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
    src, dst = rng.choice(best or moves)
    return {"type": "move", "from": [*src], "to": [*dst]}


def easy(view: View, seat: int, actions: Sequence[Action], rng: generators.Pcg32) -> Action:
    """The move after which the piles topped by the seat's colour hold the most chips
    (ties: the first listed): greedy, one move ahead."""
    layout = parse_layout(view["layout"])
    piles = {sq: parse_pile(view["board"][sq[0]][sq[1]]) for sq in layout.circles}
    colour = {seat: view["colour"]}

    def after(action: Action) -> int:
        src: Square = (action["from"][0], action["from"][1])
        dst: Square = (action["to"][0], action["to"][1])
        moved = dict(piles)
        moving, target = moved[src], moved[dst]
        moved[dst] = moving + target if target else flipped(moving)
        moved[src] = ()
        return final_scores(moved.values(), colour)["chips"][seat]

    return max(actions, key=after)


KIT = BotKit(
    sampler=sampler,
    easy=easy,
    chapter=None,  # a game is short: playouts run to the end
    playouts={"normal": 100, "strong": 400},
    policy=policy,
)
