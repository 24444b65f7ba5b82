"""Take-backs in the engine contract: barriers, and replays that restore every view.

A take-back is a replay of the log without its last actions. It is allowed only
when none of them is a barrier (chance used, hidden information shown, the game
over), so no audience can see or change anything it could not without it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engines
from engines.base import CHANCE, GAME_OVER, Action, Game
from engines.lauzait.board import is_water
from testkit.play import random_step

WALK = 60  # actions per random game: every take-back replays the log so far


def views(game: Game) -> str:
    """Every audience's view, as the bytes a screen would receive."""
    audiences: list[int | None] = [None, *range(game.players)]
    return json.dumps([game.view(seat) for seat in audiences], sort_keys=True)


@pytest.mark.parametrize("name", engines.names())
@settings(max_examples=15, deadline=None)
@given(rng=st.randoms(use_true_random=False), steps=st.integers(1, 3))
def test_a_take_back_restores_every_view_and_never_crosses_a_barrier(
    name: str, rng: random.Random, steps: int
) -> None:
    game = engines.new(name, engines.game_info(name).min_players, seed=rng.randrange(2**32))
    before: list[tuple[str, Any]] = []  # views and generator before each action
    for _ in range(WALK):
        if game.finished:
            break
        before.append((views(game), game.rng.getstate()))
        generator = game.rng.getstate()
        random_step(game, rng)
        if game.rng.getstate() != generator:
            assert game.barriers[-1] is not None, "chance used without a barrier"
        if game.finished:
            assert game.barriers[-1] is not None, "the end without a barrier"
        for back in range(1, min(steps, len(game.log)) + 1):
            barrier = game.take_back_barrier(back)
            crossed = [b for b in game.barriers[-back:] if b is not None]
            if crossed:
                assert barrier == crossed[-1]
                with pytest.raises(ValueError, match="barrier"):
                    game.taken_back(back)
                continue
            assert barrier is None
            earlier = game.taken_back(back)
            seen, generator_then = before[-back]
            assert views(earlier) == seen, "a take-back must restore every view byte for byte"
            # The generator is where it was: the chance to come is what it would have been.
            assert earlier.rng.getstate() == generator_then
            assert earlier.log == game.log[:-back]


@pytest.mark.parametrize("name", engines.names())
def test_the_first_action_of_a_fresh_game_can_be_taken_back_or_says_why(name: str) -> None:
    game = engines.new(name, engines.game_info(name).min_players, seed=3)
    assert game.take_back_barrier(1) == "nothing"
    seat = game.to_act[0]
    game.apply(seat, game.legal_actions(seat)[0])
    barrier = game.take_back_barrier(1)
    if barrier is None:
        assert views(game.taken_back(1)) == views(
            engines.new(name, engines.game_info(name).min_players, seed=3)
        )
    with pytest.raises(ValueError):
        game.take_back_barrier(0)


# --- per game: the mis-taps an evening brings -------------------------------------------


def play_until(game: Game, wanted: Callable[[Action], bool], seed: int = 1) -> tuple[int, Action]:
    """Play random actions until one for which `wanted` holds is legal; return it, unplayed."""
    rng = random.Random(seed)
    for _ in range(5000):
        seat = game.to_act[0]
        for action in game.legal_actions(seat):
            if wanted(action):
                return seat, action
        random_step(game, rng)
    raise AssertionError("never found such an action")


def test_cena_a_card_placed_before_the_wrong_player_is_taken_back() -> None:
    game = engines.new("cena", 4, seed=11)
    while game.view(None)["phase"] == "reveal":
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.take_back_barrier(1) == "public_cards_shown"  # a reveal stays revealed
    seat, action = play_until(game, lambda a: a["type"] == "play" and a["to"] != game.to_act[0])
    seen = views(game)
    game.apply(seat, action)
    assert game.take_back_barrier(1) is None
    assert views(game.taken_back(1)) == seen


def test_chanoyu_a_take_back_is_refused_after_the_draw() -> None:
    game = engines.new("chanoyu", 3, seed=5)
    rng = random.Random(2)
    while not game.barriers or game.barriers[-1] != "cards_drawn":
        random_step(game, rng)
    assert game.take_back_barrier(1) == "cards_drawn"
    with pytest.raises(ValueError, match="cards_drawn"):
        game.taken_back(1)


def test_lauzait_a_hire_is_taken_back_but_not_a_water_hire() -> None:
    game = engines.new("lauzait", 3, seed=8)

    def hire(water: bool) -> Callable[[Action], bool]:
        return lambda a: a["type"] == "hire" and is_water(tuple(a["to"])) == water

    seat, action = play_until(game, hire(water=False))
    seen = views(game)
    game.apply(seat, action)
    assert game.take_back_barrier(1) is None
    assert views(game.taken_back(1)) == seen

    seat, action = play_until(game, hire(water=True))
    game.apply(seat, action)
    assert game.view(None)["last_hire"]["water"] is True
    assert game.take_back_barrier(1) == "sticks_thrown"


def test_sarena_a_move_is_taken_back_until_the_last_one() -> None:
    game = engines.new("sarena", 2, seed=4)
    seat = game.to_act[0]
    seen = views(game)
    game.apply(seat, game.legal_actions(seat)[0])
    assert game.take_back_barrier(1) is None
    assert views(game.taken_back(1)) == seen
    rng = random.Random(3)
    while not game.finished:
        random_step(game, rng)
    assert game.barriers[-1] == GAME_OVER
    assert game.take_back_barrier(1) == GAME_OVER


def test_chance_is_a_barrier_even_when_an_engine_names_none() -> None:
    sarena = type(engines.new("sarena", 2, seed=1))

    class Dicey(sarena):  # type: ignore[misc, valid-type]
        def _apply(self, seat: int, action: Action) -> list[Any]:
            self.rng.random()
            return list(super()._apply(seat, action))

        def barrier(self, seat: int, action: Action, events: list[Any], chance: bool) -> None:
            return None

    dicey = Dicey(2, 1, {})
    seat = dicey.to_act[0]
    dicey.apply(seat, dicey.legal_actions(seat)[0])
    assert dicey.barriers[-1] == CHANCE
