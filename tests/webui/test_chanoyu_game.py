"""Chanoyu through the API with three phones: each seat sees its own hand and the
public table, nothing more; illegal actions are 422 and change nothing; a whole
match can be played from the legal actions the API hands out."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table

from .conftest import SEED, Seated, get, ok, post, refused, snapshot

# Seat 0 hosts, so seat 2 (its right neighbour) leads; play goes 2, 1, 0.
HANDS = [
    ["2H", "3H", "4H", "QD", "T1"],
    ["9S", "8D", "7D", "6D", "KC"],
    ["5S", "AS", "2C", "3C", "4C"],
]
PILE = ["10S", "JH", "10C"]  # drawn after trick 1: leader (the winner) first
JSON_CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC]|T[12])"')
# What only a seat's own state carries on top of the public one.
OWN_FIELDS = {"hand", "legal", "seat", "you"}


def seat_chanoyu(client: FlaskClient, table: Table, options: dict[str, Any]) -> Seated:
    """A 3-seat Chanoyu table: the box opens it (fixed hands are not a phone's to set),
    the host's phone holds seat 0, two phones join with the room code, the host starts."""
    ticket = table.open_lobby("chanoyu", 3, options, host_name="Ann")
    assert ticket is not None
    tokens = [ticket[1]]
    room = table.status()["room"]
    for name in ("Bob", "Cat"):
        tokens.append(ok(post(client, "/api/join", {"code": room, "name": name}))["token"])
    ok(post(client, "/api/host/start", token=tokens[0]))
    return Seated(client, table, tokens)


@pytest.fixture
def seated(client: FlaskClient, table: Table) -> Seated:
    return seat_chanoyu(client, table, {"hands": HANDS, "pile": PILE})


def cards_in(text: str) -> set[str]:
    return set(JSON_CARD.findall(text))


def test_each_seat_sees_its_own_hand_and_nobody_elses(seated: Seated) -> None:
    for seat, hand in enumerate(HANDS):
        response = get(seated.client, "/api/state", seated.tokens[seat])
        text = response.get_data(as_text=True)
        state = response.get_json()
        assert sorted(state["hand"]) == sorted(hand)
        others = {card for other, cards in enumerate(HANDS) if other != seat for card in cards}
        assert not cards_in(text) & others, f"seat {seat} sees another hand"
        assert str(SEED) not in text
        assert not any(token in text for token in seated.tokens)
    public = get(seated.client, "/api/state").get_data(as_text=True)
    assert not cards_in(public) & {card for hand in HANDS for card in hand}
    assert "hand" not in get(seated.client, "/api/state").get_json()


def test_only_the_seat_to_act_gets_legal_actions_and_only_playable_cards(seated: Seated) -> None:
    assert seated.state(2)["legal"] == [
        {"type": "play", "card": card} for card in ["AS", "5S", "2C", "3C", "4C"]
    ]
    assert seated.state(0)["legal"] == [] and seated.state(1)["legal"] == []
    ok(seated.act(2, {"type": "play", "card": "5S"}))
    # Bob must follow spades with his only spade.
    assert seated.state(1)["legal"] == [{"type": "play", "card": "9S"}]


ILLEGAL = [
    (0, {"type": "play", "card": "2H"}, "not your turn"),
    (2, {"type": "play", "card": "9S"}, "you do not hold 9S"),
    (2, {"type": "play", "card": "ZZ"}, "not a Chanoyu card"),
    (2, {"type": "play"}, "not a Chanoyu card"),
    (2, {"type": "place", "card": "5S", "at": "left"}, "nothing to build"),
    (2, {"type": "build", "cards": []}, "nothing to build"),
    (2, {"type": "dance"}, "unknown action"),
    (2, {"type": "play", "card": "5S", "extra": 1}, "unexpected field"),
]


@pytest.mark.parametrize("seat,action,words", ILLEGAL, ids=[w for _, _, w in ILLEGAL])
def test_illegal_plays_are_422_with_a_reason_and_change_nothing(
    seated: Seated, journal: Journal, seat: int, action: dict[str, Any], words: str
) -> None:
    before = snapshot(seated.table, journal)
    assert words in refused(seated.act(seat, action), 422)
    assert snapshot(seated.table, journal) == before


def test_not_following_suit_is_refused(seated: Seated, journal: Journal) -> None:
    ok(seated.act(2, {"type": "play", "card": "5S"}))
    before = snapshot(seated.table, journal)
    assert "you must follow suit" in refused(seated.act(1, {"type": "play", "card": "8D"}), 422)
    assert snapshot(seated.table, journal) == before


def test_the_winner_builds_from_the_placements_offered_and_bad_builds_change_nothing(
    seated: Seated, journal: Journal
) -> None:
    for seat, card in ((2, "5S"), (1, "9S"), (0, "2H")):  # Bob's 9S wins
        ok(seated.act(seat, {"type": "play", "card": card}))
    state = seated.state(1)
    assert state["phase"] == "build" and state["to_act"] == [1]
    places = [a for a in state["legal"] if a["type"] == "place"]
    assert {"type": "place", "card": "9S", "at": "left"} in places
    assert {"type": "build", "cards": []} not in state["legal"], "a card fits: place one first"
    assert seated.state(0)["legal"] == []

    before = snapshot(seated.table, journal)
    bad_builds: list[tuple[dict[str, Any], str]] = [
        ({"type": "build", "cards": []}, "at least one"),
        ({"type": "place", "card": "8D", "at": "left"}, "not in the trick you won"),
        ({"type": "place", "card": "9S", "at": "middle"}, "which end"),
        ({"type": "place", "card": "9S", "at": "left", "value": 3}, "worth 9"),
        ({"type": "place", "card": "2H", "seat": 0, "at": "left"}, "only a Tsukumogami"),
        (
            {
                "type": "build",
                "cards": [{"card": "9S", "at": "left"}, {"card": "5S", "at": "right"}],
            },
            "higher than 9",
        ),
        ({"type": "play", "card": "6D"}, "build first"),
    ]
    for action, words in bad_builds:
        assert words in refused(seated.act(1, action), 422), action
    assert snapshot(seated.table, journal) == before

    events = ok(seated.act(1, {"type": "place", "card": "9S", "at": "left"}))["events"]
    assert events == [
        {"type": "placed", "by": 1, "seat": 1, "card": "9S", "value": 9, "at": "left"}
    ]
    state = seated.state(1)
    assert state["phase"] == "build" and state["build"]["placed"] == ["9S"]
    assert {"type": "build", "cards": []} in state["legal"], "one placed: stopping is allowed"
    events = ok(seated.act(1, {"type": "build", "cards": []}))["events"]
    assert events[0] == {
        "type": "build_done",
        "seat": 1,
        "placed": ["9S"],
        "discarded": ["5S", "2H"],
    }
    assert events[1] == {"type": "drew", "pile": 36}
    public = seated.state(None)
    assert public["tableaux"][1] == [{"card": "9S", "value": 9}]
    assert public["trick"]["leader"] == 1 and public["to_act"] == [1]
    # Bob leads next and drew first: the pile's top card is his, the others' are theirs.
    assert "10S" in seated.state(1)["hand"]
    assert "JH" in seated.state(0)["hand"] and "10C" in seated.state(2)["hand"]
    assert not cards_in(get(seated.client, "/api/state").get_data(as_text=True)) & {
        "10S",
        "JH",
        "10C",
    }


def test_a_phone_cannot_set_the_hands_or_the_pile(client: FlaskClient) -> None:
    body = {"game": "chanoyu", "players": 3, "options": {"hands": HANDS}, "name": "Ann"}
    assert "cannot be set from a phone" in refused(post(client, "/api/lobby", body), 400)
    body["options"] = {"pile": PILE}
    assert "cannot be set from a phone" in refused(post(client, "/api/lobby", body), 400)
    body["options"] = {"host": 7}
    assert "host" in refused(post(client, "/api/lobby", body), 400)


def check_own_view(seated: Seated, seat: int) -> None:
    """A seat's state is the public state plus its own hand and legal actions, and
    its hand is the one the table holds for that seat."""
    public = seated.state(None)
    mine = seated.state(seat)
    assert {k: v for k, v in mine.items() if k not in OWN_FIELDS} == {
        k: v for k, v in public.items() if k not in OWN_FIELDS
    }
    assert mine["hand"] == seated.table.view(seat)["hand"]
    assert mine["you"] == {"seat": seat, "host": seat == 0}
    # The public table's current fields never show a card that sits in a hand.
    held = {card for s in range(3) for card in seated.table.view(s)["hand"]}
    current = {k: public[k] for k in ("trick", "build", "last_trick", "tableaux")}
    assert not cards_in(str(current).replace("'", '"')) & held


def test_a_whole_match_through_the_api_shows_each_seat_only_its_own_hand(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_chanoyu(client, table, {})
    events: list[dict[str, Any]] = []
    for _ in range(3000):
        public = seated.state(None)
        if public["phase"] == "over":
            break
        for seat in range(3):
            check_own_view(seated, seat)
        seat = public["to_act"][0]
        legal = seated.state(seat)["legal"]
        # Prefer placements, so builds happen; otherwise the first legal action.
        action = next((a for a in legal if a["type"] == "place"), legal[0])
        response = seated.act(seat, action)
        assert str(SEED) not in response.get_data(as_text=True)
        events += ok(response)["events"]
        seated.read_summary()
    else:
        raise AssertionError("the match did not end")
    final = seated.state(None)
    assert final["table"]["phase"] == "over"
    scored = [e for e in events if e["type"] == "round_scored"]
    assert [e["round"] for e in scored] == list(range(1, len(scored) + 1))
    assert max(final["scores"]) >= 15
    assert events[-1] == {
        "type": "game_over",
        "winners": final["winners"],
        "scores": final["scores"],
    }
    assert any(e["type"] == "placed" for e in events)
