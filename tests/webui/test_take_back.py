"""Take-back routes: ask, answer, answer for a seat (host), withdraw; bad input changes
nothing and is answered with a clear error, never a 500; the state shows the request."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table

from .conftest import CARD, get, ok, post, refused, seat_players, snapshot

ROUTES = [
    ("/api/take-back/ask", {}),
    ("/api/take-back/answer", {"allow": True}),
    ("/api/take-back/answer-for", {"seat": 1, "allow": True}),
    ("/api/take-back/withdraw", {}),
]


def to_play(table: Table) -> None:
    while table.view(None)["phase"] == "reveal":
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0])


def play_one(client: FlaskClient, table: Table, tokens: list[str]) -> int:
    seat = table.to_act()[0]
    action = table.legal_actions(seat)[0]
    ok(
        post(
            client, "/api/action", {"action": action, "request": f"move-{seat}-0001"}, tokens[seat]
        )
    )
    return seat


def test_a_mis_tap_taken_back_through_the_api(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    to_play(table)
    before = [ok(get(client, "/api/state", token)) for token in seated.tokens]
    seat = play_one(client, table, seated.tokens)
    mine = ok(get(client, "/api/state", seated.tokens[seat]))
    assert mine["table"]["take_back"]["offers"] == [{"seat": seat, "steps": 1}]
    answer = ok(post(client, "/api/take-back/ask", {"steps": 1}, seated.tokens[seat]))
    assert answer == {"ok": True, "outcome": "asked"}
    public = ok(get(client, "/api/state"))["table"]["take_back"]["request"]
    assert public["seat"] == seat and public["waiting"] == [s for s in range(3) if s != seat]
    # The game waits: a move now is refused with its own code.
    assert ok(get(client, "/api/state", seated.tokens[seat]))["legal"] == []
    game = table._state.game
    assert game is not None
    waiting = game.to_act[0]
    action = game.legal_actions(waiting)[0]
    refused(
        post(client, "/api/action", {"action": action}, seated.tokens[waiting]),
        409,
        "take_back_pending",
    )
    outcomes = [
        ok(post(client, "/api/take-back/answer", {"allow": True}, seated.tokens[other]))["outcome"]
        for other in range(3)
        if other != seat
    ]
    assert outcomes == ["agreed", "taken_back"]
    after = [ok(get(client, "/api/state", token)) for token in seated.tokens]
    for old, new in zip(before, after, strict=True):
        assert {k: v for k, v in new.items() if k != "table"} == {
            k: v for k, v in old.items() if k != "table"
        }
    # The retried request of the move taken back is refused, not applied again.
    assert table.to_act() == [seat]
    refused(
        post(
            client,
            "/api/action",
            {"action": table.legal_actions(seat)[0], "request": f"move-{seat}-0001"},
            seated.tokens[seat],
        ),
        409,
        "taken_back",
    )


def test_refusal_withdrawal_and_the_host_answering_for_a_seat(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table)
    to_play(table)
    seat = play_one(client, table, seated.tokens)
    other = next(s for s in range(3) if s != seat)
    ok(post(client, "/api/take-back/ask", {}, seated.tokens[seat]))
    refused(
        post(client, "/api/take-back/withdraw", {}, seated.tokens[other]),
        409,
        "take_back_not_yours",
    )
    assert ok(post(client, "/api/take-back/withdraw", {}, seated.tokens[seat]))["outcome"] == (
        "withdrawn"
    )
    ok(post(client, "/api/take-back/ask", {}, seated.tokens[seat]))
    answer = ok(post(client, "/api/take-back/answer", {"allow": False}, seated.tokens[other]))
    assert answer["outcome"] == "refused"
    result = ok(get(client, "/api/state"))["table"]["take_back"]["result"]
    assert result["kind"] == "refused"

    # A seat nobody holds: only the host answers for it.
    empty = next(s for s in (1, 2) if s != seat)
    table.release_seat(empty, by=empty)  # that player leaves the table
    ok(post(client, "/api/take-back/ask", {}, seated.tokens[seat]))
    non_host = next(s for s in (1, 2) if s != empty)
    refused(
        post(
            client,
            "/api/take-back/answer-for",
            {"seat": empty, "allow": True},
            seated.tokens[non_host],
        ),
        403,
        "not_host",
    )
    if seat != 0:
        ok(post(client, "/api/take-back/answer", {"allow": True}, seated.tokens[0]))
    answer = ok(
        post(client, "/api/take-back/answer-for", {"seat": empty, "allow": True}, seated.tokens[0])
    )
    assert answer["outcome"] == "taken_back"


def test_reasons_come_in_a_players_words_with_stable_codes(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table)
    to_play(table)
    reasons = set()
    for seat, token in enumerate(seated.tokens):
        response = post(client, "/api/take-back/ask", {}, token)
        body = response.get_json()
        assert response.status_code == 409
        reasons.add((body["code"], body["error"]))
        assert seat in range(3)
    assert (
        "take_back_public_cards_shown",
        "that cannot be taken back: everyone's public cards have been shown",
    ) in reasons
    seat = play_one(client, table, seated.tokens)
    other = (seat + 1) % 3
    message = refused(post(client, "/api/take-back/ask", {}, seated.tokens[other]), 409)
    assert message == "only the player who made a move can ask to take it back"
    refused(
        post(client, "/api/take-back/ask", {}, seated.tokens[other]), 409, "take_back_not_yours"
    )


def test_take_backs_are_set_in_the_lobby(client: FlaskClient, table: Table) -> None:
    opened = ok(
        post(
            client,
            "/api/lobby",
            {"game": "sarena", "players": 2, "name": "Ann", "take_backs": "off"},
        )
    )
    assert table.status()["take_back"]["mode"] == "off"
    ok(post(client, "/api/host/configure", {"take_backs": "free"}, opened["token"]))
    assert table.status()["take_back"]["mode"] == "free"
    message = refused(
        post(client, "/api/host/configure", {"take_backs": "maybe"}, opened["token"]),
        400,
        "invalid_field",
    )
    assert "off, ask, free" in message
    assert table.status()["take_back"]["mode"] == "free"


@pytest.mark.parametrize(("path", "body"), ROUTES)
def test_strangers_and_forgeries_change_nothing(
    client: FlaskClient, table: Table, journal: Journal, path: str, body: dict[str, Any]
) -> None:
    seated = seat_players(client, table)
    to_play(table)
    play_one(client, table, seated.tokens)
    before = snapshot(table, journal)
    refused(post(client, path, body), 403, "not_seated")
    refused(post(client, path, body, "x" * 24), 403, "join_again")
    assert snapshot(table, journal) == before


BAD_BODIES = [
    ("/api/take-back/ask", {"steps": 0}),
    ("/api/take-back/ask", {"steps": 13}),
    ("/api/take-back/ask", {"steps": "1"}),
    ("/api/take-back/ask", {"steps": True}),
    ("/api/take-back/ask", {"steps": 1.5}),
    ("/api/take-back/ask", {"seat": 1}),
    ("/api/take-back/ask", []),
    ("/api/take-back/answer", {}),
    ("/api/take-back/answer", {"allow": "yes"}),
    ("/api/take-back/answer", {"allow": 1}),
    ("/api/take-back/answer", {"allow": True, "extra": 1}),
    ("/api/take-back/answer-for", {"seat": -1, "allow": True}),
    ("/api/take-back/answer-for", {"seat": 3, "allow": True}),
    ("/api/take-back/answer-for", {"seat": 2**60, "allow": True}),
    ("/api/take-back/answer-for", {"allow": True}),
    ("/api/take-back/withdraw", {"now": True}),
]


@pytest.mark.parametrize(("path", "body"), BAD_BODIES)
def test_bad_bodies_are_refused_clearly_and_change_nothing(
    client: FlaskClient, table: Table, journal: Journal, path: str, body: Any
) -> None:
    seated = seat_players(client, table)
    to_play(table)
    seat = play_one(client, table, seated.tokens)
    token = seated.tokens[0] if path.endswith("answer-for") else seated.tokens[seat]
    before = snapshot(table, journal)
    message = refused(post(client, path, body, token), 400)
    assert message
    assert snapshot(table, journal) == before


def test_every_refusal_is_a_clear_409_when_nothing_waits(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seated = seat_players(client, table, start=False)
    before = snapshot(table, journal)
    for path, body in ROUTES:
        response = post(client, path, body, seated.tokens[0])
        assert response.status_code == 409, (path, response.get_json())
        assert set(response.get_json()) == {"error", "code"}
    assert snapshot(table, journal) == before


def test_the_request_shown_to_everyone_names_no_card(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    seat = table.to_act()[0]  # a secret choice of public cards, not the last one
    action = table.legal_actions(seat)[0]
    ok(post(client, "/api/action", {"action": action}, seated.tokens[seat]))
    ok(post(client, "/api/take-back/ask", {}, seated.tokens[seat]))
    for other in range(3):
        if other != seat:
            state = ok(get(client, "/api/state", seated.tokens[other]))
            assert not CARD.search(str(state["table"]))
    for other in range(3):
        if other != seat:
            ok(post(client, "/api/take-back/answer", {"allow": True}, seated.tokens[other]))
    assert not CARD.search(str(ok(get(client, "/api/state"))["table"]))
