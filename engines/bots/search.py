"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each playout draws a world from the bot seat's view (the game's determinizer), walks
one shared tree of actions in that world (UCB1 over the actions the world allows,
counted by availability), adds one node, then plays on with the game's default
policy to the end of the chapter (a deal, a round, a season) or of the game. Each
node keeps the reward of the seat that acted there, so every seat plays for itself.

Pure: no clock, no I/O. `should_stop` (a caller's deadline) is asked between
playouts; without it the same inputs give the same choice.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engines import rng as generators
from engines.base import Action, Game
from engines.botkit import BotKit, World

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
MAX_PLAYOUT_ACTIONS = 5_000  # far past any chapter; a guard against a game that loops


class _Edge:
    """An action taken from a node: its statistics and the node it leads to."""

    __slots__ = ("action", "available", "children", "total", "visits")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[Hashable, _Edge] = {}


_PLAIN = frozenset({str, int, float, bool, type(None)})


def action_key(action: Any) -> Hashable:
    """A hashable stand-in for a JSON-like action (lists and dicts frozen).

    Every playout keys every action it may take (220 choices of Céna's public cards),
    so plain values skip the recursion."""
    if type(action) in _PLAIN:
        return action
    if isinstance(action, dict):
        return tuple(
            sorted(
                [
                    (key, value if type(value) in _PLAIN else action_key(value))
                    for key, value in action.items()
                ]
            )
        )
    if isinstance(action, list | tuple):
        return tuple([item if type(item) in _PLAIN else action_key(item) for item in action])
    return action


def actor(game: Game, seat: int) -> int:
    """Whose move the search takes next: the bot's own first when several may act
    (secret simultaneous choices), else the first seat the game waits for."""
    waiting = game.to_act
    return seat if seat in waiting else waiting[0]


def value(game: Game) -> list[float]:
    """Each seat's reward in [0, 1]: its share of the win when the game is over; else
    half its standing among the seats by score and half its lead over their mean."""
    players = game.players
    if game.finished:
        winners = game.winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    scores = game.scores
    spread = max(max(scores) - min(scores), 1)
    rewards = []
    for seat, score in enumerate(scores):
        others = [other for s, other in enumerate(scores) if s != seat]
        beaten = sum(1.0 if score > other else 0.5 if score == other else 0.0 for other in others)
        lead = (score - sum(others) / len(others)) / spread  # within [-1, 1]
        rewards.append(0.5 * beaten / len(others) + 0.25 * (1.0 + lead))
    return rewards


def search(
    kit: BotKit,
    world: World,
    seat: int,
    root_actions: Sequence[Action],
    playouts: int,
    rng: generators.Pcg32,
    should_stop: Callable[[], bool] | None = None,
) -> Action:
    """The root action most visited after `playouts` playouts (or fewer, if stopped)."""
    root: dict[Hashable, _Edge] = {}
    chapter = kit.chapter
    policy = kit.policy
    judge = kit.value or value
    depth = MAX_PLAYOUT_ACTIONS if kit.depth is None else kit.depth
    # The bot's own actions at the root are the same in every world (they follow from
    # its view): listed and keyed once, not once a playout.
    root_keys = [action_key(action) for action in root_actions]
    for _ in range(playouts):
        if should_stop is not None and should_stop():
            break
        game = world(rng)
        start = chapter(game) if chapter is not None else None
        path: list[tuple[_Edge, int]] = []
        node = root
        expanded = False
        steps = 0
        while not game.finished and (chapter is None or chapter(game) == start):
            mover = actor(game, seat)
            if expanded:
                steps += 1
                if steps > depth:
                    break
                action = policy(game, mover, rng) if policy else game.random_action(mover, rng)
                game.play(mover, action)
                continue
            # At the root, the seat's own actions (the same in every world, keyed once):
            # those searched (a game's `candidates` may have shortlisted them).
            if node is root and mover == seat:
                edge, expanded = _select(node, root_actions, rng, root_keys)
            else:
                edge, expanded = _select(node, game.search_actions(mover), rng)
            game.play(mover, edge.action)
            path.append((edge, mover))
            node = edge.children
        rewards = judge(game)
        for edge, mover in path:
            edge.visits += 1
            edge.total += rewards[mover]
    return _best(root, root_actions)


def _select(
    node: dict[Hashable, _Edge],
    actions: Sequence[Action],
    rng: generators.Pcg32,
    keys: Sequence[Hashable] | None = None,
) -> tuple[_Edge, bool]:
    """UCB1 among the actions this world allows (`keys`: their action_keys, if known),
    or a new one (then True: the playout leaves the tree)."""
    if keys is None:
        keys = [action_key(action) for action in actions]
    fresh = [i for i, key in enumerate(keys) if key not in node]
    if fresh:
        i = fresh[rng.randrange(len(fresh))]
        edge = node[keys[i]] = _Edge(actions[i])
        for key in keys:
            seen = node.get(key)
            if seen is not None:
                seen.available += 1
        return edge, True
    best: _Edge | None = None
    best_score = -1.0
    for key in keys:
        edge = node[key]
        edge.available += 1
        score = edge.total / edge.visits + EXPLORATION * math.sqrt(
            math.log(edge.available) / edge.visits
        )
        if score > best_score:
            best, best_score = edge, score
    assert best is not None
    return best, False


def _best(root: dict[Hashable, _Edge], actions: Sequence[Action]) -> Action:
    """The most visited root action (ties: the better average, then the listed order)."""
    best, best_rank = actions[0], (-1, -1.0)
    for action in actions:
        edge = root.get(action_key(action))
        if edge is None or edge.visits == 0:
            continue
        rank = (edge.visits, edge.total / edge.visits)
        if rank > best_rank:
            best, best_rank = action, rank
    return best
