"""Properties every engine keeps, checked along random legal games (see engines/base.py).

Generic over engines.names(): a new engine is covered as soon as it is registered.
Each random game is walked once, and every property is checked on that walk:

* after every action: views and events are JSON and carry the generic keys, no view
  or event shows the seed, only the seats the game waits for have legal actions
  (check_views, check_events);
* at one drawn point and at the end: illegal actions are refused and change
  nothing (check_illegal_actions_change_nothing);
* at one drawn point and at the end: the game reloads from JSON exactly, and the
  reloaded copy answers the next actions with the same events
  (check_reload_reproduces_the_game);
* at the end: random legal play always finishes, with scores and winners
  (check_finished).

Hypothesis picks every seat and action, so a failing game shrinks to a short one;
the report ends with the game as JSON, for `engines.load`. The property runs are
`slow`; `test_a_seeded_game_keeps_the_contract` walks one game per player count
in the quick loop. One engine: `pytest tests/engines/test_contract.py -k cena`.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engines
from engines.base import Action, Event, Game
from testkit.play import MAX_STEPS, pick
from tests.engines.drawn import moves

GENERIC_VIEW_KEYS = {"game", "players", "seat", "phase", "to_act", "scores", "winners"}
# Field values no engine accepts in place of a real one.
JUNK_VALUES: list[Any] = [None, "??", 1.5, [None], {"?": None}]


ENGINES = pytest.mark.parametrize("name", engines.names())
# How far into a game to stop and check: often early (setup phases), otherwise anywhere.
STEPS = st.integers(0, 60) | st.integers(0, 400)
# A reloaded copy takes this many of the game's next actions alongside it.
FOLLOW = 20


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


# --- the checks --------------------------------------------------------------------


def check_views(game: Game, secret: str) -> list[list[Action]]:
    """Every audience's view is JSON, carries the generic keys and never the seed; every
    seat's legal actions are JSON, and only seats the game waits for have any.

    Returns the legal actions of each seat, for the walk to choose from."""
    for seat in audiences(game):
        view = game.view(seat)
        text = json.dumps(view)
        assert json.loads(text) == view, f"view of seat {seat} is not JSON"
        assert secret not in text, f"view of seat {seat} shows the seed"
        assert view.keys() >= GENERIC_VIEW_KEYS
        assert view["game"] == game.name and view["players"] == game.players
        assert view["seat"] == seat and view["to_act"] == game.to_act
        assert view["scores"] == game.scores and view["winners"] == game.winners
        # Capabilities are declared (GameInfo), not guessed from a game's name.
        assert ("last_trick" in view) == game.game_info.tricks, "GameInfo.tricks is wrong"
    public = game.view(None)
    assert ({"throws", "last_throw"} <= public.keys()) == game.game_info.throws, (
        "GameInfo.throws is wrong"
    )
    legal = [game.legal_actions(seat) for seat in range(game.players)]
    for seat, actions in enumerate(legal):
        assert as_json(actions) == actions, f"legal actions of seat {seat} are not JSON"
        if seat not in game.to_act:
            assert actions == [], "a seat that may not act has legal actions"
    return legal


def check_events(action: Action, events: list[Event], secret: str) -> None:
    """What a legal action returns: JSON events, each with a type, none showing the seed."""
    assert as_json(action) == action
    text = json.dumps(events)
    assert json.loads(text) == events, "events are not JSON"
    assert all("type" in event for event in events)
    assert secret not in text, "an event shows the seed"


def check_illegal_actions_change_nothing(game: Game) -> None:
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


def check_reload_reproduces_the_game(game: Game) -> Game:
    """A copy loaded from the game's JSON (the journal stores JSON) is the same game.

    The copy is returned: the walk gives it the game's next actions, and the same
    actions must give the same events, so the generator state came back too."""
    copy = engines.load(as_json(game.to_dict()))
    assert snapshot(copy) == snapshot(game), "the reloaded game differs"
    return copy


def check_finished(game: Game, steps: int) -> None:
    """Random legal play finished the game: nobody to act, scores and winners."""
    assert game.finished and steps > 0
    assert game.to_act == []
    assert all(game.legal_actions(seat) == [] for seat in range(game.players))
    assert len(game.scores) == game.players
    assert set(game.winners) <= set(range(game.players))
    # Someone won, unless the game ended with no points at all (issue 28: a table that
    # stopped before anyone scored; no tie at nothing counts as a win).
    assert game.winners or not any(game.scores)
    # Every barrier the game marked is declared with its words (GameInfo.barriers or
    # the shared ones), so no take-back is refused in words that do not fit.
    undeclared = {b for b in game.barriers if b is not None and game.game_info.barrier(b) is None}
    assert not undeclared, f"barrier codes missing from {game.name}'s GameInfo: {undeclared}"


# --- one walk, every check ---------------------------------------------------------------


def walk_checking_the_contract(
    game: Game,
    choices: random.Random,
    *,
    illegal_at: int,
    reload_at: int,
) -> int:
    """Random legal play to the end, checking the whole contract on the way.

    `choices` picks each seat and action (Hypothesis' generator in the property test).
    Illegal actions are tried after `illegal_at` actions and the game is reloaded after
    `reload_at`, when the game lasts that long, and both again at the end.
    Returns how many actions the game took."""
    secret = str(game.seed)
    steps = 0
    follower: Game | None = None
    doing = "checking the new game"
    try:
        legal = check_views(game, secret)
        while not game.finished:
            assert steps < MAX_STEPS, f"{game.name}: not finished after {MAX_STEPS} actions"
            if steps == illegal_at:
                doing = f"trying illegal actions after {steps} actions"
                check_illegal_actions_change_nothing(game)
            if steps == reload_at:
                doing = f"reloading after {steps} actions"
                follower = check_reload_reproduces_the_game(game)
            waiting = game.to_act
            assert waiting, f"{game.name}: not finished, yet waits for nobody"
            seat = pick(choices, waiting)
            assert legal[seat], f"{game.name}: seat {seat} must act but has no legal action"
            action = pick(choices, legal[seat])
            doing = f"action {steps + 1}, {action!r} by seat {seat}"
            events = game.apply(seat, action)
            steps += 1
            check_events(action, events, secret)
            if follower is not None:
                assert follower.apply(seat, action) == events, "the reloaded game answered else"
                if steps == reload_at + FOLLOW:
                    assert snapshot(follower) == snapshot(game), "the reloaded game drifted"
                    follower = None
            legal = check_views(game, secret)
        doing = f"checking the finished game after {steps} actions"
        check_finished(game, steps)
        if follower is not None:
            assert snapshot(follower) == snapshot(game), "the reloaded game drifted"
        check_illegal_actions_change_nothing(game)
        check_reload_reproduces_the_game(game)
    except Exception as err:
        err.add_note(f"{game.name}, {game.players} players: failed {doing}")
        err.add_note(f"the game so far, for engines.load(): {json.dumps(game.to_dict())}")
        raise
    return steps


def player_counts() -> list[tuple[str, int]]:
    """Every engine with each number of players it takes."""
    found = []
    for name in engines.names():
        info = engines.info(name)
        found += [(name, n) for n in range(info["min_players"], info["max_players"] + 1)]
    return found


# One property test per engine and player count, rather than one per engine drawing
# the count: pytest-xdist can then spread a long engine's games over the workers
# (Lauzait Cep alone took a minute on one worker) and every count is sure of its
# share. Each count gets the profile's examples divided by the most counts an engine
# has (three for all four games today), so an engine still walks as many games.
MOST_COUNTS = max(Counter(name for name, _ in player_counts()).values())
PER_COUNT = settings(max_examples=-(-settings().max_examples // MOST_COUNTS))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), player_counts())
@PER_COUNT
@given(data=st.data())
def test_random_games_keep_the_contract(name: str, players: int, data: st.DataObject) -> None:
    seed = data.draw(st.integers(10**12, 2**63 - 1), label="seed")  # long enough to spot
    illegal_at = data.draw(STEPS, label="illegal actions tried after")
    reload_at = data.draw(STEPS, label="reloaded after")
    choices = data.draw(moves(), label="choices")
    game = engines.new(name, players=players, seed=seed)
    walk_checking_the_contract(game, choices, illegal_at=illegal_at, reload_at=reload_at)


@ENGINES
def test_a_seeded_game_keeps_the_contract(name: str) -> None:
    """One game per player count, for the quick loop (the property test is `slow`)."""
    info = engines.info(name)
    for players in range(info["min_players"], info["max_players"] + 1):
        game = engines.new(name, players=players, seed=10**12 + players)
        driver = random.Random(players)
        steps = walk_checking_the_contract(game, driver, illegal_at=players, reload_at=3)
        assert steps > 0


def test_engines_are_registered() -> None:
    assert engines.names() == sorted(engines.names())
    assert "cena" in engines.names()
    for name in engines.names():
        info = engines.info(name)
        assert info["name"] == name
        assert 1 <= info["min_players"] <= info["max_players"]


@ENGINES
def test_each_engine_is_declared_once(name: str) -> None:
    """One GameInfo per engine; the class attributes older code reads follow from it."""
    cls = engines._GAMES[name]
    declared = engines.game_info(name)
    assert declared is cls.game_info and declared.name == name == cls.name
    assert (cls.title, cls.min_players, cls.max_players) == (
        declared.title,
        declared.min_players,
        declared.max_players,
    )
    assert cls.options_declared == declared.options
    assert cls.table_actions == declared.table_actions
    assert cls.random_events == declared.random_events
    # A barrier's words are whole sentences whose only placeholder is whose action it was.
    for code, barrier in declared.barriers.items():
        for words in filter(None, (barrier.words, barrier.own)):
            assert words.startswith("that cannot be taken back: "), code
            assert set(re.findall(r"{(\w*)}", words)) <= {"name"}, code


def test_check_setup_is_the_one_judge_of_a_setup() -> None:
    assert engines.check_setup("cena", 3, {}) == engines.new("cena", 3, seed=0).rules_version
    refusals: list[tuple[str, int, dict[str, Any], bool, str]] = [
        ("chess", 3, {}, False, "unknown_game"),
        ("cena", 9, {}, False, "invalid_setup"),
        ("cena", 3, {"no such option": 1}, False, "invalid_setup"),
        ("cena", 3, {"hands": [[]]}, True, "secret_option"),
    ]
    for game, players, options, from_phone, code in refusals:
        with pytest.raises(engines.SetupRefused) as err:
            engines.check_setup(game, players, options, from_phone=from_phone)
        assert err.value.code == code and str(err.value) == err.value.template.format(
            **err.value.params
        )


def test_an_engine_declared_the_older_way_still_gets_its_game_info() -> None:
    """An engine written before GameInfo, its attributes one by one, keeps working."""

    class Older(engines.Game):  # never registered: only its declaration is read
        name = "older"
        title = "Older"
        min_players, max_players = 2, 3
        options_declared = (engines.Option("target", default=5),)
        random_events: ClassVar[Mapping[str, str]] = {"start": "Start"}

    declared = Older.game_info
    assert (declared.name, declared.title, declared.player_counts) == (
        "older",
        "Older",
        range(2, 4),
    )
    assert declared.options == Older.options_declared and declared.random_events == {
        "start": "Start"
    }
    assert declared.barrier("chance") is not None and declared.barrier("anything") is None
