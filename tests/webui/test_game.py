"""A whole Céna game through the API with three phones, checking on every response
that nobody learns another seat's hidden cards, another seat's token or the seed."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from device.table import Table

from .conftest import CARD, SEED, Seated, get, ok, seat_players

JSON_CARD = re.compile(r'"([CWMA](?:10|[1-9]))"')


def cards_in(text: str) -> set[str]:
    return set(JSON_CARD.findall(text))


def hidden_from_others(table: Table, seat: int, shown: set[str]) -> set[str]:
    """The seat's cards nobody else may know: its hand minus whatever is public now
    (its revealed cards, the current trick) and the cards shown publicly in the
    response's events (the last trick of a deal, before the new deal)."""
    public = cards_in(json.dumps(table.view(None))) | shown
    return set(table.view(seat)["hand"]) - public


def check_private(response: TestResponse, table: Table, caller: int | None, tokens: list[str]):
    """Nothing in the response belongs to a seat other than the caller."""
    text = response.get_data(as_text=True)
    assert str(SEED) not in text
    body = response.get_json()
    shown = cards_in(json.dumps(body.get("events", [])))
    for seat, token in enumerate(tokens):
        if seat != caller:
            assert token not in text, f"seat {seat}'s token leaked to {caller}"
            assert not cards_in(text) & hidden_from_others(table, seat, shown), (
                f"seat {seat}'s hidden cards leaked to {caller}"
            )


def play_whole_game(seated: Seated, table: Table) -> list[dict[str, Any]]:
    """Every seat acts from its own legal actions until the game ends; every response
    (actions, all seats' states, the public state) is checked for leaks."""
    events: list[dict[str, Any]] = []
    tokens = seated.tokens
    for _ in range(500):
        public = get(seated.client, "/api/state")
        check_private(public, table, None, tokens)
        if public.get_json()["phase"] == "over":
            return events
        for seat in range(len(tokens)):
            response = get(seated.client, "/api/state", tokens[seat])
            check_private(response, table, seat, tokens)
        seat = public.get_json()["to_act"][0]
        legal = seated.state(seat)["legal"]
        response = seated.act(seat, legal[0])
        check_private(response, table, seat, tokens)
        events += ok(response)["events"]
        seated.read_summary()
    raise AssertionError("the game did not end")


def test_a_whole_cena_game_through_the_api(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, players=3)
    events = play_whole_game(seated, table)
    final = seated.state(None)
    assert final["phase"] == "over" and final["table"]["phase"] == "over"
    assert [e["deal"] for e in events if e["type"] == "deal_scored"] == [1, 2, 3]
    assert events[-1]["type"] == "game_over"
    assert final["winners"] == events[-1]["winners"]
    assert len(final["deal_scores"]) == 3
    assert sum(1 for e in events if e["type"] == "played") == 3 * 36


def test_a_simplified_four_player_deal_plays_in_front_of_yourself(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table, players=4, options={"simplified": True})
    for seat in range(4):
        ok(seated.act(seat, seated.state(seat)["legal"][0]))
    for _ in range(4):
        seat = seated.state(None)["trick"]["turn"]
        legal = seated.state(seat)["legal"]
        assert {action["to"] for action in legal} == {seat}
        ok(seated.act(seat, legal[0]))


def test_a_seat_cannot_act_for_another(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    for seat in range(3):
        ok(seated.act(seat, seated.state(seat)["legal"][0]))
    turn = seated.state(None)["trick"]["turn"]
    other = (turn + 1) % 3
    theirs = seated.state(turn)["legal"][0]
    version = table.version
    response = seated.act(other, theirs)
    assert response.status_code == 422
    assert table.version == version
    assert seated.state(turn)["legal"][0] == theirs


def test_a_seat_sees_only_its_own_hand_and_choice(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    choice = seated.state(1)["hand"][:3]
    ok(seated.act(1, {"type": "reveal", "cards": choice}))
    for seat in (0, 2):
        response = get(client, "/api/state", seated.tokens[seat])
        state = response.get_json()
        assert state["chosen"] is None
        assert not set(state["hand"]) & set(table.view(1)["hand"])
        assert not cards_in(response.get_data(as_text=True)) & set(table.view(1)["hand"])
    assert seated.state(None)["ready"] == [False, True, False]


def test_logs_of_a_whole_game_hold_no_token_and_no_card(
    client: FlaskClient,
    table: Table,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    caplog.set_level(logging.DEBUG)
    seated = seat_players(client, table, players=3)
    play_whole_game(seated, table)
    get(client, "/api/state", "forged-token")  # a refused token is not logged either
    # A failure whose message holds secrets: the log keeps its type and route only.
    secret = f"{seated.tokens[1]} holds {table.view(1)['hand']} {SEED}"

    def fail(seat: int) -> list:
        raise RuntimeError(secret)

    monkeypatch.setattr(table, "legal_actions", fail)
    response = get(client, "/api/state", seated.tokens[1])
    assert response.status_code == 500
    assert response.get_json() == {
        "error": "something went wrong in the box; please try again",
        "code": "internal",
    }
    text = caplog.text
    assert "unexpected RuntimeError on GET /api/state" in text
    for token in seated.tokens:
        assert token not in text
    assert "forged-token" not in text
    assert not CARD.findall(text)
    assert str(SEED) not in text


def test_the_leak_check_catches_a_leak(client: FlaskClient, table: Table) -> None:
    """check_private is only worth something if it fails on a real leak."""
    seated = seat_players(client, table)
    bobs_state = get(client, "/api/state", seated.tokens[1])
    with pytest.raises(AssertionError, match="hidden cards"):
        check_private(bobs_state, table, 0, seated.tokens)
    with pytest.raises(AssertionError, match="token"):
        check_private(bobs_state, table, 0, [seated.tokens[0], "Bob", seated.tokens[2]])
