"""History on the web (webui/routes/history.py): no answer reveals anything of a game
in progress, bad input is a 4xx with a code, and the host-only routes refuse others."""

from __future__ import annotations

import json
import random
import re

from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table

from .conftest import SEED, get, ok, post, refused, seat_players

PUBLIC_ROUTES = (
    "/api/history",
    "/api/history/stats",
    "/api/history/export.csv",
    "/api/history/export.json",
)


def play_to_the_end(seated, rng: random.Random, each_step=lambda: None) -> None:
    for _ in range(500):
        each_step()
        public = seated.state(None)
        if public["table"]["phase"] != "playing":
            return
        seated.read_summary()
        seat = seated.state(None)["to_act"][0]
        ok(seated.act(seat, rng.choice(seated.state(seat)["legal"])))
    raise AssertionError("the game did not end")


def answers(client: FlaskClient, token: str | None, game_id: int) -> list[str]:
    """Every history answer, with the export's own timestamp taken out."""
    found = []
    for path in PUBLIC_ROUTES:
        response = get(client, path, token)
        assert response.status_code == 200, path
        found.append(re.sub(r'"exported": "[^"]*"', "", response.get_data(as_text=True)))
    for path in (f"/api/history/{game_id}", f"/api/history/{game_id}/export.csv"):
        refused(get(client, path, token), 404, "not_found")
    found.append(client.get("/history").get_data(as_text=True))
    return found


def test_no_history_answer_reveals_anything_of_a_game_in_progress(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    first = seat_players(client, table, players=3)
    play_to_the_end(first, random.Random(1))
    ok(post(client, "/api/host/end", token=first.tokens[0]))
    before = answers(client, None, 2)
    assert json.loads(before[0])["games"][0]["outcome"] == "finished"
    seated = seat_players(client, table, players=3)
    record = journal.latest_game()
    assert record is not None and record.id == 2 and record.status == "playing"
    steps = 0

    def each_step() -> None:
        nonlocal steps
        if table.phase != "playing":
            return
        steps += 1
        for token in (None, *seated.tokens):
            seen = answers(client, token, record.id)
            assert seen == before, f"step {steps}"
            assert str(SEED) not in "".join(seen)

    play_to_the_end(seated, random.Random(2), each_step)
    assert steps > 50
    after = ok(get(client, "/api/history"))["games"]
    assert [g["id"] for g in after] == ["2", "1"]
    assert after[0]["replay"] == "/history/2/replay"
    assert ok(get(client, "/api/history/2"))["game"] == after[0]
    assert str(SEED) not in json.dumps(after)


def test_exports_are_files(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, players=3)
    play_to_the_end(seated, random.Random(1))
    response = get(client, "/api/history/1/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    lines = response.get_data(as_text=True).splitlines()
    assert lines[0].startswith("game_id,date,game") and len(lines) == 4
    whole = ok(get(client, "/api/history/export.json"))
    assert whole["format"] == "tablemate-history" and len(whole["games"]) == 1


def test_bad_input_is_a_4xx_with_a_code(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, players=3)
    host = seated.tokens[0]
    for path in (
        "/api/history/abc",
        "/api/history/0",
        "/api/history/sheet-x",
        "/api/history/99999999999999999999999",
        "/api/history/1/export.xml",
        "/api/history/export.xml",
        "/api/history/1/export.csv",
    ):
        refused(get(client, path), 404, "not_found")
    for path, body in (
        ("/api/host/history/delete-game", {"game": "1"}),
        ("/api/host/history/delete-game", {"game": 1, "confirm": True}),
        ("/api/host/history/delete-game", {"game": "1", "confirm": False}),
        ("/api/host/history/delete-player", {"name": "Ann", "confirm": "yes"}),
        ("/api/host/history/delete-player", {"name": "   ", "confirm": True}),
        ("/api/host/history/delete-player", {"name": "Player 2", "confirm": True}),
        ("/api/host/history/delete-player", {"name": "Ann", "confirm": True, "x": 1}),
    ):
        refused(post(client, path, body, host), 400)
    bad = client.post(
        "/api/host/history/delete-game",
        data=b"\xff{",
        headers={"X-Tablemate-Token": host, "Content-Type": "application/json"},
    )
    refused(bad, 400, "invalid_json")
    # The game being played is not history: deleting it is "not found".
    refused(
        post(client, "/api/host/history/delete-game", {"game": "1", "confirm": True}, host),
        404,
        "not_found",
    )
    assert table.phase == "playing"


def test_host_only_routes_refuse_everyone_else(client: FlaskClient, table: Table) -> None:
    first = seat_players(client, table, players=3)
    play_to_the_end(first, random.Random(1))
    deletions = (
        ("/api/host/history/delete-game", {"game": "1", "confirm": True}),
        ("/api/host/history/delete-player", {"name": "Bob", "confirm": True}),
    )
    for token, code in (
        (None, "not_seated"),
        (first.tokens[1], "not_host"),
        ("x" * 22, "join_again"),
    ):
        refused(get(client, "/api/host/backup", token), 403, code)
        for path, body in deletions:
            refused(post(client, path, body, token), 403, code)
    assert len(ok(get(client, "/api/history"))["games"]) == 1
    # The host, with the result still on the table: both deletions work.
    host = first.tokens[0]
    changed = ok(post(client, *deletions[1], host))["changed"]
    assert changed == {"games": 1, "sheets": 0}
    names = [p["name"] for p in ok(get(client, "/api/history"))["games"][0]["players"]]
    assert names == ["Ann", "Player 2", "Cat"]
    ok(post(client, *deletions[0], host))
    assert ok(get(client, "/api/history"))["games"] == []


def test_the_backup_is_the_hosts_and_never_during_play(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, players=3)
    host = seated.tokens[0]
    refused(get(client, "/api/host/backup", host), 409, "game_in_progress")
    play_to_the_end(seated, random.Random(1))
    response = get(client, "/api/host/backup", host)
    assert response.status_code == 200
    assert response.data.startswith(b"SQLite format 3\x00")
    assert "attachment" in response.headers["Content-Disposition"]
    for token in seated.tokens:
        assert token.encode() not in response.data


def test_the_pages_link_history(client: FlaskClient) -> None:
    assert 'href="/history"' in client.get("/").get_data(as_text=True)
    assert 'href="/history"' in client.get("/host").get_data(as_text=True)
    page = client.get("/history")
    assert page.status_code == 200 and "js/pages/history.js" in page.get_data(as_text=True)
