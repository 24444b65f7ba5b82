"""Messages carry codes (issue 15, item 2): a rule's refusal from every engine reaches
a Japanese phone in Japanese, with its stable code and its params beside it, while an
English phone at the same table reads the engine's own English."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

import engines
from device.table import Table
from tests.webui.conftest import ok, post
from webui.auth import TOKEN_HEADER


def seated_at(client: FlaskClient, table: Table, game: str) -> tuple[list[str], int]:
    """The smallest table of `game`, started through the API: tokens, and a seat to act."""
    players = engines.info(game)["min_players"]
    opened = ok(post(client, "/api/lobby", {"game": game, "players": players, "name": "Ann"}))
    tokens = [opened["token"]]
    room = table.status()["room"]
    for name in ("Bob", "Cat", "Dan", "Eve")[: players - 1]:
        tokens.append(ok(post(client, "/api/join", {"code": room, "name": name}))["token"])
    ok(post(client, "/api/host/start", token=tokens[0]))
    return tokens, table.to_act()[0]


@pytest.mark.parametrize("game", sorted(engines.names()))
def test_an_engines_refusal_reaches_each_phone_in_its_language(
    client: FlaskClient, table: Table, game: str
) -> None:
    tokens, seat = seated_at(client, table, game)
    said = {}
    for lang in ("en", "ja"):
        response = client.post(
            "/api/action",
            json={"action": {"type": "dance"}},
            headers={TOKEN_HEADER: tokens[seat], "Accept-Language": lang},
        )
        assert response.status_code == 422, response.get_data(as_text=True)
        said[lang] = response.get_json()
    english, japanese = said["en"], said["ja"]
    # The same stable code and params for both: only the words differ.
    assert english["code"] == japanese["code"] == "unknown_action"
    assert english["params"] == japanese["params"]
    # The English is the engine's template filled in; the Japanese its translation.
    assert english["error"] != japanese["error"]
    assert "dance" in english["error"] or "in Sàrénà every turn is a move" in english["error"]
    assert re.search("[\u3040-\u30ff]", japanese["error"]), japanese  # kana: Japanese
    assert not re.search("[\u3040-\u30ff]", english["error"]), english


def test_a_tables_refusal_is_worded_in_japanese_too(client: FlaskClient, table: Table) -> None:
    seated_at(client, table, "sarena")
    response = client.post(
        "/api/lobby",
        json={"game": "sarena", "players": 2, "name": "Zed"},
        headers={"Accept-Language": "ja"},
    )
    assert response.status_code == 409
    body = response.get_json()
    assert body["code"] == "game_open" and "すでにゲームが開いています" in body["error"]
