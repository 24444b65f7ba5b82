"""The interlude's routes: each phone's Continue, the host's skip, the trick pause.

Bad input gets {"error", "code"} and changes nothing; nothing a client sends is a 500.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table
from tests.webui.conftest import Seated, get, ok, post, refused, seat_players, snapshot


def to_summary(seated: Seated) -> dict[str, Any]:
    """First legal moves until the table waits on the first deal's summary."""
    for _ in range(500):
        public = seated.state(None)
        if public["table"]["interlude"]:
            return public
        seat = public["to_act"][0]
        ok(seated.act(seat, seated.state(seat)["legal"][0]))
    raise AssertionError("no summary")


def test_every_seat_continues_then_the_next_deal_is_played(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table, players=3)
    public = to_summary(seated)
    summary = public["summary"]
    assert public["table"]["interlude"]["waiting"] == [0, 1, 2]
    # The summary is the same for every audience: nothing in it is one seat's.
    for seat in range(3):
        assert seated.state(seat)["summary"] == summary
        assert seated.state(seat)["legal"] == []
    waiting = public["to_act"][0]
    assert table._state.game is not None
    move = table._state.game.legal_actions(waiting)[0]
    message = refused(seated.act(waiting, move), 409, "interlude")
    assert "continue" in message
    for seat in range(3):
        assert ok(post(client, "/api/continue", {}, seated.tokens[seat])) == {"ok": True}
    after = seated.state(None)
    assert after["table"]["interlude"] is None and after["deal"] == 2
    assert seated.state(waiting)["legal"]
    ok(seated.act(waiting, seated.state(waiting)["legal"][0]))


def test_the_host_skips_and_only_the_host(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, players=3)
    to_summary(seated)
    refused(post(client, "/api/host/skip-wait", {}, seated.tokens[1]), 403, "not_host")
    refused(post(client, "/api/host/skip-wait", {}), 403, "not_seated")
    assert ok(post(client, "/api/host/skip-wait", {}, seated.tokens[0])) == {"ok": True}
    assert seated.state(None)["table"]["interlude"] is None
    refused(post(client, "/api/host/skip-wait", {}, seated.tokens[0]), 409, "no_interlude")


@pytest.mark.parametrize(
    ("path", "token", "body", "status", "code"),
    [
        ("/api/continue", None, {}, 403, "not_seated"),
        ("/api/continue", "nope-not-a-token", {}, 403, "join_again"),
        ("/api/continue", 0, {"seat": 1}, 400, "invalid_field"),
        ("/api/continue", 0, [], 400, "invalid_json"),
        ("/api/host/skip-wait", 0, {"now": True}, 400, "invalid_field"),
        ("/api/host/trick-pause", 0, {}, 400, "invalid_field"),
        ("/api/host/trick-pause", 0, {"seconds": "3"}, 400, "invalid_field"),
        ("/api/host/trick-pause", 0, {"seconds": True}, 400, "invalid_field"),
        ("/api/host/trick-pause", 0, {"seconds": 2.5}, 400, "invalid_field"),
        ("/api/host/trick-pause", 0, {"seconds": -1}, 400, "invalid_field"),
        ("/api/host/trick-pause", 0, {"seconds": 11}, 400, "invalid_field"),
        ("/api/host/trick-pause", 0, {"seconds": 10**40}, 400, "invalid_field"),
        ("/api/host/trick-pause", 1, {"seconds": 3}, 403, "not_host"),
        ("/api/host/trick-pause", None, {"seconds": 3}, 403, "not_seated"),
    ],
)
def test_bad_requests_are_refused_and_change_nothing(
    client: FlaskClient,
    table: Table,
    journal: Journal,
    path: str,
    token: int | str | None,
    body: Any,
    status: int,
    code: str,
) -> None:
    seated = seat_players(client, table, players=3)
    to_summary(seated)
    before = snapshot(table, journal)
    sent = seated.tokens[token] if isinstance(token, int) else token
    refused(post(client, path, body, sent), status, code)
    assert snapshot(table, journal) == before


def test_continue_with_nothing_to_wait_for_is_a_clear_conflict(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table, players=3)
    message = refused(post(client, "/api/continue", {}, seated.tokens[1]), 409, "no_interlude")
    assert "nothing is waiting" in message


def test_the_host_sets_the_trick_pause_and_every_screen_sees_it(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table, players=3)
    assert ok(post(client, "/api/host/trick-pause", {"seconds": 0}, seated.tokens[0]))
    assert ok(get(client, "/api/status"))["trick_pause"] == 0
    assert seated.state(2)["table"]["trick_pause"] == 0
