"""Replays on the web (webui/routes/replay.py) and the sealed deal's secrecy: the seed
and salt never leave the box while a game is in play, on any audience's state,
stream, status or replay route, nor in its log; once it is over the replay reveals
them and checks them."""

from __future__ import annotations

import logging
import random

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table

from .conftest import SEED, Seated, get, ok, post, refused, seat_players
from .test_stream import open_stream


def replay_routes(game_id: int, players: int) -> list[str]:
    steps = [f"/api/replay/{game_id}/0?audience={a}" for a in ("public", "all")]
    steps += [f"/api/replay/{game_id}/1?audience={seat}" for seat in range(players)]
    return [f"/api/replay/{game_id}", *steps]


def play_to_the_end(seated: Seated, rng: random.Random) -> None:
    for _ in range(500):
        public = seated.state(None)
        if public["table"]["phase"] != "playing":
            return
        seated.read_summary()
        public = seated.state(None)
        seat = public["to_act"][0]
        ok(seated.act(seat, rng.choice(seated.state(seat)["legal"])))
    raise AssertionError("the game did not end")


def test_the_seed_and_salt_never_leave_the_box_during_play(
    client: FlaskClient, table: Table, journal: Journal, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    seated = seat_players(client, table, players=3)
    record = journal.latest_game()
    assert record is not None and record.seed == SEED and record.salt
    secrets = (str(SEED), record.salt)
    streams = [open_stream(client)] + [open_stream(client, token) for token in seated.tokens]
    seen: list[str] = []
    rng = random.Random(7)
    for _ in range(60):  # the three reveals, then tricks, and a deal's end on the way
        seated.read_summary()
        for token in [None, *seated.tokens]:
            seen.append(get(client, "/api/state", token).get_data(as_text=True))
            seen.append(get(client, "/api/status", token).get_data(as_text=True))
            for path in replay_routes(record.id, 3):
                answer = get(client, path, token)
                refused(answer, 409, "game_in_progress")
                seen.append(answer.get_data(as_text=True))
        seen.append(client.get(f"/history/{record.id}/replay").get_data(as_text=True))
        seat = seated.state(None)["to_act"][0]
        ok(seated.act(seat, rng.choice(seated.state(seat)["legal"])))
        for stream in streams:
            stream.next()
    for stream in streams:
        seen.extend(stream.seen)
        stream.close()
    seen.append(caplog.text)
    everything = "".join(seen)
    assert record.commitment and record.commitment in everything  # the seal itself is public
    for secret in secrets:
        assert secret not in everything


def test_a_finished_game_replays_step_by_step_for_every_audience(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seated = seat_players(client, table, players=3)
    record = journal.latest_game()
    assert record is not None
    play_to_the_end(seated, random.Random(3))
    summary = ok(get(client, f"/api/replay/{record.id}"))
    assert summary["status"] == "over" and summary["game"] == "cena"
    assert summary["audiences"] == ["public", 0, 1, 2, "all"]
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob", "Cat"]
    assert summary["verification"]["ok"] is True
    seal = summary["seal"]
    assert seal["seed"] == SEED and seal["salt"] == journal.game(record.id).salt  # type: ignore[union-attr]
    assert seal["commitment"] == record.commitment
    steps = summary["steps"]
    assert steps == len(journal.game(record.id).actions)  # type: ignore[union-attr]
    last = ok(get(client, f"/api/replay/{record.id}/{steps}?audience=public"))
    assert last["phase"] == "over" and last["replay"]["step"] == steps
    assert last["you"] == {"seat": None, "host": False} and last["legal"] == []
    assert last["table"]["seats"][1]["name"] == "Bob"
    first = ok(get(client, f"/api/replay/{record.id}/0?audience=public"))
    assert "hand" not in first and first["replay"]["seat"] is None
    mine = ok(get(client, f"/api/replay/{record.id}/0?audience=1"))
    assert mine["you"]["seat"] == 1 and len(mine["hand"]) > 0
    everyone = ok(get(client, f"/api/replay/{record.id}/0?audience=all"))
    assert [v["you"]["seat"] for v in everyone["seat_views"]] == [0, 1, 2]
    assert everyone["seat_views"][1]["hand"] == mine["hand"]
    refused(get(client, f"/api/replay/{record.id}/{steps + 1}"), 400, "invalid_field")
    refused(get(client, f"/api/replay/{record.id}/0?audience=7"), 400, "invalid_field")
    refused(get(client, f"/api/replay/{record.id}/0?audience=x"), 400, "invalid_field")
    refused(get(client, "/api/replay/999"), 404, "not_found")
    # Digits a str method calls digits, and ids past SQLite's integers: a 4xx, never a 500.
    for odd in ("%C2%B2", "%EF%BC%91", "%D9%A3", "1.0", "+1"):
        refused(get(client, f"/api/replay/{record.id}/0?audience={odd}"), 400, "invalid_field")
    refused(get(client, "/api/replay/" + "9" * 40), 404, "not_found")
    refused(get(client, f"/api/replay/{2**63}/0"), 404, "not_found")
    page = client.get(f"/history/{record.id}/replay")
    assert page.status_code == 200 and b'data-game-id="' in page.data


def test_all_hands_only_where_the_table_allowed_it(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    opened = ok(
        post(
            client,
            "/api/lobby",
            {"game": "sarena", "players": 2, "name": "Ann", "open_hands": False},
        )
    )
    assert ok(get(client, "/api/status"))["replays"] == {"open_hands": False}
    ok(post(client, "/api/host/configure", {"open_hands": True}, opened["token"]))
    assert ok(get(client, "/api/status"))["replays"] == {"open_hands": True}
    ok(post(client, "/api/host/configure", {"open_hands": False}, opened["token"]))
    refused(post(client, "/api/host/configure", {"open_hands": "yes"}, opened["token"]), 400)
    room = table.status()["room"]
    ok(post(client, "/api/join", {"code": room, "name": "Bo"}))
    ok(post(client, "/api/host/start", token=opened["token"]))
    assert ok(get(client, "/api/status"))["fingerprint"]["short"]
    table.end_game()  # abandoned: over, so it replays
    record = journal.latest_game()
    assert record is not None and record.status == "abandoned"
    summary = ok(get(client, f"/api/replay/{record.id}"))
    assert summary["audiences"] == ["public", 0, 1] and summary["open_hands"] is False
    refused(get(client, f"/api/replay/{record.id}/0?audience=all"), 403, "hands_closed")
    ok(get(client, f"/api/replay/{record.id}/0?audience=1"))
