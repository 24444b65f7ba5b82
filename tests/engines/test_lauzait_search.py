"""Lauzait Cep's search API (what bots' playouts use) against the contract it shortcuts.

* `random_action` draws exactly what a uniform draw over `search_actions` draws, from
  the same generator state, though it builds only the action drawn;
* `play` leaves the game as `apply` does (views, generator, what comes next);
* `has_government`, the quick test a search asks after every hire, agrees with the
  full list of governments.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines import rng as generators
from engines.lauzait import Lauzait
from engines.lauzait.departments import governments, has_government
from engines.lauzait.pieces import WILD, numbers_in_play, piece_set
from tests.engines.test_lauzait import eager_choice

SOME = settings(max_examples=30, deadline=None)


def _reached(players: int, seed: int, steps: int, luminous: bool) -> Lauzait:
    """A game after `steps` actions, forming and declaring often (eager_choice), so
    revealed departments, dissolves and declarations come up as well as hires."""
    game = Lauzait(players, seed, {"luminous": luminous})
    driver = random.Random(seed)
    for _ in range(steps):
        if game.finished:
            break
        seat = game.to_act[0]
        game.apply(seat, eager_choice(game.legal_actions(seat), driver))
    return game


positions = st.builds(
    _reached,
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
    luminous=st.booleans(),
)


@SOME
@given(game=positions, draw_seed=st.integers(0, 2**32))
def test_random_action_is_a_uniform_draw_over_search_actions(game: Lauzait, draw_seed: int) -> None:
    if game.finished:
        return
    seat = game.to_act[0]
    listed = game.search_actions(seat)
    assert listed == game.legal_actions(seat)[:-1]  # all but ending early
    rng = generators.Pcg32(draw_seed)
    for _ in range(5):
        expected = generators.Pcg32(0)
        expected.setstate(rng.getstate())
        assert game.random_action(seat, rng) == listed[expected.randrange(len(listed))]
        assert rng.getstate() == expected.getstate()


@SOME
@given(game=positions, pick=st.randoms(use_true_random=False))
def test_play_leaves_the_game_as_apply_does(game: Lauzait, pick: random.Random) -> None:
    if game.finished:
        return
    seat = game.to_act[0]
    actions = game.search_actions(seat)
    others = [a for a in actions if a["type"] != "hire"]
    hires = [a for a in actions if a["type"] == "hire"]
    water = [a for a in hires if a["to"][0] == 2 or a["to"][1] == 2]  # may throw the sticks
    chosen = others + pick.sample(hires, min(6, len(hires))) + water[:2]
    for action in chosen:
        applied, played = copy.deepcopy(game), copy.deepcopy(game)
        applied.apply(seat, copy.deepcopy(action))
        played.play(seat, copy.deepcopy(action))
        assert played.rng.getstate() == applied.rng.getstate()
        for viewer in [None, *range(game.players)]:
            assert played.view(viewer) == applied.view(viewer)
        if not applied.finished:
            after = applied.to_act[0]
            assert played.search_actions(after) == applied.search_actions(after)


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[str], int]:
    """Nine pieces of one game's set; often of one colour and a few numbers, with
    wilds, where governments are common."""
    players = draw(st.integers(2, 4))
    pieces = list(piece_set(players).elements())
    if draw(st.booleans()):
        colour = draw(st.sampled_from("GW"))
        low = draw(st.integers(0 if players == 4 else 1, 7))
        near = [p for p in pieces if p == WILD or (p[0] == colour and low <= int(p[1]) <= low + 3)]
        if len(near) >= 9:
            pieces = near
    chosen = draw(st.lists(st.integers(0, len(pieces) - 1), min_size=9, max_size=9, unique=True))
    return [pieces[i] for i in chosen], players


@settings(max_examples=400, deadline=None)
@given(drawn=hands())
def test_has_government_agrees_with_the_list_of_governments(
    drawn: tuple[list[str], int],
) -> None:
    hand, players = drawn
    numbers = numbers_in_play(players)
    assert has_government(hand, numbers) == bool(governments(hand, numbers))
