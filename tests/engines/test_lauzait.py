"""Lauzait Cep, rule by rule (docs/rules/lauzait.md names the test that pins each rule)."""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engines
from engines import sticks
from engines.base import IllegalAction
from engines.lauzait import Lauzait, department_bonus, formation_points
from engines.lauzait import winners as lauzait_winners
from engines.lauzait.board import MOUNTAIN, WATER, destinations
from engines.lauzait.departments import governments, possible_departments
from engines.lauzait.pieces import (
    dots,
    is_wild,
    numbers_in_play,
    piece_set,
    role_codes,
    sorted_pieces,
)
from engines.lauzait.scoring import Role
from engines.lauzait.seasons import start_and_direction
from tests.engines.drawn import moves

Grid = list[list[str | None]]


# --- building fixed seasons ---------------------------------------------------


def grid(*lines: str) -> Grid:
    """A board from five lines of five codes, "." for the empty square."""
    return [[None if cell == "." else cell for cell in line.split()] for line in lines]


def deal(
    players: int,
    hands: dict[int, list[str]],
    board: Grid | None = None,
    *,
    empty: tuple[int, int] = MOUNTAIN,
    avoid: set[str] | None = None,
    luminous: str | None = None,
) -> dict[str, Any]:
    """Options fixing a season. Hands not given in full are topped up, and a board
    not given is filled, with the pieces left over (in order, skipping ``avoid``).
    ``luminous`` puts that piece on top of the stock."""
    supply = piece_set(players)
    given = Counter(piece for hand in hands.values() for piece in hand)
    if board is not None:
        given += Counter(piece for row in board for piece in row if piece is not None)
    assert not given - supply, f"more pieces than the game has: {given - supply}"
    spare = sorted_pieces(list((supply - given).elements()))
    if board is None:
        fits = [piece for piece in spare if piece not in (avoid or set())]
        board = [[None] * 5 for _ in range(5)]
        for row, col in itertools.product(range(5), range(5)):
            if (row, col) != empty:
                board[row][col] = fits.pop(0)
        placed = Counter(piece for row in board for piece in row if piece is not None)
        spare = sorted_pieces(list((Counter(spare) - placed).elements()))
    if luminous is not None:
        spare.remove(luminous)
    full = []
    for seat in range(players):
        hand = list(hands.get(seat, []))
        while len(hand) < 9:
            hand.append(spare.pop(0))
        full.append(hand)
    options: dict[str, Any] = {"hands": full, "board": board}
    if luminous is not None:
        options["stock"] = [luminous, *spare]
    return options


def make(
    players: int,
    options: dict[str, Any],
    *,
    direction: str = "clockwise",
    when: Callable[[Lauzait], bool] | None = None,
) -> Lauzait:
    """A game with these options where seat 0 starts, play goes ``direction`` and ``when`` holds."""
    for seed in range(5000):
        game = Lauzait(players, seed, options)
        view = game.view(None)
        if view["start_player"] != 0 or view["direction"] != direction:
            continue
        if when is None or when(game):
            return game
    raise AssertionError("no seed fits")


def next_count(game: Lauzait) -> int:
    """What the next throw of the sticks will show (read from a copy of the generator)."""
    return sticks.throw(copy.deepcopy(game.rng))["count"]


def hire(discard: str, origin: tuple[int, int], target: tuple[int, int]) -> dict[str, Any]:
    return {"type": "hire", "discard": discard, "from": list(origin), "to": list(target)}


def hires_of(game: Lauzait, seat: int) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(seat) if a["type"] == "hire"]


def types_of(game: Lauzait, seat: int) -> set[str]:
    return {a["type"] for a in game.legal_actions(seat)}


def illegal(game: Lauzait, seat: int, action: dict[str, Any], words: str) -> None:
    """The action is refused with a message containing ``words``, and nothing changes."""
    before = (game.to_dict(), [game.view(s) for s in [*range(game.players), None]])
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    assert words in refused.value.reason
    assert (game.to_dict(), [game.view(s) for s in [*range(game.players), None]]) == before


def pass_turn(game: Lauzait) -> list[dict[str, Any]]:
    """The seat to act hires without touching water, so nobody throws and the new
    empty square is dry."""
    seat = game.to_act[0]
    for action in hires_of(game, seat):
        if tuple(action["from"]) not in WATER and tuple(action["to"]) not in WATER:
            return game.apply(seat, action)
    raise AssertionError("no dry hire")


def keep_hand(game: Lauzait, seat: int) -> None:
    """Hire by discarding the wild and moving a piece onto it: the wild comes back."""
    empty = next(
        [r, c] for r, row in enumerate(game.view(None)["board"]) for c, p in enumerate(row) if not p
    )
    action = next(a for a in hires_of(game, seat) if a["discard"] == "J" and a["to"] == empty)
    game.apply(seat, action)
    assert "J" in game.view(seat)["hand"]


# The hire board: seat 0 holds G2 G3 G4 W7 W7 W7 G5 W0 J. G3, G4 and G5 have no
# neighbour number of their colour on it, and no wild lies on it.
HIRE_HAND = ["G2", "G3", "G4", "W7", "W7", "W7", "G5", "W0", "J"]
HIRE_BOARD = grid(
    "G0 G0 W9 G8 G8",
    "W2 W2 W3 G9 G9",
    "W5 W5 .  W8 W8",
    "G0 G1 W4 W1 W1",
    "W6 W6 W6 G7 G7",
)


def hire_game(board: Grid = HIRE_BOARD, **kwargs: Any) -> Lauzait:
    return make(4, deal(4, {0: HIRE_HAND}, board), **kwargs)


# --- pieces and board ---------------------------------------------------------


def test_piece_sets_per_player_count() -> None:
    four, three, two = piece_set(4), piece_set(3), piece_set(2)
    assert (four.total(), three.total(), two.total()) == (68, 60, 58)
    for colour in "GW":
        assert [four[f"{colour}{n}"] for n in range(10)] == [4, 4, 4, 4, 3, 3, 3, 3, 2, 2]
    assert four["J"] == three["J"] == 4 and two["J"] == 2
    assert three["G0"] == three["W0"] == two["G0"] == two["W0"] == 0
    assert [dots(n) for n in range(10)] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]


def test_board_has_the_mountain_and_water_cross() -> None:
    assert MOUNTAIN == (2, 2) and MOUNTAIN not in WATER
    assert {(r, 2) for r in range(5)} | {(2, c) for c in range(5)} == WATER | {MOUNTAIN}
    view = Lauzait(4, 1, {}).view(None)
    assert view["mountain"] == [2, 2] and sorted(map(tuple, view["water"])) == sorted(WATER)


def test_pieces_move_to_the_eight_surrounding_squares() -> None:
    assert sorted(destinations((1, 1))) == [
        (r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)
    ]
    assert sorted(destinations((0, 0))) == [(0, 1), (1, 0), (1, 1)]


def test_from_the_mountain_a_piece_reaches_twelve_squares() -> None:
    reach = set(destinations(MOUNTAIN))
    assert len(reach) == 12
    assert reach == {
        (r, c) for r in range(5) for c in range(5) if 1 <= abs(r - 2) + abs(c - 2) <= 2
    }


@pytest.mark.parametrize(("players", "stock"), [(2, 16), (3, 9), (4, 8)])
def test_season_setup_deals_nine_each_and_24_around_the_empty_mountain(
    players: int, stock: int
) -> None:
    game = Lauzait(players, 99, {})
    public = game.view(None)
    board = public["board"]
    assert board[2][2] is None
    assert sum(piece is not None for row in board for piece in row) == 24
    assert public["hand_sizes"] == [9] * players and public["stock_size"] == stock
    assert public["luminous"] is None and public["season"] == 1
    hands = Counter(p for seat in range(players) for p in game.view(seat)["hand"])
    on_board = Counter(p for row in board for p in row if p)
    assert not hands + on_board - piece_set(players)  # the rest is the stock


# --- options ------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"bogus": 1},
        {"luminous": "yes"},
        {"layered_bridges": 4},
        {"layered_bridges": True},
        {"stock": []},
        {"hands": [["G1"] * 9] * 4},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Lauzait(4, 1, options)


def test_fixed_season_must_hold_exactly_the_pieces_in_play() -> None:
    good = deal(4, {0: HIRE_HAND}, HIRE_BOARD)
    Lauzait(4, 1, good)
    laid = Counter(p for hand in good["hands"] for p in hand)
    laid += Counter(p for row in good["board"] for p in row if p)
    good["stock"] = sorted_pieces(list((piece_set(4) - laid).elements()))
    Lauzait(4, 1, good)
    too_many_wilds = copy.deepcopy(good)
    too_many_wilds["hands"][1][0] = "J"
    two_empty = copy.deepcopy(good)
    two_empty["board"][0][0] = None
    short_hand = copy.deepcopy(good)
    short_hand["hands"][0] = short_hand["hands"][0][:8]
    junk = copy.deepcopy(good)
    junk["board"][0][0] = "X5"
    zero_for_three = deal(3, {})
    zero_for_three["board"][0][0] = "G0"
    for options, players in [
        (too_many_wilds, 4),
        (two_empty, 4),
        (short_hand, 4),
        (junk, 4),
        (good, 3),
        (zero_for_three, 3),
    ]:
        with pytest.raises(ValueError):
            Lauzait(players, 1, options)


# --- hiring -------------------------------------------------------------------


def test_hire_moves_a_neighbour_number_of_the_same_colour_and_takes_its_target() -> None:
    game = hire_game()
    events = game.apply(0, hire("G2", (3, 1), (3, 0)))
    board = game.view(None)["board"]
    assert board[2][2] == "G2" and board[3][0] == "G1" and board[3][1] is None
    hand = game.view(0)["hand"]
    assert "G2" not in hand and hand.count("G0") == 1 and len(hand) == 9
    assert [e["type"] for e in events] == ["hired"]
    assert events[0]["took"] == "G0" and events[0]["at"] == [2, 2] and not events[0]["water"]
    assert game.view(None)["last_hire"] == {k: v for k, v in events[0].items() if k != "type"}
    assert game.to_act == [1]


def test_only_pieces_one_number_away_may_move() -> None:
    game = hire_game()
    illegal(game, 0, hire("G2", (3, 3), (3, 2)), "lets only G1 or G3, or a wild move, not W1")
    movers = {tuple(a["from"]) for a in hires_of(game, 0) if a["discard"] == "W7"}
    assert movers == {(4, 0), (4, 1), (4, 2), (2, 3), (2, 4)}  # the W6s and W8s


def test_a_discard_that_lets_nothing_move_is_illegal() -> None:
    game = hire_game()
    assert {a["discard"] for a in hires_of(game, 0)} == {"G2", "W7", "W0", "J"}
    illegal(game, 0, hire("G3", (3, 1), (3, 0)), "after discarding G3 no piece could move")


def test_a_discarded_wild_lets_any_piece_move() -> None:
    game = hire_game()
    movers = {tuple(a["from"]) for a in hires_of(game, 0) if a["discard"] == "J"}
    assert movers == {(r, c) for r in range(5) for c in range(5)} - {MOUNTAIN}
    game.apply(0, hire("J", (0, 3), (1, 3)))
    assert game.view(None)["board"][1][3] == "G8" and "G9" in game.view(0)["hand"]


def test_a_wild_on_the_board_moves_after_any_discard() -> None:
    board = copy.deepcopy(HIRE_BOARD)
    board[0][0] = "J"
    game = make(4, deal(4, {0: HIRE_HAND}, board))
    movers = {tuple(a["from"]) for a in hires_of(game, 0) if a["discard"] == "G3"}
    assert movers == {(0, 0)}
    game.apply(0, hire("G3", (0, 0), (1, 1)))
    assert game.view(None)["board"][1][1] == "J"


def test_the_discarded_piece_cannot_be_the_one_that_moves() -> None:
    game = hire_game()
    illegal(game, 0, hire("J", (2, 2), (1, 1)), "is where your discard goes")


def test_a_piece_moves_only_to_a_surrounding_square() -> None:
    game = hire_game()
    illegal(game, 0, hire("G2", (3, 1), (1, 1)), "cannot reach [1, 1]")


def test_moving_onto_the_discard_takes_it_back() -> None:
    game = hire_game()
    game.apply(0, hire("G2", (3, 1), (2, 2)))
    assert game.view(None)["board"][2][2] == "G1"
    assert game.view(0)["hand"] == sorted_pieces(HIRE_HAND)


def test_malformed_hires_are_refused() -> None:
    game = hire_game()
    illegal(game, 0, hire("G9", (3, 1), (3, 0)), "you have no G9")
    illegal(game, 0, hire("X2", (3, 1), (3, 0)), "piece code")
    illegal(game, 0, hire("G2", (5, 1), (3, 0)), "off the board")
    illegal(game, 0, {"type": "hire", "discard": "G2", "from": [3, 1]}, '"to"')
    illegal(game, 0, {**hire("G2", (3, 1), (3, 0)), "extra": 1}, "no field 'extra'")
    illegal(game, 1, hire("G2", (3, 1), (3, 0)), "not your turn")


def test_the_mountain_moves_like_tam() -> None:
    board = copy.deepcopy(HIRE_BOARD)
    board[2][2], board[4][2] = "W6", None
    game = make(4, deal(4, {0: HIRE_HAND}, board))
    reach = {tuple(a["to"]) for a in hires_of(game, 0) if a["from"] == [2, 2]}
    assert reach == set(destinations(MOUNTAIN))
    # Two squares diagonally-and-across, over the piece in between.
    game.apply(0, hire("W7", (2, 2), (1, 1)))
    board_after = game.view(None)["board"]
    assert board_after[1][1] == "W6" and board_after[2][2] is None and board_after[4][2] == "W7"


def test_a_piece_off_the_mountain_cannot_jump() -> None:
    game = hire_game()
    illegal(game, 0, hire("W7", (2, 3), (0, 3)), "cannot reach")


def test_water_throw_of_0_to_2_takes_the_moving_piece() -> None:
    game = hire_game(when=lambda g: next_count(g) <= 2)
    events = game.apply(0, hire("G2", (3, 1), (2, 1)))
    assert events[0]["type"] == "sticks" and events[0]["count"] <= 2
    assert len(events[0]["sticks"]) == 5 and sum(events[0]["sticks"]) == events[0]["count"]
    board = game.view(None)["board"]
    assert board[2][1] == "W5" and board[3][1] is None and board[2][2] == "G2"
    assert "G1" in game.view(0)["hand"] and events[1]["took"] == "G1" and events[1]["mover_taken"]
    assert game.view(None)["last_throw"]["count"] == events[0]["count"]


def test_water_throw_of_3_to_5_takes_the_water_piece() -> None:
    game = hire_game(when=lambda g: next_count(g) >= 3)
    events = game.apply(0, hire("G2", (3, 1), (2, 1)))
    assert events[0]["type"] == "sticks" and events[0]["count"] >= 3
    board = game.view(None)["board"]
    assert board[2][1] == "G1" and board[3][1] is None
    assert "W5" in game.view(0)["hand"] and not events[1]["mover_taken"]


def test_water_to_water_also_throws() -> None:
    game = hire_game()
    events = game.apply(0, hire("W7", (2, 3), (2, 4)))
    assert [e["type"] for e in events] == ["sticks", "hired"]
    assert events[0]["purpose"] == "water" and events[0]["seat"] == 0


def test_leaving_the_water_for_dry_land_throws_nothing() -> None:
    game = hire_game()
    events = game.apply(0, hire("W7", (2, 3), (1, 3)))
    assert [e["type"] for e in events] == ["hired"]


# --- departments --------------------------------------------------------------


def wild(role: str) -> dict[str, str]:
    return {"piece": "J", "as": role}


def test_rulebook_bonus_examples() -> None:
    assert department_bonus(["W3", "W4", "W5"]) == 2
    assert department_bonus(["G3", "G3", "J"], ["G3", "G3", "G3"]) == 2


def test_bonus_rules() -> None:
    assert department_bonus(["G7", "G7", "G7"]) == 6  # three of a kind triples
    assert department_bonus(["G0", "G1", "G2"]) == 1
    assert department_bonus(["W8", "W9", "J"], ["W8", "W9", "W7"]) == 2  # highest real 9
    assert department_bonus(["G9", "G9", "J"], ["G9", "G9", "G9"]) == 8
    assert department_bonus(["J", "J", "J"], ["W9", "W9", "W9"]) == 6
    assert department_bonus(["G1", "J", "J"], ["G1", "G2", "G3"]) == 0  # never below zero


def test_refund_example_as_decided() -> None:
    # [2][3][wild as 4]: 4 gives two dots, less one for the wild.
    assert department_bonus(["G2", "G3", "J"], ["G2", "G3", "G4"]) == 1
    assert department_bonus(["G2", "G3", "J"], ["G2", "G3", "G1"]) == 0


@pytest.mark.parametrize(
    ("pieces", "roles"),
    [
        (["G1", "G2", "G4"], None),
        (["G8", "G9", "G0"], None),  # numbers do not wrap around
        (["G1", "W2", "G3"], None),  # one colour
        (["G2", "G3", "J"], None),  # a wild needs a role
        (["G2", "G3", "G4"], ["G2", "G2", "G4"]),  # a piece plays itself
        (["G2", "G3", "J"], ["G2", "G3", "J"]),
        (["G2", "G3"], None),
    ],
)
def test_not_a_department(pieces: list[str], roles: list[str] | None) -> None:
    with pytest.raises(ValueError):
        department_bonus(pieces, roles)


def test_forming_pays_the_bonus_and_shows_the_department() -> None:
    game = hire_game()
    events = game.apply(0, {"type": "form", "pieces": ["W7", "W7", "W7"]})
    assert events == [
        {
            "type": "formed",
            "seat": 0,
            "department": 0,
            "pieces": ["W7", "W7", "W7"],
            "roles": ["W7", "W7", "W7"],
            "bonus": 6,
        }
    ]
    view = game.view(0)
    assert game.scores[0] == 6 and view["step"] == "declare"
    assert view["departments"][0] == [
        {"pieces": ["W7", "W7", "W7"], "roles": ["W7", "W7", "W7"], "bonus": 6}
    ]
    assert "W7" not in view["concealed"] and view["hand"].count("W7") == 3


def test_a_wild_forms_a_department_in_the_role_declared() -> None:
    game = hire_game()
    game.apply(0, {"type": "form", "pieces": ["G4", "J", "G3"], "roles": ["G4", "G5", "G3"]})
    assert game.view(None)["departments"][0] == [
        {"pieces": ["G3", "G4", "J"], "roles": ["G3", "G4", "G5"], "bonus": 1}
    ]


def test_forming_refuses_what_is_not_a_department_or_not_held() -> None:
    game = hire_game()
    illegal(game, 0, {"type": "form", "pieces": ["G2", "G3", "G5"]}, "is not a department")
    illegal(game, 0, {"type": "form", "pieces": ["G2", "G3", "J"]}, "say which piece")
    illegal(
        game, 0, {"type": "form", "pieces": ["G2", "G2", "J"], "roles": ["G2"] * 3}, "only 1 G2"
    )
    illegal(
        game,
        0,
        {"type": "form", "pieces": ["G2", "G3", "G4"], "roles": ["G2", "G3", "G5"]},
        "can only play itself",
    )


def test_wild_roles_exist_in_this_game() -> None:
    options = deal(3, {0: ["G1", "G2", "J", "W5", "W6", "W7"]}, avoid={"J"})
    game = make(3, options)
    illegal(
        game,
        0,
        {"type": "form", "pieces": ["G1", "G2", "J"], "roles": ["G1", "G2", "G0"]},
        "not in play",
    )
    game.apply(0, {"type": "form", "pieces": ["G1", "G2", "J"], "roles": ["G1", "G2", "G3"]})


def test_revealed_pieces_cannot_be_discarded() -> None:
    game = hire_game()
    game.apply(0, {"type": "form", "pieces": ["W7", "W7", "W7"]})
    assert "W7" not in {a["discard"] for a in hires_of(game, 0)}
    illegal(game, 0, hire("W7", (2, 3), (1, 3)), "W7 is in a revealed department")


def test_form_enumeration_matches_brute_force() -> None:
    rng = random.Random(5)
    bag = list(piece_set(4).elements())
    for _ in range(25):
        pieces = rng.sample(bag, 9)
        expected = set()
        for trio in itertools.combinations(pieces, 3):
            options = [role_codes(4) if is_wild(p) else [p] for p in trio]
            for roles in itertools.product(*options):
                try:
                    department_bonus(trio, roles)
                except ValueError:
                    continue
                pairs = sorted(zip(trio, roles, strict=True))
                expected.add(tuple(sorted(Counter(pairs).items())))
        found = {
            tuple(sorted(Counter(zip(p, r, strict=True)).items()))
            for p, r in possible_departments(pieces, numbers_in_play(4))
        }
        assert found == expected


def splits(items: list[int]) -> list[list[tuple[int, ...]]]:
    """Every way to cut these positions into groups of three."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    found = []
    for pair in itertools.combinations(rest, 2):
        left = [i for i in rest if i not in pair]
        found += [[(first, *pair), *more] for more in splits(left)]
    return found


def test_government_enumeration_matches_brute_force() -> None:
    rng = random.Random(8)
    real = [p for p in piece_set(4).elements() if p != "J"]
    hands = [["G1", "G2", "G3", "G1", "G2", "G3", "W5", "W5", "J"]]
    hands += [[*rng.sample(real, 8), "J"] for _ in range(10)]
    hands += [["G4", "G5", "G6", "W4", "W5", "W6", "G7", "G8", "G9"]]
    hands += [["G4", "G4", "G4", "G5", "G5", "G5", "G6", "G6", "G6"]]
    for hand in hands:
        expected = set()
        for split in splits(list(range(9))):
            choices = []
            for trio in ([hand[i] for i in group] for group in split):
                options = [role_codes(4) if is_wild(p) else [p] for p in trio]
                valid = set()
                for roles in itertools.product(*options):
                    try:
                        department_bonus(trio, roles)
                        valid.add(tuple(sorted(roles)))
                    except ValueError:
                        pass
                choices.append(valid)
            for pick in itertools.product(*choices):
                expected.add(tuple(sorted(pick)))
        found = {
            tuple(sorted(tuple(sorted(roles)) for _, roles in government))
            for government in governments(hand, numbers_in_play(4))
        }
        assert found == expected
        assert len(found) == len(governments(hand, numbers_in_play(4)))  # each split once


# --- the steps of a turn --------------------------------------------------------


def test_steps_come_in_order_and_at_most_once() -> None:
    game = hire_game()
    assert game.view(0)["step"] == "dissolve"
    game.apply(0, {"type": "form", "pieces": ["W7", "W7", "W7"]})
    illegal(game, 0, {"type": "form", "pieces": ["G2", "G3", "G4"]}, "already formed")
    illegal(game, 0, {"type": "dissolve", "department": 0}, "dissolving comes first")
    assert types_of(game, 0) == {"hire", "end_game"}
    game.apply(0, hire("W0", (3, 3), (3, 2)))
    assert game.to_act == [1] and game.view(1)["step"] == "dissolve"


def test_hiring_is_mandatory_and_ends_the_turn() -> None:
    game = hire_game()
    game.apply(0, {"type": "form", "pieces": ["G2", "G3", "G4"]})
    assert game.to_act == [0]
    game.apply(0, hire("W0", (3, 3), (3, 2)))
    assert game.to_act == [1]


def test_play_goes_counter_clockwise_when_decided_so() -> None:
    game = hire_game(direction="counterclockwise")
    game.apply(0, hire("G2", (3, 1), (3, 0)))
    assert game.to_act == [3]


def test_dissolving_refunds_exactly_what_was_paid() -> None:
    game = make(2, deal(2, {0: ["G2", "G3", "J", "J", "W5", "W6", "W1", "W1", "W1"]}))
    game.apply(0, {"type": "form", "pieces": ["G2", "G3", "J"], "roles": ["G2", "G3", "G4"]})
    assert game.scores[0] == 1
    keep_hand(game, 0)
    pass_turn(game)
    events = game.apply(0, {"type": "dissolve", "department": 0})
    assert events[0]["refund"] == 1 and events[0]["roles"] == ["G2", "G3", "G4"]
    assert game.scores[0] == 0 and game.view(0)["departments"][0] == []
    illegal(game, 0, {"type": "dissolve", "department": 0}, "no revealed department")
    # After dissolving, forming is still allowed in the same turn.
    game.apply(0, {"type": "form", "pieces": ["W1", "W1", "W1"]})
    assert game.scores[0] == 3


def test_dissolve_index_must_exist() -> None:
    game = make(2, deal(2, {0: ["G2", "G3", "G4", "J", "W5", "W6", "W1", "W1", "W1"]}))
    game.apply(0, {"type": "form", "pieces": ["G2", "G3", "G4"]})
    keep_hand(game, 0)
    pass_turn(game)
    illegal(game, 0, {"type": "dissolve", "department": 1}, "departments 0 to 0")
    illegal(game, 0, {"type": "dissolve", "department": "0"}, "whole number")


def test_forming_may_not_leave_the_turn_without_a_discard() -> None:
    hand = ["G1", "G1", "G1", "W0", "W2", "W4", "W6", "W8", "G8"]
    avoid = {"W1", "W3", "W5", "W7", "W9", "G7", "G9", "J"}
    game = make(4, deal(4, {0: hand}, avoid=avoid))
    assert {a["discard"] for a in hires_of(game, 0)} == {"G1"}
    assert "form" not in types_of(game, 0)
    illegal(game, 0, {"type": "form", "pieces": ["G1", "G1", "G1"]}, "no piece to discard")


# Seat 0 reveals G1 G1 G1 while its W8 can still go (a W9 lies on the board);
# seat 1 then takes that W9, so only a dissolve lets seat 0 hire again.
DISSOLVE_BOARD = grid(
    "W9 .  G2 G2 G2",
    "G3 G2 G3 G3 G4",
    "G4 G4 G5 G5 G5",
    "G6 G6 G6 W2 W2",
    "W2 W4 W4 W6 G1",
)


def test_a_seat_that_can_free_a_discard_must_dissolve_and_is_not_stalemated() -> None:
    hand = ["G1", "G1", "G1", "W2", "W4", "W6", "W8", "G8", "G8"]
    game = make(2, deal(2, {0: hand, 1: ["G3"]}, DISSOLVE_BOARD))
    game.apply(0, {"type": "form", "pieces": ["G1", "G1", "G1"]})
    game.apply(0, hire("W8", (0, 0), (0, 1)))
    game.apply(1, hire("G3", (1, 1), (0, 1)))
    assert "W9" in game.view(1)["hand"]
    assert game.legal_actions(0) == [{"type": "dissolve", "department": 0}, {"type": "end_game"}]
    illegal(game, 0, {"type": "declare"}, "needs three (or a stalemate)")
    illegal(game, 0, hire("W8", (1, 0), (0, 0)), "no piece could move")
    game.apply(0, {"type": "dissolve", "department": 0})
    assert {a["discard"] for a in hires_of(game, 0)} == {"G1"}


# --- declaring ------------------------------------------------------------------


GOVERNMENT_HAND = ["G1", "G2", "G3", "W1", "W2", "W3", "W0", "W0", "W0"]
GOVERNMENT = [
    {"pieces": ["G1", "G2", "G3"]},
    {"pieces": ["W1", "W2", "W3"]},
    {"pieces": ["W0", "W0", "W0"]},
]


def test_declaring_from_a_concealed_hand_scores_only_formation_points() -> None:
    game = make(4, deal(4, {0: GOVERNMENT_HAND}))
    events = game.apply(0, {"type": "declare", "departments": GOVERNMENT})
    declared = events[0]
    assert declared["type"] == "declared" and not declared["stalemate"]
    assert declared["formation"] == {
        "declaration": 3,
        "specialized_experts": 0,
        "great_sequence": 0,
        "layered_bridges": 2,  # 1-2-3 twice
        "well_balanced": 10,  # white 1+2+3+0+0+0 = green 1+2+3
        "stalemate": 0,
        "luminous": 0,
        "total": 15,
    }
    assert game.scores == [15, 0, 0, 0]
    assert [e["type"] for e in events][:2] == ["declared", "season_over"]
    assert events[-1]["type"] == "season_started" and events[-1]["season"] == 2
    view = game.view(None)
    assert view["season"] == 2 and view["departments"] == [[], [], [], []]
    assert view["results"][0]["formation"]["total"] == 15


def test_declaring_from_hand_needs_the_whole_hand_in_three_departments() -> None:
    game = make(4, deal(4, {0: GOVERNMENT_HAND}))
    illegal(game, 0, {"type": "declare"}, "name its three departments")
    wrong = [*GOVERNMENT[:2], {"pieces": ["W0", "W0", "W1"]}]
    illegal(game, 0, {"type": "declare", "departments": wrong}, "not a department")
    stranger = [*GOVERNMENT[:2], {"pieces": ["G5", "G5", "G5"]}]
    illegal(game, 0, {"type": "declare", "departments": stranger}, "exactly the nine pieces")
    illegal(game, 0, {"type": "declare", "departments": GOVERNMENT[:2]}, "three departments")


def test_declaring_from_hand_is_not_allowed_with_something_revealed() -> None:
    game = make(4, deal(4, {0: GOVERNMENT_HAND}))
    game.apply(0, {"type": "form", "pieces": ["W0", "W0", "W0"]})
    illegal(game, 0, {"type": "declare", "departments": GOVERNMENT}, "one or two departments")
    illegal(game, 0, {"type": "declare"}, "needs three")


def test_dissolving_the_last_department_reopens_the_declaration_from_hand() -> None:
    hand = ["G1", "G2", "G3", "W1", "W2", "W3", "W5", "J", "J"]
    game = make(2, deal(2, {0: hand}))
    game.apply(0, {"type": "form", "pieces": ["G1", "G2", "G3"]})
    keep_hand(game, 0)
    pass_turn(game)
    game.apply(0, {"type": "dissolve", "department": 0})
    named = [
        {"pieces": ["G1", "G2", "G3"]},
        {"pieces": ["W1", "W2", "W3"]},
        {"pieces": ["W5", "J", "J"], "roles": ["W5", "W4", "W6"]},
    ]
    events = game.apply(0, {"type": "declare", "departments": named})
    assert events[0]["formation"]["total"] == 3 + 2  # declaration, 1-2-3 twice
    assert game.scores[0] == 5  # the bonus of 1 was paid and refunded


GREEN_HAND = ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "J"]


def three_revealed(wild_role: str) -> Lauzait:
    """Two players; seat 0 reveals G1-G3, G4-G6 and G7 G8 J (the wild as wild_role)."""
    game = make(2, deal(2, {0: GREEN_HAND}))
    game.apply(0, {"type": "form", "pieces": ["G1", "G2", "G3"]})
    keep_hand(game, 0)
    pass_turn(game)
    game.apply(0, {"type": "form", "pieces": ["G4", "G5", "G6"]})
    keep_hand(game, 0)
    pass_turn(game)
    game.apply(0, {"type": "form", "pieces": ["G7", "G8", "J"], "roles": ["G7", "G8", wild_role]})
    return game


def test_three_revealed_departments_declare_with_all_formation_points() -> None:
    game = three_revealed("G9")
    bonuses = 1 + 2 + 2
    assert game.scores[0] == bonuses
    assert types_of(game, 0) == {"declare", "end_game"}  # nothing left to discard
    events = game.apply(0, {"type": "declare"})
    formation = events[0]["formation"]
    assert formation["specialized_experts"] == 3 and formation["great_sequence"] == 3
    assert formation["total"] == 9 and game.scores[0] == bonuses + 9


def test_only_one_dissolve_per_turn() -> None:
    game = make(2, deal(2, {0: GREEN_HAND}))
    for trio in (["G1", "G2", "G3"], ["G4", "G5", "G6"]):
        game.apply(0, {"type": "form", "pieces": trio})
        keep_hand(game, 0)
        pass_turn(game)
    game.apply(0, {"type": "dissolve", "department": 0})
    illegal(game, 0, {"type": "dissolve", "department": 0}, "dissolving comes first")
    assert game.view(0)["step"] == "form"


def test_wilds_may_take_new_roles_when_declaring() -> None:
    game = three_revealed("G6")  # revealed as G6 G7 G8: no great sequence as it stands
    plain, regrouped = copy.deepcopy(game), copy.deepcopy(game)
    assert plain.apply(0, {"type": "declare"})[0]["formation"]["great_sequence"] == 0
    new_roles = [
        {"pieces": ["G1", "G2", "G3"]},
        {"pieces": ["G4", "G5", "G6"]},
        {"pieces": ["G7", "G8", "J"], "roles": ["G7", "G8", "G9"]},
    ]
    offered = [a["departments"] for a in game.legal_actions(0) if "departments" in a]
    assert {"pieces": ["G7", "G8", "J"], "roles": ["G7", "G8", "G9"]} in offered[0] + offered[-1]
    assert all(
        [d["pieces"] for d in government]
        == [["G1", "G2", "G3"], ["G4", "G5", "G6"], ["G7", "G8", "J"]]
        for government in offered
    )
    events = game.apply(0, {"type": "declare", "departments": new_roles})
    assert events[0]["formation"]["great_sequence"] == 3
    assert game.view(None)["results"][0]["formation"]["total"] == 9
    regroup = [
        {"pieces": ["G1", "G2", "J"], "roles": ["G1", "G2", "G3"]},
        {"pieces": ["G3", "G4", "G5"]},
        {"pieces": ["G6", "G7", "G8"]},
    ]
    illegal(regrouped, 0, {"type": "declare", "departments": regroup}, "name your three revealed")


def test_stalemate_declares_for_declaration_and_stalemate() -> None:
    hand = ["G0", "G2", "G4", "G6", "G8", "W0", "W2", "W4", "W6"]
    board = grid(
        "G0 G0 G0 G2 G2",
        "G2 G4 G4 G6 G6",
        "G8 W0 .  W0 W0",
        "W2 W2 W2 W4 W4",
        "W6 W6 W8 W8 W9",
    )
    game = make(4, deal(4, {0: hand}, board))
    assert game.legal_actions(0) == [{"type": "declare"}, {"type": "end_game"}]
    events = game.apply(0, {"type": "declare"})
    assert events[0]["stalemate"] and events[0]["departments"] == []
    assert events[0]["formation"]["total"] == 18 and game.scores[0] == 18


def test_stalemate_with_a_government_in_hand_scores_both() -> None:
    hand = ["G0", "G0", "G0", "W0", "W0", "W0", "G4", "G4", "G4"]
    game = make(4, deal(4, {0: hand}, avoid={"G1", "W1", "G3", "G5", "J"}))
    assert {"type": "declare"} in game.legal_actions(0)
    named = [{"pieces": ["G0"] * 3}, {"pieces": ["W0"] * 3}, {"pieces": ["G4"] * 3}]
    events = game.apply(0, {"type": "declare", "departments": named})
    formation = events[0]["formation"]
    assert formation["stalemate"] == 15 and formation["layered_bridges"] == 2
    assert formation["total"] == 20


def test_luminous_piece_scores_one_per_identical_piece_in_hand() -> None:
    game = make(4, deal(4, {0: GOVERNMENT_HAND}, luminous="W0"), when=None)
    assert game.view(None)["luminous"] is None  # the variant is off
    lit = make(4, {**deal(4, {0: GOVERNMENT_HAND}, luminous="W0"), "luminous": True})
    view = lit.view(None)
    assert view["luminous"] == "W0" and view["stock_size"] == 7
    events = lit.apply(0, {"type": "declare", "departments": GOVERNMENT})
    assert events[0]["formation"]["luminous"] == 3 and events[0]["formation"]["total"] == 18


def test_layered_bridges_option_sets_their_worth() -> None:
    options = {**deal(4, {0: GOVERNMENT_HAND}), "layered_bridges": 3}
    game = make(4, options)
    events = game.apply(0, {"type": "declare", "departments": GOVERNMENT})
    assert events[0]["formation"]["layered_bridges"] == 3


# --- formation points (shared with the score sheet) ------------------------------


def test_formation_points_parts() -> None:
    great: list[list[Role]] = [["G1", "G2", "G3"], ["W4", "W5", "W6"], ["G7", "G8", wild("G9")]]
    assert formation_points(great)["great_sequence"] == 3
    assert formation_points(great)["specialized_experts"] == 0
    experts: list[list[Role]] = [
        ["G1", "G1", "G1"],
        ["G5", "G6", "G7"],
        [wild("W2"), wild("W2"), wild("W2")],
    ]
    # Wilds fit any colour: the real pieces are all green.
    assert formation_points(experts)["specialized_experts"] == 3
    bridges: list[list[Role]] = [["G3", "G4", "G5"], ["W3", "W4", "W5"], ["W9", "W9", wild("W9")]]
    assert formation_points(bridges)["layered_bridges"] == 2
    assert formation_points(bridges, layered_bridges=3)["layered_bridges"] == 3
    # White 3+4+5+9+9 = 30, green 3+4+5 = 12: not balanced.
    assert formation_points(bridges)["well_balanced"] == 0
    # Green 4+5+6 = white 7+8; the wilds (as W9 and G1) are not counted.
    balanced: list[list[Role]] = [["G4", "G5", "G6"], ["W7", "W8", wild("W9")], [wild("G1")] * 3]
    assert formation_points(balanced)["well_balanced"] == 10
    assert formation_points(balanced)["total"] == 3 + 10


def test_formation_points_add_up() -> None:
    everything: list[list[Role]] = [
        ["G1", "G2", "G3"],
        ["G4", "G5", "G6"],
        ["G7", "G8", wild("G9")],
    ]
    points = formation_points(everything, stalemate=True, luminous="G5")
    assert points == {
        "declaration": 3,
        "specialized_experts": 3,
        "great_sequence": 3,
        "layered_bridges": 0,
        "well_balanced": 0,
        "stalemate": 15,
        "luminous": 1,
        "total": 25,
    }


def test_stalemate_without_a_government() -> None:
    hand = ["G0", "G2", "G4", "G6", "G8", "W0", "W2", "W4", "W0"]
    points = formation_points([], stalemate=True, luminous="W0", hand=hand)
    assert points["total"] == 3 + 15 + 2
    assert formation_points([], stalemate=True)["total"] == 18


@pytest.mark.parametrize(
    ("departments", "options"),
    [
        ([], {}),  # no government, no stalemate
        ([["G1", "G2", "G3"]] * 2, {}),
        ([["G1", "G2", "G3"], ["G1", "G2", "G4"], ["W1", "W1", "W1"]], {}),
        ([["G1", "G2", "J"], ["G1", "G2", "G3"], ["W1", "W1", "W1"]], {}),
        ([["G1", "G2", {"piece": "W5", "as": "G3"}], ["G1", "G2", "G3"], ["W1"] * 3], {}),
        ([["G1", "G2", "G3"]] * 3, {"layered_bridges": 4}),
        ([["G1", "G2", "G3"]] * 3, {"luminous": "Q"}),
    ],
)
def test_formation_points_refuse_what_is_not_a_government(
    departments: list[list[Any]], options: dict[str, Any]
) -> None:
    with pytest.raises(ValueError):
        formation_points(departments, **options)


# --- seasons and the end ----------------------------------------------------------


def test_fewest_points_starts_and_play_goes_toward_the_poorer_neighbour() -> None:
    rng = random.Random(3)
    assert start_and_direction([5, 3, 7, 4], rng) == (1, -1, [])  # seat 0 has 5 < 7
    assert start_and_direction([5, 3, 4, 4], rng) == (1, 1, [])  # seat 2 has 4 < 5
    assert start_and_direction([2, 5, 5, 0], rng) == (3, 1, [])
    assert start_and_direction([3, 1], rng) == (1, 1, [])  # two players: no direction to pick


def test_ties_for_fewest_points_are_thrown_off() -> None:
    for seed in range(40):
        start, _, throws = start_and_direction([3, 3, 5, 6], random.Random(seed))
        starts = [t for t in throws if t["purpose"] == "start"]
        assert {t["seat"] for t in starts} == {0, 1} and start in {0, 1}
        assert_throw_off(starts, start)


def test_tied_neighbours_throw_for_the_direction() -> None:
    for seed in range(40):
        start, direction, throws = start_and_direction([0, 4, 1, 4], random.Random(seed))
        toward = [t for t in throws if t["purpose"] == "direction"]
        assert start == 0 and {t["seat"] for t in toward} == {1, 3}
        assert_throw_off(toward, 1 if direction == 1 else 3)


def test_first_season_start_and_direction_are_thrown() -> None:
    for seed in range(20):
        view = Lauzait(4, seed, {}).view(None)
        start = view["start_player"]
        starts = [t for t in view["start_throws"] if t["purpose"] == "start"]
        assert {t["seat"] for t in starts} == {0, 1, 2, 3}
        assert_throw_off(starts, start)
        toward = [t for t in view["start_throws"] if t["purpose"] == "direction"]
        left, right = (start + 1) % 4, (start - 1) % 4
        assert {t["seat"] for t in toward} == {left, right}
        assert_throw_off(toward, left if view["direction"] == "clockwise" else right)


def assert_throw_off(throws: list[dict[str, Any]], winner: int) -> None:
    """Each round is thrown by those tied on top of the round before; the last has one top."""
    rounds: list[list[dict[str, Any]]] = []
    for throw in throws:
        if not rounds or throw["seat"] in {t["seat"] for t in rounds[-1]}:
            rounds.append([])
        rounds[-1].append(throw)
    for before, after in itertools.pairwise(rounds):
        best = max(t["count"] for t in before)
        assert {t["seat"] for t in after} == {t["seat"] for t in before if t["count"] == best}
    best = max(t["count"] for t in rounds[-1])
    assert [t["seat"] for t in rounds[-1] if t["count"] == best] == [winner]


def test_next_season_starts_with_the_fewest_points() -> None:
    game = make(2, deal(2, {0: ["G1", "G2", "G3", "W1", "W2", "W3", "W1", "W1", "W1"]}))
    named = [{"pieces": ["G1", "G2", "G3"]}, {"pieces": ["W1", "W2", "W3"]}, {"pieces": ["W1"] * 3}]
    events = game.apply(0, {"type": "declare", "departments": named})
    assert "sticks" not in [e["type"] for e in events]
    assert events[-1] == {
        "type": "season_started",
        "season": 2,
        "start_player": 1,
        "direction": "clockwise",
        "luminous": None,
    }
    assert game.to_act == [1] and game.view(None)["hand_sizes"] == [9, 9]


def eager_choice(actions: list[dict[str, Any]], driver: random.Random) -> dict[str, Any]:
    """Declare whenever possible, often form, otherwise hire at random; never stop early."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    if "declare" in by_type:
        return by_type["declare"][0]
    if "form" in by_type and driver.random() < 0.7:
        return driver.choice(by_type["form"])
    playable = by_type.get("hire") or by_type.get("dissolve")
    assert playable, f"only {sorted(by_type)} to choose from"
    return driver.choice(playable)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_lasts_as_many_seasons_as_players(players: int) -> None:
    game = Lauzait(players, 1000 + players, {})
    driver = random.Random(players)
    seasons_over = 0
    for _ in range(6000):
        if game.finished:
            break
        seat = game.to_act[0]
        events = game.apply(seat, eager_choice(game.legal_actions(seat), driver))
        seasons_over += sum(e["type"] == "season_over" for e in events)
    assert game.finished and seasons_over == players
    assert game.view(None)["results"][-1]["season"] == players
    best = max(game.scores)
    assert game.winners == [s for s in range(players) if game.scores[s] == best]


def test_the_table_may_end_the_game_early_and_scores_stand() -> None:
    game = hire_game()
    game.apply(0, {"type": "form", "pieces": ["W7", "W7", "W7"]})
    assert {"type": "end_game"} in game.legal_actions(0)
    assert game.legal_actions(1) == []
    events = game.apply(0, {"type": "end_game"})
    assert events == [
        {"type": "game_over", "winners": [0], "scores": [6, 0, 0, 0], "ended_early": True}
    ]
    assert game.finished and game.to_act == [] and game.winners == [0]
    assert game.view(None)["phase"] == "over" and game.view(None)["ended_early"]
    illegal(game, 0, {"type": "end_game"}, "the game is over")


def test_a_game_ended_before_anyone_scored_has_no_winner() -> None:
    # Issue 28: ended early at 0-0-0-0 it counted as a win for all four in the standings.
    game = hire_game()
    events = game.apply(0, {"type": "end_game"})
    assert game.finished and game.scores == [0, 0, 0, 0]
    assert game.winners == [] and events[-1]["winners"] == []
    assert game.view(None)["winners"] == []


def test_tied_top_scores_all_win() -> None:
    assert lauzait_winners([6, 6, 0, 3], ended_early=True) == [0, 1]
    assert lauzait_winners([6, 6, 0, 3], ended_early=False) == [0, 1]
    assert lauzait_winners([0, 0, 0], ended_early=False) == [0, 1, 2]  # played to its end
    assert lauzait_winners([0, 0, 0], ended_early=True) == []  # stopped before anyone scored


# --- views, events, round trip ----------------------------------------------------


GENERIC_KEYS = {"game", "players", "seat", "phase", "to_act", "scores", "winners"}


def test_view_shows_own_hand_and_the_public_table_only() -> None:
    game = hire_game()
    game.apply(0, {"type": "form", "pieces": ["W7", "W7", "W7"]})
    public = game.view(None)
    mine = game.view(0)
    assert public.keys() >= GENERIC_KEYS and "hand" not in public and "concealed" not in public
    assert mine["hand"] == sorted_pieces(HIRE_HAND)
    assert mine["concealed"] == ["G2", "G3", "G4", "G5", "W0", "J"]
    assert set(mine) - set(public) == {"hand", "concealed"}
    assert public["turn"] == 0 and public["step"] == "declare"
    assert public["stock_size"] == 8 and public["hand_sizes"] == [9] * 4
    assert json.loads(json.dumps(mine)) == mine
    with pytest.raises(ValueError):
        game.view(4)


def swapped_deals() -> tuple[dict[str, Any], dict[str, Any]]:
    """Two seasons alike in all that seat 0 and the table can see: seat 1 holds a piece
    the other has in the stock, and seats 2 and 3 hold each other's piece."""
    first = {**deal(4, {0: HIRE_HAND}, HIRE_BOARD, luminous="G3"), "luminous": True}
    second = copy.deepcopy(first)
    hands, stock = second["hands"], second["stock"]
    one = next(i for i, p in enumerate(hands[1]) if p != stock[-1])
    hands[1][one], stock[-1] = stock[-1], hands[1][one]
    two = next(i for i, p in enumerate(hands[2]) if p not in hands[3])
    three = next(i for i, p in enumerate(hands[3]) if p not in hands[2])
    hands[2][two], hands[3][three] = hands[3][three], hands[2][two]
    return first, second


def test_no_view_or_event_reveals_another_hand_or_the_stock() -> None:
    first, second = swapped_deals()
    a, b = make(4, first), make(4, second)
    assert a.seed == b.seed
    assert a.view(1) != b.view(1) and a.view(2) != b.view(2)
    for seat in (0, None):
        assert a.view(seat) == b.view(seat)
    for action in ({"type": "form", "pieces": ["W7", "W7", "W7"]}, hire("W0", (3, 3), (3, 2))):
        assert a.apply(0, action) == b.apply(0, action)
        for seat in (0, None):
            assert a.view(seat) == b.view(seat)


def test_round_trip_through_json() -> None:
    game = hire_game(when=lambda g: next_count(g) >= 3)
    game.apply(0, hire("G2", (3, 1), (2, 1)))
    pass_turn(game)
    again = engines.load(json.loads(json.dumps(game.to_dict())))
    for seat in [*range(4), None]:
        assert again.view(seat) == game.view(seat)
    assert again.legal_actions(game.to_act[0]) == game.legal_actions(game.to_act[0])


def test_engine_is_registered() -> None:
    assert "lauzait" in engines.names()
    assert engines.info("lauzait") == {
        "name": "lauzait",
        "title": "Lauzait Cep",
        "min_players": 2,
        "max_players": 4,
        "defaults": {"luminous": False, "layered_bridges": 2},
        "table_actions": ["end_game"],
        "random_events": {"water": "Water", "start": "Start", "direction": "Way"},
        "tricks": False,
        "throws": True,
    }
    assert engines.secret_options("lauzait") == {"hands", "stock"}


# --- random legal play --------------------------------------------------------------


def check_hire_event(event: dict[str, Any], board_before: Grid) -> None:
    """An independent reading of the hiring rule."""
    discard, moved = event["discard"], event["moved"]
    assert board_before[event["at"][0]][event["at"][1]] is None
    assert event["from"] != event["at"]
    assert board_before[event["from"][0]][event["from"][1]] == moved
    if "J" not in (discard, moved):
        assert discard[0] == moved[0] and abs(int(discard[1]) - int(moved[1])) == 1
    rows, cols = (abs(event["to"][i] - event["from"][i]) for i in (0, 1))
    if tuple(event["from"]) == MOUNTAIN:
        assert 1 <= rows + cols <= 2
    else:
        assert max(rows, cols) == 1
    assert event["water"] == (tuple(event["to"]) in WATER)


def check_state(game: Lauzait, season_start: list[int]) -> None:
    public = game.view(None)
    assert "hand" not in public
    hands = Counter(p for seat in range(game.players) for p in game.view(seat)["hand"])
    board = Counter(p for row in public["board"] for p in row if p)
    assert sum(p is None for row in public["board"] for p in row) == 1
    assert public["hand_sizes"] == [len(game.view(s)["hand"]) for s in range(game.players)]
    assert set(public["hand_sizes"]) == {9}
    stock = piece_set(game.players) - board - hands
    assert hands + board + stock == piece_set(game.players)  # nothing made up
    assert stock.total() == public["stock_size"] + (1 if public["luminous"] else 0)
    for seat, departments in enumerate(public["departments"]):
        shown = Counter(p for d in departments for p in d["pieces"])
        assert not shown - Counter(game.view(seat)["hand"]) and len(departments) <= 3
        for department in departments:
            assert (
                department_bonus(department["pieces"], department["roles"]) == department["bonus"]
            )
        if not game.finished:
            # Bonuses paid this season, less refunds, are all the seat gained.
            gained = game.scores[seat] - season_start[seat]
            assert gained == sum(d["bonus"] for d in departments)


# Hypothesis picks every move, so a failing game shrinks.
drivers = moves()


@pytest.mark.slow
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    driver=drivers,
    luminous=st.booleans(),
    bridges=st.sampled_from([2, 3]),
)
def test_random_play_keeps_every_rule(
    players: int, seed: int, driver: random.Random, luminous: bool, bridges: int
) -> None:
    game = Lauzait(players, seed, {"luminous": luminous, "layered_bridges": bridges})
    season_start = game.scores
    check_state(game, season_start)
    for _ in range(120):
        if game.finished:
            break
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        # Never a dead end: some way to go on, not only stopping the game, is always open.
        assert any(a["type"] != "end_game" for a in actions)
        action = eager_choice(actions, driver) if driver.random() < 0.5 else driver.choice(actions)
        board_before = game.view(None)["board"]
        for event in game.apply(seat, action):
            if event["type"] == "hired":
                check_hire_event(event, board_before)
            if event["type"] == "season_started":
                season_start = game.scores
        check_state(game, season_start)


@pytest.mark.slow
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), driver=drivers)
def test_every_listed_action_is_accepted(players: int, seed: int, driver: random.Random) -> None:
    game = Lauzait(players, seed, {})
    for _ in range(driver.randrange(60)):
        seat = game.to_act[0]
        game.apply(seat, eager_choice(game.legal_actions(seat), driver))
        if game.finished:
            return
    seat = game.to_act[0]
    actions = game.legal_actions(seat)
    others = [a for a in actions if a["type"] != "hire"]
    hires = [a for a in actions if a["type"] == "hire"]
    for action in others + driver.sample(hires, min(15, len(hires))):
        copy.deepcopy(game).apply(seat, action)
