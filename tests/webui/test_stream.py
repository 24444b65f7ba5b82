"""GET /api/stream: snapshot on connect, one event per change, heartbeats, rejoin, and
one place per page however often it reloads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, cast

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

import webui.state
from device.table import Table
from webui import create_app
from webui.services import EXTENSION

from .conftest import SEED, TOKEN_HEADER, FakeBox, FakeSheets, ok, post, refused, seat_players


class Stream:
    """Reads an SSE response one message at a time, on the test's own thread."""

    def __init__(self, response: TestResponse) -> None:
        assert response.status_code == 200
        self.response = response
        self.chunks = cast(Iterator[bytes], iter(response.response))
        self.seen: list[str] = []
        assert next(self.chunks).startswith(b"retry:")

    def next(self) -> tuple[str, Any]:
        """("heartbeat", None) for a comment, else (event name, parsed data)."""
        text = next(self.chunks).decode()
        self.seen.append(text)
        assert text.endswith("\n\n")
        if text.startswith(":"):
            return "heartbeat", None
        name, data = text.strip().split("\n")
        assert name.startswith("event: ") and data.startswith("data: ")
        return name.removeprefix("event: "), json.loads(data.removeprefix("data: "))

    def ended(self) -> bool:
        return next(self.chunks, None) is None

    def close(self) -> None:
        self.response.close()


def open_stream(client: FlaskClient, token: str | None = None, query: bool = False) -> Stream:
    if token and query:
        return Stream(client.get(f"/api/stream?token={token}", buffered=False))
    headers = {TOKEN_HEADER: token} if token else {}
    return Stream(client.get("/api/stream", headers=headers, buffered=False))


def test_headers(client: FlaskClient) -> None:
    response = client.get("/api/stream", buffered=False)
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["X-Accel-Buffering"] == "no"
    response.close()


def test_snapshot_on_connect_is_the_same_as_api_state(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    for seat in (None, 0, 1, 2):
        token = None if seat is None else seated.tokens[seat]
        stream = open_stream(client, token, query=True)
        assert stream.next() == ("state", seated.state(seat))
        stream.close()


def test_an_action_sends_an_update_to_every_stream(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    streams = [open_stream(client, token) for token in seated.tokens] + [open_stream(client)]
    for stream in streams:
        assert stream.next()[0] == "state"
    cards = seated.state(1)["hand"][:3]
    ok(seated.act(1, {"type": "reveal", "cards": cards}))
    for seat, stream in zip([0, 1, 2, None], streams, strict=True):
        name, state = stream.next()
        assert name == "state"
        assert state["ready"] == [False, True, False]
        assert state == seated.state(seat)
        stream.close()


def test_each_audience_is_built_once_per_change_however_many_streams(
    client: FlaskClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = seat_players(client, table)
    streams = [open_stream(client) for _ in range(4)]  # four spectators
    streams += [open_stream(client, seated.tokens[seat]) for seat in (0, 0, 1)]  # seat 0 twice
    for stream in streams:
        stream.next()
    built: list[int | None] = []
    real_state_for = webui.state.state_for

    def counting_state_for(
        table: Table, seat: int | None, *args: Any, **kwargs: Any
    ) -> dict[str, Any]:
        built.append(seat)
        return real_state_for(table, seat, *args, **kwargs)

    monkeypatch.setattr(webui.state, "state_for", counting_state_for)
    ok(seated.act(2, seated.state(2)["legal"][0]))
    updates = [stream.next() for stream in streams]
    assert sorted(built, key=str) == sorted([None, 0, 1], key=str)
    for seat, (name, state), stream in zip([None] * 4 + [0, 0, 1], updates, streams, strict=True):
        assert name == "state" and state == seated.state(seat)
        stream.close()


def test_a_seat_gone_from_the_next_game_is_not_built_for_it(
    client: FlaskClient, table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    five = seat_players(client, table, players=5)
    stream = open_stream(client, five.tokens[4])
    stream.next()
    stream.close()
    ok(post(client, "/api/host/end", {}, five.tokens[0]))
    three = seat_players(client, table, players=3)
    public = open_stream(client)
    public.next()
    ok(three.act(0, three.state(0)["legal"][0]))
    assert public.next()[1] == three.state(None)
    public.close()
    assert "subscriber failed" not in caplog.text


def test_changes_coalesce_to_the_latest(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    stream = open_stream(client)
    stream.next()
    for seat in (0, 1):
        ok(seated.act(seat, seated.state(seat)["legal"][0]))
    name, state = stream.next()
    assert name == "state"
    assert state["ready"] == [True, True, False]  # one event for both changes
    assert state["table"]["version"] == table.version
    assert stream.next() == ("heartbeat", None)
    stream.close()


def test_heartbeat_when_nothing_changes(client: FlaskClient) -> None:
    stream = open_stream(client)
    stream.next()
    assert stream.next() == ("heartbeat", None)
    assert stream.next() == ("heartbeat", None)
    stream.close()


def test_closing_unsubscribes(client: FlaskClient, table: Table) -> None:
    before = len(table._subscribers)  # the test reaches into the table to count
    stream = open_stream(client)
    stream.next()
    assert len(table._subscribers) == before + 1
    stream.close()
    assert len(table._subscribers) == before


def test_a_released_seat_is_told_to_rejoin_and_the_stream_ends(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table)
    before = len(table._subscribers)
    stream = open_stream(client, seated.tokens[1])
    stream.next()
    ok(post(client, "/api/host/release", {"seat": 1}, seated.tokens[0]))
    ok(post(client, "/api/host/release/answer", {"allow": True}, seated.tokens[1]))
    name, data = stream.next()
    assert name == "rejoin" and "join again" in data["reason"]
    assert stream.ended()
    assert len(table._subscribers) == before


def test_a_new_game_tells_old_seats_to_rejoin(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    stream = open_stream(client, seated.tokens[2])
    stream.next()
    ok(post(client, "/api/host/clear", {}, seated.tokens[0]))
    assert stream.next()[0] == "rejoin"
    assert stream.ended()


def test_an_unknown_token_is_refused(client: FlaskClient, table: Table) -> None:
    seat_players(client, table)
    assert "join again" in refused(client.get("/api/stream?token=forged"), 403)


def test_the_token_query_is_only_for_the_stream(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    state = ok(client.get(f"/api/state?token={seated.tokens[0]}"))
    assert state["you"]["seat"] is None
    body = {"action": seated.state(0)["legal"][0]}
    response = client.post(f"/api/action?token={seated.tokens[0]}", json=body)
    assert refused(response, 403)


@pytest.mark.parametrize("players", [3, 5])
def test_the_public_stream_never_carries_a_hand_or_a_secret(
    client: FlaskClient, table: Table, players: int
) -> None:
    seated = seat_players(client, table, players=players)
    public = open_stream(client)
    public.next()
    for _ in range(3 * players):  # every reveal, then two tricks
        seat = seated.state(None)["to_act"][0]
        ok(seated.act(seat, seated.state(seat)["legal"][0]))
        public.next()
    public.close()
    hidden = set().union(*(table.view(s)["hand"] for s in range(players)))
    hidden -= {card for cards in table.view(None)["public"] for card in cards}
    text = "".join(public.seen)
    for card in hidden:
        assert f'"{card}"' not in text
    assert '"hand"' not in text and '"chosen"' not in text
    assert str(SEED) not in text
    for token in seated.tokens:
        assert token not in text


def test_a_swapped_seat_keeps_its_stream_on_the_new_seat(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    stream = open_stream(client, seated.tokens[1])
    assert stream.next()[1]["you"]["seat"] == 1
    ok(post(client, "/api/host/swap", {"first": 1, "second": 2}, seated.tokens[0]))
    name, state = stream.next()
    assert name == "state" and state["you"] == {"seat": 2, "host": False}
    stream.close()


def test_close_streams_ends_an_idle_stream_at_once(client, app) -> None:
    """On shutdown a stream must not sleep until its next heartbeat."""
    import threading

    from webui import close_streams

    response = client.get("/api/stream", buffered=False)
    chunks = response.response
    next(chunks)  # retry
    next(chunks)  # snapshot
    ended = threading.Event()

    def drain() -> None:
        for _chunk in chunks:
            pass
        ended.set()

    threading.Thread(target=drain, daemon=True).start()
    close_streams(app)
    assert ended.wait(2), "the stream kept waiting for its heartbeat"


@pytest.mark.parametrize("path", ["/api/stream", "/sim/stream"])
def test_past_the_limit_a_stream_is_refused_and_a_closed_one_frees_its_place(
    table: Table, box: FakeBox, sheets: FakeSheets, path: str
) -> None:
    client = create_app(table, box, sheets, testing=True, max_streams=2).test_client()
    opened = [client.get(path, buffered=False) for _ in range(2)]
    for response in opened:
        next(iter(response.response))  # retry: the stream now holds its place
        next(iter(response.response))  # the snapshot
    assert "too many live screens" in refused(client.get(path), 503)
    assert ok(client.get("/api/state"))["table"]["phase"] == "idle"  # requests still served
    opened[0].close()
    again = client.get(path, buffered=False)
    assert again.status_code == 200
    again.close()
    opened[1].close()


@pytest.mark.parametrize("path", ["/api/stream", "/sim/stream"])
def test_a_page_reloaded_50_times_holds_one_place(
    table: Table, box: FakeBox, sheets: FakeSheets, path: str
) -> None:
    """A page sends its tab's id: each reload's stream takes the place of the one
    before, which is told it was replaced and ends, so reloads never lock anyone out."""
    app = create_app(table, box, sheets, testing=True, heartbeat=5, max_streams=2)
    client = app.test_client()
    other = client.get(path, buffered=False)  # another phone, open throughout
    next(iter(other.response))
    pages = []
    for _ in range(50):
        page = client.get(f"{path}?client=tab-1", buffered=False)
        assert page.status_code == 200
        chunks = cast(Iterator[bytes], iter(page.response))
        assert next(chunks).startswith(b"retry:")
        assert b"event: " in next(chunks)  # its snapshot
        pages.append((page, chunks))
    assert len(app.extensions[EXTENSION].streams) == 2
    for _page, chunks in pages[:-1]:
        assert next(chunks).startswith(b"event: replaced\n")
        assert next(chunks, None) is None
    assert "too many live screens" in refused(client.get(path), 503)  # still the limit
    for page, _chunks in pages:
        page.close()
    other.close()
    assert len(app.extensions[EXTENSION].streams) == 0


def test_a_client_id_only_replaces_its_own_path_and_a_bad_one_is_ignored(
    table: Table, box: FakeBox, sheets: FakeSheets
) -> None:
    app = create_app(table, box, sheets, testing=True, heartbeat=5)
    client = app.test_client()
    opened = [
        client.get(url, buffered=False)
        for url in (
            "/api/stream?client=tab-1",
            "/sim/stream?client=tab-1",  # the same tab's other stream: kept
            "/api/stream?client=no%20spaces",  # not an id: a stream of its own
            "/api/stream?client=no%20spaces",
        )
    ]
    for response in opened:
        next(iter(response.response))
    assert len(app.extensions[EXTENSION].streams) == 4
    for response in opened:
        response.close()
