"""Sàrénà's bot declarations (engines/sarena/bot.py) and the strength bench's --jobs.

* The shortlist a level searches is some of the seat's own legal moves, best first,
  read from the view alone.
* The search sees a decisive capture: a board where one move wins and every other
  loses gets that move at every level.
* The position judge (`value`) gives the win at the end and a lead before it.
* bench/bots.py's strength figures are the same whatever the number of jobs.

No peeking is proven with the other games' in tests/engines/test_bots.py.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import engines
from bench.bots import play_match
from engines import bots
from engines import rng as generators
from engines.sarena import bot as sarena_bot
from engines.sarena.game import Sarena
from testkit.play import play_steps


def _board(piles: dict[tuple[int, int], list[str]]) -> list[list[list[str]]]:
    board: list[list[list[str]]] = [[[] for _ in range(6)] for _ in range(6)]
    for (r, c), pile in piles.items():
        board[r][c] = pile
    return board


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 30), players=st.integers(2, 4))
def test_a_levels_shortlist_is_its_own_legal_moves_best_first(
    seed: int, steps: int, players: int
) -> None:
    game = engines.new("sarena", players=players, seed=seed)
    play_steps(game, random.Random(seed), steps)
    assume(not game.finished)
    seat = game.to_act[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    for level, breadth in sarena_bot.BREADTH.items():
        shortlist = sarena_bot.candidates(view, seat, legal, level)
        assert len(shortlist) == min(breadth, len(legal))
        assert all(move in legal for move in shortlist)
        assert len({str(move) for move in shortlist}) == len(shortlist)
    # The longer list starts with the shorter: one order, cut at each level's breadth.
    normal = sarena_bot.candidates(view, seat, legal, "normal")
    assert sarena_bot.candidates(view, seat, legal, "strong")[: len(normal)] == normal


def test_every_level_takes_the_capture_that_wins() -> None:
    # Red (seat 0) caps Blue's three-pile: four chips under red, no move left, red wins.
    # Anything else (the single chip flipped onto an empty arrow circle) leaves Blue's
    # pile the only one held and no move after: blue wins.
    board = _board({(0, 0): ["B/Y", "Y/G", "G/Y"], (0, 1): ["R/G"]})
    game = engines.new(
        "sarena", players=2, seed=1, options={"board": board, "colours": {"0": "R", "1": "B"}}
    )
    assert isinstance(game, Sarena)
    game.turn = 0  # the first player is drawn: red moves here
    capture = {"type": "move", "from": [0, 1], "to": [0, 0]}
    assert capture in game.legal_actions(0) and len(game.legal_actions(0)) > 1
    for level in bots.LEVELS:
        for seed in range(3):
            assert bots.choose("sarena", game.view(0), 0, level=level, seed=seed) == capture


def test_the_judge_gives_the_win_at_the_end_and_a_lead_before() -> None:
    board = _board({(0, 0): ["B/Y", "Y/G", "G/Y"], (0, 1): ["R/G"], (5, 5): ["R/B"]})
    game = engines.new(
        "sarena", players=2, seed=1, options={"board": board, "colours": {"0": "R", "1": "B"}}
    )
    assert isinstance(game, Sarena)
    before = sarena_bot.value(game)
    assert before[1] > 0.5 > before[0]  # blue holds three chips, red one
    assert abs(sum(before) - 1.0) < 1e-9
    game.turn = 0
    game.apply(0, {"type": "move", "from": [0, 1], "to": [0, 0]})
    if game.finished:
        assert sarena_bot.value(game) == [1.0, 0.0]
    else:
        after = sarena_bot.value(game)
        assert after[0] > 0.5 > after[1]  # red now holds five chips, blue none


def test_the_worlds_colours_are_drawn_from_those_the_seat_does_not_hold() -> None:
    game = engines.new("sarena", players=4, seed=3)
    assert isinstance(game, Sarena)
    world = sarena_bot.sampler(game.view(2), 2)
    seen: set[tuple[Any, ...]] = set()
    for draw in range(40):
        built = world(generators.Pcg32(draw))
        assert isinstance(built, Sarena)
        assert built.colours[2] == game.colours[2]
        assert len(set(built.colours.values())) == 4
        seen.add(tuple(sorted(built.colours.items())))
    assert len(seen) == 6  # all 3! ways of colouring the other three seats


def test_the_strength_figures_are_the_same_whatever_the_number_of_jobs() -> None:
    alone = play_match("sarena", "random", "easy", games=4, jobs=1)
    together = play_match("sarena", "random", "easy", games=4, jobs=2)
    assert alone == together
    assert alone["games"] == 4 and alone["ci95"][0] <= alone["share"] <= alone["ci95"][1]
