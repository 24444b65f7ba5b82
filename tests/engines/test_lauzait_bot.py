"""Lauzait Cep's bots end their seasons (engines/lauzait/bot_judgement.py).

A season ends only when someone declares, and the game after as many seasons as
seats. The bots once formed and dissolved one department day after day without ever
declaring (the generic judgement gave a leader the same reward mid-season as for a
won game, and its ties went to the first listed action: a dissolve or a form), so a
game with a bot at the table never ended. Budgets are small; strength is measured in
bench/bots.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines import bots
from engines import rng as generators
from engines.lauzait import bot_judgement
from engines.lauzait.game import Lauzait

PLAYOUTS = 8  # small, but enough to search the shortlist
BOUND = 200  # decisions: these games end in 33 to 93 (the old bots ran past 400)


def _play(seed: int, levels: tuple[str, str]) -> Lauzait:
    """A two-seat game, each seat a bot ("normal", small budget) or "random"."""
    game = engines.new("lauzait", players=2, seed=seed)
    assert isinstance(game, Lauzait)
    chance = generators.Pcg32(seed)
    for decision in range(BOUND):
        if game.finished:
            break
        seat = game.to_act[0]
        if levels[seat] == "random":
            action = game.random_action(seat, chance)
        else:
            view = game.view(seat)
            level = levels[seat]
            action = bots.choose(
                "lauzait", view, seat, level=level, seed=decision, playouts=PLAYOUTS
            )
        game.apply(seat, action)
    return game


@pytest.mark.parametrize("seed", [7001, 7002, 7003])
def test_a_bot_against_random_ends_the_game(seed: int) -> None:
    game = _play(seed, ("normal", "random"))
    assert game.finished, f"still playing after {BOUND} decisions: {game.scores}"
    assert not game.view(0)["ended_early"]  # ended by its seasons, not by the table
    assert game.winners == [0]


@pytest.mark.slow
def test_two_bots_end_the_game() -> None:
    game = _play(7002, ("normal", "normal"))
    assert game.finished, f"still playing after {BOUND} decisions: {game.scores}"
    assert len(game.view(None)["results"]) == 2  # both seasons declared


def test_a_lead_is_worth_most_once_the_game_is_over() -> None:
    game = engines.new("lauzait", players=2, seed=1)
    assert isinstance(game, Lauzait)
    game._scores = [10, 4]
    first_season = bot_judgement.value(game)
    game._season = 2
    last_season = bot_judgement.value(game)
    game._over = True
    over = bot_judgement.value(game)
    assert 0.5 < first_season[0] < last_season[0] < over[0] == 1.0
    assert 0.5 > first_season[1] > last_season[1] > over[1] == 0.0


def test_a_lead_is_worth_more_the_bigger_it_is() -> None:
    game = engines.new("lauzait", players=3, seed=1)
    assert isinstance(game, Lauzait)
    game._scores = [12, 9, 2]
    rewards = bot_judgement.value(game)
    assert rewards[0] > 0.5 > rewards[1] > rewards[2]


def _view(concealed: list[str]) -> dict[str, Any]:
    """Just what the shortlist reads of a view: seat 0 shows G6 G6 G6."""
    board: list[list[str | None]] = [["W1"] * 5 for _ in range(5)]
    board[4][4] = None
    shown = {"pieces": ["G6", "G6", "G6"], "roles": ["G6", "G6", "G6"], "bonus": 6}
    return {
        "players": 2,
        "board": board,
        "concealed": concealed,
        "departments": [[shown], []],
    }


HIRE = {"type": "hire", "discard": "W2", "from": [3, 3], "to": [3, 4]}
DISSOLVE = {"type": "dissolve", "department": 0}


def test_a_dissolve_that_could_only_form_the_same_department_is_not_searched() -> None:
    # G3 G5 G9 with G6 G6 G6 make no other department: dissolving only gives back 6.
    chosen = bot_judgement.candidates(
        _view(["G3", "G5", "G9", "W2"]), 0, [DISSOLVE, HIRE], "normal"
    )
    assert chosen == [HIRE]


def test_a_dissolve_that_rebuilds_is_searched_after_the_hires() -> None:
    # G6 G7 G8: dissolving G6 G6 G6 lets the seat form a sequence the same day.
    chosen = bot_judgement.candidates(
        _view(["G7", "G8", "G9", "W2"]), 0, [DISSOLVE, HIRE], "normal"
    )
    assert chosen == [HIRE, DISSOLVE]


def test_a_dissolve_is_kept_when_nothing_else_is_left() -> None:
    chosen = bot_judgement.candidates(_view(["G3", "G5", "G9"]), 0, [DISSOLVE], "normal")
    assert chosen == [DISSOLVE]


def test_the_shortlist_keeps_the_hires_that_bring_departments_closer() -> None:
    board: list[list[str | None]] = [["W9"] * 5 for _ in range(5)]
    board[0][0], board[0][1], board[4][4] = "G4", "W5", None
    view = {"players": 2, "board": board, "concealed": ["G4", "G4", "G1"], "departments": [[], []]}
    takes_g4 = {"type": "hire", "discard": "G1", "from": [1, 1], "to": [0, 0]}
    others = [
        {"type": "hire", "discard": "G1", "from": [1, 1], "to": [1, 0]},  # a W9
        {"type": "hire", "discard": "G4", "from": [1, 1], "to": [0, 1]},  # a W5
    ] * 4
    chosen = bot_judgement.candidates(view, 0, [*others, takes_g4], "normal")
    assert len(chosen) == bot_judgement.HIRES_SEARCHED["normal"]
    assert chosen[0] == takes_g4
