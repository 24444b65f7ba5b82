"""Chanoyu: every rule in docs/rules/chanoyu.md, pinned by name.

Most tests fix the first deal with the "hands" and "pile" options. Seats play
counter-clockwise, so with host 0 at four players the order of a trick is 3, 2, 1, 0.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import engines
from engines import IllegalAction
from engines.chanoyu import (
    DEFAULT_SCORING,
    SCORING_RULES,
    Chanoyu,
    match_result,
    next_host,
    tableau_points,
)
from engines.chanoyu.cards import DECK, TSUKUMOGAMI, is_face, number_of, suit_of
from tests.engines.drawn import moves

# --- helpers -----------------------------------------------------------------

Events = list[dict[str, Any]]

# Four players, host 0: seat 3 leads, then 2, 1, 0.
HANDS_4 = [
    ["4D", "5C", "T1", "AC", "9C"],
    ["3D", "4H", "5D", "8D", "KD"],
    ["2S", "3H", "2C", "3C", "4C"],
    ["9S", "8H", "10C", "JC", "QC"],
]
# Drawn after the first trick by seats 3, 2, 1, 0 (the winner, seat 3, first).
PILE_4 = ["6C", "7C", "T2", "7D"]

# Three players, host 0: seat 2 leads, then 1, 0.
HANDS_3 = [
    ["KS", "2H", "3H", "4H", "5D"],
    ["5H", "T2", "7H", "8H", "9D"],
    ["T1", "QS", "2D", "3D", "4D"],
]
PILE_3 = ["AC", "2C", "3C"]


def new_game(hands: list[list[str]], pile: list[str] | None = None, **options: Any) -> Chanoyu:
    options = {"hands": hands, "pile": pile or [], **options}
    game = engines.new("chanoyu", players=len(hands), seed=11, options=options)
    assert isinstance(game, Chanoyu)
    return game


def play(game: Chanoyu, seat: int, card: str) -> Events:
    return game.apply(seat, {"type": "play", "card": card})


def place(game: Chanoyu, by: int, /, **fields: Any) -> Events:
    return game.apply(by, {"type": "place", **fields})


def build(game: Chanoyu, seat: int, *cards: dict[str, Any]) -> Events:
    return game.apply(seat, {"type": "build", "cards": list(cards)})


def types(events: Events) -> list[str]:
    return [event["type"] for event in events]


def tableau(game: Chanoyu, seat: int) -> list[tuple[str, int]]:
    return [(slot["card"], slot["value"]) for slot in game.view(None)["tableaux"][seat]]


def first_trick(game: Chanoyu, seat1: str = "3D", seat0: str = "4D") -> Events:
    """9S leads; seat 3 wins the trick 9S, 2S, `seat1`, `seat0` and must build."""
    events: Events = []
    for seat, card in [(3, "9S"), (2, "2S"), (1, seat1), (0, seat0)]:
        events += play(game, seat, card)
    return events


def second_trick(game: Chanoyu) -> Events:
    """JC leads; seat 0 wins with 9C; T2 (drawn by seat 1) lies in the trick."""
    events: Events = []
    for seat, card in [(3, "JC"), (2, "4C"), (1, "T2"), (0, "9C")]:
        events += play(game, seat, card)
    return events


def placements_of(game: Chanoyu, seat: int, card: str) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(seat) if a.get("card") == card]


def snapshot(game: Chanoyu) -> Any:
    state = {key: value for key, value in vars(game).items() if key != "rng"}
    return copy.deepcopy(state), game.rng.getstate()


def random_action(game: Chanoyu, rng: random.Random) -> tuple[int, dict[str, Any]]:
    seat = game.to_act[0]
    return seat, rng.choice(game.legal_actions(seat))


def play_round(game: Chanoyu, rng: random.Random) -> Events:
    """Random legal actions until the round in progress is scored."""
    events: Events = []
    while "round_scored" not in types(events):
        seat, action = random_action(game, rng)
        events += game.apply(seat, action)
    return events


def cards_shown(value: Any, cards: set[str]) -> set[str]:
    """Those of `cards` that appear as a string anywhere in JSON-ready data."""
    text = json.dumps(value)
    return {card for card in cards if f'"{card}"' in text}


def every_card(game: Chanoyu) -> Counter[str]:
    """Hands, pile, trick, the build's unplaced cards, tableaux and discard."""
    cards = Counter(card for hand in game.hands for card in hand)
    cards.update(game.pile)
    cards.update(card for _, card in game.trick)
    cards.update(game.build.remaining if game.build else [])
    cards.update(slot.card for row in game.tableaux for slot in row)
    cards.update(game.discard)
    return cards


# --- cards and the deal --------------------------------------------------------


def test_deck_is_52_cards_plus_two_tsukumogami_with_ace_low() -> None:
    assert len(DECK) == len(set(DECK)) == 54
    assert set(TSUKUMOGAMI) == {"T1", "T2"}
    assert [number_of(c) for c in ("AS", "2H", "10D")] == [1, 2, 10]
    assert [is_face(c) for c in ("JC", "QD", "KH", "10H", "T1")] == [True] * 3 + [False] * 2
    assert suit_of("T1") is None and suit_of("QD") == "D"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_draws_five_and_the_rest_is_the_pile(players: int) -> None:
    view = engines.new("chanoyu", players=players, seed=3).view(None)
    assert view["hand_sizes"] == [5] * players
    assert view["pile_size"] == 54 - 5 * players


def test_hands_and_pile_options_fix_the_first_deal() -> None:
    game = new_game(HANDS_4, PILE_4)
    assert [sorted(game.view(s)["hand"]) for s in range(4)] == [sorted(h) for h in HANDS_4]
    assert game.pile[:4] == PILE_4
    assert sorted(game.pile[4:]) == sorted(
        set(DECK) - {c for hand in HANDS_4 for c in hand} - set(PILE_4)
    )


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"host": 4},
        {"host": True},
        {"scoring": "published"},
        {"hands": HANDS_4[:3]},
        {"hands": [*HANDS_4[:3], ["9S", "8H", "10C", "JC"]]},
        {"hands": [*HANDS_4[:3], ["9S", "8H", "10C", "JC", "XX"]]},
        {"hands": [*HANDS_4[:3], ["9S", "8H", "10C", "JC", "4D"]]},
        {"pile": ["AS", "AS"]},
        {"pile": "AS"},
        {"pile": list(DECK)},
    ],
)
def test_bad_options_are_rejected(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        engines.new("chanoyu", players=4, seed=1, options=options)


@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players: int) -> None:
    with pytest.raises(ValueError, match="3 to 5"):
        engines.new("chanoyu", players=players, seed=1)


# --- playing to a trick ----------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "host", "leader"), [(4, 0, 3), (4, 2, 1), (3, 0, 2), (5, 4, 3)]
)
def test_first_trick_is_led_by_the_hosts_right_neighbour(
    players: int, host: int, leader: int
) -> None:
    game = engines.new("chanoyu", players=players, seed=5, options={"host": host})
    assert game.to_act == [leader]
    assert game.view(None)["trick"]["leader"] == leader


def test_play_goes_counter_clockwise() -> None:
    game = new_game(HANDS_4, PILE_4)
    order = []
    for card in ["9S", "2S", "3D", "4D"]:
        order.append(game.to_act[0])
        play(game, game.to_act[0], card)
    assert order == [3, 2, 1, 0]


def test_players_must_follow_the_led_suit() -> None:
    game = new_game(HANDS_4, PILE_4)
    play(game, 3, "9S")
    assert game.legal_actions(2) == [{"type": "play", "card": "2S"}]
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="must follow suit: you hold spades"):
        play(game, 2, "3H")
    assert snapshot(game) == before


def test_any_card_may_be_played_when_unable_to_follow() -> None:
    game = new_game(HANDS_4, PILE_4)
    play(game, 3, "9S")
    play(game, 2, "2S")
    assert sorted(a["card"] for a in game.legal_actions(1)) == sorted(HANDS_4[1])


def test_face_cards_follow_suit_but_never_win() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    build(game, 3, {"card": "9S", "at": "right"})
    events = second_trick(game)
    # Seat 2 held clubs, so it followed the led JC; seat 0's 9C beats the jack.
    assert events[-1] == {
        "type": "trick_won",
        "seat": 0,
        "cards": [
            {"card": "JC", "by": 3},
            {"card": "4C", "by": 2},
            {"card": "T2", "by": 1},
            {"card": "9C", "by": 0},
        ],
        "lead_suit": "C",
    }


def test_a_face_card_lead_sets_the_led_suit() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    build(game, 3, {"card": "9S", "at": "right"})
    play(game, 3, "JC")
    assert game.view(None)["trick"]["lead_suit"] == "C"
    assert {a["card"] for a in game.legal_actions(2)} == {"2C", "3C", "4C", "7C"}


def test_ace_is_one_and_the_highest_numbered_card_of_the_led_suit_wins() -> None:
    hands = [
        ["10D", "2H", "3H", "4H", "5H"],
        ["2S", "6H", "7H", "8H", "9H"],
        ["AS", "2D", "3D", "4D", "5D"],
    ]
    game = new_game(hands)
    play(game, 2, "AS")
    play(game, 1, "2S")
    events = play(game, 0, "10D")  # no spade: a higher card of another suit does not win
    assert events[-1]["type"] == "trick_won" and events[-1]["seat"] == 1


def test_tsukumogami_cannot_be_played_while_you_can_follow() -> None:
    game = new_game(HANDS_3, PILE_3)
    play(game, 2, "2D")
    assert game.legal_actions(1) == [{"type": "play", "card": "9D"}]
    with pytest.raises(IllegalAction, match="cannot play a Tsukumogami"):
        play(game, 1, "T2")


def test_tsukumogami_may_be_played_when_you_cannot_follow_and_never_wins() -> None:
    game = new_game(HANDS_4, PILE_4)
    play(game, 3, "9S")
    play(game, 2, "2S")
    play(game, 1, "3D")
    assert {"type": "play", "card": "T1"} in game.legal_actions(0)
    events = play(game, 0, "T1")
    assert events[-1]["type"] == "trick_won" and events[-1]["seat"] == 3


def test_a_led_tsukumogami_lets_the_first_suited_card_set_the_led_suit() -> None:
    game = new_game(HANDS_3, PILE_3)
    play(game, 2, "T1")
    assert game.view(None)["trick"]["lead_suit"] is None
    assert sorted(a["card"] for a in game.legal_actions(1)) == sorted(HANDS_3[1])
    play(game, 1, "5H")
    assert game.view(None)["trick"]["lead_suit"] == "H"
    assert {a["card"] for a in game.legal_actions(0)} == {"2H", "3H", "4H"}
    events = play(game, 0, "4H")
    assert events[-1]["type"] == "trick_won" and events[-1]["seat"] == 1


def test_a_trick_with_no_numbered_card_of_the_led_suit_is_discarded_and_led_again() -> None:
    game = new_game(HANDS_3, PILE_3)
    play(game, 2, "QS")
    play(game, 1, "5H")
    events = play(game, 0, "KS")
    assert types(events) == ["played", "trick_discarded", "drew"]
    view = game.view(None)
    assert game.to_act == [2] and view["trick"]["leader"] == 2
    assert view["last_trick"]["winner"] is None
    assert view["discard_size"] == 3 and view["tableaux"] == [[], [], []]


def test_a_discarded_trick_counts_as_one_of_the_ten_and_everyone_draws() -> None:
    game = new_game(HANDS_3, PILE_3)
    for seat, card in [(2, "QS"), (1, "5H"), (0, "KS")]:
        play(game, seat, card)
    view = game.view(None)
    assert view["trick"]["number"] == 2
    assert view["hand_sizes"] == [5, 5, 5]
    # The leader draws first, then counter-clockwise: seat 2 AC, seat 1 2C, seat 0 3C.
    assert [c in game.view(s)["hand"] for s, c in [(2, "AC"), (1, "2C"), (0, "3C")]] == [True] * 3


def test_the_trick_winner_leads_the_next_trick() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    build(game, 3, {"card": "9S", "at": "right"})
    second_trick(game)
    build(game, 0, {"card": "9C", "at": "right"})
    assert game.to_act == [0] and game.view(None)["trick"]["leader"] == 0


# --- the build ------------------------------------------------------------------


def test_the_winner_must_add_at_least_one_card_when_one_fits() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    assert game.to_act == [3] and game.view(None)["phase"] == "build"
    assert {"type": "build", "cards": []} not in game.legal_actions(3)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="must add at least one"):
        build(game, 3)
    assert snapshot(game) == before


def test_the_build_is_empty_when_nothing_fits() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    build(game, 3, {"card": "9S", "at": "right"}, {"card": "2S", "at": "left"})
    # Seat 3's tableau is 2..9: 8H, 3H, 4H and 5C all fall between its ends.
    for seat, card in [(3, "8H"), (2, "3H"), (1, "4H"), (0, "5C")]:
        play(game, seat, card)
    assert game.legal_actions(3) == [{"type": "build", "cards": []}]
    events = build(game, 3)
    assert events[0] == {
        "type": "build_done",
        "seat": 3,
        "placed": [],
        "discarded": ["8H", "3H", "4H", "5C"],
    }


def test_numbered_cards_go_at_either_end_with_values_strictly_increasing() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    place(game, 3, card="9S", at="right")
    assert {(a["card"], a.get("at")) for a in game.legal_actions(3) if a["type"] == "place"} == {
        ("2S", "left"),
        ("3D", "left"),
        ("4D", "left"),
    }
    with pytest.raises(IllegalAction, match="2S cannot go at the right end: it must be higher"):
        place(game, 3, card="2S", at="right")
    place(game, 3, card="3D", at="left")
    place(game, 3, card="2S", at="left")
    assert tableau(game, 3) == [("2S", 2), ("3D", 3), ("9S", 9)]


def test_a_full_build_may_list_its_cards_in_any_order() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game, seat0="T1")
    events = build(
        game,
        3,
        {"card": "T1", "seat": 3, "value": 4},
        {"card": "2S", "at": "left"},
        {"card": "9S", "at": "right"},
        {"card": "3D", "at": "left"},
    )
    assert tableau(game, 3) == [("2S", 2), ("3D", 3), ("T1", 4), ("9S", 9)]
    # Placed left end highest first, then the right end, then the Tsukumogami.
    assert [e["card"] for e in events if e["type"] == "placed"] == ["3D", "2S", "9S", "T1"]


def test_a_face_card_takes_a_named_value_that_fits_at_an_end() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game, seat1="KD")
    place(game, 3, card="9S", at="right")
    named = {(a["at"], a["value"]) for a in placements_of(game, 3, "KD")}
    assert named == {("left", v) for v in range(1, 9)} | {("right", 10)}
    with pytest.raises(IllegalAction, match="KD as 9 cannot go at the right end"):
        place(game, 3, card="KD", at="right", value=9)
    for bad in (None, 0, 11, True, "7"):
        with pytest.raises(IllegalAction, match='"value" from 1 to 10'):
            place(game, 3, card="KD", at="left", value=bad)
    place(game, 3, card="KD", at="right", value=10)
    assert tableau(game, 3) == [("9S", 9), ("KD", 10)]


def test_a_numbered_card_names_no_value_and_joins_only_its_winners_tableau() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    with pytest.raises(IllegalAction, match="9S is worth 9"):
        place(game, 3, card="9S", at="right", value=9)
    with pytest.raises(IllegalAction, match="only a Tsukumogami names a seat"):
        place(game, 3, card="9S", at="right", seat=1)
    with pytest.raises(IllegalAction, match='"at": "left" or "right"'):
        place(game, 3, card="9S", at="middle")


def test_a_tsukumogami_may_join_any_tableau_at_any_free_value() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game, seat0="T1")
    offered = {(a["seat"], a["value"]) for a in placements_of(game, 3, "T1")}
    assert offered == {(seat, value) for seat in range(4) for value in range(1, 11)}
    with pytest.raises(IllegalAction, match='give "seat" and "value", not "at"'):
        place(game, 3, card="T1", seat=1, value=4, at="left")
    place(game, 3, card="T1", seat=1, value=4)
    assert tableau(game, 1) == [("T1", 4)]


def test_a_tsukumogami_may_fill_a_gap_in_another_players_tableau() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    build(game, 3, {"card": "9S", "at": "right"}, {"card": "2S", "at": "left"})
    second_trick(game)
    assert {a["value"] for a in placements_of(game, 0, "T2") if a["seat"] == 3} == {
        1,
        *range(3, 9),
        10,
    }
    with pytest.raises(IllegalAction, match="T2 cannot take value 9: seat 3's tableau already"):
        place(game, 0, card="T2", seat=3, value=9)
    place(game, 0, card="T2", seat=3, value=5)
    assert tableau(game, 3) == [("2S", 2), ("T2", 5), ("9S", 9)]


def test_cards_not_placed_are_discarded() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    events = build(game, 3, {"card": "9S", "at": "right"})
    assert events[1]["type"] == "build_done"
    assert events[1]["discarded"] == ["2S", "3D", "4D"]
    assert game.view(None)["discard_size"] == 3


def test_placed_cards_never_move() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    place(game, 3, card="9S", at="right")
    with pytest.raises(IllegalAction, match="9S is already placed"):
        place(game, 3, card="9S", at="left")
    assert all(a["card"] != "9S" for a in game.legal_actions(3) if "card" in a)
    place(game, 3, card="2S", at="left")  # nothing else fits now: the build ends
    second_trick(game)
    place(game, 0, card="T2", seat=3, value=5)
    assert tableau(game, 3) == [("2S", 2), ("T2", 5), ("9S", 9)]


def test_placing_one_card_at_a_time_equals_the_full_build() -> None:
    stepwise, whole = new_game(HANDS_4, PILE_4), new_game(HANDS_4, PILE_4)
    for game in (stepwise, whole):
        first_trick(game, seat0="T1")
    moves: list[dict[str, Any]] = [
        {"card": "T1", "seat": 2, "value": 7},
        {"card": "9S", "at": "right"},
        {"card": "3D", "at": "left"},
    ]
    for move in moves:
        place(stepwise, 3, **move)
    build(stepwise, 3)  # 2S would still fit: stop here
    build(whole, 3, *moves)
    assert [stepwise.view(s) for s in (None, 0, 1, 2, 3)] == [
        whole.view(s) for s in (None, 0, 1, 2, 3)
    ]


def test_the_build_may_stop_after_one_card_and_ends_itself_when_nothing_more_fits() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    place(game, 3, card="9S", at="right")
    assert game.view(None)["build"]["may_stop"] is True
    assert {"type": "build", "cards": []} in game.legal_actions(3)
    events = place(game, 3, card="2S", at="left")
    # 3D and 4D fit neither end of 2..9: the build is over.
    assert types(events) == ["placed", "build_done", "drew"]
    assert game.view(None)["phase"] == "play" and game.to_act == [3]


def test_a_full_build_is_checked_before_any_card_is_placed() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    before = snapshot(game)
    bad_builds: list[Any] = [
        [{"card": "9S", "at": "left"}, {"card": "2S", "at": "right"}],
        [{"card": "9S", "at": "right"}, {"card": "9S", "at": "left"}],
        [{"card": "9S", "at": "right"}, {"card": "8H", "at": "left"}],
        [{"card": "9S", "at": "right"}, "2S"],
        [{"card": "9S", "at": "right", "colour": "red"}],
    ]
    for cards in bad_builds:
        with pytest.raises(IllegalAction):
            build(game, 3, *cards)
        assert snapshot(game) == before
    with pytest.raises(IllegalAction, match="list the cards"):
        game.apply(3, {"type": "build", "cards": "9S"})
    assert snapshot(game) == before


# --- drawing and the round --------------------------------------------------------


def test_after_a_trick_everyone_draws_one_card_the_next_leader_first() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    events = build(game, 3, {"card": "9S", "at": "right"})
    assert events[-1] == {"type": "drew", "pile": 54 - 20 - 4}
    for seat, card in zip([3, 2, 1, 0], PILE_4, strict=True):
        assert card in game.view(seat)["hand"]
    assert game.view(None)["hand_sizes"] == [5, 5, 5, 5]


@pytest.mark.parametrize(
    ("players", "draws", "pile_left"),
    [(3, 9, 12), (4, 8, 2), (5, 5, 4)],
)
def test_drawing_stops_when_the_pile_cannot_serve_everyone(
    players: int, draws: int, pile_left: int
) -> None:
    game = engines.new("chanoyu", players=players, seed=21)
    assert isinstance(game, Chanoyu)
    events = play_round(game, random.Random(21))
    after_trick = [e for e in events if e["type"] in ("drew", "no_draw", "round_scored")]
    assert types(after_trick) == ["drew"] * draws + ["no_draw"] * (9 - draws) + ["round_scored"]
    # 3p: the pile holds 12 after the ninth draw; 4p: 2 after trick 8; 5p: 4 after trick 5.
    assert after_trick[draws - 1]["pile"] == pile_left


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_round_is_ten_tricks_then_tableaux_are_scored_and_hands_discarded(players: int) -> None:
    game = engines.new("chanoyu", players=players, seed=8)
    assert isinstance(game, Chanoyu)
    events = play_round(game, random.Random(8))
    assert sum(e["type"] in ("trick_won", "trick_discarded") for e in events) == 10
    scored = next(e for e in events if e["type"] == "round_scored")
    values = [[slot["value"] for slot in row] for row in scored["tableaux"]]
    assert scored["points"] == [tableau_points(v) for v in values]
    assert scored["scores"] == scored["points"] == game.scores
    assert not any(cards_shown(e, set(DECK)) for e in events if e["type"] == "round_started")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_new_round_is_hosted_by_the_most_points_and_redealt(players: int) -> None:
    for seed in range(50):
        game = engines.new("chanoyu", players=players, seed=seed)
        assert isinstance(game, Chanoyu)
        events = play_round(game, random.Random(seed))
        if game.finished:
            continue
        started = events[-1]
        assert started["type"] == "round_started" and started["round"] == 2
        assert started["host"] == next_host(game.scores, 0)
        assert game.to_act == [started["leader"]] == [(started["host"] - 1) % players]
        view = game.view(None)
        assert view["hand_sizes"] == [5] * players
        assert view["pile_size"] == 54 - 5 * players and view["discard_size"] == 0
        assert view["tableaux"] == [[]] * players
        return
    pytest.fail("no seed played more than one round")


# --- scoring and the end ------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "points"),
    [([], 0), ([7], 1), ([3, 4, 5, 6], 7), ([2, 5, 9], 3), ([1, 2, 4, 5, 10], 7)],
)
def test_a_tableau_scores_a_point_per_card_and_per_consecutive_pair(
    values: list[int], points: int
) -> None:
    assert tableau_points(values) == points
    assert DEFAULT_SCORING == "cards-and-pairs"


@pytest.mark.parametrize("values", [[3, 3], [5, 2], [0, 4], [4, 11], [True]])
def test_tableau_points_rejects_values_no_tableau_can_hold(values: list[Any]) -> None:
    with pytest.raises(ValueError):
        tableau_points(values)


def test_the_scoring_option_picks_the_tableau_rule_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(SCORING_RULES, "cards-only", len)
    with pytest.raises(ValueError, match="unknown scoring"):
        tableau_points([1, 2], "published")
    assert tableau_points([1, 2, 3], "cards-only") == 3
    game = engines.new("chanoyu", players=3, seed=4, options={"scoring": "cards-only"})
    assert isinstance(game, Chanoyu)
    scored = next(e for e in play_round(game, random.Random(4)) if e["type"] == "round_scored")
    assert scored["points"] == [len(row) for row in scored["tableaux"]]


def test_match_result_is_none_until_someone_has_15() -> None:
    assert match_result([14, 14, 14], 0) is None
    assert match_result([0, 0, 0, 0, 0], 3) is None


def test_match_result_highest_wins_when_everyone_has_8() -> None:
    assert match_result([8, 16, 15], 0) == [1]
    assert match_result([20, 8, 9, 8], 2) == [0]


def test_match_result_tie_goes_to_the_seat_closest_to_the_right_of_the_original_host() -> None:
    # Right of host 0 at four players: 3, 2, 1, then the host itself.
    assert match_result([16, 16, 8, 8], 0) == [1]
    assert match_result([16, 9, 9, 16], 0) == [3]
    assert match_result([16, 9, 9, 16], 1) == [0]
    assert match_result([16, 16, 16], 2) == [1]


def test_match_result_someone_below_8_makes_every_15_lose_and_the_others_share() -> None:
    assert match_result([15, 7, 12], 0) == [1, 2]
    assert match_result([20, 3, 15, 9], 0) == [1, 3]
    assert match_result([15, 15, 7], 0) == [2]


def test_next_host_has_the_most_points_ties_closest_right_of_the_previous_host() -> None:
    assert next_host([3, 9, 4], 0) == 1
    assert next_host([9, 3, 9, 2], 1) == 0
    assert next_host([9, 3, 9, 2], 0) == 2
    assert next_host([5, 5, 5], 1) == 0
    assert next_host([0, 0, 0, 0, 0], 3) == 2


def test_match_and_host_functions_reject_a_seat_not_at_the_table() -> None:
    with pytest.raises(ValueError):
        match_result([15, 9, 9], 3)
    with pytest.raises(ValueError):
        next_host([1, 2, 3], -1)


def test_the_game_ends_when_someone_reaches_15_and_the_8_point_rule_decides() -> None:
    # Host 1 at three players: seat 0 leads every trick and holds every numbered
    # heart; it wins all ten and builds A..10 of hearts (19 points) while nobody
    # else scores, so the 15 loses and the other two share the win.
    hearts = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"]
    hands = [hearts[:5], ["2S", "3S", "4S", "5S", "6S"], ["2D", "3D", "4D", "5D", "6D"]]
    # Draws go 0, 2, 1: seat 0 draws the next heart after each of the first five tricks.
    pile = ["6H", "7S", "7D", "7H", "8S", "8D", "8H", "9S", "9D", "9H", "10S", "10D", "10H"]
    game = new_game(hands, pile, host=1)
    events: Events = []
    for heart in hearts:
        events += play(game, 0, heart)
        for _ in range(2):
            seat = game.to_act[0]
            events += game.apply(seat, game.legal_actions(seat)[0])
        events += build(game, 0, {"card": heart, "at": "right"})
    assert game.finished and game.view(None)["phase"] == "over"
    # Everyone's last four cards were discarded unseen; the final tableaux stay on show.
    assert game.view(None)["hand_sizes"] == [0, 0, 0]
    assert tableau(game, 0) == [(heart, value) for value, heart in enumerate(hearts, 1)]
    assert game.scores == [19, 0, 0]
    assert game.winners == [1, 2] == match_result(game.scores, 1)
    assert events[-1] == {"type": "game_over", "winners": [1, 2], "scores": [19, 0, 0]}
    assert game.to_act == [] and game.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        play(game, 0, "AS")


# --- bad input ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (3, {"type": "play", "card": "ZZ"}, "'ZZ' is not a Chanoyu card"),
        (3, {"type": "play"}, "None is not a Chanoyu card"),
        (3, {"type": "play", "card": "AS"}, "you do not hold AS"),
        (3, {"type": "play", "card": "9S", "to": 2}, "unexpected field 'to'"),
        (3, {"type": "build", "cards": []}, "nothing to build now"),
        (3, {"type": "place", "card": "9S", "at": "left"}, "nothing to build now"),
        (3, {"type": "dance"}, "unknown action 'dance'"),
        (2, {"type": "play", "card": "2S"}, "not your turn"),
        (7, {"type": "play", "card": "2S"}, "no seat 7"),
        (3, {"card": "9S"}, 'must be an object with a "type"'),
    ],
)
def test_bad_plays_are_refused_with_a_clear_reason(
    seat: int, action: dict[str, Any], message: str
) -> None:
    game = new_game(HANDS_4, PILE_4)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=message):
        game.apply(seat, action)
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "play", "card": "8H"}, "build first"),
        ({"type": "place", "card": "8H", "at": "left"}, "8H is not in the trick you won"),
        ({"type": "place", "card": "T1", "seat": 9, "value": 3}, "not in the trick"),
        ({"type": "place", "at": "left"}, "None is not a Chanoyu card"),
        ({"type": "build"}, "list the cards"),
        ({"type": "build", "cards": [], "extra": 1}, "unexpected field 'extra'"),
        ({"type": "pass"}, "unknown action 'pass'"),
    ],
)
def test_bad_builds_are_refused_with_a_clear_reason(action: dict[str, Any], message: str) -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=message):
        game.apply(3, action)
    assert snapshot(game) == before


def test_a_tsukumogami_must_name_an_existing_seat_and_a_value() -> None:
    game = new_game(HANDS_4, PILE_4)
    first_trick(game, seat0="T1")
    before = snapshot(game)
    for fields, message in [
        ({"seat": 4, "value": 3}, '"seat" from 0 to 3'),
        ({"seat": True, "value": 3}, '"seat" from 0 to 3'),
        ({"value": 3}, '"seat" from 0 to 3'),
        ({"seat": 1}, '"value" from 1 to 10'),
    ]:
        with pytest.raises(IllegalAction, match=message):
            place(game, 3, card="T1", **fields)
        assert snapshot(game) == before


# --- the view ---------------------------------------------------------------------------


def test_the_view_shows_hand_tableaux_trick_and_the_pending_build() -> None:
    game = new_game(HANDS_4, PILE_4)
    play(game, 3, "9S")
    view = game.view(2)
    assert view["hand"] == ["2S", "3H", "2C", "3C", "4C"]
    assert view["trick"] == {
        "number": 1,
        "of": 10,
        "leader": 3,
        "lead_suit": "S",
        "turn": 2,
        "cards": [{"card": "9S", "by": 3}],
    }
    for seat, card in [(2, "2S"), (1, "3D"), (0, "4D")]:
        play(game, seat, card)
    place(game, 3, card="9S", at="right")
    view = game.view(None)
    assert "hand" not in view
    assert view["phase"] == "build" and view["to_act"] == [3] and view["trick"]["turn"] is None
    assert view["build"] == {
        "seat": 3,
        "trick": [
            {"card": "9S", "by": 3},
            {"card": "2S", "by": 2},
            {"card": "3D", "by": 1},
            {"card": "4D", "by": 0},
        ],
        "lead_suit": "S",
        "remaining": ["2S", "3D", "4D"],
        "placed": ["9S"],
        "may_stop": True,
    }
    assert view["tableaux"][3] == [{"card": "9S", "value": 9}]
    assert view["tableau_points"] == [0, 0, 0, 1]
    assert view["hand_sizes"] == [4, 4, 4, 4] and view["pile_size"] == 34
    generic = {"game", "players", "seat", "phase", "to_act", "scores", "winners"}
    for audience in (None, 0):
        assert json.loads(json.dumps(game.view(audience))) == game.view(audience)
        assert generic <= set(game.view(audience))


# --- properties of random play ------------------------------------------------------------

players_st = st.sampled_from([3, 4, 5])
seeds = st.integers(min_value=0, max_value=2**32)
# Hypothesis picks every move, so a failing game shrinks.
drivers = moves()

# Bounded: a round is at most 10 tricks of n plays and n + 1 build actions; random
# play has never needed more than a handful of rounds to reach 15.
MAX_ACTIONS = 5000


@pytest.mark.slow
@given(players=players_st, seed=seeds, rng=drivers, data=st.data())
def test_random_play_ends_with_cards_accounted_for_and_tableaux_increasing(
    players: int, seed: int, rng: random.Random, data: st.DataObject
) -> None:
    host = data.draw(st.integers(0, players - 1), label="host")
    game = engines.new("chanoyu", players=players, seed=seed, options={"host": host})
    assert isinstance(game, Chanoyu)
    for _ in range(MAX_ACTIONS):
        if game.finished:
            break
        assert len(game.to_act) == 1
        seat, action = random_action(game, rng)
        game.apply(seat, action)
        assert every_card(game) == Counter(DECK)
        for row in game.view(None)["tableaux"]:
            values = [slot["value"] for slot in row]
            assert values == sorted(set(values))
    assert game.finished
    # Ties are broken from the original host, whoever hosts the last round.
    assert game.winners == match_result(game.scores, host)
    assert max(game.scores) >= 15


@given(players=players_st, seed=seeds, rng=drivers, data=st.data())
def test_illegal_actions_change_nothing_and_exactly_legal_ones_are_accepted(
    players: int, seed: int, rng: random.Random, data: st.DataObject
) -> None:
    game = engines.new("chanoyu", players=players, seed=seed)
    assert isinstance(game, Chanoyu)
    cards = st.sampled_from([*DECK, "ZZ", "", None, 5])
    attempt = st.one_of(
        st.fixed_dictionaries({"type": st.just("play"), "card": cards}),
        st.fixed_dictionaries(
            {"type": st.just("place"), "card": cards},
            optional={
                "at": st.sampled_from(["left", "right", "up"]),
                "value": st.integers(-1, 12),
                "seat": st.integers(-1, players),
            },
        ),
        st.just({"type": "build", "cards": []}),
        st.fixed_dictionaries({"type": st.sampled_from(["build", "pass", "play"])}),
    )
    for _ in range(data.draw(st.integers(0, 120))):
        if game.finished:
            break
        seat, action = random_action(game, rng)
        game.apply(seat, action)
    for _ in range(10):
        if game.finished:
            break
        seat = data.draw(st.sampled_from(range(players)))
        action = data.draw(attempt)
        legal = action in game.legal_actions(seat)
        before = snapshot(game)
        try:
            game.apply(seat, action)
        except IllegalAction as err:
            assert not legal, f"legal {action} refused: {err.reason}"
            assert err.reason
            assert snapshot(game) == before
        else:
            assert legal, f"{action} accepted but not listed as legal"


@given(players=players_st, seed=seeds, rng=drivers, skip=st.integers(0, 60))
def test_any_legal_build_is_accepted_whole_and_in_any_order(
    players: int, seed: int, rng: random.Random, skip: int
) -> None:
    game = engines.new("chanoyu", players=players, seed=seed)
    assert isinstance(game, Chanoyu)
    for _ in range(skip):
        if not game.finished:
            game.apply(*random_action(game, rng))
    while game.view(None)["phase"] == "play":
        game.apply(*random_action(game, rng))
    assume(not game.finished)
    winner = game.to_act[0]
    stepwise = copy.deepcopy(game)
    placed: list[dict[str, Any]] = []
    while stepwise.to_act == [winner] and stepwise.build is not None:
        action = rng.choice(stepwise.legal_actions(winner))
        stepwise.apply(winner, action)
        if action["type"] == "place":
            placed.append({k: v for k, v in action.items() if k != "type"})
    rng.shuffle(placed)
    build(game, winner, *placed)
    for seat in [None, *range(players)]:
        assert game.view(seat) == stepwise.view(seat)


@given(players=players_st, seed=seeds, rng=drivers, steps=st.integers(0, 400))
def test_a_saved_game_replays_exactly(
    players: int, seed: int, rng: random.Random, steps: int
) -> None:
    game = engines.new("chanoyu", players=players, seed=seed, options={"host": players - 1})
    assert isinstance(game, Chanoyu)
    for _ in range(steps):
        if game.finished:
            break
        game.apply(*random_action(game, rng))
    saved = json.loads(json.dumps(game.to_dict()))
    again = engines.load(saved)
    assert again.to_dict() == game.to_dict()
    for seat in [None, *range(players)]:
        assert again.view(seat) == game.view(seat)
        if seat is not None:
            assert again.legal_actions(seat) == game.legal_actions(seat)


@pytest.mark.slow
@given(players=players_st, seed=seeds, rng=drivers)
def test_no_view_or_event_reveals_another_hand_or_the_pile(
    players: int, seed: int, rng: random.Random
) -> None:
    game = engines.new("chanoyu", players=players, seed=seed)
    assert isinstance(game, Chanoyu)
    scored_rounds: list[dict[str, Any]] = []
    played: set[str] = set()
    while not game.finished:
        for seat in [None, *range(players)]:
            view = game.view(seat)
            assert "seed" not in view
            hidden = set(game.pile).union(*(h for s, h in enumerate(game.hands) if s != seat))
            # Earlier rounds' tableaux were reshuffled into this round's deal; they are
            # checked below against the public round_scored events instead, and so is
            # the last round's summary (its tableaux, and its last trick played face up).
            past = ("round_scores", "summary")
            shown = cards_shown({k: v for k, v in view.items() if k not in past}, hidden)
            assert not shown, f"seat {seat} sees {shown}"
            assert view["round_scores"] == scored_rounds
            if scored_rounds:
                assert view["summary"]["tableaux"] == scored_rounds[-1]["tableaux"]
                assert {c["card"] for c in view["summary"]["last_trick"]["cards"]} <= played
        seat, action = random_action(game, rng)
        hidden_before = set(game.pile).union(*game.hands) - {action.get("card")}
        if action["type"] == "play":
            played.add(action["card"])  # face up from now on
        events = game.apply(seat, action)
        assert not cards_shown(events, hidden_before)
        assert all("seed" not in event for event in events)
        scored_rounds += [
            {k: v for k, v in e.items() if k not in ("type", "scores")}
            for e in events
            if e["type"] == "round_scored"
        ]
