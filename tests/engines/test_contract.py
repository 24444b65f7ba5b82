"""Properties every engine keeps, checked by random legal play (see engines/base.py).

Generic over engines.names(): a new engine is covered as soon as it is registered.
Each test runs once per engine: `pytest tests/engines/test_contract.py -k cena`.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engines
from engines.base import Game
from tests.engines.play import play_random, play_steps, random_step, random_steps

GENERIC_VIEW_KEYS = {"game", "players", "seat", "phase", "to_act", "scores", "winners"}
# Field values no engine accepts in place of a real one.
JUNK_VALUES: list[Any] = [None, "??", 1.5, [None], {"?": None}]


ENGINES = pytest.mark.parametrize("name", engines.names())
# How far into a game to stop: often early (setup phases), otherwise anywhere.
STEPS = st.integers(0, 60) | st.integers(0, 400)


@st.composite
def new_games(draw: st.DrawFn, name: str) -> tuple[Game, random.Random]:
    """A fresh game of any player count, with a seed long enough to spot, and a driver."""
    info = engines.info(name)
    players = draw(st.integers(info["min_players"], info["max_players"]))
    seed = draw(st.integers(10**12, 2**63 - 1))
    driver = random.Random(draw(st.integers(0, 2**32)))
    return engines.new(name, players=players, seed=seed), driver


def audiences(game: Game) -> list[int | None]:
    return [*range(game.players), None]


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything anyone can observe of a game."""
    return (
        game.to_dict(),
        [game.view(seat) for seat in audiences(game)],
        [game.legal_actions(seat) for seat in range(game.players)],
        game.to_act,
        game.finished,
        game.scores,
        game.winners,
    )


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_engines_are_registered() -> None:
    assert engines.names() == sorted(engines.names())
    assert "cena" in engines.names()
    for name in engines.names():
        info = engines.info(name)
        assert info["name"] == name
        assert 1 <= info["min_players"] <= info["max_players"]


@ENGINES
@given(data=st.data())
def test_random_legal_play_always_finishes(name: str, data: st.DataObject) -> None:
    game, driver = data.draw(new_games(name))
    steps = play_random(game, driver)
    assert game.finished and steps > 0
    assert game.to_act == []
    assert all(game.legal_actions(seat) == [] for seat in range(game.players))
    assert len(game.scores) == game.players
    assert game.winners and set(game.winners) <= set(range(game.players))


@ENGINES
@given(data=st.data(), steps=STEPS)
def test_illegal_actions_change_nothing(name: str, data: st.DataObject, steps: int) -> None:
    game, driver = data.draw(new_games(name))
    play_steps(game, driver, steps)
    before = snapshot(game)
    for seat, action in illegal_attempts(game):
        with pytest.raises(engines.IllegalAction):
            game.apply(seat, action)
        assert snapshot(game) == before, f"{game.name}: {action!r} by seat {seat} changed state"


def illegal_attempts(game: Game) -> list[tuple[int, Any]]:
    """Malformed actions, junk field values, and moves by seats the game is not waiting for."""
    waiting = game.to_act
    idle = [seat for seat in range(game.players) if seat not in waiting]
    for seat in idle:
        assert game.legal_actions(seat) == [], "a seat that may not act has legal actions"
    acting = waiting[0] if waiting else 0
    malformed: list[Any] = [None, [], {}, {"type": 7}, {"type": "no-such-move"}]
    attempts: list[tuple[int, Any]] = [(acting, action) for action in malformed]
    legal = game.legal_actions(acting) if waiting else []
    for action in legal[:3]:
        attempts += [(seat, action) for seat in idle]
        for field in action:
            if field == "type":
                continue
            for junk in JUNK_VALUES:
                broken = {**action, field: junk}
                if broken not in legal:
                    attempts.append((acting, broken))
    if game.finished:
        attempts.append((0, {"type": "anything"}))
    return attempts


@ENGINES
@given(data=st.data(), steps=STEPS)
def test_reload_reproduces_the_game(name: str, data: st.DataObject, steps: int) -> None:
    game, driver = data.draw(new_games(name))
    play_steps(game, driver, steps)
    copy = engines.load(as_json(game.to_dict()))  # the journal stores JSON
    assert snapshot(copy) == snapshot(game)
    # Same actions from here on give the same events: the generator state came back too.
    for _ in range(20):
        if game.finished:
            break
        seat, action, events = random_step(game, driver)
        assert copy.apply(seat, action) == events
    assert snapshot(copy) == snapshot(game)


@ENGINES
@given(data=st.data())
def test_views_and_events_are_json(name: str, data: st.DataObject) -> None:
    game, driver = data.draw(new_games(name))
    check_views(game)
    for _seat, action, events in random_steps(game, driver):
        assert as_json(action) == action
        assert as_json(events) == events and all("type" in event for event in events)
        check_views(game)


def check_views(game: Game) -> None:
    for seat in audiences(game):
        view = game.view(seat)
        assert as_json(view) == view
        assert view.keys() >= GENERIC_VIEW_KEYS
        assert view["game"] == game.name and view["players"] == game.players
        assert view["seat"] == seat and view["to_act"] == game.to_act
        assert view["scores"] == game.scores and view["winners"] == game.winners
    for seat in range(game.players):
        legal = game.legal_actions(seat)
        assert as_json(legal) == legal


@ENGINES
@given(data=st.data())
def test_seed_never_shown(name: str, data: st.DataObject) -> None:
    game, driver = data.draw(new_games(name))
    seed = str(game.seed)
    for seat in audiences(game):
        assert seed not in json.dumps(game.view(seat))
    for _, _, events in random_steps(game, driver):
        assert seed not in json.dumps(events)
        for seat in audiences(game):
            assert seed not in json.dumps(game.view(seat))
