"""The game API: status, games, state, opening a lobby, joining and acting."""

from __future__ import annotations

from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table

from .conftest import get, ok, post, refused, seat_players, snapshot


def test_status_is_the_table_status(client: FlaskClient, table: Table) -> None:
    assert ok(get(client, "/api/status")) == table.status()


def test_games_lists_engines_with_their_default_options(client: FlaskClient) -> None:
    games = {g["name"]: g for g in ok(get(client, "/api/games"))["games"]}
    cena = games["cena"]
    assert (cena["min_players"], cena["max_players"]) == (3, 5)
    assert cena["defaults"]["simplified"] is False
    assert [o["text"] for o in cena["defaults"]["objectives"]] == [
        "-10 per card numbered 6",
        "-4 per ale card",
        "-8 per odd mead card",
    ]


def test_state_without_a_token_is_the_public_view(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    state = ok(get(client, "/api/state"))
    assert state["you"] == {"seat": None, "host": False}
    assert state["legal"] == []
    assert "hand" not in state and "chosen" not in state
    assert state["seat"] is None and state["game"] == "cena"
    assert seated.state(None) == state


def test_state_with_a_token_is_that_seats_view(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    host = seated.state(0)
    assert host["you"] == {"seat": 0, "host": True}
    assert host["seat"] == 0
    assert host["hand"] == table.view(0)["hand"]
    assert host["legal"] == table.legal_actions(0)
    bob = seated.state(1)
    assert bob["you"] == {"seat": 1, "host": False}
    assert bob["hand"] == table.view(1)["hand"]


def test_state_with_an_unknown_token_is_refused(client: FlaskClient, table: Table) -> None:
    seat_players(client, table)
    assert "join again" in refused(get(client, "/api/state", "not-a-token"), 403)


def test_lobby_opens_a_game_and_seats_its_opener_as_host(client: FlaskClient, table: Table) -> None:
    body = {"game": "cena", "players": 4, "options": {"simplified": True}, "name": "Ann"}
    opened = ok(post(client, "/api/lobby", body))
    assert opened["seat"] == 0 and opened["token"]
    status = table.status()
    assert (status["phase"], status["players"], status["host"]) == ("lobby", 4, 0)
    assert status["options"] == {"simplified": True}
    assert status["seats"][0] == {"seat": 0, "name": "Ann", "taken": True, "bot": None}
    assert table.is_host(opened["token"])


def test_lobby_options_are_optional(client: FlaskClient, table: Table) -> None:
    ok(post(client, "/api/lobby", {"game": "cena", "players": 3, "name": "Ann"}))
    assert table.status()["options"] == {}


def test_lobby_refuses_while_a_game_is_open(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seat_players(client, table)
    before = snapshot(table, journal)
    body = {"game": "cena", "players": 3, "name": "Zed"}
    assert "already open" in refused(post(client, "/api/lobby", body), 409)
    assert snapshot(table, journal) == before


def test_lobby_after_a_finished_or_ended_game(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    ok(post(client, "/api/host/end", token=seated.tokens[0]))
    assert table.phase == "over"  # ended: the table and its seats are kept
    ok(post(client, "/api/lobby", {"game": "cena", "players": 3, "name": "Ann"}))
    assert table.phase == "lobby"


def test_lobby_bad_setups_are_400_and_change_nothing(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    before = snapshot(table, journal)
    cases = [
        ({"game": "chess", "players": 3, "name": "A"}, "unknown game"),
        ({"game": "cena", "players": 9, "name": "A"}, "3 to 5 players"),
        ({"game": "cena", "players": 3, "name": "A", "options": {"turbo": True}}, "turbo"),
        ({"game": "cena", "players": 3, "name": "A", "options": {"simplified": "yes"}}, "true"),
        ({"game": "cena", "players": 3, "name": "A", "options": {"objectives": [{}]}}, "object"),
    ]
    for body, words in cases:
        assert words in refused(post(client, "/api/lobby", body), 400)
    assert snapshot(table, journal) == before


def test_lobby_refuses_options_that_would_fix_the_deal(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    before = snapshot(table, journal)
    hands = [["W1"] * 12] * 3
    body = {"game": "cena", "players": 3, "name": "A", "options": {"hands": hands}}
    assert "hands" in refused(post(client, "/api/lobby", body), 400)
    assert snapshot(table, journal) == before


def test_join_takes_the_lowest_free_seat_or_the_one_asked(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table, players=4, start=False)
    assert len(seated.tokens) == 4
    ok(post(client, "/api/host/release", {"seat": 2}, seated.tokens[0]))
    ok(post(client, "/api/host/release", {"seat": 1}, seated.tokens[0]))
    room = table.status()["room"]
    joined = ok(post(client, "/api/join", {"code": room, "name": "Fay", "seat": 2}))
    assert joined["seat"] == 2
    joined = ok(post(client, "/api/join", {"code": f" {room.lower()} ", "name": "Gus"}))
    assert joined["seat"] == 1
    assert table.seat_of(joined["token"]) == 1


def test_a_japanese_name_is_sent_as_utf8(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, players=3, start=False)
    ok(post(client, "/api/host/release", {"seat": 2}, seated.tokens[0]))
    room = table.status()["room"]
    ok(post(client, "/api/join", {"code": room, "name": "さくら", "seat": 2}))
    answer = client.get("/api/status")
    assert "さくら".encode() in answer.data and b"\\u" not in answer.data
    assert "さくら" in [seat["name"] for seat in answer.get_json()["seats"] if seat]


def test_join_refusals(client: FlaskClient, table: Table, journal: Journal) -> None:
    assert "no game" in refused(post(client, "/api/join", {"code": "ABCD", "name": "A"}), 409)
    seated = seat_players(client, table, start=False, players=4)
    ok(post(client, "/api/host/release", {"seat": 3}, seated.tokens[0]))
    before = snapshot(table, journal)
    room = table.status()["room"]
    other = "ABCD" if room != "ABCD" else "EFGH"
    assert "4 letters" in refused(post(client, "/api/join", {"code": "AB", "name": "A"}), 400)
    assert "4 letters" in refused(post(client, "/api/join", {"code": "AB1D", "name": "A"}), 400)
    assert "room code" in refused(post(client, "/api/join", {"code": other, "name": "A"}), 409)
    taken = {"code": room, "name": "A", "seat": 0}
    assert "not free" in refused(post(client, "/api/join", taken), 409)
    beyond = {"code": room, "name": "A", "seat": 7}
    assert "not free" in refused(post(client, "/api/join", beyond), 409)
    assert snapshot(table, journal) == before


def test_join_refuses_when_every_seat_is_taken(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seat_players(client, table)
    before = snapshot(table, journal)
    room = table.status()["room"]
    assert "every seat" in refused(post(client, "/api/join", {"code": room, "name": "Zed"}), 409)
    assert snapshot(table, journal) == before


def test_action_applies_for_the_callers_seat(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    cards = seated.state(1)["hand"][:3]
    events = ok(seated.act(1, {"type": "reveal", "cards": cards}))["events"]
    assert events == [{"type": "ready", "seat": 1}]
    in_order = sorted(cards, key=lambda card: ("ACMW".index(card[0]), int(card[1:])))
    assert seated.state(1)["chosen"] == in_order


def test_action_needs_a_seat_token(client: FlaskClient, table: Table, journal: Journal) -> None:
    seat_players(client, table)
    before = snapshot(table, journal)
    action = {"action": {"type": "reveal", "cards": ["W1", "W2", "W3"]}}
    assert "join" in refused(post(client, "/api/action", action), 403)
    assert "join again" in refused(post(client, "/api/action", action, "forged"), 403)
    assert snapshot(table, journal) == before


def test_illegal_actions_are_422_with_the_reason(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seated = seat_players(client, table)
    before = snapshot(table, journal)
    not_mine = next(c for c in seated.state(2)["hand"])
    mine = seated.state(1)["hand"]
    cases = [
        ({"type": "reveal", "cards": mine[:2]}, "exactly 3"),
        ({"type": "reveal", "cards": [*mine[:2], not_mine]}, "not in your hand"),
        ({"type": "play", "card": mine[0], "to": 1}, "public cards"),
        ({"type": "dance"}, "unknown action"),
        ({"type": "reveal", "cards": mine[:3], "seat": 2}, "unexpected seat"),
        ({}, "type"),
    ]
    for action, reason in cases:
        assert reason in refused(seated.act(1, action), 422)
    assert snapshot(table, journal) == before


def test_action_outside_a_game_is_409(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    message = refused(seated.act(0, {"type": "reveal", "cards": []}), 409)
    assert "no game" in message


def test_wrong_methods_get_json_405(client: FlaskClient) -> None:
    assert refused(client.get("/api/action"), 405) == "method not allowed"
    assert refused(client.post("/api/status"), 405) == "method not allowed"


def test_unknown_api_route_is_json_404(client: FlaskClient) -> None:
    assert refused(client.get("/api/nothing"), 404) == "not found"
    assert refused(client.get("/sim/nothing"), 404) == "not found"


# --- issue 12: retries are safe, a lost answer is not a lost seat, odd tokens ---------------


def test_a_retried_action_is_applied_once_and_answered_the_same(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seated = seat_players(client, table)
    cards = seated.state(1)["hand"][:3]
    body = {"action": {"type": "reveal", "cards": cards}, "request": "b0b-move-0001"}
    first = ok(post(client, "/api/action", body, seated.tokens[1]))
    before = snapshot(table, journal)
    # The phone never got that answer (Wi-Fi, a crash): it sends the same again.
    assert ok(post(client, "/api/action", body, seated.tokens[1])) == first
    assert snapshot(table, journal) == before
    record = journal.latest_open()
    assert record is not None and len(record.actions) == 1
    # Without a request id a repeat is a new move, judged by the rules.
    again = {"action": body["action"]}
    assert "not your turn" in refused(post(client, "/api/action", again, seated.tokens[1]), 422)
    # The same id for another move is refused, not applied.
    other = {"action": {"type": "reveal", "cards": cards[::-1]}, "request": "b0b-move-0001"}
    assert "another move" in refused(post(client, "/api/action", other, seated.tokens[1]), 409)
    assert snapshot(table, journal) == before


def test_request_ids_are_checked(client: FlaskClient, table: Table, journal: Journal) -> None:
    seated = seat_players(client, table)
    before = snapshot(table, journal)
    action = {"type": "reveal", "cards": seated.state(1)["hand"][:3]}
    for request, status in (("short", 400), ("x" * 65, 400), ("no spaces!", 400), (7, 400)):
        body = {"action": action, "request": request}
        assert "request" in refused(post(client, "/api/action", body, seated.tokens[1]), status)
    assert snapshot(table, journal) == before


def test_an_opener_whose_answer_was_lost_gets_the_same_host_seat(
    client: FlaskClient, table: Table
) -> None:
    body = {"game": "cena", "players": 3, "name": "Ann", "opener": "anns-phone-key-1"}
    first = ok(post(client, "/api/lobby", body))
    assert ok(post(client, "/api/lobby", body)) == first  # a retry: the same seat and token
    assert table.is_host(first["token"])
    stranger = {**body, "opener": "someone-elses-key"}
    assert "already open" in refused(post(client, "/api/lobby", stranger), 409)
    assert "opener" in refused(post(client, "/api/lobby", {**body, "opener": "?"}), 400)


def test_a_token_that_is_not_ascii_is_refused_not_a_server_error(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table)
    action = {"action": {"type": "reveal", "cards": seated.state(1)["hand"][:3]}}
    for token in ("é" * 24, "tök-" + "a" * 20, "\u00ff"):
        assert "join again" in refused(get(client, "/api/state", token), 403)
        assert "join again" in refused(post(client, "/api/action", action, token), 403)
        assert "join again" in refused(post(client, "/api/host/start", {}, token), 403)
