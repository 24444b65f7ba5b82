"""Random legal play for any engine: the driver shared by the engine tests and the bench.

In property tests the generator is a `tests.engines.drawn.DrawnRandom`, whose
choices Hypothesis made, so a failing game shrinks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TypeVar

from engines.base import Action, Event, Game

T = TypeVar("T")

# No engine needs more actions than this to finish a game; more means it never ends.
MAX_STEPS = 20_000


def random_step(game: Game, rng: random.Random) -> tuple[int, Action, list[Event]]:
    """One random legal action by one random seat among those the game waits for."""
    waiting = game.to_act
    assert waiting, f"{game.name}: not finished, yet waits for nobody"
    seat = rng.choice(waiting)
    actions = game.legal_actions(seat)
    assert actions, f"{game.name}: seat {seat} must act but has no legal action"
    action = rng.choice(actions)
    return seat, action, game.apply(seat, action)


def random_steps(
    game: Game, rng: random.Random, max_steps: int = MAX_STEPS
) -> Iterator[tuple[int, Action, list[Event]]]:
    """Random legal actions until the game is over; fail if it runs past max_steps."""
    for _ in range(max_steps):
        if game.finished:
            return
        yield random_step(game, rng)
    raise AssertionError(f"{game.name}: not finished after {max_steps} actions")


def play_random(game: Game, rng: random.Random, max_steps: int = MAX_STEPS) -> int:
    """Play random legal actions to the end; return how many were taken."""
    return sum(1 for _ in random_steps(game, rng, max_steps))


def play_steps(game: Game, rng: random.Random, steps: int) -> None:
    """Up to `steps` random legal actions, stopping early if the game ends."""
    for _ in range(steps):
        if game.finished:
            return
        random_step(game, rng)


def pick(rng: random.Random, options: Sequence[T]) -> T:
    """rng.choice(options), spending nothing when there is only one option.

    Hypothesis draws a test case's choices up front (tests.engines.drawn), only so
    many of them: a game spends them only where there is something to choose."""
    return options[0] if len(options) == 1 else rng.choice(options)
