"""Bad requests: each gets a 4xx JSON error and leaves the table exactly as it was."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table
from webui import MAX_BODY_BYTES
from webui.payload import MAX_ITEMS, MAX_TEXT

from .conftest import TOKEN_HEADER, Seated, ok, refused, seat_players, snapshot

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
    ("/api/take-back/ask", {}, 1),  # steps is optional
    ("/api/take-back/answer", {"allow": True}, 1),
    ("/api/take-back/answer-for", {"seat": 2, "allow": True}, 0),
    ("/api/take-back/withdraw", {}, 1),
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
        message = refused(send_raw(client, path, data, token), 400, "invalid_json")
        assert "JSON" in message, (data[:20], message)
    assert snapshot(table, journal) == before


@pytest.mark.parametrize(("path", "body", "who"), ROUTES)
def test_unknown_fields_are_400(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated, path, body, who
) -> None:
    token = None if who is None else seated.tokens[who]
    before = snapshot(table, journal)
    response = client.post(path, json={**body, "seat_of_another": 2}, headers=_h(token))
    assert "unknown field" in refused(response, 400, "invalid_field")
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
            assert key in refused(response, 400, "invalid_field")
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
        assert "missing" in refused(response, 400, "invalid_field")
    assert snapshot(table, journal) == before


@pytest.mark.parametrize(("path", "body", "who"), ROUTES)
def test_oversized_bodies_are_413(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated, path, body, who
) -> None:
    token = None if who is None else seated.tokens[who]
    before = snapshot(table, journal)
    padding = "x" * (MAX_BODY_BYTES + 1)
    response = client.post(path, json={**body, "name": padding}, headers=_h(token))
    assert refused(response, 413, "too_large")
    assert snapshot(table, journal) == before


def test_a_long_name_is_cut_to_fit_the_table(client: FlaskClient, table: Table) -> None:
    body = {"game": "cena", "players": 3, "name": "N" * MAX_TEXT}
    assert client.post("/api/lobby", json=body).status_code == 200
    assert table.status()["seats"][0]["name"] == "N" * 16


def test_text_past_the_bound_is_refused(client: FlaskClient, table: Table) -> None:
    body = {"game": "cena", "players": 3, "name": "N" * (MAX_TEXT + 1)}
    assert "name is too long" in refused(client.post("/api/lobby", json=body), 400, "invalid_field")
    assert table.status()["phase"] == "idle"


LOBBY = b'{"game": "cena", "players": 3, "name": %s}'


@pytest.mark.parametrize(
    ("name", "code"),
    [
        (b'"\\ud800"', "invalid_field"),  # a lone surrogate: SQLite could not store it
        (b'"A\\udfffB"', "invalid_field"),
        (b'"\\udbff\\udbff"', "invalid_field"),
        (b'"\xff\xfe"', "invalid_json"),  # not UTF-8
        (b'"\xed\xa0\x80"', "invalid_json"),  # a surrogate encoded as UTF-8 bytes
        (b'"\xc3"', "invalid_json"),
        (b"NaN", "invalid_json"),
        (b"-Infinity", "invalid_json"),
    ],
)
def test_text_must_be_valid_unicode(
    client: FlaskClient, table: Table, journal: Journal, name: bytes, code: str
) -> None:
    before = snapshot(table, journal)
    response = send_raw(client, "/api/lobby", LOBBY % name, None)
    refused(response, 400, code)
    assert snapshot(table, journal) == before


def test_valid_unicode_names_are_kept(client: FlaskClient, table: Table) -> None:
    ok(client.post("/api/lobby", json={"game": "cena", "players": 3, "name": "Zoë 😀"}))
    assert table.status()["seats"][0]["name"] == "Zoë 😀"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"players": True}, "players must be a whole number"),  # true is not 1
        ({"players": 3.0}, "players must be a whole number"),
        ({"players": 2**53}, "too large"),
        ({"players": -(2**63)}, "too large"),
        ({"options": {"a": [[[[[[[[1]]]]]]]]}}, "nested too deep"),
        ({"options": {f"o{n}": 1 for n in range(MAX_ITEMS + 1)}}, "too many entries"),
        ({"options": {"x" * (MAX_TEXT + 1): 1}}, "too long"),
        ({"options": {"\ud800": 1}}, "not valid Unicode"),
    ],
)
def test_types_are_exact_and_values_bounded(
    client: FlaskClient, table: Table, journal: Journal, body: dict, words: str
) -> None:
    before = snapshot(table, journal)
    full = {"game": "cena", "players": 3, "name": "Ann", **body}
    message = refused(client.post("/api/lobby", json=full), 400)
    assert words in message, message
    assert snapshot(table, journal) == before


def test_too_many_fields_are_refused(client: FlaskClient) -> None:
    body = {f"f{n}": 1 for n in range(MAX_ITEMS + 1)}
    assert "fields" in refused(client.post("/api/lobby", json=body), 400, "invalid_json")


# Tokens no box gives: the non-ASCII ones (which made compare_digest raise),
# too long, another alphabet. Each is an unknown token: 403, join again.
BAD_TOKENS = ["é", "Ã©", "😀", "x" * 65, "a" * 5000, "tok en", "tok+en/==", "\t"]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_a_token_no_box_gives_is_join_again(
    client: FlaskClient, table: Table, journal: Journal, seated: Seated, token: str
) -> None:
    before = snapshot(table, journal)
    bad = {TOKEN_HEADER: token}
    refused(client.get("/api/state", headers=bad), 403, "join_again")
    refused(client.get("/api/stream", headers=bad), 403, "join_again")
    refused(client.post("/api/host/start", json={}, headers=bad), 403, "join_again")
    action = {"action": {"type": "reveal", "cards": seated.state(1)["hand"][:3]}}
    refused(client.post("/api/action", json=action, headers=bad), 403, "join_again")
    assert snapshot(table, journal) == before


@pytest.mark.parametrize("query", ["%C3%A9", "%FF", "%ED%A0%80", "x" * 65, "a%20b", "%00"])
def test_a_stream_token_no_box_gives_is_join_again(client: FlaskClient, query: str) -> None:
    refused(client.get(f"/api/stream?token={query}"), 403, "join_again")


def test_no_token_and_not_the_host_have_their_own_codes(
    client: FlaskClient, seated: Seated
) -> None:
    refused(client.post("/api/action", json={"action": {}}), 403, "not_seated")
    refused(client.post("/api/host/end", json={}, headers=_h(seated.tokens[1])), 403, "not_host")


def test_every_error_has_a_code(client: FlaskClient, seated: Seated) -> None:
    refused(client.get("/api/nothing"), 404, "not_found")
    refused(client.get("/api/join"), 405, "method_not_allowed")
    lobby = {"game": "cena", "players": 3, "name": "Zed"}
    refused(client.post("/api/lobby", json=lobby), 409, "game_open")
    refused(client.post("/api/join", json={"code": "AB", "name": "x"}), 400, "invalid_field")


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
        refused(response, 422)  # each with its own code (e.g. action_fields), not a 500
    assert snapshot(table, journal) == before


def test_a_body_on_a_get_is_ignored(client: FlaskClient, seated: Seated) -> None:
    response = client.get("/api/state", data=b"{not json", headers=_h(seated.tokens[0]))
    assert response.status_code == 200


def _h(token: str | None) -> dict[str, str]:
    return {TOKEN_HEADER: token} if token else {}
