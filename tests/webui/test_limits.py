"""Rate limits (webui/limits.py): a flood from one address is refused with 429 and a
Retry-After, on a clock the tests move by hand; a whole table's normal play behind
one address never meets them."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from device.journal import Journal
from device.sticks import StickRoller
from device.table import Table
from webui import create_app, limits
from webui.limits import RATES, Limits, Rate

from .conftest import HEARTBEAT, TOKEN_HEADER, FakeBox, FakeSheets, ok, refused, world

PHONE = "192.0.2.7"
OTHER = "198.51.100.9"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(table: Table, journal: Journal, box: FakeBox, sheets: FakeSheets, clock: Clock) -> Flask:
    roller = StickRoller(journal, rng=random.Random(3))
    made = create_app(table, box, sheets, roller, testing=True, heartbeat=HEARTBEAT)
    limits.register(made, clock=clock)
    return made


def send(
    client: FlaskClient, path: str, body: object, address: str = PHONE, token: str | None = None
) -> TestResponse:
    headers = {TOKEN_HEADER: token} if token else {}
    return client.post(path, json=body, headers=headers, environ_base={"REMOTE_ADDR": address})


def limited(response: TestResponse, retry_after: str) -> str:
    message = refused(response, 429, "rate_limited")
    assert response.headers["Retry-After"] == retry_after
    return message


# --- the buckets ---------------------------------------------------------------------------


def test_a_burst_then_a_steady_rate(clock: Clock) -> None:
    found = Limits({"x": Rate(3, 2.0, "slow down")}, clock=clock)
    assert [found.wait("x", "a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert found.wait("x", "a") == pytest.approx(0.5)  # refused: nothing taken
    assert found.wait("x", "b") == 0.0  # another address has its own bucket
    clock.advance(0.5)
    assert found.wait("x", "a") == 0.0
    assert found.wait("x", "a") > 0
    clock.advance(60)  # never more than the burst, however long it waited
    assert [found.wait("x", "a") for _ in range(4)][-1] > 0


def test_a_look_takes_nothing(clock: Clock) -> None:
    found = Limits({"x": Rate(1, 1.0, "slow down")}, clock=clock)
    assert found.wait("x", "a", cost=0.0) == 0.0
    assert found.wait("x", "a") == 0.0
    assert found.wait("x", "a", cost=0.0) == pytest.approx(1.0)


def test_purposes_are_counted_apart(clock: Clock) -> None:
    found = Limits({"x": Rate(1, 1.0, "x"), "y": Rate(1, 1.0, "y")}, clock=clock)
    assert found.wait("x", "a") == 0.0
    assert found.wait("y", "a") == 0.0
    assert found.wait("x", "a") > 0


def test_memory_is_bounded_and_forgets_full_buckets_first(clock: Clock) -> None:
    found = Limits({"x": Rate(2, 1.0, "x")}, clock=clock, max_clients=3)
    found.wait("x", "flooder")
    found.wait("x", "flooder")  # empty now
    for n in range(50):
        found.wait("x", f"visitor{n}")
        clock.advance(1.0)  # each visitor's bucket is full again a second later
        found.wait("x", "flooder")  # ... the flooder keeps emptying its own
        found.wait("x", "flooder")
        assert found.clients("x") <= 3
    assert found.wait("x", "flooder") > 0  # still remembered: never forgotten while empty


def test_the_rates_spare_a_table_behind_one_address() -> None:
    """Five phones may share one address: each burst covers all of them at once."""
    assert RATES["throw"].burst >= 10 and RATES["throw"].per_second >= 1
    assert RATES["join"].burst >= 4 * 5  # five phones, each joining again a few times
    assert RATES["room"].burst >= 2 * 5  # five phones, each mistyping twice
    # ... while guessing one of 26**4 room codes takes more than a week.
    assert 26**4 / 2 / RATES["room"].per_second > 7 * 24 * 3600


# --- the routes ----------------------------------------------------------------------------


def test_a_flood_of_throws_is_refused_then_allowed_again(
    client: FlaskClient, table: Table, journal: Journal, box: FakeBox, sheets: FakeSheets,
    clock: Clock,
) -> None:  # fmt: skip
    for _ in range(RATES["throw"].burst):
        ok(send(client, "/api/sticks/throw", {}))
    before = world(table, journal, sheets, box)
    message = limited(send(client, "/api/sticks/throw", {}), "1")
    assert "too fast" in message
    assert world(table, journal, sheets, box) == before  # no throw was made
    ok(send(client, "/api/sticks/throw", {}, address=OTHER))  # another address throws
    clock.advance(0.5)
    ok(send(client, "/api/sticks/throw", {}))
    limited(send(client, "/api/sticks/throw", {}), "1")


def test_a_malformed_throw_is_its_own_error_not_a_limit(client: FlaskClient) -> None:
    for _ in range(RATES["throw"].burst):
        ok(send(client, "/api/sticks/throw", {}))
    refused(send(client, "/api/sticks/throw", {"from": 3}), 400, "invalid_field")


def seat_a_table(client: FlaskClient, table: Table, players: int = 5) -> list[str]:
    opened = ok(send(client, "/api/lobby", {"game": "cena", "players": players, "name": "Ann"}))
    tokens = [opened["token"]]
    room = table.status()["room"]
    for n in range(players - 1):
        tokens.append(ok(send(client, "/api/join", {"code": room, "name": f"P{n}"}))["token"])
    return tokens


def test_wrong_room_codes_are_limited_even_when_the_next_is_right(
    client: FlaskClient, table: Table, clock: Clock
) -> None:
    ok(send(client, "/api/lobby", {"game": "cena", "players": 5, "name": "Ann"}))
    room = table.status()["room"]
    wrong = "ZZZZ" if room != "ZZZZ" else "YYYY"
    for _ in range(RATES["room"].burst):
        refused(send(client, "/api/join", {"code": wrong, "name": "Guess"}), 409, "wrong_room")
    # Over the rate, the right code is refused too: a guesser learns nothing.
    assert "room code" in limited(send(client, "/api/join", {"code": room, "name": "Bo"}), "6")
    ok(send(client, "/api/join", {"code": room, "name": "Cy"}, address=OTHER))
    clock.advance(6)
    ok(send(client, "/api/join", {"code": room, "name": "Bo"}))


def test_a_flood_of_joins_is_limited(client: FlaskClient, table: Table, clock: Clock) -> None:
    ok(send(client, "/api/lobby", {"game": "cena", "players": 3, "name": "Ann"}))
    room = table.status()["room"]
    answers = [
        send(client, "/api/join", {"code": room, "name": f"Bo {n}"}).status_code
        for n in range(RATES["join"].burst)
    ]
    assert answers.count(200) == 2 and set(answers) == {200, 409}  # the seats ran out
    limited(send(client, "/api/join", {"code": room, "name": "Bo"}), "2")
    clock.advance(2)
    refused(send(client, "/api/join", {"code": room, "name": "Bo"}), 409, "table_full")


def test_a_flood_of_new_games_is_limited(client: FlaskClient, clock: Clock) -> None:
    body = {"game": "cena", "players": 3, "name": "Ann"}
    for _ in range(RATES["lobby"].burst):
        assert send(client, "/api/lobby", body).status_code in (200, 409)
    limited(send(client, "/api/lobby", body), "6")
    clock.advance(6)
    refused(send(client, "/api/lobby", body), 409, "game_open")  # a game is open already


def test_an_evening_of_play_behind_one_address_is_never_limited(
    client: FlaskClient, table: Table, clock: Clock
) -> None:
    """Five phones on one Wi-Fi (one address): three games, each opened and joined (a
    phone typing the code wrong twice, two tapping Join again once seated), with the
    sticks thrown every few seconds from any phone, sometimes twice at once."""
    rng = random.Random(5)
    for _ in range(3):
        tokens = seat_a_table(client, table)
        room = table.status()["room"]
        typo = "QQQQ" if room != "QQQQ" else "ZZZZ"
        for _ in range(2):
            refused(send(client, "/api/join", {"code": typo, "name": "typo"}), 409, "wrong_room")
            refused(send(client, "/api/join", {"code": room, "name": "again"}), 409, "table_full")
        for _ in range(200):  # ten minutes of throws
            clock.advance(rng.uniform(1.0, 5.0))
            for _ in range(rng.choice([1, 1, 1, 2])):
                ok(send(client, "/api/sticks/throw", {}, token=rng.choice(tokens)))
        ok(send(client, "/api/host/end", {}, token=tokens[0]))
        clock.advance(30)
