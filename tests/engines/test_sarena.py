"""Sàrénà: every rule in docs/rules/sarena.md, pinned by name.

Boards are written as in the "board" option: rows of cells, each a list of chips
"top/bottom" from the top of the pile down.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from itertools import permutations
from typing import Any

import pytest

import engines
from engines import IllegalAction
from engines.sarena import Sarena, final_scores, winners_of
from engines.sarena.chips import BOX_SIZE, CHIPS_PER_PAIR, COLOURS, MAX_HEIGHT, PAIRS
from engines.sarena.layout import STANDARD, grid_layout, parse_layout
from engines.secret_colours import draw_colours

Board = list[list[list[str]]]

# --- helpers -----------------------------------------------------------------


def board_with(piles: dict[tuple[int, int], list[str]], rows: int = 6, cols: int = 6) -> Board:
    board: Board = [[[] for _ in range(cols)] for _ in range(rows)]
    for (r, c), pile in piles.items():
        board[r][c] = list(pile)
    return board


def game_on(
    piles: dict[tuple[int, int], list[str]],
    players: int = 2,
    colours: dict[Any, str] | None = None,
    seed: int = 0,
    **options: Any,
) -> Sarena:
    options["board"] = board_with(piles)
    if colours is not None:
        options["colours"] = colours
    game = engines.new("sarena", players=players, seed=seed, options=options)
    assert isinstance(game, Sarena)
    return game


def move(src: tuple[int, int], dst: tuple[int, int]) -> dict[str, Any]:
    return {"type": "move", "from": list(src), "to": list(dst)}


def play(game: engines.Game, src: tuple[int, int], dst: tuple[int, int]) -> list[dict[str, Any]]:
    return game.apply(game.to_act[0], move(src, dst))


def cell(game: engines.Game, square: tuple[int, int]) -> list[str]:
    pile: list[str] = game.view(None)["board"][square[0]][square[1]]
    return pile


def all_piles(view: dict[str, Any]) -> list[list[str]]:
    return [pile for row in view["board"] for pile in row if pile]


def progress_measure(view: dict[str, Any]) -> int:
    """Piles on the board plus piles standing on plain circles (see the termination test)."""
    arrows = {tuple(square) for square in view["layout"]["arrows"]}
    piles = [(r, c) for r, row in enumerate(view["board"]) for c, pile in enumerate(row) if pile]
    return len(piles) + sum(square not in arrows for square in piles)


def random_game(seed: int, players: int = 4, **options: Any) -> engines.Game:
    return engines.new("sarena", players=players, seed=seed, options=options)


def play_out(game: engines.Game, rng: random.Random) -> list[dict[str, Any]]:
    """Random legal moves until the end; returns every event."""
    events = []
    while not game.finished:
        seat = game.to_act[0]
        events += game.apply(seat, rng.choice(game.legal_actions(seat)))
    return events


# --- secret colours ------------------------------------------------------------


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_draw_colours_gives_each_seat_a_distinct_colour(seats: int) -> None:
    for seed in range(200):
        drawn = draw_colours(random.Random(seed), seats)
        assert sorted(drawn) == list(range(seats))
        assert len(set(drawn.values())) == seats
        assert set(drawn.values()) <= {"R", "B", "Y", "G"}


def test_draw_colours_is_uniform_over_many_seeded_draws() -> None:
    draws = 8000
    per_seat: Counter[tuple[int, str]] = Counter()
    orders: Counter[tuple[str, str]] = Counter()
    for seed in range(draws):
        drawn = draw_colours(random.Random(seed), 2)
        per_seat.update(drawn.items())
        orders[(drawn[0], drawn[1])] += 1
    # Each seat gets each colour 1/4 of the time (2000, sd ~39): allow 10%.
    for seat in range(2):
        for colour in "RBYG":
            assert 1800 < per_seat[(seat, colour)] < 2200
    # Each of the 12 ordered pairs 1/12 of the time (~667, sd ~25): allow 15%.
    assert len(orders) == 12
    assert all(567 < count < 767 for count in orders.values())


def test_draw_colours_works_with_the_system_generator_and_other_colours() -> None:
    drawn = draw_colours(random.SystemRandom(), 3, colours=("W", "K", "P"))
    assert sorted(drawn.values()) == ["K", "P", "W"]


@pytest.mark.parametrize(
    ("seats", "colours"),
    [(0, ("R", "B")), (3, ("R", "B")), (True, ("R", "B")), (2, ("R", "R", "B"))],
)
def test_draw_colours_rejects_impossible_draws(seats: Any, colours: tuple[str, ...]) -> None:
    with pytest.raises(ValueError):
        draw_colours(random.Random(0), seats, colours)


def test_colours_are_drawn_from_the_game_generator() -> None:
    seen = set()
    for seed in range(60):
        game = random_game(seed, players=2)
        seen.add((game.view(0)["colour"], game.view(1)["colour"]))
    assert len(seen) > 6  # many of the 12 possible draws, not one fixed assignment
    assert all(len(set(pair)) == 2 for pair in seen)


# --- the board -------------------------------------------------------------------


def test_standard_board_is_6x6_with_orthogonal_lines_and_arrows_on_even_squares() -> None:
    assert (STANDARD.rows, STANDARD.cols) == (6, 6)
    assert len(STANDARD.circles) == 36
    assert STANDARD.arrows == {(r, c) for r in range(6) for c in range(6) if (r + c) % 2 == 0}
    assert len(STANDARD.arrows) == 18
    assert len(STANDARD.lines) == 60
    for (r1, c1), (r2, c2) in STANDARD.lines:
        assert abs(r1 - r2) + abs(c1 - c2) == 1


def test_no_two_arrow_circles_touch_on_the_standard_board() -> None:
    for a, b in STANDARD.lines:
        assert not (a in STANDARD.arrows and b in STANDARD.arrows)


def test_a_layout_is_data_and_round_trips() -> None:
    assert parse_layout("standard") is STANDARD
    assert parse_layout(STANDARD.to_json()) == STANDARD
    assert parse_layout({"rows": 6, "cols": 6}) == STANDARD
    assert grid_layout(3, 4).neighbours[(1, 1)] == ((0, 1), (1, 0), (1, 2), (2, 1))


@pytest.mark.parametrize(
    "layout",
    [
        "hexagonal",
        {"rows": 2},
        {"rows": 2, "cols": 2, "shape": "square"},
        {"rows": 0, "cols": 2},
        {"rows": 2, "cols": 2, "circles": []},
        {"rows": 2, "cols": 2, "circles": [[0, 0], [2, 0]]},
        {"rows": 2, "cols": 2, "circles": [[0, 0], [0, 0]]},
        {"rows": 2, "cols": 2, "arrows": [[0, 0], [0, 1]]},  # joined arrows: no end
        {"rows": 2, "cols": 2, "circles": [[0, 0]], "arrows": [[1, 1]]},
        {"rows": 2, "cols": 2, "lines": [[[0, 0], [0, 0]]]},
        {"rows": 2, "cols": 2, "lines": [[[0, 0], [0, 1]], [[0, 1], [0, 0]]]},
        {"rows": 2, "cols": 2, "circles": [[0, 0]], "lines": [[[0, 0], [1, 1]]]},
        {"rows": 2, "cols": 2, "lines": [[0, 0]]},
    ],
)
def test_bad_layouts_are_rejected(layout: Any) -> None:
    with pytest.raises(ValueError):
        parse_layout(layout)


def test_a_custom_layout_decides_circles_arrows_and_lines() -> None:
    # One row of three circles; only the middle has arrows; only (0,0)-(0,1) is joined.
    layout = {"rows": 1, "cols": 3, "arrows": [[0, 1]], "lines": [[[0, 0], [0, 1]]]}
    board = [[["R/B"], [], ["G/Y"]]]
    game = engines.new("sarena", players=2, seed=1, options={"layout": layout, "board": board})
    assert game.legal_actions(game.to_act[0]) == [move((0, 0), (0, 1))]
    with pytest.raises(IllegalAction, match="not joined"):
        play(game, (0, 2), (0, 1))
    play(game, (0, 0), (0, 1))
    assert game.view(None)["board"] == [[[], ["B/R"], ["G/Y"]]]
    assert game.finished  # (0,1) to (0,0): empty and plain; (0,2) has no line


def test_a_layout_with_a_missing_circle_takes_no_chips_there() -> None:
    layout = {"rows": 1, "cols": 3, "circles": [[0, 0], [0, 1]]}
    with pytest.raises(ValueError, match="no circle"):
        engines.new("sarena", 2, 0, {"layout": layout, "board": [[[], [], ["R/B"]]]})


def test_a_random_setup_needs_36_circles() -> None:
    with pytest.raises(ValueError, match="36"):
        engines.new("sarena", 2, 0, {"layout": {"rows": 5, "cols": 5}})


# --- setup ---------------------------------------------------------------------------


def pair_counts(piles: list[list[str]]) -> Counter[frozenset[str]]:
    return Counter(frozenset(chip.split("/")) for pile in piles for chip in pile)


BOX = Counter({frozenset(pair): CHIPS_PER_PAIR for pair in PAIRS})


def test_random_setup_puts_the_36_chips_of_the_box_one_per_circle() -> None:
    for seed in range(20):
        view = random_game(seed).view(None)
        assert all(len(pile) == 1 for row in view["board"] for pile in row)
        assert pair_counts(all_piles(view)) == BOX
        assert BOX_SIZE == 36 == sum(BOX.values())


def test_random_setup_varies_placement_and_orientation() -> None:
    boards = [random_game(seed).view(None)["board"] for seed in range(10)]
    assert len({json.dumps(board) for board in boards}) == 10
    chips = Counter(pile[0] for board in boards for row in board for pile in row)
    assert len(chips) == 12  # every pair shows up both ways round


def test_fair_puts_each_colour_on_top_of_exactly_nine_chips() -> None:
    for seed in range(10):
        view = random_game(seed, fair=True).view(None)
        tops = Counter(pile[0][0] for pile in all_piles(view))
        assert tops == {colour: 9 for colour in COLOURS}
        assert pair_counts(all_piles(view)) == BOX


def test_without_fair_the_tops_are_usually_uneven() -> None:
    uneven = 0
    for seed in range(20):
        tops = Counter(pile[0][0] for pile in all_piles(random_game(seed).view(None)))
        uneven += tops != {colour: 9 for colour in COLOURS}
    assert uneven > 10


def test_same_seed_same_game_and_saved_games_replay_exactly() -> None:
    game = random_game(42, players=3)
    assert game.view(None) == random_game(42, players=3).view(None)
    play_out(game, random.Random(1))
    saved = json.loads(json.dumps(game.to_dict()))  # as the journal stores it
    again = engines.load(saved)
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == game.view(seat)


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "x"},
        {"fair": "yes"},
        {"fair": True, "board": board_with({})},
        {"board": [[[]] * 6] * 5},
        {"board": [[[]] * 5] * 6},
        {"board": "empty"},
        {"board": board_with({(0, 0): ["R/B", "R/B", "R/B", "R/B", "R/B"]})},
        {"board": board_with({(0, 0): ["R/R"]})},
        {"board": board_with({(0, 0): ["R-B"]})},
        {"board": board_with({(0, 0): ["X/B"]})},
        {"board": board_with({(r, 0): ["R/B"] for r in range(6)} | {(0, 1): ["B/R"]})},
        {"colours": {0: "R", 1: "R"}},
        {"colours": {0: "R"}},
        {"colours": {0: "R", 1: "B", 2: "G"}},
        {"colours": {0: "R", "0": "B"}},
        {"colours": {0: "R", 1: "P"}},
        {"colours": {"first": "R", 1: "B"}},
        {"colours": ["R", "B"]},
        {"layout": "unknown"},
    ],
)
def test_bad_options_are_rejected(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        engines.new("sarena", players=2, seed=0, options=options)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    assert engines.info("sarena")["min_players"] == 2
    assert engines.info("sarena")["max_players"] == 4
    with pytest.raises(ValueError):
        engines.new("sarena", players=players, seed=0)


def test_colours_option_takes_int_or_string_seats() -> None:
    as_json = {"0": "G", "1": "Y"}
    assert random_game(0, players=2, colours=as_json).view(1)["colour"] == "Y"
    assert random_game(0, players=2, colours={0: "G", 1: "Y"}).view(0)["colour"] == "G"


# --- turns -----------------------------------------------------------------------------


def test_first_player_is_random_then_play_goes_clockwise() -> None:
    firsts = set()
    for seed in range(40):
        game = random_game(seed, players=4)
        first = game.view(None)["first"]
        firsts.add(first)
        rng = random.Random(seed)
        for turn in range(8):
            assert game.to_act == [(first + turn) % 4]
            seat = game.to_act[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert firsts == {0, 1, 2, 3}


def test_only_the_seat_to_act_may_move() -> None:
    game = random_game(3, players=3)
    seat = game.to_act[0]
    for other in {0, 1, 2} - {seat}:
        assert game.legal_actions(other) == []
        with pytest.raises(IllegalAction, match="not your turn"):
            game.apply(other, game.legal_actions(seat)[0])


def test_any_player_moves_any_chip_whatever_its_colour() -> None:
    # Chips belong to nobody: what is on offer does not depend on who holds which colour.
    piles = {(0, 1): ["R/B"], (1, 2): ["G/Y", "B/Y"], (3, 3): ["Y/R"]}
    offers = set()
    for seed, colours in enumerate([{0: "R", 1: "G"}, {0: "G", 1: "R"}, {0: "B", 1: "Y"}]):
        game = game_on(piles, colours=colours, seed=seed)
        offered = game.legal_actions(game.to_act[0])
        assert move((0, 1), (0, 0)) in offered  # the red-topped chip
        assert move((1, 2), (1, 1)) in offered  # the green-topped pile
        offers.add(json.dumps(offered))
    assert len(offers) == 1


# --- moves -----------------------------------------------------------------------------


def test_stacking_puts_the_moving_pile_on_top_without_flipping() -> None:
    game = game_on({(0, 1): ["R/B", "Y/G"], (0, 2): ["G/B"]})
    events = play(game, (0, 1), (0, 2))
    assert cell(game, (0, 1)) == []
    assert cell(game, (0, 2)) == ["R/B", "Y/G", "G/B"]
    assert events[0]["flipped"] is False


def test_stacking_onto_a_pile_on_a_plain_circle_is_allowed() -> None:
    game = game_on({(0, 0): ["R/B"], (0, 1): ["G/B"]})  # (0,1) is plain, not empty
    play(game, (0, 0), (0, 1))
    assert cell(game, (0, 1)) == ["R/B", "G/B"]


def test_moving_onto_an_empty_arrow_circle_flips_the_whole_pile() -> None:
    game = game_on({(0, 1): ["R/B", "Y/G", "B/Y"], (5, 5): ["G/R"]})
    events = play(game, (0, 1), (0, 0))
    # Order reversed, every chip turned over: what was at the bottom is now on top.
    assert cell(game, (0, 0)) == ["Y/B", "G/Y", "B/R"]
    assert cell(game, (0, 1)) == []
    assert events[0] == {
        "type": "moved",
        "seat": events[0]["seat"],
        "from": [0, 1],
        "to": [0, 0],
        "flipped": True,
        "pile": ["Y/B", "G/Y", "B/R"],
    }


def test_a_single_chip_onto_an_empty_arrow_circle_is_turned_over() -> None:
    game = game_on({(1, 0): ["R/B"], (5, 5): ["G/R"]})
    play(game, (1, 0), (1, 1))
    assert cell(game, (1, 1)) == ["B/R"]


def test_never_onto_an_empty_plain_circle() -> None:
    game = game_on({(0, 0): ["R/B"], (1, 0): ["G/R"]})
    before = game.view(None)
    with pytest.raises(IllegalAction, match="without arrows"):
        play(game, (0, 0), (0, 1))
    assert game.view(None) == before
    assert move((0, 0), (0, 1)) not in game.legal_actions(game.to_act[0])


def test_a_pile_holds_at_most_four_chips() -> None:
    game = game_on({(0, 1): ["R/B", "R/B", "Y/G"], (0, 2): ["G/B", "G/Y"], (1, 1): ["B/Y"]})
    before = game.view(None)
    with pytest.raises(IllegalAction, match="at most 4 chips; this move would make 5"):
        play(game, (0, 2), (0, 1))
    assert game.view(None) == before
    play(game, (1, 1), (0, 1))  # 1 + 3 = 4 is fine
    assert len(cell(game, (0, 1))) == MAX_HEIGHT


def test_a_full_pile_may_still_move_onto_an_empty_arrow_circle() -> None:
    game = game_on({(0, 1): ["R/B", "R/B", "Y/G", "G/Y"], (5, 5): ["B/R"]})
    play(game, (0, 1), (1, 1))
    assert cell(game, (1, 1)) == ["Y/G", "G/Y", "B/R", "B/R"]


def test_a_pile_is_never_split() -> None:
    game = game_on({(0, 1): ["R/B", "Y/G", "B/Y"], (0, 2): ["G/B"]})
    with pytest.raises(IllegalAction, match="only from and to"):
        game.apply(game.to_act[0], {"type": "move", "from": [0, 1], "to": [0, 2], "chips": 1})
    offered = game.legal_actions(game.to_act[0])
    assert all(set(action) == {"type", "from", "to"} for action in offered)
    play(game, (0, 1), (0, 2))
    assert cell(game, (0, 1)) == []
    assert cell(game, (0, 2)) == ["R/B", "Y/G", "B/Y", "G/B"]


def test_moves_follow_the_lines_only() -> None:
    game = game_on({(2, 1): ["R/B"], (3, 2): ["G/B"], (2, 3): ["Y/R"]})
    for target in [(3, 2), (2, 3), (4, 1)]:  # diagonal, two steps, two steps
        with pytest.raises(IllegalAction, match="not joined by a line"):
            play(game, (2, 1), target)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "pass"}, "every turn is a move"),
        ({"type": "move", "from": [2, 1]}, r"\[row, col\]"),
        ({"type": "move", "from": "2,1", "to": [2, 2]}, r"\[row, col\]"),
        ({"type": "move", "from": [2, 1, 0], "to": [2, 2]}, r"\[row, col\]"),
        ({"type": "move", "from": [True, 1], "to": [2, 2]}, r"\[row, col\]"),
        ({"type": "move", "from": [2.0, 1], "to": [2, 2]}, r"\[row, col\]"),
        ({"type": "move", "from": [9, 9], "to": [9, 8]}, r"no circle at \(9, 9\)"),
        ({"type": "move", "from": [2, 1], "to": [-1, 1]}, r"no circle at \(-1, 1\)"),
        ({"type": "move", "from": [0, 0], "to": [0, 1]}, r"no chip at \(0, 0\)"),
        ({"type": "move", "from": [2, 1], "to": [2, 1]}, "not joined by a line"),
    ],
)
def test_bad_moves_are_refused_clearly_and_change_nothing(
    action: dict[str, Any], reason: str
) -> None:
    game = game_on({(2, 1): ["R/B"], (2, 2): ["G/B"]})
    before = (game.to_dict(), game.view(None), game.view(0), game.view(1))
    with pytest.raises(IllegalAction, match=reason):
        game.apply(game.to_act[0], action)
    assert (game.to_dict(), game.view(None), game.view(0), game.view(1)) == before


def test_legal_actions_are_exactly_the_moves_apply_accepts() -> None:
    game = random_game(5, players=2)
    rng = random.Random(5)
    for _ in range(10):  # a position with piles, holes and full stacks
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = game.to_act[0]
    offered = game.legal_actions(seat)
    squares = [(r, c) for r in range(6) for c in range(6)]
    accepted = []
    trial = copy.deepcopy(game)
    for src in squares:
        for dst in squares:
            try:
                trial.apply(seat, move(src, dst))
            except IllegalAction:
                continue  # a refused move changes nothing: the trial copy stays good
            accepted.append(move(src, dst))
            trial = copy.deepcopy(game)
    assert sorted(map(json.dumps, accepted)) == sorted(map(json.dumps, offered))
    assert game.view(None)["legal_moves"] == len(offered)


# --- the end ---------------------------------------------------------------------------


def test_the_game_ends_when_no_move_remains() -> None:
    # (0,1) onto (0,2) leaves one pile on an arrow circle whose neighbours are all
    # empty and plain: nothing can move.
    game = game_on({(0, 1): ["R/B"], (0, 2): ["G/Y"]}, colours={0: "R", 1: "G"})
    assert not game.finished
    events = play(game, (0, 1), (0, 2))
    assert game.finished
    assert game.to_act == []
    assert events[-1] == {
        "type": "game_over",
        "colours": ["R", "G"],
        "scores": [2, 0],
        "tiebreak": [1, 0],
        "winners": [0],
    }
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, move((0, 2), (0, 1)))


def test_a_board_with_no_move_is_over_at_once() -> None:
    game = game_on({(0, 0): ["R/B"], (5, 5): ["B/R"]}, colours={0: "B", 1: "G"})
    assert game.finished
    assert game.scores == [1, 0]
    assert game.winners == [0]
    assert game.view(None)["phase"] == "over"


def test_the_engine_scores_the_final_board_with_final_scores() -> None:
    for seed in range(10):
        game = random_game(seed, players=3)
        play_out(game, random.Random(seed))
        view = game.view(None)
        colours = dict(enumerate(view["colours"]))
        result = final_scores(all_piles(view), colours)
        assert game.scores == [result["chips"][seat] for seat in range(3)]
        assert view["tiebreak"] == [result["tiebreak"][seat] for seat in range(3)]
        assert game.winners == result["winners"] == view["winners"]


def test_every_move_strictly_decreases_the_progress_measure() -> None:
    # Why every game ends: a move either stacks (one pile fewer) or goes onto an
    # empty arrow circle. Its source is then a plain circle, because no two arrow
    # circles touch, so one pile fewer stands on a plain circle. Piles plus piles
    # on plain circles starts at 36 + 18 = 54 and drops by at least one per move.
    for seed in range(30):
        game = random_game(seed, players=2 + seed % 3, fair=seed % 2 == 0)
        rng = random.Random(seed)
        measure = progress_measure(game.view(None))
        assert measure == 54
        while not game.finished:
            seat = game.to_act[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            now = progress_measure(game.view(None))
            assert now < measure
            measure = now
        assert len(game.log) <= 54


def test_random_play_ends_and_the_36_chips_are_always_accounted_for() -> None:
    for seed in range(30):
        game = random_game(1000 + seed, players=2 + seed % 3)
        rng = random.Random(seed)
        while not game.finished:
            view = game.view(None)
            assert pair_counts(all_piles(view)) == BOX
            assert all(len(pile) <= MAX_HEIGHT for pile in all_piles(view))
            seat = game.to_act[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        view = game.view(None)
        assert pair_counts(all_piles(view)) == BOX
        assert view["legal_moves"] == 0
        assert game.legal_actions(0) == []


# --- scoring ---------------------------------------------------------------------------


def test_each_seat_takes_the_piles_topped_by_its_colour_and_most_chips_wins() -> None:
    piles = [["R/B", "G/Y", "Y/B"], ["B/R"], ["R/G"], ["G/B", "B/Y"], ["Y/G"]]
    result = final_scores(piles, {0: "R", 1: "B", 2: "G"})
    assert result["chips"] == {0: 4, 1: 1, 2: 2}
    assert result["winners"] == [0]


def test_a_tie_goes_to_the_most_collected_chips_showing_your_colour_on_a_face() -> None:
    # Both collect 3 chips. R's: R/B, Y/G, G/B -> 1 shows red. G's: G/Y, B/G, R/G -> 3.
    piles = [["R/B", "Y/G", "G/B"], ["G/Y", "B/G", "R/G"]]
    result = final_scores(piles, {0: "R", 1: "G"})
    assert result["chips"] == {0: 3, 1: 3}
    assert result["tiebreak"] == {0: 1, 1: 3}
    assert result["winners"] == [1]


def test_the_tie_break_is_only_among_the_tied_leaders() -> None:
    piles = [["R/B", "Y/G", "G/B"], ["B/R", "Y/G", "G/Y"], ["G/Y", "Y/G"]]
    result = final_scores(piles, {0: "R", 1: "B", 2: "G"})
    assert result["chips"] == {0: 3, 1: 3, 2: 2}
    assert result["tiebreak"] == {0: 1, 1: 1, 2: 2}
    assert result["winners"] == [0, 1]  # G shows most colour but has fewer chips


def test_still_tied_after_the_tie_break_the_win_is_shared() -> None:
    result = final_scores([["R/B"], ["B/R"], []], {0: "R", 1: "B", 2: "Y"})
    assert result["winners"] == [0, 1]
    result = final_scores([["G/B"]], {0: "R", 1: "B"})  # nobody collects anything
    assert result["chips"] == {0: 0, 1: 0}
    assert result["winners"] == [0, 1]


def test_winners_of_is_the_same_rule_on_counts_alone() -> None:
    # The score sheet's "counts" entry decides with it; final_scores does too.
    assert winners_of({0: 5, 1: 7, 2: 7}, {0: 9, 1: 3, 2: 4}) == [2]
    assert winners_of({0: 7, 1: 7}, {0: 4, 1: 4}) == [0, 1]
    assert winners_of({0: 0, 1: 0}, {0: 0, 1: 0}) == [0, 1]
    with pytest.raises(ValueError):
        winners_of({0: 1}, {1: 1})
    with pytest.raises(ValueError):
        winners_of({}, {})


def test_piles_topped_by_an_unassigned_colour_count_for_nobody() -> None:
    result = final_scores([["Y/R", "R/B"], ["R/Y"]], {0: "R", 1: "B"})
    assert result["chips"] == {0: 1, 1: 0}


@pytest.mark.parametrize(
    ("piles", "colours"),
    [
        ([["R/R"]], {0: "R"}),
        ([["R/B"] * 5], {0: "R"}),
        ([["R/B"] * 4, ["B/R"] * 3], {0: "R"}),
        ([["R/B"]], {0: "R", 1: "R"}),
        ([["R/B"]], {0: "P"}),
        ([["R/B"]], {}),
        (["R/B"], {0: "R"}),
    ],
)
def test_final_scores_rejects_impossible_input(piles: Any, colours: dict[int, str]) -> None:
    with pytest.raises(ValueError):
        final_scores(piles, colours)


# --- views and secrets --------------------------------------------------------------------

VIEW_KEYS = {"game", "players", "seat", "phase", "to_act", "scores", "winners"}


def test_views_carry_the_shared_keys_and_are_json_ready() -> None:
    game = random_game(8, players=3)
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert set(view) >= VIEW_KEYS
        assert json.loads(json.dumps(view)) == view
        assert view["game"] == "sarena"
        assert view["seat"] == seat
        assert view["phase"] == "play"
        assert view["to_act"] == game.to_act
        assert view["turn"] == game.to_act[0]
    with pytest.raises(ValueError):
        game.view(3)


def test_the_view_board_is_a_board_option() -> None:
    game = random_game(9)
    play_out(game, random.Random(9))
    board = game.view(None)["board"]
    again = engines.new("sarena", players=4, seed=0, options={"board": board})
    assert again.view(None)["board"] == board
    assert again.finished


def test_a_seat_sees_its_own_colour_and_tally_only() -> None:
    game = game_on({(0, 1): ["R/B", "G/R"], (0, 2): ["G/Y"]}, colours={0: "R", 1: "G"})
    assert game.view(0)["colour"] == "R"
    assert game.view(0)["tally"] == {"chips": 2, "tiebreak": 2}
    assert game.view(1)["colour"] == "G"
    assert game.view(1)["tally"] == {"chips": 1, "tiebreak": 1}
    public = game.view(None)
    assert public["colour"] is None and public["tally"] is None
    for view in (public, game.view(0), game.view(1)):
        assert view["colours"] is None
        assert view["tiebreak"] is None
        assert view["scores"] == [0, 0]
        assert view["winners"] == []


def test_no_view_or_event_depends_on_a_secret_it_should_not_show() -> None:
    # Same board, seed and moves; only the secret colours differ (all 24 ways to
    # give 3 seats 3 of the 4 colours, so the unassigned colour varies too).
    # Before the end: the public view and the events are the same in every game,
    # and a seat's view is the same in every game where that seat holds the same colour.
    board = random_game(77).view(None)["board"]
    games = {
        colours: engines.new("sarena", 3, 5, {"board": board, "colours": dict(enumerate(colours))})
        for colours in permutations(COLOURS, 3)
    }
    rng = random.Random(77)
    reference = games[("R", "B", "Y")]
    while not reference.finished:
        assert len({json.dumps(g.view(None)) for g in games.values()}) == 1
        for seat in range(3):
            for colour in COLOURS:
                same_secret = [g for c, g in games.items() if c[seat] == colour]
                assert len({json.dumps(g.view(seat)) for g in same_secret}) == 1
        mover = reference.to_act[0]
        action = rng.choice(reference.legal_actions(mover))
        events = {json.dumps(g.apply(mover, action)) for g in games.values()}
        if not reference.finished:
            assert len(events) == 1
    # At the end every colour is revealed, to everyone.
    for colours, game in games.items():
        for audience in (None, 0, 1, 2):
            assert game.view(audience)["colours"] == list(colours)


def test_the_seed_never_reaches_a_view_or_event() -> None:
    seed = 8_675_309_123_457
    game = random_game(seed, players=2)
    events = play_out(game, random.Random(1))
    for text in [json.dumps(events)] + [json.dumps(game.view(s)) for s in (None, 0, 1)]:
        assert str(seed) not in text
        assert "seed" not in text


def test_at_the_end_every_view_reveals_colours_scores_and_winners() -> None:
    game = random_game(11, players=4)
    events = play_out(game, random.Random(11))
    assert events[-1]["type"] == "game_over"
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert view["phase"] == "over"
        assert view["turn"] is None and view["to_act"] == []
        assert sorted(view["colours"]) == sorted(COLOURS)
        assert view["scores"] == game.scores == events[-1]["scores"]
        assert view["winners"] == game.winners == events[-1]["winners"] != []
        assert view["tiebreak"] == events[-1]["tiebreak"]


def test_changing_a_view_or_an_event_does_not_change_the_game() -> None:
    game = game_on({(0, 1): ["R/B"], (0, 2): ["G/Y"], (3, 3): ["B/Y"], (3, 4): ["Y/R"]})
    events = play(game, (0, 1), (0, 2))
    before = game.view(None)
    events[0]["from"][0] = 5
    events[0]["pile"].append("R/G")
    mutated = game.view(None)
    mutated["board"][0][2].append("R/G")
    mutated["last_move"]["to"][1] = 4
    mutated["layout"]["arrows"].clear()
    assert game.view(None) == before
