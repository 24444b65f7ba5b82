"""The next game at the same table over HTTP (webui/routes/rematch.py): play again and
another game keep every phone's token working, leaving frees a seat, and every bad
request is a 4xx with a stable code, never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from device.table import Table

from .conftest import SEED, get, ok, post, refused

NAMES = ["Ana", "Bo", "Cy"]


def lauzait_table(client: FlaskClient, table: Table, names: list[str] = NAMES) -> list[str]:
    """Seated through the API and started; tokens[0] is the host's."""
    opened = ok(
        post(client, "/api/lobby", {"game": "lauzait", "players": len(names), "name": names[0]})
    )
    room = table.status()["room"]
    tokens = [opened["token"]]
    for name in names[1:]:
        tokens.append(ok(post(client, "/api/join", {"code": room, "name": name}))["token"])
    ok(post(client, "/api/host/start", token=tokens[0]))
    return tokens


def read_summary(client: FlaskClient, tokens: list[str]) -> None:
    pause = ok(get(client, "/api/status"))["interlude"]
    for seat in pause["waiting"] if pause else []:
        ok(post(client, "/api/continue", {}, tokens[seat]))


def end_now(client: FlaskClient, tokens: list[str]) -> None:
    """The host ends the game with the scores standing (the table agrees)."""
    ok(post(client, "/api/host/end-early", {}, tokens[0]))
    read_summary(client, tokens)
    assert ok(get(client, "/api/status"))["phase"] == "over"


def seat_of(client: FlaskClient, token: str) -> int | None:
    response = get(client, "/api/state", token)
    if response.status_code == 403:
        return None
    return ok(response)["you"]["seat"]


def test_play_again_keeps_every_phone_seated(client: FlaskClient, table: Table) -> None:
    tokens = lauzait_table(client, table)
    room = table.status()["room"]
    end_now(client, tokens)
    assert ok(post(client, "/api/host/play-again", {}, tokens[0])) == {
        "ok": True,
        "phase": "playing",
    }
    assert [seat_of(client, token) for token in tokens] == [0, 1, 2]
    status = ok(get(client, "/api/status"))
    assert status["room"] == room and status["phase"] == "playing"
    assert [s["name"] for s in status["last_game"]["seats"]] == NAMES
    mine = ok(get(client, "/api/state", tokens[1]))
    assert mine["you"] == {"seat": 1, "host": False} and mine["legal"] == []
    # The join link still leads to this table: full, so the phone is offered to watch.
    refused(post(client, "/api/join", {"code": room, "name": "Dee"}), 409, "table_full")


def test_another_game_opens_its_lobby_for_the_same_people(
    client: FlaskClient, table: Table
) -> None:
    tokens = lauzait_table(client, table, ["Ana", "Bo", "Cy", "Dee"])
    end_now(client, tokens)
    body = {"game": "sarena", "players": 2, "options": {}}
    assert ok(post(client, "/api/host/next-game", body, tokens[0]))["phase"] == "lobby"
    assert [seat_of(client, token) for token in tokens] == [0, 1, None, None]
    gone = get(client, "/api/state", tokens[3])
    refused(gone, 403, "join_again")  # the freed phone is sent to the join page ...
    notices = ok(get(client, "/api/status"))["notices"]  # ... which says why
    assert notices[-1] == {
        "id": notices[-1]["id"],
        "kind": "dropped",
        "seat": 3,
        "text": "Seat 4 (Dee) was freed: the next game has fewer seats",
        # Each phone words it in its own language from the template and params.
        "template": "Seat {seat} ({name}) was freed: the next game has fewer seats",
        "params": {"name": "Dee", "seat": 4},
        "bot": None,  # a person's seat: the name unmarked
        # News of the next game's first deal, shown by each page for a while, once.
        "deal": ok(get(client, "/api/status"))["deal"],
        "shown": 20.0,
    }
    ok(post(client, "/api/host/start", {}, tokens[0]))
    assert ok(get(client, "/api/state", tokens[1]))["game"] == "sarena"


def test_a_newcomer_takes_a_free_seat_with_the_same_room_code(
    client: FlaskClient, table: Table
) -> None:
    tokens = lauzait_table(client, table)
    room = table.status()["room"]
    end_now(client, tokens)
    refused(post(client, "/api/join", {"code": room, "name": "Dee"}), 409, "between_games")
    body = {"game": "cena", "players": 4, "take_backs": "off"}
    ok(post(client, "/api/host/next-game", body, tokens[0]))
    refused(post(client, "/api/join", {"code": room, "name": " ana "}), 409, "name_taken")
    joined = ok(post(client, "/api/join", {"code": room.lower(), "name": "Dee"}))
    assert joined["seat"] == 3
    ok(post(client, "/api/host/start", {}, tokens[0]))
    assert ok(get(client, "/api/status"))["take_back"]["mode"] == "off"


def test_leaving_frees_the_seat_and_the_token(client: FlaskClient, table: Table) -> None:
    tokens = lauzait_table(client, table)
    end_now(client, tokens)
    assert ok(post(client, "/api/leave", {}, tokens[2]))["phase"] == "over"
    refused(get(client, "/api/state", tokens[2]), 403, "join_again")
    refused(post(client, "/api/leave", {}, tokens[2]), 403, "join_again")
    assert ok(post(client, "/api/host/play-again", {}, tokens[0]))["phase"] == "lobby"
    ok(post(client, "/api/leave", {}, tokens[0]))  # the host leaves the lobby
    assert ok(get(client, "/api/state", tokens[1]))["you"] == {"seat": 1, "host": True}


def test_no_response_carries_the_seed(
    client: FlaskClient, table: Table, distinctive_seed: int
) -> None:
    tokens = lauzait_table(client, table)
    end_now(client, tokens)
    answers = [post(client, "/api/host/play-again", {}, tokens[0])]
    answers += [get(client, "/api/status"), get(client, "/api/state", tokens[1])]
    for answer in answers:
        assert str(SEED) not in answer.get_data(as_text=True)


@pytest.mark.parametrize(
    ("path", "body", "who", "status", "code"),
    [
        ("/api/host/play-again", {}, None, 403, "not_seated"),
        ("/api/host/play-again", {}, 1, 403, "not_host"),
        ("/api/host/play-again", {"again": True}, 0, 400, "invalid_field"),
        ("/api/host/play-again", [], 0, 400, "invalid_json"),
        ("/api/host/next-game", {"game": "sarena"}, 0, 400, "invalid_field"),
        ("/api/host/next-game", {"game": "chess", "players": 3}, 0, 400, "unknown_game"),
        ("/api/host/next-game", {"game": "sarena", "players": 9}, 0, 400, "invalid_setup"),
        ("/api/host/next-game", {"game": "sarena", "players": "3"}, 0, 400, "invalid_field"),
        ("/api/host/next-game", {"game": "cena", "players": 3, "options": []}, 0, 400, None),
        ("/api/host/next-game", {"game": "cena", "players": 3, "seed": 1}, 0, 400, None),
        (
            "/api/host/next-game",
            {"game": "cena", "players": 3, "take_backs": "always"},
            0,
            400,
            "invalid_field",
        ),
        (
            "/api/host/next-game",
            {"game": "cena", "players": 3, "options": {"hands": [["C1"]]}},
            0,
            400,
            "secret_option",
        ),
        ("/api/host/next-game", {"game": "sarena", "players": 3}, 1, 403, "not_host"),
        ("/api/leave", {}, None, 403, "not_seated"),
        ("/api/leave", {"seat": 2}, 1, 400, "invalid_field"),
    ],
)
def test_bad_requests_are_refused_with_a_code(
    client: FlaskClient, table: Table, path: str, body: Any, who: int | None, status: int, code
) -> None:
    tokens = lauzait_table(client, table)
    end_now(client, tokens)
    before = table.status()
    refused(post(client, path, body, None if who is None else tokens[who]), status, code)
    assert table.status() == before  # nothing changed


def test_before_the_game_is_over_there_is_no_next_one(client: FlaskClient, table: Table) -> None:
    tokens = lauzait_table(client, table)
    refused(post(client, "/api/host/play-again", {}, tokens[0]), 409, "not_over")
    body = {"game": "sarena", "players": 3}
    refused(post(client, "/api/host/next-game", body, tokens[0]), 409, "not_over")
    refused(post(client, "/api/host/play-again", {}, "x" * 24), 403, "join_again")
