"""Céna's and Chanoyu's search API (engines/base.py `play`, `random_action`) is the
contract's twin, only faster: the bots' playouts rely on it.

* `random_action` returns what `rng.choice(search_actions(seat))` would, from the same
  single draw: the same action, the generator left in the same state (so a bot's
  choices do not depend on which of the two it uses).
* `play` moves a game exactly as `apply` does (every view, every internal field), only
  without the log, the barriers and the events.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engines
from engines import rng as generators
from engines.base import Action, Game

SEARCHED = ("cena", "chanoyu")
# Options that change which actions exist (Céna's simplified rule: one target).
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "cena": [{}, {"simplified": True}],
    "chanoyu": [{}],
}
WHOLE_GAMES = settings(max_examples=10, deadline=None)


def _state(game: Game) -> dict[str, Any]:
    """Everything a game holds but its log and barriers (which `play` skips)."""
    state = {key: value for key, value in vars(game).items() if key not in ("log", "barriers")}
    state["rng"] = game.rng.getstate()
    return state


def _views(game: Game) -> list[Any]:
    return [game.view(seat) for seat in [None, *range(game.players)]]


def _whole_build(game: Game, seat: int, driver: random.Random) -> Action | None:
    """Sometimes, in a Chanoyu build, one placement written as a whole "build" action
    (legal: one card placed, then stopping), which `play` hands to the checked path."""
    places = [a for a in game.search_actions(seat) if a["type"] == "place"]
    if not places or driver.random() < 0.7:
        return None
    placement = {key: value for key, value in driver.choice(places).items() if key != "type"}
    return {"type": "build", "cards": [placement]}


@pytest.mark.parametrize("name", SEARCHED)
@WHOLE_GAMES
@given(seed=st.integers(0, 10**9), data=st.data())
def test_random_action_draws_as_choice_of_search_actions(
    name: str, seed: int, data: st.DataObject
) -> None:
    info = engines.info(name)
    players = data.draw(st.integers(info["min_players"], info["max_players"]), "players")
    options = data.draw(st.sampled_from(OPTIONS[name]), "options")
    game = engines.new(name, players=players, seed=seed, options=options)
    driver = random.Random(seed)
    while not game.finished:
        seat = driver.choice(game.to_act)
        fast, listed = generators.Pcg32(seed), generators.Pcg32(seed)
        action = game.random_action(seat, fast)
        assert action == listed.choice(game.search_actions(seat))
        assert fast.getstate() == listed.getstate()
        game.apply(seat, action)
        seed += 1


@pytest.mark.parametrize("name", SEARCHED)
@WHOLE_GAMES
@given(seed=st.integers(0, 10**9), data=st.data())
def test_play_moves_a_game_exactly_as_apply_does(name: str, seed: int, data: st.DataObject) -> None:
    info = engines.info(name)
    players = data.draw(st.integers(info["min_players"], info["max_players"]), "players")
    options = data.draw(st.sampled_from(OPTIONS[name]), "options")
    applied = engines.new(name, players=players, seed=seed, options=options)
    played = engines.new(name, players=players, seed=seed, options=options)
    driver = random.Random(seed)
    rng = generators.Pcg32(seed)
    while not applied.finished:
        seat = driver.choice(applied.to_act)
        action = _whole_build(applied, seat, driver) or applied.random_action(seat, rng)
        applied.apply(seat, action)
        played.play(seat, action)
        assert _state(played) == _state(applied)
        assert _views(played) == _views(applied)
    assert played.finished and played.winners == applied.winners
