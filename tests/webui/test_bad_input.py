"""Bad requests: each gets a 4xx JSON error and leaves the table exactly as it was."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table
from webui import MAX_BODY_BYTES

from .conftest import TOKEN_HEADER, Seated, refused, seat_players, snapshot

# Every POST route with a body that would be accepted, and who may send it.
ROUTES = [
    ("/api/lobby", {"game": "cena", "players": 3, "name": "Zed"}, None),
    ("/api/join", {"code": "ABCD", "name": "Zed"}, None),
    ("/api/action", {"action": {"type": "reveal", "cards": ["W1", "W2", "W3"]}}, 1),
    ("/api/host/configure", {"players": 4}, 0),
    ("/api/host/start", {}, 0),
    ("/api/host/release", {"seat": 1}, 0),
    ("/api/host/swap", {"first": 0, "second": 1}, 0),
    ("/api/host/end", {}, 0),
]


@pytest.fixture
def seated(client: FlaskClient, table: Table) -> Seated:
    return seat_players(client, table)


def send_raw(client: FlaskClient, path: str, data: bytes | str, token: str | None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers[TOKEN_HEADER] = token
    return client.post(path, data=data, headers=headers)


MALFORMED = [
    b"{not json",
    b'{"a": 1',
    b"\xff\xfe\x00garbage",
    b"[1, 2, 3]",
    b'"just text"',
    b"42",
    b"null",
    b"[" * 5000 + b"]" * 5000,  # deeper than the parser goes
]


@pytest.mark.parametrize(("path", "body", "who"), ROUTES)
def test_malformed_bodies_are_400(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated, path, body, who
) -> None:
    token = None if who is None else seated.tokens[who]
    before = snapshot(table, journal)
    for data in MALFORMED:
        message = refused(send_raw(client, path, data, token), 400)
        assert "JSON" in message, (data[:20], message)
    assert snapshot(table, journal) == before


@pytest.mark.parametrize(("path", "body", "who"), ROUTES)
def test_unknown_fields_are_400(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated, path, body, who
) -> None:
    token = None if who is None else seated.tokens[who]
    before = snapshot(table, journal)
    response = client.post(path, json={**body, "seat_of_another": 2}, headers=_h(token))
    assert "unknown field" in refused(response, 400)
    assert snapshot(table, journal) == before


@pytest.mark.parametrize(("path", "body", "who"), ROUTES)
def test_wrong_types_are_400(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated, path, body, who
) -> None:
    token = None if who is None else seated.tokens[who]
    before = snapshot(table, journal)
    for key, value in body.items():
        for wrong in (None, True, 1.5, "1", [value], {"v": value}):
            if type(wrong) is type(value):
                continue
            response = client.post(path, json={**body, key: wrong}, headers=_h(token))
            assert key in refused(response, 400)
    assert snapshot(table, journal) == before


@pytest.mark.parametrize(("path", "body", "who"), ROUTES)
def test_missing_fields_are_400(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated, path, body, who
) -> None:
    token = None if who is None else seated.tokens[who]
    before = snapshot(table, journal)
    for key in body:
        rest = {k: v for k, v in body.items() if k != key}
        if path == "/api/host/configure":
            continue  # every field of configure is optional; {} is its own refusal
        response = client.post(path, json=rest, headers=_h(token))
        assert "missing" in refused(response, 400)
    assert snapshot(table, journal) == before


@pytest.mark.parametrize(("path", "body", "who"), ROUTES)
def test_oversized_bodies_are_413(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated, path, body, who
) -> None:
    token = None if who is None else seated.tokens[who]
    before = snapshot(table, journal)
    padding = "x" * (MAX_BODY_BYTES + 1)
    response = client.post(path, json={**body, "name": padding}, headers=_h(token))
    assert refused(response, 413)
    assert snapshot(table, journal) == before


def test_a_name_of_any_length_fits_the_table(client: FlaskClient, table: Table) -> None:
    body = {"game": "cena", "players": 3, "name": "N" * 1000}
    assert client.post("/api/lobby", json=body).status_code == 200
    assert table.status()["seats"][0]["name"] == "N" * 16


def test_weird_actions_are_422_and_change_nothing(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated
) -> None:
    before = snapshot(table, journal)
    hand = seated.state(1)["hand"]
    weird = [
        {"type": 7},
        {"type": "reveal", "cards": "W1W2W3"},
        {"type": "reveal", "cards": [hand[0], hand[0], hand[1]]},
        {"type": "reveal", "cards": [[hand[0]], {"c": 1}, None]},
        {"type": "reveal", "cards": [*hand[:3], hand[3]]},
        {"type": "play", "card": hand[0], "to": "me"},
        {"type": "play", "card": hand[0], "to": True},
        {"type": "play", "card": hand[0], "to": 99},
        {"type": "reveal"},
    ]
    for action in weird:
        response = client.post("/api/action", json={"action": action}, headers=_h(seated.tokens[1]))
        refused(response, 422)
    assert snapshot(table, journal) == before


def test_a_body_on_a_get_is_ignored(client: FlaskClient, seated: Seated) -> None:
    response = client.get("/api/state", data=b"{not json", headers=_h(seated.tokens[0]))
    assert response.status_code == 200


def _h(token: str | None) -> dict[str, str]:
    return {TOKEN_HEADER: token} if token else {}
