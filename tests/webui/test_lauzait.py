"""Lauzait Cep through the web API: each phone sees its own pieces and never another
seat's, a hire into the water shows its throw to everyone, and ending the game early
is the host's to do (the table agreeing), never one player's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

import engines
from device.journal import Journal
from device.sticks import StickRoller
from device.table import Table
from webui import create_app

from .conftest import HEARTBEAT, FakeBox, FakeSheets, Seated, get, ok, post, refused, snapshot
from .test_stream import Stream

WATER = ([0, 2], [1, 2], [3, 2], [4, 2], [2, 0], [2, 1], [2, 3], [2, 4])


def fixed_deal(swap: tuple[int, int] | None = None) -> dict[str, Any]:
    """A real deal (from a seeded game), as options; optionally with two seats' hands
    exchanged, which changes nothing the third seat or the table may see."""
    dealt = engines.new("lauzait", 3, seed=1)
    hands = [dealt.view(seat)["hand"] for seat in range(3)]
    if swap is not None:
        first, second = swap
        hands[first], hands[second] = hands[second], hands[first]
    return {"hands": hands, "board": dealt.view(None)["board"]}


def seat_lauzait(
    client: FlaskClient, table: Table, options: dict[str, Any] | None = None
) -> Seated:
    """Open the lobby on the box (a phone may not fix a deal), join three phones, start."""
    table.open_lobby("lauzait", 3, options or {})
    room = table.status()["room"]
    tokens = [
        ok(post(client, "/api/join", {"code": room, "name": name}))["token"]
        for name in ("Ann", "Bob", "Cat")
    ]
    ok(post(client, "/api/host/start", token=tokens[0]))
    return Seated(client, table, tokens)


def make_app(tmp_path: Path, name: str) -> tuple[Flask, Table, Journal]:
    journal = Journal(tmp_path / f"{name}.sqlite3")
    table = Table(journal)
    return (
        create_app(table, FakeBox(), FakeSheets(journal), testing=True, heartbeat=HEARTBEAT),
        table,
        journal,
    )


def without_room(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key != "table"}


def test_a_seat_sees_its_pieces_and_legal_moves_and_nothing_of_other_hands(tmp_path: Path) -> None:
    app_a, table_a, journal_a = make_app(tmp_path, "a")
    app_b, table_b, journal_b = make_app(tmp_path, "b")
    try:
        seated_a = seat_lauzait(app_a.test_client(), table_a, fixed_deal())
        me = table_a.to_act()[0]  # the seat to act: it has legal moves to compare too
        first, second = (seat for seat in range(3) if seat != me)
        seated_b = seat_lauzait(app_b.test_client(), table_b, fixed_deal(swap=(first, second)))
        mine = seated_a.state(me)
        assert mine["hand"] == table_a.view(me)["hand"] and "concealed" in mine
        assert mine["legal"] and all(a["type"] != "end_game" for a in mine["legal"])
        # Different hands at the two other seats: this seat and the table cannot tell.
        assert without_room(seated_b.state(me)) == without_room(mine)
        assert without_room(seated_b.state(None)) == without_room(seated_a.state(None))
        public = seated_a.state(None)
        assert "hand" not in public and "concealed" not in public and public["legal"] == []
        # The live stream carries the same views.
        stream = Stream(
            seated_a.client.get("/api/stream", headers={"X-Tablemate-Token": seated_a.tokens[me]})
        )
        assert without_room(stream.next()[1]) == without_room(mine)
        stream.response.close()
        # Nothing in any payload carries the seed or another seat's token.
        for seat in (0, 1, 2, None):
            text = json.dumps(seated_a.state(seat))
            assert str(table_a._state.game.seed) not in text  # type: ignore[union-attr]
            assert all(token not in text for token in seated_a.tokens)
    finally:
        journal_a.close()
        journal_b.close()


def test_a_hire_into_the_water_shows_its_throw_to_everyone(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_lauzait(client, table)
    seat = table.to_act()[0]
    hire = next(a for a in seated.state(seat)["legal"] if a["type"] == "hire" and a["to"] in WATER)
    events = ok(seated.act(seat, hire))["events"]
    thrown = next(e for e in events if e["type"] == "sticks")
    assert thrown["purpose"] == "water" and thrown["count"] == sum(thrown["sticks"])
    for audience in (0, 1, 2, None):
        state = seated.state(audience)
        assert state["last_throw"] == {k: thrown[k] for k in ("purpose", "seat", "sticks", "count")}
        assert state["last_hire"]["water"] is True
    assert seated.state(None)["throws"] > 0


def test_no_player_may_end_the_game_early_on_their_own(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seated = seat_lauzait(client, table)
    seat = table.to_act()[0]
    assert {"type": "end_game"} in table.legal_actions(seat)  # the engine offers it...
    before = snapshot(table, journal)
    for who in (seat, 0):  # ...but neither the seat to act nor the host may send it
        message = refused(seated.act(who, {"type": "end_game"}), 422)
        assert "host" in message
    assert snapshot(table, journal) == before
    assert table.phase == "playing"


def test_the_host_ends_the_game_early_with_the_scores_standing(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_lauzait(client, table)
    assert seated.state(0)["end_early"] is True  # the host's page offers it
    assert seated.state(1)["end_early"] is False and seated.state(None)["end_early"] is False
    assert "only the host" in refused(
        post(client, "/api/host/end-early", token=seated.tokens[1]), 403
    )
    assert table.phase == "playing"
    answer = ok(post(client, "/api/host/end-early", token=seated.tokens[0]))
    assert answer["events"][-1]["type"] == "game_over"
    state = seated.state(None)
    assert table.phase == "over" and state["phase"] == "over" and state["ended_early"] is True
    assert state["winners"] == []  # ended before anyone scored: nobody won (issue 28)
    assert refused(post(client, "/api/host/end-early", token=seated.tokens[0]), 409)


def test_a_game_that_cannot_end_early_says_so(client: FlaskClient, table: Table) -> None:
    from .conftest import seat_players

    seated = seat_players(client, table)  # Céna
    assert seated.state(0)["end_early"] is False
    assert "cannot end early" in refused(
        post(client, "/api/host/end-early", token=seated.tokens[0]), 409
    )
    assert table.phase == "playing"


def test_every_payload_carries_the_latest_throw_of_the_boxs_sticks(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        table = Table(journal)
        roller = StickRoller(journal)
        roller.subscribe(lambda _thrown: table.touch())  # as device/app.py wires it
        app = create_app(
            table, FakeBox(), FakeSheets(journal), roller, testing=True, heartbeat=HEARTBEAT
        )
        client = app.test_client()
        assert ok(get(client, "/api/state"))["sticks"] is None
        seated = seat_lauzait(client, table)
        stream = Stream(client.get("/api/stream", headers={"X-Tablemate-Token": seated.tokens[1]}))
        stream.next()
        thrown = roller.throw("Box")
        assert stream.next()[1]["sticks"] == thrown  # the phone is told at once
        stream.response.close()
        for seat in (0, 1, 2, None):
            assert seated.state(seat)["sticks"] == thrown
    finally:
        journal.close()
