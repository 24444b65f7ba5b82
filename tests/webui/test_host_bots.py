"""The host seats a bot (POST /api/host/bot) and sets its pace; refusals change nothing."""

from __future__ import annotations

from flask.testing import FlaskClient

from device.history.core import History
from device.journal import Journal
from device.table import Table

from .conftest import ok, post, refused, seat_players, snapshot


def test_the_host_seats_a_bot_and_takes_the_seat_back(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    host = seated.tokens[0]
    ok(post(client, "/api/host/release", {"seat": 2}, host))
    name = ok(post(client, "/api/host/bot", {"seat": 2, "level": "strong"}, host))["name"]
    seat = seated.state(1)["table"]["seats"][2]
    assert (seat["name"], seat["taken"], seat["bot"]) == (name, True, "strong")
    ok(post(client, "/api/host/release", {"seat": 2}, host))  # back to the people: at once
    assert not table.status()["seats"][2]["taken"]
    ok(post(client, "/api/host/bot", {"seat": 2}, host))  # "normal" unless told
    assert table.status()["seats"][2]["bot"] == "normal"


def test_bot_refusals(client: FlaskClient, table: Table, journal: Journal) -> None:
    seated = seat_players(client, table, start=False)
    host = seated.tokens[0]
    ok(post(client, "/api/host/bot", {"seat": 2}, host))
    before = snapshot(table, journal)
    cases = [
        ({"seat": 2}, 409, "seat_taken"),  # a bot's already
        ({"seat": 9}, 409, "no_such_seat"),
        ({"seat": 2, "level": "genius"}, 400, "invalid_field"),
        ({"seat": "2"}, 400, "invalid_field"),
        ({}, 400, "invalid_field"),
    ]
    for body, status, code in cases:
        answer = post(client, "/api/host/bot", body, host)
        refused(answer, status)
        assert answer.get_json()["code"] == code, body
    for seconds in (0, 11, True):
        refused(post(client, "/api/host/bot-pace", {"seconds": seconds}, host), 400)
    assert snapshot(table, journal) == before


def test_a_persons_seat_goes_to_a_bot_during_play_once_they_allow_it(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table, start=True)
    host, holder = seated.tokens[0], seated.tokens[1]
    asked = ok(post(client, "/api/host/bot", {"seat": 1, "level": "easy"}, host))
    assert (asked["outcome"], asked["name"]) == ("asked", None)
    assert seated.state(1)["table"]["release"]["bot"] == "easy"  # the holder's phone is asked
    freed = ok(post(client, "/api/host/release/answer", {"allow": True}, holder))
    assert freed["outcome"] == "freed"
    seat = seated.state(0)["table"]["seats"][1]
    assert (seat["taken"], seat["bot"]) == (True, "easy")
    assert table.seat_of(holder) is None  # that phone left the game


def test_the_bot_pace_is_a_table_setting(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    ok(post(client, "/api/host/bot-pace", {"seconds": 3}, seated.tokens[0]))
    assert table.status()["bot_pace"] == 3
    assert Table(table.journal).bot_pace == 3  # kept across a restart


def test_a_hint_goes_to_the_asking_seat_only_and_history_records_it(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seated = seat_players(client, table, start=True)
    while len(table.to_act()) > 1:  # Céna's choices at once: to one seat's turn
        first = table.to_act()[0]
        table.act(first, table.legal_actions(first)[0])
    seat = table.to_act()[0]
    mine = seated.tokens[seat]
    assert refused(post(client, "/api/hint", {}, mine), 409, "hints_off")
    assert "only the host" in refused(
        post(client, "/api/host/hints", {"on": True}, seated.tokens[1]), 403
    )
    ok(post(client, "/api/host/hints", {"on": True}, seated.tokens[0]))
    assert table.status()["hints"] is True
    waiting = next(s for s in range(3) if s not in table.to_act())
    refused(post(client, "/api/hint", {}, seated.tokens[waiting]), 409, "no_hint")
    action = ok(post(client, "/api/hint", {}, mine))["action"]
    assert action in table.legal_actions(seat)
    table.end_game()
    (past,) = History(journal).games()
    assert [s.hints for s in past.seats] == [1 if s == seat else 0 for s in range(3)]
