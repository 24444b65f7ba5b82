"""Dice-sticks: five fair two-sided sticks, every face shown (engines/sticks.py)."""

from __future__ import annotations

import itertools
import math
import random

from engines import sticks

THROWS = 32_000
# Upper 0.001 points of the chi-square distribution.
CRITICAL_DF5 = 20.515
CRITICAL_DF3 = 16.266
CRITICAL_DF1 = 10.828


def many_throws(seed: int, count: int = THROWS) -> list[list[int]]:
    rng = random.Random(seed)
    return [sticks.throw(rng)["sticks"] for _ in range(count)]


def chi_square(observed: list[int], expected: list[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def test_a_throw_shows_five_faces_and_counts_the_dark_ones() -> None:
    rng = random.Random(1)
    for _ in range(200):
        result = sticks.throw(rng)
        assert set(result) == {"sticks", "count"}
        assert len(result["sticks"]) == 5
        assert set(result["sticks"]) <= {sticks.DARK, sticks.LIGHT}
        assert result["count"] == sum(result["sticks"])


def test_throws_come_from_the_generator_given() -> None:
    first = [sticks.throw(random.Random(42)) for _ in range(3)]
    assert first[0] == first[1] == first[2]
    assert len({str(sticks.throw(random.Random(seed))) for seed in range(50)}) > 1
    # Outside a game the device throws with the operating system's generator.
    result = sticks.throw(random.SystemRandom())
    assert result["count"] == sum(result["sticks"])


def test_expected_frequencies_are_the_binomial_ones() -> None:
    assert tuple(math.comb(5, k) for k in range(6)) == sticks.EXPECTED
    assert sum(sticks.EXPECTED) == 32


def test_counts_fit_the_expected_distribution() -> None:
    observed = [0] * 6
    for faces in many_throws(2024):
        observed[sum(faces)] += 1
    expected = [THROWS * share / 32 for share in sticks.EXPECTED]
    assert chi_square(observed, expected) < CRITICAL_DF5


def test_each_stick_is_fair_on_its_own() -> None:
    throws = many_throws(7)
    for position in range(5):
        dark = sum(faces[position] for faces in throws)
        assert chi_square([dark, THROWS - dark], [THROWS / 2, THROWS / 2]) < CRITICAL_DF1


def test_sticks_fall_independently_of_each_other() -> None:
    throws = many_throws(11)
    for first, second in itertools.combinations(range(5), 2):
        table = [[0, 0], [0, 0]]
        for faces in throws:
            table[faces[first]][faces[second]] += 1
        observed = [cell for row in table for cell in row]
        # Fair and independent: each of the four face pairs a quarter of the time (df 3).
        assert chi_square(observed, [THROWS / 4] * 4) < CRITICAL_DF3, (first, second)
