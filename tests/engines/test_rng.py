"""The games' own generators (engines/rng.py): sequences pinned for fixed seeds, so a
Python upgrade cannot change a deal, and each game replays with the one it recorded."""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engines
from engines import rng, sticks
from engines.rng import LegacyRandom, Pcg32

SEED = 20240607


def draws_of(generator: Any) -> list[Any]:
    """One of each primitive the engines and their helpers use, in a fixed order."""
    deck = list(range(12))
    generator.shuffle(deck)
    return [
        deck,
        generator.sample("ABCDEFGH", 4),
        [generator.randrange(5) for _ in range(8)],
        generator.randrange(10, 20, 3),
        generator.randint(1, 6),
        generator.getrandbits(1),
        generator.getrandbits(40),
        generator.getrandbits(100),
        generator.random(),
    ]


def test_pcg32_gives_the_reference_implementations_outputs() -> None:
    """pcg32-demo.c of the PCG reference (pcg32_srandom_r(&rng, 42, 54))."""
    generator = Pcg32.from_stream(42, 54)
    outputs = [generator.getrandbits(32) for _ in range(6)]
    assert outputs == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_the_current_generators_sequence_is_pinned() -> None:
    """Any change here changes every deal dealt since issue 23: never edit the numbers,
    add a new generator instead (engines/rng.py)."""
    assert draws_of(Pcg32(SEED)) == [
        [11, 8, 6, 7, 5, 1, 2, 9, 4, 3, 10, 0],
        ["F", "H", "B", "D"],
        [4, 3, 1, 3, 0, 4, 0, 3],
        16,
        4,
        0,
        393650278056,
        835234407986975650017928972838,
        0.08817403771416454,
    ]
    assert Pcg32(SEED).choice("xyz") == "x"


def test_the_legacy_generators_sequence_is_pinned() -> None:
    """What every game dealt before issue 23 drew: it must never change."""
    assert draws_of(LegacyRandom(SEED)) == [
        [2, 3, 10, 5, 1, 4, 0, 7, 11, 8, 6, 9],
        ["C", "F", "H", "A"],
        [4, 3, 4, 3, 0, 2, 4, 4],
        13,
        2,
        0,
        194247823612,
        328809934286596262990059551444,
        0.8782232419849568,
    ]


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the legacy copies are 3.11's")
@given(seed=st.integers(min_value=0, max_value=2**63), n=st.integers(1, 60))
def test_the_legacy_generator_is_exactly_python_311s_random(seed: int, n: int) -> None:
    ours, python = LegacyRandom(seed), random.Random(seed)
    assert draws_of(ours) == draws_of(python)
    ours_deck, python_deck = list(range(n)), list(range(n))
    ours.shuffle(ours_deck)
    python.shuffle(python_deck)
    assert ours_deck == python_deck
    assert ours.sample(range(1000), min(n, 40)) == python.sample(range(1000), min(n, 40))


@given(
    seed=st.integers(),
    n=st.integers(1, 2**80),
    items=st.lists(st.integers(), max_size=30),
)
def test_every_primitive_stays_in_range(seed: int, n: int, items: list[int]) -> None:
    generator = Pcg32(seed)
    assert 0 <= generator.randrange(n) < n
    assert 0 <= generator.getrandbits(70) < 2**70
    assert 0.0 <= generator.random() < 1.0
    shuffled = list(items)
    generator.shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    k = len(items) // 2
    picked = generator.sample(items, k)
    assert len(picked) == k and not Counter(picked) - Counter(items)


def test_bounded_draws_reject_the_outputs_that_would_bias_them() -> None:
    """2^32 is not a multiple of 3: output 0 would make 0 likelier than 1 and 2."""

    outputs = [0, 5]

    class Scripted(Pcg32):
        def _next32(self) -> int:
            self.draws += 1
            return outputs.pop(0)

    generator = Scripted(1)
    generator.draws = 0
    outputs[:] = [0, 5]
    assert generator.randrange(3) == 5 % 3
    assert generator.draws == 2


def test_draws_are_spread_evenly() -> None:
    """Every order of four cards within a few percent of its share (chi-square)."""
    generator = Pcg32(SEED)
    orders: Counter[tuple[int, ...]] = Counter()
    rounds = 24_000
    for _ in range(rounds):
        deck = [0, 1, 2, 3]
        generator.shuffle(deck)
        orders[tuple(deck)] += 1
    expected = rounds / 24
    chi_square = sum((count - expected) ** 2 / expected for count in orders.values())
    assert len(orders) == 24
    assert chi_square < 49.7  # p = 0.001 with 23 degrees of freedom


def test_seeds_are_whole_numbers_and_unknown_generators_are_refused() -> None:
    with pytest.raises(ValueError, match="whole number"):
        Pcg32(True)
    with pytest.raises(ValueError, match="unknown random generator"):
        engines.new("cena", 3, seed=1, generator="mt19937-py399")
    with pytest.raises(ValueError, match="unknown random generator"):
        engines.load({"engine": "cena", "players": 3, "seed": 1, "actions": [], "generator": 5})


# The first seat's deal for seed 7 with each generator, pinned per engine.
DEALS = {
    rng.CURRENT: {
        "cena": ["A1", "A8", "C2", "C6", "C9", "M3", "M5", "M10", "W3", "W4", "W5", "W6"],
        "chanoyu": ["AS", "KS", "9D", "QD", "7C"],
        "lauzait": ["G1", "G1", "G5", "G5", "G6", "G7", "W2", "W3", "W7"],
        "sarena": "R",
    },
    rng.LEGACY: {
        "cena": ["A1", "A6", "A9", "C1", "C2", "C3", "C6", "C10", "M2", "W1", "W6", "W10"],
        "chanoyu": ["AS", "QS", "8D", "4C", "9C"],
        "lauzait": ["G1", "G3", "G4", "G5", "W1", "W2", "W3", "W5", "W7"],
        "sarena": "Y",
    },
}
PLAYERS = {"cena": 3, "chanoyu": 3, "lauzait": 2, "sarena": 2}


def first_deal(game: engines.Game) -> Any:
    view = game.view(0)
    return view.get("hand") or view.get("colour")


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_each_game_records_its_generator_and_replays_with_it(name: str) -> None:
    game = engines.new(name, PLAYERS[name], seed=7)
    assert game.generator == rng.CURRENT
    assert game.to_dict()["generator"] == rng.CURRENT
    assert first_deal(game) == DEALS[rng.CURRENT][name]
    seat = game.to_act[0]
    game.apply(seat, game.legal_actions(seat)[0])
    again = engines.load(game.to_dict())
    assert again.generator == rng.CURRENT and again.to_dict() == game.to_dict()
    assert [again.view(s) for s in range(game.players)] == [
        game.view(s) for s in range(game.players)
    ]


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_game_saved_before_generators_were_recorded_replays_with_the_legacy_one(
    name: str,
) -> None:
    """A saved game without "generator" (every journal row of an older release)."""
    old = engines.new(name, PLAYERS[name], seed=7, generator=rng.LEGACY)
    seat = old.to_act[0]
    old.apply(seat, old.legal_actions(seat)[0])
    saved = old.to_dict()
    del saved["generator"]
    again = engines.load(saved)
    assert again.generator == rng.LEGACY
    assert first_deal(engines.load({**saved, "actions": []})) == DEALS[rng.LEGACY][name]
    assert again.view(None) == old.view(None)


def test_a_take_back_replays_with_the_games_own_generator() -> None:
    game = engines.new("cena", 3, seed=7, generator=rng.LEGACY)
    for seat in range(3):
        game.apply(seat, {"type": "reveal", "cards": game.view(seat)["hand"][:3]})
    seat = game.to_act[0]
    game.apply(seat, game.legal_actions(seat)[0])
    assert game.take_back_barrier(1) is None
    earlier = game.taken_back(1)
    assert earlier.generator == rng.LEGACY
    assert first_deal(earlier) == DEALS[rng.LEGACY]["cena"]


def test_throws_count_as_draws_for_take_back_barriers() -> None:
    generator = Pcg32(3)
    before = generator.draws
    sticks.throw(generator)
    assert generator.draws == before + sticks.STICKS
