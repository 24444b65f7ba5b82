"""Host routes: only the host's token may configure, seat, start, release and end."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import RELEASE_GRACE, Table

from .conftest import get, ok, post, refused, seat_players, snapshot

HOST_ROUTES = [
    ("/api/host/configure", {"players": 4}),
    ("/api/host/start", {}),
    ("/api/host/release", {"seat": 1}),
    ("/api/host/swap", {"first": 0, "second": 1}),
    ("/api/host/bot", {"seat": 1, "level": "easy"}),
    ("/api/host/bot-pace", {"seconds": 2}),
    ("/api/host/end", {}),
]


@pytest.mark.parametrize(("path", "body"), HOST_ROUTES)
def test_host_routes_refuse_players_strangers_and_forgeries(
    client: FlaskClient, table: Table, journal: Journal, path: str, body: dict
) -> None:
    seated = seat_players(client, table, start=False)
    before = snapshot(table, journal)
    assert "only the host" in refused(post(client, path, body, seated.tokens[1]), 403)
    assert "join" in refused(post(client, path, body), 403)
    assert "join again" in refused(post(client, path, body, "x" * 24), 403)
    assert snapshot(table, journal) == before


def test_configure_changes_game_players_and_options(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    host = seated.tokens[0]
    ok(post(client, "/api/host/configure", {"players": 5}, host))
    assert table.status()["players"] == 5
    options = {
        "simplified": True,
        "draw_objectives": True,
        "objectives": [
            {"penalty": 3, "suit": "W"},
            {"penalty": 2, "number": 1},
            {"penalty": 5, "suit": "C", "parity": "even"},
            {"penalty": 1, "parity": "odd"},
        ],
    }
    ok(post(client, "/api/host/configure", {"options": options}, host))
    assert table.status()["options"] == options
    ok(post(client, "/api/host/configure", {"game": "cena", "players": 3, "options": {}}, host))
    assert (table.status()["players"], table.status()["options"]) == (3, {})


def test_configure_refusals(client: FlaskClient, table: Table, journal: Journal) -> None:
    seated = seat_players(client, table, start=False, players=4)
    host = seated.tokens[0]
    before = snapshot(table, journal)
    cases = [
        ({}, 400, "give a game"),
        ({"players": 6}, 400, "3 to 5"),
        ({"players": "4"}, 400, "whole number"),
        ({"game": "go"}, 400, "unknown game"),
        ({"options": {"objectives": []}}, 400, "exactly 3"),
        ({"options": {"hands": [["A3"]]}}, 400, "cannot be set"),
        ({"options": {"colours": ["R"]}}, 400, "unknown Céna option"),
        ({"players": 3}, 409, "free the seats"),  # seat 4 is taken
    ]
    for body, status, words in cases:
        assert words in refused(post(client, "/api/host/configure", body, host), status)
    assert snapshot(table, journal) == before


def test_configure_after_the_start_is_409(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    message = refused(post(client, "/api/host/configure", {"players": 4}, seated.tokens[0]), 409)
    assert "lobby" in message


def test_start_needs_every_seat(client: FlaskClient, table: Table, journal: Journal) -> None:
    seated = seat_players(client, table, start=False)
    ok(post(client, "/api/host/release", {"seat": 2}, seated.tokens[0]))
    before = snapshot(table, journal)
    assert "seat 3" in refused(post(client, "/api/host/start", {}, seated.tokens[0]), 409)
    assert snapshot(table, journal) == before


def test_start_deals(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    ok(post(client, "/api/host/start", {}, seated.tokens[0]))
    assert table.phase == "playing"
    assert seated.state(0)["phase"] == "reveal"


def test_start_accepts_an_empty_body(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    response = client.post("/api/host/start", headers={"X-Tablemate-Token": seated.tokens[0]})
    ok(response)


def test_release_frees_a_seat_and_its_token_stops_working(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table)
    asked = ok(post(client, "/api/host/release", {"seat": 1}, seated.tokens[0]))
    assert asked == {"ok": True, "outcome": "asked"}  # Bob holds a hand: his phone is asked
    freed = ok(post(client, "/api/host/release/answer", {"allow": True}, seated.tokens[1]))
    assert freed == {"ok": True, "outcome": "freed"}
    assert table.status()["seats"][1]["taken"] is False
    assert "join again" in refused(get(client, "/api/state", seated.tokens[1]), 403)
    room = table.status()["room"]
    again = ok(post(client, "/api/join", {"code": room, "name": "Bea"}))
    assert again["seat"] == 1
    assert seated.state(0)["table"]["seats"][1]["name"] == "Bea"


def test_release_refusals(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    host = seated.tokens[0]
    ok(post(client, "/api/host/release", {"seat": 2}, host))
    assert "already free" in refused(post(client, "/api/host/release", {"seat": 2}, host), 409)
    assert "whole number" in refused(post(client, "/api/host/release", {"seat": True}, host), 400)
    assert "missing" in refused(post(client, "/api/host/release", {}, host), 400)


def test_swap_exchanges_seats_in_the_lobby(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    ok(post(client, "/api/host/swap", {"first": 1, "second": 2}, seated.tokens[0]))
    names = [seat["name"] for seat in table.status()["seats"]]
    assert names == ["Ann", "Cat", "Bob"]
    assert table.seat_of(seated.tokens[1]) == 2


def test_swap_refusals(client: FlaskClient, table: Table, journal: Journal) -> None:
    seated = seat_players(client, table, start=False)
    host = seated.tokens[0]
    before = snapshot(table, journal)
    beyond = {"first": 0, "second": 9}
    assert "no seat" in refused(post(client, "/api/host/swap", beyond, host), 409)
    body = {"first": 0, "second": 1, "third": 2}
    assert "third" in refused(post(client, "/api/host/swap", body, host), 400)
    assert snapshot(table, journal) == before
    ok(post(client, "/api/host/start", {}, host))
    assert "lobby" in refused(post(client, "/api/host/swap", {"first": 0, "second": 1}, host), 409)


def test_end_keeps_the_table_and_clear_frees_every_token(client: FlaskClient, table: Table) -> None:
    # Issue 28: ending a game keeps every seat for the next game; clearing is its own call.
    seated = seat_players(client, table)
    room = table.status()["room"]
    ok(post(client, "/api/host/end", {}, seated.tokens[0]))
    assert table.phase == "over" and table.status()["room"] == room
    assert [table.seat_of(token) for token in seated.tokens] == list(range(len(seated.tokens)))
    state = ok(get(client, "/api/state", seated.tokens[1]))
    assert state["table"]["ended_early"] and state["winners"] == []
    assert refused(post(client, "/api/host/clear", {}, seated.tokens[1]), 403)
    ok(post(client, "/api/host/clear", {}, seated.tokens[0]))
    assert table.phase == "idle"
    for token in seated.tokens:
        assert table.seat_of(token) is None


# --- freeing a seat during play: its holder's consent, or the whole table's ----------------


def test_the_host_cannot_read_a_hand_by_freeing_and_retaking_a_seat(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seated = seat_players(client, table)
    host = seated.tokens[0]
    bobs_hand = table.view(1)["hand"]
    assert ok(post(client, "/api/host/release", {"seat": 1}, host))["outcome"] == "asked"
    room = table.status()["room"]
    # A second phone of the host's cannot take the seat: it is still Bob's.
    assert "every seat is taken" in refused(
        post(client, "/api/join", {"code": room, "name": "X"}), 409
    )
    assert "waiting for Cat" in refused(post(client, "/api/host/release", {"seat": 1}, host), 409)
    # Cat agrees (a lost phone?), but Bob's phone may still refuse during the grace.
    ok(post(client, "/api/host/release/answer", {"allow": True}, seated.tokens[2]))
    assert "may still refuse" in refused(post(client, "/api/host/release", {"seat": 1}, host), 409)
    assert "may still refuse" in refused(
        post(client, "/api/host/release/answer", {"allow": True}, host), 409
    )
    # Every screen sees the request, and Bob's phone refuses it.
    for token in (None, *seated.tokens):
        assert get_state(client, token)["table"]["release"]["seat"] == 1
    answer = ok(post(client, "/api/host/release/answer", {"allow": False}, seated.tokens[1]))
    assert answer["outcome"] == "refused"
    state = get_state(client, None)
    assert state["table"]["release"] is None and state["table"]["seats"][1]["taken"]
    assert state["table"]["notices"][-1]["text"] == "Bob kept seat 2"
    assert table.view(1)["hand"] == bobs_hand and table.seat_of(seated.tokens[1]) == 1


def test_a_lost_phones_seat_is_freed_with_the_tables_consent_and_retaken_in_view(
    client: FlaskClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = seat_players(client, table, players=4)
    host = seated.tokens[0]
    now = [100.0]
    monkeypatch.setattr(table, "_clock", lambda: now[0])
    ok(post(client, "/api/host/release", {"seat": 3}, host))
    for seat in (1, 2):
        answer = ok(post(client, "/api/host/release/answer", {"allow": True}, seated.tokens[seat]))
        assert answer["outcome"] == "agreed"
    now[0] += RELEASE_GRACE
    assert ok(post(client, "/api/host/release", {"seat": 3}, host))["outcome"] == "freed"
    assert "join again" in refused(get(client, "/api/state", seated.tokens[3]), 403)
    room = table.status()["room"]
    taken = ok(post(client, "/api/join", {"code": room, "name": "Dan again"}))
    assert taken["seat"] == 3
    texts = [n["text"] for n in get_state(client, None)["table"]["notices"]]
    assert texts == ["Seat 4 (Dan) was freed: the table agreed", "Dan again took seat 4"]


def test_answering_needs_a_seat_and_a_request(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    body = {"allow": True}
    assert "nobody is asking" in refused(
        post(client, "/api/host/release/answer", body, seated.tokens[1]), 409
    )
    ok(post(client, "/api/host/release", {"seat": 1}, seated.tokens[0]))
    assert "join" in refused(post(client, "/api/host/release/answer", body), 403)
    assert "join again" in refused(post(client, "/api/host/release/answer", body, "x" * 24), 403)
    assert "allow" in refused(
        post(client, "/api/host/release/answer", {"allow": "yes"}, seated.tokens[1]), 400
    )
    assert table.status()["seats"][1]["taken"]


def test_in_the_lobby_a_seat_is_freed_at_once(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    answer = ok(post(client, "/api/host/release", {"seat": 1}, seated.tokens[0]))
    assert answer["outcome"] == "freed"
    assert table.status()["notices"] == []  # no hand yet: nothing to announce


def get_state(client: FlaskClient, token: str | None) -> dict:
    return ok(get(client, "/api/state", token))
