"""Céna rules, one test per rule, on hand-built deals (options["hands"]).

docs/rules/cena.md names the test that pins each rule. Seats in a 4-player game with
host 0: the first lead is seat 1, then 2, 3, 0 clockwise.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engines
from engines.cena import CARDS, Cena, alliance_score, objective_text, seat_scores, winners_of
from testkit.play import random_step, random_steps
from tests.engines.drawn import moves

HAND_SIZE = {3: 12, 4: 10, 5: 8}


# --- helpers ----------------------------------------------------------------


def build_hands(
    players: int, fixed: dict[int, list[str]], avoid: dict[int, str] | None = None
) -> list[list[str]]:
    """Hands holding the `fixed` cards; the rest dealt so no seat holds a suit in `avoid`.

    Cards that the fewest seats may hold go first, so the constraints always fit.
    """
    avoid = avoid or {}
    size = HAND_SIZE[players]
    hands = [list(fixed.get(seat, [])) for seat in range(players)]
    taken = {card for hand in hands for card in hand}
    rest = [card for card in CARDS if card not in taken]
    rest.sort(key=lambda card: sum(card[0] in avoid.get(seat, "") for seat in range(players)))
    rest.reverse()
    for card in rest:
        for seat, hand in enumerate(hands):
            if len(hand) < size and card[0] not in avoid.get(seat, ""):
                hand.append(card)
                break
    assert all(len(hand) == size for hand in hands), "constraints do not fit"
    for seat, suits in avoid.items():
        assert not any(card[0] in suits for card in hands[seat])
    return hands


def new_game(players: int = 4, seed: int = 1, **options: Any) -> Cena:
    game = engines.new("cena", players=players, seed=seed, options=options)
    assert isinstance(game, Cena)
    return game


def reveal_all(game: Cena) -> list[dict[str, Any]]:
    """Every seat makes its first three cards public; returns the events."""
    events = []
    for seat in list(game.to_act):
        events += game.apply(seat, {"type": "reveal", "cards": game.hands[seat][:3]})
    assert game.phase == "play"
    return events


def play(game: Cena, seat: int, card: str, to: int) -> list[dict[str, Any]]:
    assert game.to_act == [seat]
    return game.apply(seat, {"type": "play", "card": card, "to": to})


def play_trick(game: Cena, moves: list[tuple[int, str, int]]) -> dict[str, Any]:
    """Play (seat, card, to) moves that complete a trick; return its trick_won event."""
    events = []
    for seat, card, to in moves:
        events += play(game, seat, card, to)
    won = [event for event in events if event["type"] == "trick_won"]
    assert len(won) == 1
    return won[0]


def play_first_legal(game: Cena) -> list[dict[str, Any]]:
    """Finish the current deal (or the game) always taking the first legal action."""
    deal, events = game.deal, []
    while not game.finished and game.deal == deal:
        seat = game.to_act[0]
        events += game.apply(seat, game.legal_actions(seat)[0])
    return events


def observable(game: Cena) -> tuple[Any, ...]:
    return (
        game.to_dict(),
        [game.view(seat) for seat in [*range(game.players), None]],
        [game.legal_actions(seat) for seat in range(game.players)],
    )


def assert_illegal(game: Cena, seat: int, action: Any, reason: str) -> None:
    """The action is refused with a reason containing `reason`, and nothing changes."""
    before = observable(game)
    with pytest.raises(engines.IllegalAction) as refused:
        game.apply(seat, action)
    assert reason in refused.value.reason
    assert observable(game) == before


def strings_in(value: Any) -> set[str]:
    """Every string anywhere in a JSON-like value (keys included)."""
    found: set[str] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            pending += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            pending += item
    return found


# --- dealing ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand", "aside"), [(3, 12, 4), (4, 10, 0), (5, 8, 0)])
def test_deal_sizes_by_player_count(players: int, hand: int, aside: int) -> None:
    game = new_game(players)
    assert [len(cards) for cards in game.hands] == [hand] * players
    assert len(game.set_aside) == aside
    dealt = [card for cards in game.hands for card in cards] + game.set_aside
    assert sorted(dealt) == sorted(CARDS)
    assert game.view(0)["hand_sizes"] == [hand] * players


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fixed_first_deal_is_used_and_sorted(players: int) -> None:
    hands = build_hands(players, {})
    hands = [list(reversed(hand)) for hand in hands]
    game = new_game(players, hands=hands)
    for seat in range(players):
        hand = game.view(seat)["hand"]
        assert set(hand) == set(hands[seat])
        assert hand == sorted(hand, key=lambda card: (card[0], int(card[1:])))


@pytest.mark.parametrize(
    ("hands", "reason"),
    [
        (build_hands(4, {})[:3], "one hand per seat"),
        ([hand[:9] for hand in build_hands(4, {})], "must hold 10 cards"),
        (
            [
                ["W7", *hand[1:]] if seat == 1 else hand
                for seat, hand in enumerate(build_hands(4, {0: ["W7"]}))
            ],
            "dealt twice",
        ),
        (
            [
                ["X7", *hand[1:]] if seat == 2 else hand
                for seat, hand in enumerate(build_hands(4, {}))
            ],
            "not a Céna card",
        ),
        ("W7", "one hand per seat"),
    ],
)
def test_bad_fixed_hands_are_rejected(hands: Any, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        new_game(4, hands=hands)


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"colour": "red"}, "unknown Céna option"),
        ({"host": 4}, "host of the first deal must be a seat"),
        ({"host": True}, "host of the first deal must be a seat"),
        ({"simplified": "yes"}, "simplified must be true or false"),
        ({"draw_objectives": 1}, "draw_objectives must be true or false"),
        ({"objectives": "six"}, "objectives must be a list"),
        ({"objectives": [{"penalty": 1, "suit": "C"}] * 2}, "exactly 3 objectives"),
        ({"objectives": [{"penalty": 1, "suit": "C"}] * 4}, "exactly 3 objectives"),
        ({"objectives": [{"penalty": 1, "suit": "C"}] * 2, "draw_objectives": True}, "3 to 8"),
        ({"objectives": [{"penalty": 1, "suit": "C"}] * 9, "draw_objectives": True}, "3 to 8"),
        ({"objectives": [{"penalty": 1}] * 3}, "at least one of a suit, a number or odd/even"),
        ({"objectives": [{"penalty": -1, "suit": "C"}] * 3}, "penalty"),
        ({"objectives": [{"penalty": 1, "suit": "X"}] * 3}, "suit must be one of"),
        ({"objectives": [{"penalty": 1, "number": 11}] * 3}, "number must be 1 to 10"),
        ({"objectives": [{"penalty": 1, "parity": "prime"}] * 3}, "parity must be"),
        ({"objectives": [{"penalty": 1, "number": 6, "parity": "odd"}] * 3}, "numbered 6 is odd"),
        ({"objectives": [{"penalty": 1, "suit": "C", "colour": "red"}] * 3}, "unknown objective"),
    ],
)
def test_bad_options_are_rejected(options: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        new_game(4, **options)


VIEW_FIELDS = {
    "game", "players", "seat", "phase", "simplified", "deal", "deals", "host", "objective",
    "to_act", "hand_sizes", "ready", "public", "trick", "last_trick", "tricks", "alliances",
    "scores", "deal_scores", "summary", "winners",
}  # fmt: skip


def test_views_have_the_documented_fields() -> None:
    game = new_game(4)
    assert game.view(2).keys() == VIEW_FIELDS | {"hand", "chosen"}
    assert game.view(None).keys() == VIEW_FIELDS
    view = game.view(2)
    assert (view["game"], view["players"], view["seat"], view["phase"]) == ("cena", 4, 2, "reveal")
    assert (view["deal"], view["deals"], view["host"], view["simplified"]) == (1, 3, 0, False)
    assert view["trick"].keys() == {"number", "leader", "lead_suit", "turn", "cards"}
    assert view["alliances"] == [{"seats": [k, (k + 1) % 4], "won": 0} for k in range(4)]
    assert view["scores"] == [0, 0, 0, 0] and view["deal_scores"] == []
    with pytest.raises(ValueError, match="no seat"):
        game.view(4)


@pytest.mark.parametrize("seat", [-1, 4, True, None])
def test_no_legal_actions_for_a_seat_not_at_the_table(seat: Any) -> None:
    game = new_game(4)
    assert game.legal_actions(seat) == []
    reveal_all(game)
    assert game.legal_actions(seat) == []


# --- information phase ----------------------------------------------------------


def test_public_cards_are_chosen_secretly_and_revealed_together() -> None:
    game = new_game(4, hands=build_hands(4, {}))
    assert game.to_act == [0, 1, 2, 3]
    choice = game.hands[2][:3]
    events = game.apply(2, {"type": "reveal", "cards": list(reversed(choice))})
    assert events == [{"type": "ready", "seat": 2}]
    assert game.to_act == [0, 1, 3]
    assert game.view(2)["chosen"] == choice
    for seat in [0, 1, 3, None]:
        view = game.view(seat)
        assert view["ready"] == [False, False, True, False]
        assert view["public"] == [[], [], [], []]
        assert not strings_in(view) & set(choice)
        assert view.get("chosen") is None
    assert "hand" not in game.view(None) and "chosen" not in game.view(None)

    for seat in [0, 1]:
        game.apply(seat, {"type": "reveal", "cards": game.hands[seat][:3]})
    events = game.apply(3, {"type": "reveal", "cards": game.hands[3][:3]})
    public = [game.hands[seat][:3] for seat in range(4)]
    assert events == [{"type": "ready", "seat": 3}, {"type": "public_cards", "public": public}]
    view = game.view(None)
    assert view["phase"] == "play" and view["public"] == public
    assert view["ready"] == [True] * 4
    assert game.view(2)["chosen"] is None


def test_reveal_legal_actions_are_every_three_card_combination() -> None:
    game = new_game(3)
    actions = game.legal_actions(0)
    hand = game.view(0)["hand"]
    assert len(actions) == comb(12, 3)
    assert [action["cards"] for action in actions] == [list(c) for c in combinations(hand, 3)]
    assert all(action == {"type": "reveal", "cards": action["cards"]} for action in actions)


def test_public_cards_stay_in_hand_until_played() -> None:
    hands = build_hands(4, {1: ["C1", "C2", "C3"]})
    game = new_game(4, hands=hands)
    reveal_all(game)
    assert game.view(None)["public"][1] == ["C1", "C2", "C3"]
    assert {"C1", "C2", "C3"} <= set(game.view(1)["hand"])
    assert {"type": "play", "card": "C2", "to": 1} in game.legal_actions(1)
    play(game, 1, "C2", 1)
    assert game.view(0)["public"][1] == ["C1", "C3"]
    assert game.view(1)["hand_sizes"] == [10, 9, 10, 10]


# --- play -------------------------------------------------------------------


@pytest.mark.parametrize(("players", "host", "lead"), [(4, 0, 1), (4, 3, 0), (3, 2, 0), (5, 1, 2)])
def test_first_lead_is_the_hosts_left_neighbour(players: int, host: int, lead: int) -> None:
    game = new_game(players, host=host)
    assert game.view(None)["host"] == host
    reveal_all(game)
    assert game.to_act == [lead]
    assert game.view(None)["trick"] == {
        "number": 1,
        "leader": lead,
        "lead_suit": None,
        "turn": lead,
        "cards": [],
    }


def test_cards_go_before_any_seat_without_a_card_and_play_is_clockwise() -> None:
    game = new_game(4, hands=build_hands(4, {1: ["C5"], 2: ["C6"]}))
    reveal_all(game)
    leads = game.legal_actions(1)
    assert {action["to"] for action in leads} == {0, 1, 2, 3}
    assert play(game, 1, "C5", 3) == [{"type": "played", "seat": 1, "card": "C5", "to": 3}]
    assert game.to_act == [2]
    assert {action["to"] for action in game.legal_actions(2)} == {0, 1, 2}
    play(game, 2, "C6", 0)
    assert game.to_act == [3]
    assert {action["to"] for action in game.legal_actions(3)} == {1, 2}
    assert game.view(None)["trick"]["cards"] == [
        {"card": "C5", "by": 1, "to": 3},
        {"card": "C6", "by": 2, "to": 0},
    ]


def test_follow_the_lead_suit_by_the_cards_own_suit() -> None:
    hands = build_hands(4, {1: ["M5"], 2: ["M1", "W10"], 3: ["A1"]}, avoid={3: "M"})
    game = new_game(4, hands=hands)
    reveal_all(game)
    play(game, 1, "M5", 2)
    assert game.view(None)["trick"]["lead_suit"] == "M"
    cards = {action["card"] for action in game.legal_actions(2)}
    assert cards == {card for card in hands[2] if card[0] == "M"}
    play(game, 2, "M1", 1)
    # Seat 3 holds no mead: anything goes.
    assert {action["card"] for action in game.legal_actions(3)} == set(hands[3])


def test_simplified_rule_plays_only_in_front_of_yourself() -> None:
    game = new_game(4, simplified=True)
    assert game.view(None)["simplified"] is True
    reveal_all(game)
    for _ in range(4):
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        assert actions and all(action["to"] == seat for action in actions)
        game.apply(seat, actions[-1])
    assert all(played["to"] == played["by"] for played in game.view(None)["last_trick"]["cards"])


# --- who wins a trick -----------------------------------------------------------


def test_highest_number_of_the_lead_suit_wins() -> None:
    # In front of: 0 M9, 1 C10, 2 A5, 3 C2 (the lead). Alliances: 0 = M10 (off suit,
    # loses despite 10), 1 = C5, 2 = A2 (off suit), 3 = C9 wins.
    hands = build_hands(4, {0: ["M9"], 1: ["C2"], 2: ["C10"], 3: ["A5"]}, avoid={0: "C", 3: "C"})
    game = new_game(4, hands=hands)
    reveal_all(game)
    won = play_trick(game, [(1, "C2", 3), (2, "C10", 1), (3, "A5", 2), (0, "M9", 0)])
    assert (won["alliance"], won["seats"], won["suit"], won["number"]) == (3, [3, 0], "C", 9)


@pytest.mark.parametrize(
    ("seat3_card", "seat0_card", "winner"),
    [
        ("C7", "A7", 2),  # alliance 0 (W1+C7) done at the 3rd card, alliance 2 (W3+A7) at the 4th
        ("A7", "C7", 0),  # alliance 2 done at the 3rd card, alliance 0 at the 4th
    ],
)
def test_tie_goes_to_the_alliance_determined_later(
    seat3_card: str, seat0_card: str, winner: int
) -> None:
    # In front of: 0 W1, 1 C7, 2 W3, 3 A7. Alliances 0 and 2 are both wine 7.
    hands = build_hands(
        4, {0: [seat0_card], 1: ["W1"], 2: ["W3"], 3: [seat3_card]}, avoid={0: "W", 3: "W"}
    )
    game = new_game(4, hands=hands)
    reveal_all(game)
    to = {"C7": 1, "A7": 3}
    won = play_trick(
        game,
        [
            (1, "W1", 0),
            (2, "W3", 2),
            (3, seat3_card, to[seat3_card]),
            (0, seat0_card, to[seat0_card]),
        ],
    )
    assert (won["alliance"], won["suit"], won["number"]) == (winner, "W", 7)
    assert game.to_act == [winner + 1]


@pytest.mark.parametrize(
    ("moves", "without_wine", "winner"),
    [
        # In front of: 0 W2, 1 W7, 2 C7, 3 A2. W7 (last) completes alliance 0 (W2+W7, other
        # card down 1st) and alliance 1 (W7+C7, other card down 3rd): both wine 7; 1 wins.
        ([(1, "W2", 0), (2, "A2", 3), (3, "C7", 2), (0, "W7", 1)], [2, 3], 1),
        # In front of: 0 W2, 1 W7, 2 C7, 3 W1. Now alliance 0's other card (W2) went down
        # 3rd and alliance 1's (C7) 2nd: alliance 0 wins.
        ([(1, "W1", 3), (2, "C7", 2), (3, "W2", 0), (0, "W7", 1)], [2], 0),
    ],
)
def test_one_card_completing_two_tied_alliances(
    moves: list[tuple[int, str, int]], without_wine: list[int], winner: int
) -> None:
    fixed = {seat: [card] for seat, card, _ in moves}
    hands = build_hands(4, fixed, avoid=dict.fromkeys(without_wine, "W"))
    game = new_game(4, hands=hands)
    reveal_all(game)
    won = play_trick(game, moves)
    assert (won["alliance"], won["suit"], won["number"]) == (winner, "W", 7)
    assert game.to_act == [winner + 1]


def test_winning_alliance_takes_the_cards_and_its_left_member_leads() -> None:
    hands = build_hands(4, {0: ["M9"], 1: ["C2"], 2: ["C10"], 3: ["A5"]}, avoid={0: "C", 3: "C"})
    game = new_game(4, hands=hands)
    reveal_all(game)
    moves = [(1, "C2", 3), (2, "C10", 1), (3, "A5", 2), (0, "M9", 0)]
    won = play_trick(game, moves)
    cards = [{"card": card, "by": seat, "to": to} for seat, card, to in moves]
    assert won == {
        "type": "trick_won",
        "alliance": 3,
        "seats": [3, 0],
        "cards": cards,
        "suit": "C",
        "number": 9,
    }
    view = game.view(None)
    assert view["alliances"][3] == {"seats": [3, 0], "won": 4}
    assert sum(alliance["won"] for alliance in view["alliances"]) == 4
    assert view["last_trick"] == {
        "cards": cards,
        "lead_suit": "C",
        "alliance": 3,
        "seats": [3, 0],
        "suit": "C",
        "number": 9,
    }
    # Alliance 3 is seats 3 and 0: the left member, seat 0, leads the second trick.
    assert game.to_act == [0]
    assert view["trick"] == {"number": 2, "leader": 0, "lead_suit": None, "turn": 0, "cards": []}
    assert game.won[3] == ["C2", "C10", "A5", "M9"]


# --- scoring ----------------------------------------------------------------


HARSH = [
    {"penalty": 3, "suit": "C"},
    {"penalty": 2, "parity": "even"},
    {"penalty": 5, "number": 1, "text": "from a view, rewritten"},
]


def test_alliance_score_is_cards_won_minus_penalties() -> None:
    won = ["M1", "M3", "M4", "W6", "C6"]
    assert alliance_score(won, None) == 5
    assert alliance_score(won, {"penalty": 8, "suit": "M", "parity": "odd"}) == 5 - 16
    assert alliance_score(won, {"penalty": 10, "number": 6}) == 5 - 20
    assert alliance_score(won, {"penalty": 4, "suit": "A"}) == 5
    assert alliance_score(won, {"penalty": 3, "parity": "even", "text": "ignored"}) == 5 - 9
    assert alliance_score([], {"penalty": 10, "number": 6}) == 0
    with pytest.raises(ValueError, match="not a Céna card"):
        alliance_score(["Z1"], None)
    with pytest.raises(ValueError, match="penalty"):
        alliance_score(won, {"suit": "M"})


def test_objective_texts() -> None:
    game = new_game(4)
    assert [objective["text"] for objective in game.objectives] == [
        "-10 per card numbered 6",
        "-4 per ale card",
        "-8 per odd mead card",
    ]
    assert game.view(None)["objective"] == {
        "penalty": 10,
        "number": 6,
        "text": "-10 per card numbered 6",
    }
    assert objective_text({"penalty": 5, "suit": "W", "number": 3}) == "-5 per wine card numbered 3"
    assert objective_text({"penalty": 2, "parity": "even"}) == "-2 per even card"
    assert objective_text({"penalty": 0, "suit": "C"}) == "0 per cider card"
    # A "text" passed in (say, copied from a view) is replaced by the engine's own.
    game = new_game(4, objectives=HARSH)
    assert [objective["text"] for objective in game.objectives] == [
        "-3 per cider card",
        "-2 per even card",
        "-5 per card numbered 1",
    ]


def test_seat_scores_sum_both_alliances() -> None:
    # Seat s is in alliance s-1 (with its right neighbour) and alliance s (with its left).
    assert seat_scores([5, -3, 0, 2]) == [7, 2, -3, 2]
    assert seat_scores([1, 2, 4]) == [5, 3, 6]


def expected_alliance_score(cards: list[str], objective: dict[str, Any]) -> int:
    """The scoring rule written out independently of the engine's objective code."""
    penalised = 0
    for card in cards:
        suit, number = card[0], int(card[1:])
        if "suit" in objective and suit != objective["suit"]:
            continue
        if "number" in objective and number != objective["number"]:
            continue
        if "parity" in objective and (number % 2 == 1) != (objective["parity"] == "odd"):
            continue
        penalised += 1
    return len(cards) - objective["penalty"] * penalised


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deals_score_won_cards_and_objectives_and_may_go_negative(players: int) -> None:
    game = new_game(players, seed=2, objectives=HARSH)
    totals = [0] * players
    negative = False
    for deal in (1, 2, 3):
        won: list[list[str]] = [[] for _ in range(players)]
        reveal_all(game)
        events = play_first_legal(game)
        for event in events:
            if event["type"] == "trick_won":
                won[event["alliance"]] += [played["card"] for played in event["cards"]]
        assert sum(len(cards) for cards in won) == HAND_SIZE[players] * players
        objective = {key: value for key, value in HARSH[deal - 1].items() if key != "text"}
        alliances = [expected_alliance_score(cards, objective) for cards in won]
        seats = [alliances[seat - 1] + alliances[seat] for seat in range(players)]
        scored = [event for event in events if event["type"] == "deal_scored"]
        assert scored == [
            {"type": "deal_scored", "deal": deal, "alliances": alliances, "seats": seats}
        ]
        totals = [total + score for total, score in zip(totals, seats, strict=True)]
        assert game.scores == totals
        negative = negative or min(seats) < 0
        view = game.view(None)
        assert view["deal_scores"][-1]["seats"] == seats
        assert view["deal_scores"][-1]["objective"]["penalty"] == objective["penalty"]
    assert negative
    assert game.finished


def test_three_deals_with_the_host_moving_left() -> None:
    game = new_game(4, host=2)
    hosts, leads, objectives = [], [], []
    for _ in range(3):
        view = game.view(None)
        hosts.append(view["host"])
        objectives.append(view["objective"]["text"])
        reveal_all(game)
        leads.append(game.to_act[0])
        events = play_first_legal(game)
    assert hosts == [2, 3, 0]
    assert leads == [3, 0, 1]
    assert objectives == ["-10 per card numbered 6", "-4 per ale card", "-8 per odd mead card"]
    assert events[-1]["type"] == "game_over"
    view = game.view(None)
    assert view["phase"] == "over" and view["deal"] == 3 and view["deals"] == 3
    assert [result["deal"] for result in view["deal_scores"]] == [1, 2, 3]
    assert game.to_act == []


def test_next_deal_starts_with_a_fresh_shuffle_and_event() -> None:
    game = new_game(4, seed=11, hands=build_hands(4, {}))
    first = [list(hand) for hand in game.hands]
    reveal_all(game)
    events = play_first_legal(game)
    started = events[-1]
    assert started == {
        "type": "deal_started",
        "deal": 2,
        "host": 1,
        "objective": {"penalty": 4, "suit": "A", "text": "-4 per ale card"},
    }
    assert game.phase == "reveal" and game.to_act == [0, 1, 2, 3]
    assert game.hands != first
    assert sorted(card for hand in game.hands for card in hand) == sorted(CARDS)
    assert game.view(None)["alliances"][0]["won"] == 0
    assert game.view(None)["last_trick"] is None


def test_drawn_objectives_come_from_the_games_generator() -> None:
    deck = [{"penalty": penalty, "number": penalty} for penalty in range(1, 9)]
    orders = set()
    for seed in range(10):
        game = new_game(4, seed=seed, objectives=deck, draw_objectives=True)
        again = new_game(4, seed=seed, objectives=deck, draw_objectives=True)
        drawn = [objective["number"] for objective in game.objectives]
        assert drawn == [objective["number"] for objective in again.objectives]
        assert len(set(drawn)) == 3 and set(drawn) <= set(range(1, 9))
        orders.add(tuple(drawn))
    assert len(orders) > 1


def test_winners_are_every_seat_with_the_top_total() -> None:
    assert winners_of([5, 9, 9, -2]) == [1, 2]
    assert winners_of([-4, -4, -4]) == [0, 1, 2]
    assert winners_of([0, 3, 1, 2, 2]) == [1]


def test_a_tied_game_is_a_shared_victory() -> None:
    for seed in range(500):
        game = new_game(4, seed=seed)
        while not game.finished:
            seat = game.to_act[0]
            events = game.apply(seat, game.legal_actions(seat)[0])
        top = max(game.scores)
        if game.scores.count(top) > 1:
            break
    else:
        pytest.fail("no tied game in 500 seeds")
    tied = [seat for seat, score in enumerate(game.scores) if score == top]
    assert game.winners == tied
    assert events[-1] == {"type": "game_over", "winners": tied, "scores": game.scores}
    assert game.view(1)["winners"] == tied


def test_no_winners_before_the_end() -> None:
    game = new_game(4)
    reveal_all(game)
    play_first_legal(game)
    assert game.deal == 2 and game.winners == [] and game.view(0)["winners"] == []
    assert game.scores == game.view(None)["deal_scores"][0]["seats"]


# --- illegal actions ----------------------------------------------------------


def game_in_play() -> Cena:
    """4 players, host 0; seat 1 has led W5 in front of seat 1; seat 2 holds wine."""
    hands = build_hands(4, {1: ["W5"], 2: ["W6", "C6"], 3: ["C9"]}, avoid={3: "W"})
    game = new_game(4, hands=hands)
    reveal_all(game)
    play(game, 1, "W5", 1)
    return game


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (2, {"type": "play", "card": "C9", "to": 2}, "C9 is not in your hand"),
        (2, {"type": "play", "card": "Z9", "to": 2}, "'Z9' is not a Céna card"),
        (2, {"type": "play", "card": 9, "to": 2}, "9 is not a Céna card"),
        (2, {"type": "play", "card": "C6", "to": 2}, "you must follow the lead suit"),
        (2, {"type": "play", "card": "W6", "to": 1}, "seat 2 already has a Playing Card"),
        (2, {"type": "play", "card": "W6", "to": 4}, '"to" must be a seat from 0 to 3'),
        (2, {"type": "play", "card": "W6", "to": True}, '"to" must be a seat'),
        (2, {"type": "play", "card": "W6", "to": "2"}, '"to" must be a seat'),
        (2, {"type": "play", "card": "W6"}, "missing to"),
        (2, {"type": "play", "card": "W6", "to": 2, "face": "up"}, "unexpected face"),
        (2, {"type": "reveal", "cards": ["W6", "C6", "W7"]}, "already revealed"),
        (2, {"type": "pass"}, 'unknown action "pass"'),
        (3, {"type": "play", "card": "C9", "to": 3}, "not your turn"),
        (2, "W6", '"type"'),
        (7, {"type": "play", "card": "W6", "to": 2}, "no seat 7"),
    ],
)
def test_illegal_plays_change_nothing(seat: int, action: Any, reason: str) -> None:
    assert_illegal(game_in_play(), seat, action, reason)


def test_breaking_the_simplified_rule_changes_nothing() -> None:
    game = new_game(4, simplified=True)
    reveal_all(game)
    card = game.hands[1][0]
    assert_illegal(game, 1, {"type": "play", "card": card, "to": 2}, "in front of yourself")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "reveal", "cards": ["A1", "A2"]}, "exactly 3 cards"),
        ({"type": "reveal", "cards": ["A1", "A2", "A3", "A4"]}, "exactly 3 cards"),
        ({"type": "reveal", "cards": "A1 A2 A3"}, "exactly 3 cards"),
        ({"type": "reveal", "cards": ["A1", "A1", "A2"]}, "3 different cards"),
        ({"type": "reveal", "cards": ["A1", "A2", "B3"]}, "'B3' is not a Céna card"),
        ({"type": "reveal", "cards": ["A1", "A2", "W10"]}, "W10 is not in your hand"),
        ({"type": "reveal"}, "missing cards"),
        ({"type": "play", "card": "A1", "to": 0}, "first every player chooses 3 public cards"),
    ],
)
def test_illegal_reveals_change_nothing(action: dict[str, Any], reason: str) -> None:
    game = new_game(4, hands=build_hands(4, {0: ["A1", "A2", "A3", "A4"], 1: ["W10"]}))
    assert_illegal(game, 0, action, reason)


def test_choosing_twice_or_after_the_end_changes_nothing() -> None:
    game = new_game(4)
    game.apply(0, {"type": "reveal", "cards": game.hands[0][:3]})
    assert_illegal(game, 0, {"type": "reveal", "cards": game.hands[0][-3:]}, "not your turn")
    for _ in range(3):
        if game.phase == "reveal":
            reveal_all(game)
        play_first_legal(game)
    assert game.finished
    assert_illegal(game, 0, {"type": "play", "card": "A1", "to": 0}, "the game is over")


# --- hidden information ---------------------------------------------------------


def test_three_player_set_aside_cards_are_never_shown() -> None:
    hands = build_hands(3, {})
    aside = set(CARDS) - {card for hand in hands for card in hand}
    game = new_game(3, seed=5, hands=hands)
    assert set(game.set_aside) == aside and len(aside) == 4
    rng = random.Random(5)
    while not game.finished:
        before = set(game.set_aside)  # each deal sets aside its own four
        _, _, events = random_step(game, rng)
        assert not strings_in(events) & before
        for seat in [0, 1, 2, None]:
            assert not strings_in(game.view(seat)) & set(game.set_aside)


# --- properties over random games -------------------------------------------------


@st.composite
def random_games(draw: st.DrawFn) -> tuple[Cena, random.Random]:
    players = draw(st.integers(3, 5))
    options = {
        "simplified": draw(st.booleans()),
        "host": draw(st.integers(0, players - 1)),
        "draw_objectives": draw(st.booleans()),
    }
    game = new_game(players, seed=draw(st.integers(10**12, 2**63 - 1)), **options)
    # Hypothesis picks every move, so a failing game shrinks.
    return game, draw(moves())


def check_all_cards_accounted_for(game: Cena) -> None:
    on_table = [played["card"] for played in game.trick_cards]
    won = [card for cards in game.won for card in cards]
    everywhere = [card for hand in game.hands for card in hand] + on_table + won + game.set_aside
    assert Counter(everywhere) == Counter(CARDS)
    view = game.view(None)
    seen = sum(view["hand_sizes"]) + len(view["trick"]["cards"])
    seen += sum(alliance["won"] for alliance in view["alliances"])
    assert seen + (4 if game.players == 3 else 0) == 40


@pytest.mark.slow
@given(random_games())
def test_every_deal_accounts_for_all_40_cards(setup: tuple[Cena, random.Random]) -> None:
    game, rng = setup
    check_all_cards_accounted_for(game)
    for _ in random_steps(game, rng):
        if not game.finished:
            check_all_cards_accounted_for(game)


def hidden_from(game: Cena, seat: int | None) -> set[str]:
    """Cards the audience must not see: others' non-public hand cards and the set-aside."""
    hidden = set(game.set_aside)
    for owner, hand in enumerate(game.hands):
        if owner != seat:
            hidden |= set(hand) - set(game.public[owner])
    return hidden


@pytest.mark.slow
@given(random_games())
def test_no_view_or_event_shows_hidden_cards(setup: tuple[Cena, random.Random]) -> None:
    game, rng = setup
    while not game.finished:
        hidden_before = hidden_from(game, None)
        _, action, events = random_step(game, rng)
        # An event may show the card just played; nothing else hidden before and after.
        still_hidden = (hidden_before - {action.get("card")}) & hidden_from(game, None)
        assert not strings_in(events) & still_hidden
        for seat in [*range(game.players), None]:
            view = game.view(seat)
            assert not strings_in(view) & hidden_from(game, seat), f"leak to {seat}"
            if seat is not None:
                assert view["hand"] == game.hands[seat]
