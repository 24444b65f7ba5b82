"""Sàrénà through the web app: a game from phones, and its secret colours.

The secrecy tests are differential: the same game (same seed, same moves) is
played with different secret colours, and every response is compared. A public
response (status, public state, public stream, pages) must be byte-for-byte the
same whatever the colours; a seat's responses may change only with its own colour.
That is stronger than searching for colour letters, which every board is full of.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from flask.testing import FlaskClient

import engines.sarena.game as sarena_engine
from device.journal import Journal
from device.table import Table
from engines.sarena import final_scores
from webui import create_app

from .conftest import HEARTBEAT, SEED, FakeBox, FakeSheets, get, ok, post, refused, snapshot

NAMES = ["Ann", "Bob", "Cat"]
MOVES_COMPARED = 12  # moves after which every response is compared again


def first_stream_state(client: FlaskClient, token: str | None) -> dict[str, Any]:
    """The snapshot the live stream sends on connect (its first "state" event)."""
    headers = {"X-Tablemate-Token": token} if token else {}
    response = client.get("/api/stream", headers=headers, buffered=False)
    try:
        for chunk in cast(Iterator[bytes], iter(response.response)):
            text = chunk.decode()
            if text.startswith("event: state"):
                return cast(dict[str, Any], json.loads(text.split("\ndata: ", 1)[1]))
        raise AssertionError("the stream sent no state")
    finally:
        response.close()


class Game:
    """One game of Sàrénà through the API, with its own journal, table and app."""

    def __init__(self, directory: Path, players: int = 3) -> None:
        directory.mkdir()
        self.journal = Journal(directory / "j.sqlite3")
        self.table = Table(self.journal)
        app = create_app(
            self.table, FakeBox(), FakeSheets(self.journal), testing=True, heartbeat=HEARTBEAT
        )
        self.client = app.test_client()
        opened = ok(
            post(
                self.client, "/api/lobby", {"game": "sarena", "players": players, "name": NAMES[0]}
            )
        )
        self.tokens = [opened["token"]]
        self.room = self.table.status()["room"]
        for name in NAMES[1:players]:
            joined = post(self.client, "/api/join", {"code": self.room, "name": name})
            self.tokens.append(ok(joined)["token"])
        ok(post(self.client, "/api/host/start", token=self.tokens[0]))

    def close(self) -> None:
        self.journal.close()

    def act_first_legal(self) -> dict[str, Any]:
        seat = self.table.to_act()[0]
        legal = ok(get(self.client, "/api/state", self.tokens[seat]))["legal"]
        return cast(
            dict[str, Any],
            ok(post(self.client, "/api/action", {"action": legal[0]}, self.tokens[seat])),
        )

    def normalised(self, text: str) -> str:
        """A response with what differs between two tables anyway (room, run, tokens)
        masked."""
        text = text.replace(self.room, "ROOM").replace(self.table.status()["boot"], "BOOT")
        seal = self.table.status()["fingerprint"]
        if seal:  # random with its salt, as the room code is (device/history/fingerprint.py)
            text = text.replace(seal["commitment"], "SEAL").replace(seal["short"], "SEAL")
        for seat, token in enumerate(self.tokens):
            text = text.replace(token, f"TOKEN{seat}")
        return text

    def public_responses(self) -> dict[str, str]:
        found = {
            "status": get(self.client, "/api/status").get_data(as_text=True),
            "state": get(self.client, "/api/state").get_data(as_text=True),
            "stream": json.dumps(first_stream_state(self.client, None), sort_keys=True),
            "table page": self.client.get("/table").get_data(as_text=True),
            "seat page": self.client.get("/seat").get_data(as_text=True),
        }
        return {name: self.normalised(text) for name, text in found.items()}

    def seat_responses(self, seat: int) -> dict[str, str]:
        token = self.tokens[seat]
        found = {
            "state": get(self.client, "/api/state", token).get_data(as_text=True),
            "stream": json.dumps(first_stream_state(self.client, token), sort_keys=True),
        }
        return {name: self.normalised(text) for name, text in found.items()}


@pytest.fixture
def with_colours(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[Callable[[list[str]], Game]]:
    """Start a game whose secret colours are the given ones. The real draw still runs
    first, so the game's generator moves on exactly as usual (same board, same first
    player): only the colours differ."""
    games: list[Game] = []
    real_draw = sarena_engine.draw_colours

    def start(colours: list[str]) -> Game:
        def draw(rng: Any, seats: int, letters: Any) -> dict[int, str]:
            real_draw(rng, seats, letters)
            return dict(enumerate(colours))

        monkeypatch.setattr(sarena_engine, "draw_colours", draw)
        game = Game(tmp_path / f"game{len(games)}", players=len(colours))
        games.append(game)
        return game

    yield start
    for game in games:
        game.close()


# --- secrets -----------------------------------------------------------------------------


def test_no_public_response_and_no_other_seat_depends_on_a_secret_colour(
    with_colours: Callable[[list[str]], Game],
) -> None:
    base = with_colours(["R", "B", "Y"])
    same_for_ann = with_colours(["R", "G", "B"])  # Ann keeps red; Bob and Cat change
    same_for_bob = with_colours(["Y", "B", "G"])  # Bob keeps blue; Ann and Cat change
    games = [base, same_for_ann, same_for_bob]
    assert base.table.view(None)["board"] == same_for_bob.table.view(None)["board"]
    for step in range(MOVES_COMPARED):
        publics = [game.public_responses() for game in games]
        assert publics[0] == publics[1] == publics[2], f"a public response leaks (move {step})"
        assert base.seat_responses(0) == same_for_ann.seat_responses(0), "Ann learns others'"
        assert base.seat_responses(1) == same_for_bob.seat_responses(1), "Bob learns others'"
        assert base.seat_responses(2) != same_for_ann.seat_responses(2)  # Cat sees her own
        events = [game.act_first_legal() for game in games]
        assert events[0] == events[1] == events[2], "an event leaks a colour"


def test_a_seat_sees_its_own_colour_and_tally_only(
    with_colours: Callable[[list[str]], Game],
) -> None:
    game = with_colours(["G", "R", "B"])
    for seat, colour in enumerate(["G", "R", "B"]):
        state = ok(get(game.client, "/api/state", game.tokens[seat]))
        assert state["colour"] == colour
        assert state["colours"] is None
        assert set(state["tally"]) == {"chips", "tiebreak"}
    public = ok(get(game.client, "/api/state"))
    assert public["colour"] is None and public["tally"] is None and public["colours"] is None
    assert str(SEED) not in json.dumps(public)


def test_at_the_end_every_audience_sees_every_colour_and_the_result(
    with_colours: Callable[[list[str]], Game],
) -> None:
    game = with_colours(["Y", "G"])
    events: list[dict[str, Any]] = []
    for _ in range(60):
        if game.table.phase != "playing":
            break
        events += game.act_first_legal()["events"]
    public = ok(get(game.client, "/api/state"))
    assert public["phase"] == "over" and public["colours"] == ["Y", "G"]
    piles = [pile for row in public["board"] for pile in row]
    expected = final_scores(piles, {0: "Y", 1: "G"})
    assert public["scores"] == [expected["chips"][0], expected["chips"][1]]
    assert public["winners"] == expected["winners"]
    assert events[-1]["type"] == "game_over" and events[-1]["colours"] == ["Y", "G"]
    for token in game.tokens:
        assert ok(get(game.client, "/api/state", token))["colours"] == ["Y", "G"]


def test_the_colours_option_cannot_be_set_from_a_phone(client: FlaskClient) -> None:
    body = {
        "game": "sarena",
        "players": 2,
        "name": "Ann",
        "options": {"colours": {"0": "R", "1": "B"}},
    }
    assert "cannot be set from a phone" in refused(post(client, "/api/lobby", body), 400)
    fair = {"game": "sarena", "players": 2, "name": "Ann", "options": {"fair": True}}
    ok(post(client, "/api/lobby", fair))


def test_an_illegal_move_is_refused_and_changes_nothing(
    with_colours: Callable[[list[str]], Game],
) -> None:
    game = with_colours(["R", "B"])
    seat = game.table.to_act()[0]
    other = 1 - seat
    before = snapshot(game.table, game.journal)
    bad = [
        (seat, {"type": "move", "from": [0, 0], "to": [5, 5]}),  # not joined by a line
        (seat, {"type": "move", "from": [0, 0], "to": [0, 0, 1]}),
        (seat, {"type": "move", "from": [0, 0], "to": [0, 1], "chips": 2}),  # never split
        (other, ok(get(game.client, "/api/state", game.tokens[seat]))["legal"][0]),  # not your turn
    ]
    for who, action in bad:
        response = post(game.client, "/api/action", {"action": action}, game.tokens[who])
        assert response.status_code in (409, 422), response.get_data(as_text=True)
        assert response.get_json()["error"]
    assert snapshot(game.table, game.journal) == before


# --- secret colours for a game on a real board ------------------------------------------------


def all_texts(responses: list[Any]) -> str:
    return "\n".join(response.get_data(as_text=True) for response in responses)


def test_a_phone_claims_its_seat_and_only_its_token_reads_its_colour(
    client: FlaskClient, sheets: FakeSheets
) -> None:
    assert ok(client.get("/api/colours")) == {"round": None}
    started = ok(post(client, "/api/colours/start", {"players": 3}))
    number, code = started["round"], started["owner"]["code"]
    assert started["colours"] is None and started["claimed"] == [False, False, False]
    assert started["needs_code"] is True and started["reveal_by"] == "owner"
    claim = ok(post(client, "/api/colours/claim", {"round": number, "seat": 2, "code": code}))
    assert claim["seat"] == 2 and claim["token"]
    mine = get(client, f"/api/colours/mine?round={number}", claim["token"])
    assert mine.headers["Cache-Control"] == "no-store"
    drawn = sheets.colours().get(number)
    assert ok(mine) == {"round": number, "seat": 2, "colour": drawn.colours[2]}
    assert "already on another phone" in refused(
        post(client, "/api/colours/claim", {"round": number, "seat": 2, "code": code}), 400
    )
    refused(get(client, f"/api/colours/mine?round={number}"), 403)
    refused(get(client, f"/api/colours/mine?round={number}", "someone-else"), 403)
    refused(get(client, f"/api/colours/mine?round={number}", started["owner"]["token"]), 403)
    refused(get(client, "/api/colours/mine", claim["token"]), 400)
    public = ok(client.get("/api/colours"))
    assert public["claimed"] == [False, False, True] and public["colours"] is None
    text = json.dumps(public)
    assert claim["token"] not in text and code not in text
    assert started["owner"]["token"] not in text


def test_the_owners_reveal_shows_everyone_and_ends_claiming(
    client: FlaskClient, sheets: FakeSheets
) -> None:
    started = ok(post(client, "/api/colours/start", {"players": 2, "names": ["Ann", "Bob"]}))
    number, owner = started["round"], started["owner"]
    revealed = ok(post(client, "/api/colours/reveal", {"round": number}, owner["token"]))
    assert revealed["colours"] == sheets.colours().get(number).colours
    assert ok(client.get("/api/colours"))["revealed"] is True
    assert "already revealed" in refused(
        post(client, "/api/colours/claim", {"round": number, "seat": 0, "code": owner["code"]}),
        400,
    )


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("/api/colours/start", {"players": 5}, "2 to 4"),
        ("/api/colours/start", {"players": "3"}, "players"),
        ("/api/colours/start", {"players": 3, "names": [1, 2, 3]}, "names"),
        ("/api/colours/start", {"players": 3, "colours": ["R"]}, "unknown"),
        ("/api/colours/claim", {"round": 999, "seat": 0}, "no such round"),
        ("/api/colours/claim", {"round": "1", "seat": 0}, "round"),
        ("/api/colours/claim", {"round": 1, "seat": 0, "code": 1234}, "code"),
        ("/api/colours/reveal", {"round": 999}, "no such round"),
        ("/api/companion/sarena/setup", {"players": 5, "names": ["A"] * 5}, "2 to 4"),
        ("/api/companion/sarena/setup", {"players": 2, "names": "AB"}, "names"),
        (
            "/api/companion/sarena/setup",
            {"players": 2, "names": ["A", "B"], "use_drawn": 1},
            "use_drawn",
        ),
        ("/api/companion/sarena/result", {"piles": []}, "set up"),
        ("/api/companion/sarena/result", {"piles": "R/B"}, "piles"),
        ("/api/companion/sarena/result", {"piles": [["R/B", 3]]}, "each pile"),
        ("/api/companion/sarena/result", {"counts": [1, 2]}, "counts"),
    ],
)
def test_bad_colour_and_sheet_requests_are_400_and_change_nothing(
    client: FlaskClient, table: Table, journal: Journal, path: str, body: Any, words: str
) -> None:
    before = (
        snapshot(table, journal),
        journal.sheet_entries("colours"),
        journal.sheet_entries("sarena"),
    )
    assert words in refused(post(client, path, body), 400)
    after = (
        snapshot(table, journal),
        journal.sheet_entries("colours"),
        journal.sheet_entries("sarena"),
    )
    assert after == before


def test_the_score_sheet_keeps_the_colours_secret_until_the_result(
    client: FlaskClient, sheets: FakeSheets
) -> None:
    setup = post(client, "/api/companion/sarena/setup", {"players": 3, "names": NAMES})
    assert setup.headers["Cache-Control"] == "no-store"
    answer = ok(setup)
    owner = answer.pop("owner")
    number = answer["round"]["round"]
    drawn = sheets.colours().get(number)
    assert owner == {"token": drawn.owner, "code": drawn.code}
    claims = [
        ok(post(client, "/api/colours/claim", {"round": number, "seat": s, "code": owner["code"]}))
        for s in range(3)
    ]
    texts = [
        setup,
        client.get("/api/companion/sarena"),
        client.get("/api/colours"),
        client.get("/companion/sarena"),
        client.get("/colours"),
    ]
    for response in texts:
        body = response.get_json(silent=True) or {}
        nested = body.get("round")
        assert body.get("colours") is None
        assert not isinstance(nested, dict) or nested["colours"] is None
        assert '"colour"' not in response.get_data(as_text=True)
    text = all_texts(texts)
    for claim in claims:
        assert claim["token"] not in text
    public = all_texts(texts[1:])
    assert owner["token"] not in public and owner["code"] not in public
    for seat, claim in enumerate(claims):
        assert (
            ok(get(client, f"/api/colours/mine?round={number}", claim["token"]))["colour"]
            == drawn.colours[seat]
        )

    red, blue, yellow = drawn.colours
    piles = [[f"{red}/{blue}", f"{yellow}/{red}"], [f"{blue}/{yellow}"]]
    for token in (None, claims[0]["token"]):
        refused(post(client, "/api/companion/sarena/result", {"piles": piles}, token), 403)
    assert ok(client.get("/api/colours"))["colours"] is None, "a refused result reveals nothing"
    result = ok(post(client, "/api/companion/sarena/result", {"piles": piles}, owner["token"]))
    assert result["round"]["colours"] == drawn.colours
    assert result["result"]["chips"] == [2, 1, 0] and result["result"]["winners"] == [0]
    corrected = ok(
        post(
            client,
            "/api/companion/sarena/result",
            {"counts": [{"chips": 3}, {"chips": 5}, {"chips": 0}]},
            owner["token"],
        )
    )
    assert corrected["result"]["winners"] == [1]
    assert len(corrected["corrections"]) == 1


def test_the_sheet_can_take_the_colours_drawn_by_their_owner(client: FlaskClient) -> None:
    started = ok(post(client, "/api/colours/start", {"players": 2}))
    body = {"players": 2, "names": ["A", "B"], "use_drawn": True}
    assert "only the phone that drew" in refused(
        post(client, "/api/companion/sarena/setup", body), 403
    )
    owned = {**body, "owner": started["owner"]["token"]}
    state = ok(post(client, "/api/companion/sarena/setup", owned))
    assert state["round"]["round"] == started["round"]
    assert state["owner"]["code"] == started["owner"]["code"]


def test_the_sheet_can_take_the_colours_drawn_on_the_box_with_the_code_it_shows(
    client: FlaskClient, sheets: FakeSheets
) -> None:
    on_box = sheets.colours().start(2)  # as the box's menu does
    body = {"players": 2, "names": ["A", "B"], "use_drawn": True}
    assert "drawn on the box" in refused(post(client, "/api/companion/sarena/setup", body), 403)
    state = ok(post(client, "/api/companion/sarena/setup", {**body, "code": on_box.code}))
    assert state["round"]["round"] == on_box.id and state["round"]["reveal_by"] == "box"


@pytest.mark.parametrize("path", ["/colours", "/companion/sarena"])
def test_the_colour_pages_render_with_their_modules(client: FlaskClient, path: str) -> None:
    html = client.get(path).get_data(as_text=True)
    assert 'data-testid="error"' in html
    start = html.index('<script type="module" src="') + len('<script type="module" src="')
    module = html[start : html.index('"', start)]
    assert client.get(module).status_code == 200
    front = client.get("/").get_data(as_text=True)
    assert 'href="/colours"' in front and 'href="/companion/sarena"' in front
