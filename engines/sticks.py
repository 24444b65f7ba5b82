"""Dice-sticks: five two-sided bamboo sticks; the result is how many land dark side up.

Each stick is a fair coin, so the count follows Binomial(5, 1/2): 0..5 in
1, 5, 10, 10, 5 and 1 throws out of 32. Pure: the caller passes the generator.
Engines pass their seeded ``self.rng``; the device, outside any game, passes
``random.SystemRandom()``.
"""

from __future__ import annotations

from typing import TypedDict

from engines.rng import Rng

STICKS = 5
DARK = 1
LIGHT = 0

# How many of 32 throws show 0, 1, ..., 5 dark sides (for the fairness page).
EXPECTED: tuple[int, ...] = (1, 5, 10, 10, 5, 1)


class Throw(TypedDict):
    sticks: list[int]
    count: int


def throw(rng: Rng) -> Throw:
    """Throw the five sticks: every face (1 dark, 0 light) and how many are dark.

    Every stick is shown, not just the count, so players can check the throw.
    """
    sticks = [rng.getrandbits(1) for _ in range(STICKS)]
    return {"sticks": sticks, "count": sum(sticks)}
