"""The dice-sticks on the web: the history page and its data, throwing from a phone,
the table page or a score sheet, and what is refused."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.sticks import StickRoller
from device.table import Table
from webui import create_app

from .conftest import HEARTBEAT, FakeBox, FakeSheets, get, ok, post, refused, seat_players


@pytest.fixture
def roller(journal: Journal) -> StickRoller:
    return StickRoller(journal, rng=random.Random(3))


@pytest.fixture
def sticks_client(table: Table, journal: Journal, roller: StickRoller) -> Iterator[FlaskClient]:
    roller.subscribe(lambda _thrown: table.touch())
    app = create_app(
        table, FakeBox(), FakeSheets(journal), roller, testing=True, heartbeat=HEARTBEAT
    )
    yield app.test_client()


def test_the_history_page_and_its_data(sticks_client: FlaskClient, roller: StickRoller) -> None:
    page = sticks_client.get("/sticks")
    assert page.status_code == 200 and b"pages/sticks.js" in page.data
    assert b'href="/sticks"' in sticks_client.get("/").data  # linked from every page
    empty = ok(sticks_client.get("/api/sticks"))
    assert empty["total"] == 0 and empty["counts"] == [0] * 6 and empty["recent"] == []
    for _ in range(5):
        roller.throw("Box")
    history = ok(sticks_client.get("/api/sticks"))
    assert history["total"] == 5 and sum(history["counts"]) == 5
    assert history["expected_in_32"] == [1, 5, 10, 10, 5, 1]
    assert [t["number"] for t in history["recent"]] == [5, 4, 3, 2, 1]


@pytest.mark.parametrize(
    ("source", "by"), [("table", "Table page"), ("sheet", "Score sheet"), ("sticks", "Sticks page")]
)
def test_anyone_may_throw_and_is_named(sticks_client: FlaskClient, source: str, by: str) -> None:
    thrown = ok(post(sticks_client, "/api/sticks/throw", {"from": source}))["throw"]
    assert thrown["by"] == by and thrown["number"] == 1 and thrown["count"] == sum(thrown["sticks"])
    assert ok(get(sticks_client, "/api/state"))["sticks"] == thrown


def test_a_seated_phone_throws_in_its_players_name(
    sticks_client: FlaskClient, table: Table
) -> None:
    seated = seat_players(sticks_client, table)
    thrown = ok(post(sticks_client, "/api/sticks/throw", {"from": "table"}, seated.tokens[1]))[
        "throw"
    ]
    assert thrown["by"] == "Bob"
    assert seated.state(0)["sticks"] == thrown  # the other phones see it


def test_bad_throws_are_refused_and_throw_nothing(
    sticks_client: FlaskClient, table: Table, roller: StickRoller
) -> None:
    assert "from" in refused(post(sticks_client, "/api/sticks/throw", {"from": "kitchen"}), 400)
    assert refused(post(sticks_client, "/api/sticks/throw", {"from": 3}), 400)
    assert refused(post(sticks_client, "/api/sticks/throw", {"who": "me"}), 400)
    assert refused(post(sticks_client, "/api/sticks/throw", {}, "not-a-token"), 403)
    assert refused(sticks_client.get("/api/sticks/throw"), 405)
    assert roller.history()["total"] == 0


def test_without_a_roller_there_is_no_sticks_page(client: FlaskClient) -> None:
    assert client.get("/sticks").status_code == 404
    assert refused(post(client, "/api/sticks/throw", {}), 404)
    assert ok(get(client, "/api/state"))["sticks"] is None
    assert b'href="/sticks"' not in client.get("/").data


def test_throws_survive_a_restart_of_the_box(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    thrown = StickRoller(journal).throw("Box")
    journal.close()
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        table = Table(journal)
        app = create_app(table, None, None, StickRoller(journal), testing=True)
        history = ok(app.test_client().get("/api/sticks"))
        assert history["total"] == 1 and history["recent"][0]["sticks"] == thrown["sticks"]
    finally:
        journal.close()
