"""The bot contract (engines/bots): legal, reproducible, built from one view only.

* Every level returns one of the seat's legal actions (never a table action), and
  the same view, seat, level and seed give the same action.
* A determinizer's worlds agree with the view they came from: the seat's own legal
  actions and everything it sees.
* No peeking, proven per game: two games whose hidden parts differ (other hands, the
  pile or stock, the secret colours) while the bot seat's view is identical get the
  same choice. Hypothesis picks the seed and where the games stop.

Search budgets here are tiny (a few playouts): strength is measured in bench/bots.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import engines
from engines import bots
from engines import rng as generators
from engines.base import Game, IllegalAction
from engines.bots import search
from engines.cena.cards import SUIT_OF
from engines.chanoyu.cards import SUIT
from testkit.play import play_steps

TINY = 3  # playouts: enough to walk the tree, build nodes and back up rewards
FEW = settings(max_examples=12, deadline=None)


def _stopped(name: str, players: int, seed: int, steps: int) -> Game:
    game = engines.new(name, players=players, seed=seed)
    play_steps(game, random.Random(seed), steps)
    return game


def _searchable(game: Game, seat: int) -> list[Any]:
    table = engines.info(game.name)["table_actions"]
    return [a for a in game.legal_actions(seat) if a["type"] not in table]


def test_levels_are_named() -> None:
    assert bots.LEVELS == ("easy", "normal", "strong")


def test_unknown_game_level_or_seat_is_refused() -> None:
    game = engines.new("sarena", players=2, seed=1)
    seat = game.to_act[0]
    with pytest.raises(ValueError, match="no bots"):
        bots.choose("chess", game.view(seat), seat)
    with pytest.raises(ValueError, match="unknown level"):
        bots.choose("sarena", game.view(seat), seat, level="grandmaster")
    with pytest.raises(ValueError, match="view of seat"):
        bots.choose("sarena", game.view(seat), 1 - seat)
    with pytest.raises(ValueError, match="nothing to do"):
        bots.choose("sarena", game.view(1 - seat), 1 - seat)


def _unfinished(name: str, seed: int, steps: int, data: st.DataObject) -> tuple[Game, int]:
    """A game of `name` (any player count) stopped after `steps` random moves, and the
    first seat it waits for; Hypothesis drops the draws where it is over."""
    info = engines.info(name)
    players = data.draw(st.integers(info["min_players"], info["max_players"]), "players")
    game = _stopped(name, players, seed, steps)
    assume(not game.finished)
    return game, game.to_act[0]


@pytest.mark.parametrize("name", engines.names())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), data=st.data())
def test_every_level_plays_a_legal_action_and_repeats_itself(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    game, seat = _unfinished(name, seed, steps, data)
    view = game.view(seat)
    legal = _searchable(game, seat)
    for level in bots.LEVELS:
        first = bots.choose(name, view, seat, level=level, seed=seed, playouts=TINY)
        assert first in legal
        assert bots.choose(name, view, seat, level=level, seed=seed, playouts=TINY) == first
    game.apply(seat, first)  # and the game takes it


@pytest.mark.parametrize("name", [n for n in engines.names() if bots.kit(n).policy])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), data=st.data())
def test_every_playout_policy_picks_a_search_action(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    """A game's playout policy (BotKit.policy) picks one of the mover's search actions
    in a sampled world, move after move."""
    game, seat = _unfinished(name, seed, steps, data)
    kit = bots.kit(name)
    assert kit.policy is not None
    built = kit.sampler(game.view(seat), seat)(generators.Pcg32(seed))
    rng = generators.Pcg32(seed + 1)
    for _ in range(40):
        if built.finished:
            break
        mover = search.actor(built, seat)
        action = kit.policy(built, mover, rng)
        assert action in built.search_actions(mover), action
        built.play(mover, action)


@pytest.mark.parametrize("name", engines.names())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), data=st.data())
def test_worlds_agree_with_the_view_they_come_from(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    game, seat = _unfinished(name, seed, steps, data)
    view = game.view(seat)
    world = bots.kit(name).sampler(view, seat)
    for draw in range(3):
        built = world(generators.Pcg32(draw))
        assert built.search_actions(seat) == _searchable(game, seat)
        assert built.to_act == game.to_act
        seen = built.view(seat)
        for key in ("hand", "board", "tableaux", "public", "trick", "departments", "scores"):
            if key in view:
                assert seen[key] == view[key], key
        # And a world plays on: a few random actions through the search API.
        rng = generators.Pcg32(draw)
        for _ in range(10):
            if built.finished:
                break
            mover = built.to_act[0]
            built.play(mover, built.random_action(mover, rng))


# --- no peeking ------------------------------------------------------------------


def _same_choice(name: str, a: Game, b: Game) -> None:
    """Both games wait for the same seat, whose views are equal: every level chooses alike."""
    assert a.to_act == b.to_act
    seat = a.to_act[0]
    view_a, view_b = a.view(seat), b.view(seat)
    assume(view_a == view_b)  # a swapped card that became public is no test of hiding
    for level in bots.LEVELS:
        choice_a = bots.choose(name, view_a, seat, level=level, seed=5, playouts=TINY)
        choice_b = bots.choose(name, view_b, seat, level=level, seed=5, playouts=TINY)
        assert choice_a == choice_b


def _replayed(name: str, players: int, seed: int, options: dict[str, Any], log: Any) -> Game:
    game = engines.new(name, players=players, seed=seed, options=options)
    for seat, action in log:
        try:
            game.apply(seat, action)
        except IllegalAction:
            assume(False)  # the swap changed what someone could do
    return game


def _swap_test(
    name: str,
    players: int,
    seed: int,
    steps: int,
    dealt: Callable[[Game], dict[str, Any]],
    chapter: Callable[[Game], object],
    swap: Callable[[dict[str, Any], Game, int, random.Random], dict[str, Any] | None],
) -> None:
    """Game A is dealt as `dealt` reads a seeded game; game B the same deal with two
    hidden cards swapped by `swap` (None: nothing to swap here). The same actions
    then lead both to the same stop, where the seat to act must choose alike."""
    options = dealt(engines.new(name, players=players, seed=seed))
    a = engines.new(name, players=players, seed=seed, options=options)
    start = chapter(a)
    play_steps(a, random.Random(seed), steps)
    assume(not a.finished and chapter(a) == start)
    seat = a.to_act[0]
    swapped = swap(options, a, seat, random.Random(steps))
    assume(swapped is not None)
    assert swapped is not None and swapped != options  # the hidden parts differ
    b = _replayed(name, players, seed, swapped, a.log)
    _same_choice(name, a, b)


def _pick_pair(
    rng: random.Random, first: list[str], second: list[str], alike: Callable[[str, str], bool]
) -> tuple[str, str] | None:
    pairs = [(x, y) for x in first for y in second if x != y and alike(x, y)]
    return rng.choice(pairs) if pairs else None


@FEW
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 30), players=st.integers(3, 5))
def test_cena_bots_never_peek_at_other_hands(seed: int, steps: int, players: int) -> None:
    def dealt(game: Game) -> dict[str, Any]:
        return {"hands": [list(hand) for hand in game.hands]}  # type: ignore[attr-defined]

    def swap(
        options: dict[str, Any], a: Game, seat: int, rng: random.Random
    ) -> dict[str, Any] | None:
        one, two = [s for s in range(players) if s != seat][:2]
        hidden = [
            [c for c in a.hands[s] if c in options["hands"][s] and c not in a.public[s]]  # type: ignore[attr-defined]
            for s in (one, two)
        ]
        pair = _pick_pair(rng, hidden[0], hidden[1], lambda x, y: SUIT_OF[x] == SUIT_OF[y])
        if pair is None:
            return None
        hands = [list(hand) for hand in options["hands"]]
        x, y = pair
        hands[one][hands[one].index(x)], hands[two][hands[two].index(y)] = y, x
        return {"hands": hands}

    _swap_test("cena", players, seed, steps, dealt, lambda g: g.deal, swap)  # type: ignore[attr-defined]


@FEW
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40), players=st.integers(3, 5))
def test_chanoyu_bots_never_peek_at_hands_or_the_pile(seed: int, steps: int, players: int) -> None:
    def dealt(game: Game) -> dict[str, Any]:
        return {
            "hands": [list(hand) for hand in game.hands],  # type: ignore[attr-defined]
            "pile": list(game.pile),  # type: ignore[attr-defined]
        }

    def swap(
        options: dict[str, Any], a: Game, seat: int, rng: random.Random
    ) -> dict[str, Any] | None:
        other = (seat + 1) % players
        in_hand = [c for c in a.hands[other] if c in options["hands"][other]]  # type: ignore[attr-defined]
        deep = [c for c in options["pile"][-8:] if c in a.pile]  # type: ignore[attr-defined]
        pair = _pick_pair(rng, in_hand, deep, lambda x, y: SUIT[x] == SUIT[y])
        if pair is None:
            return None
        x, y = pair
        hands = [list(hand) for hand in options["hands"]]
        pile = list(options["pile"])
        hands[other][hands[other].index(x)], pile[pile.index(y)] = y, x
        return {"hands": hands, "pile": pile}

    _swap_test("chanoyu", players, seed, steps, dealt, lambda g: g.round, swap)  # type: ignore[attr-defined]


@FEW
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 25), players=st.integers(2, 4))
def test_lauzait_bots_never_peek_at_hands_or_the_stock(seed: int, steps: int, players: int) -> None:
    def dealt(game: Game) -> dict[str, Any]:
        return {
            "hands": [list(hand) for hand in game._hands],  # type: ignore[attr-defined]
            "board": [list(row) for row in game._board],  # type: ignore[attr-defined]
            "stock": list(game._stock),  # type: ignore[attr-defined]
        }

    def swap(
        options: dict[str, Any], a: Game, seat: int, rng: random.Random
    ) -> dict[str, Any] | None:
        other = (seat + 1) % players
        concealed = a._free(other, a._departments[other])  # type: ignore[attr-defined]
        in_hand = [p for p in concealed if p in options["hands"][other]]
        pair = _pick_pair(rng, in_hand, list(options["stock"]), lambda x, y: True)
        if pair is None:
            return None
        x, y = pair
        hands = [list(hand) for hand in options["hands"]]
        stock = list(options["stock"])
        hands[other][hands[other].index(x)], stock[stock.index(y)] = y, x
        return {**options, "hands": hands, "stock": stock}

    # The table's random driver may end the game early: the bots' tests play on.
    _swap_test("lauzait", players, seed, steps, dealt, lambda g: g._season, swap)  # type: ignore[attr-defined]


@FEW
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40), players=st.integers(3, 4))
def test_sarena_bots_never_peek_at_secret_colours(seed: int, steps: int, players: int) -> None:
    def dealt(game: Game) -> dict[str, Any]:
        view = game.view(None)
        return {"board": view["board"], "colours": {str(s): c for s, c in game.colours.items()}}  # type: ignore[attr-defined]

    def swap(
        options: dict[str, Any], a: Game, seat: int, rng: random.Random
    ) -> dict[str, Any] | None:
        one, two = [str(s) for s in range(players) if s != seat][:2]
        colours = dict(options["colours"])
        colours[one], colours[two] = colours[two], colours[one]
        return {**options, "colours": colours}

    _swap_test("sarena", players, seed, steps, dealt, lambda g: 0, swap)


@pytest.mark.parametrize("name", ["cena", "chanoyu"])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120))
def test_the_tricks_the_determinizers_read_are_the_same_for_everyone(
    name: str, seed: int, steps: int
) -> None:
    """The views' "tricks" (added for the determinizers) show only what was played
    face up: the public view and every seat's view hold the very same list."""
    game = _stopped(name, 4, seed, steps)
    public = game.view(None)["tricks"]
    for seat in range(game.players):
        assert game.view(seat)["tricks"] == public
    played = [entry["card"] for trick in public for entry in trick["cards"]]
    for seat in range(game.players):
        # Cards still in a hand were never played, so never in a trick.
        assert not set(played) & set(game.view(seat)["hand"])
