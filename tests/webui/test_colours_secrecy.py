"""Secret colours stay behind the seat (issue 12): no request without the right
code or token claims a seat, sees a colour or reveals them.

- A seat is claimed only with the round's code, which only the drawing phone's
  answer (and the box's OLED) carries.
- A seat's colour is read only with the token its claim gave: checked
  differentially, as for the games: the same round drawn with different colours
  answers every other request byte for byte the same.
- Every colour is revealed only with the owner's token (the phone that drew them,
  or that set up the Sàrénà sheet), or by the box itself.
- A round an older release wrote still loads: claimed without a code (none was
  ever shown), revealed by a phone holding one of its seats.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

import device.companion.colours as colours_module
from device.journal import Journal
from device.table import Table
from webui import create_app

from .conftest import HEARTBEAT, FakeBox, FakeSheets, get, ok, post, refused

NAMES = ["Ann", "Bob", "Cat"]


def other_code(code: str) -> str:
    return "ABCD" if code != "ABCD" else "WXYZ"


def colours_of(client: FlaskClient) -> Any:
    return ok(client.get("/api/colours"))["colours"]


# --- claiming needs the code -----------------------------------------------------------------


def test_no_request_without_the_code_claims_a_seat(
    client: FlaskClient, sheets: FakeSheets, journal: Journal
) -> None:
    started = ok(post(client, "/api/colours/start", {"players": 3}))
    number, owner = started["round"], started["owner"]
    code = owner["code"]
    later = ok(post(client, "/api/colours/start", {"players": 3}))  # another round, its code
    before = journal.sheet_entries("colours")
    wrong: list[dict[str, Any]] = [
        {},
        {"code": ""},
        {"code": other_code(code)},
        {"code": code[:3]},
        {"code": code + "A"},
        {"code": "ÀBCD"},
        {"code": owner["token"]},
    ]
    if later["owner"]["code"] != code:
        wrong.append({"code": later["owner"]["code"]})
    for extra in wrong:
        body = {"round": number, "seat": 0, **extra}
        message = refused(post(client, "/api/colours/claim", body, owner["token"]), 403)
        assert "code" in message and code not in message
    assert journal.sheet_entries("colours") == before, "a refused claim writes nothing"
    assert sheets.colours().get(number).tokens == {}
    taken = ok(post(client, "/api/colours/claim", {"round": number, "seat": 0, "code": code}))
    # A seat claimed once is claimed for good, and everyone sees it is taken.
    again = {"round": number, "seat": 0, "code": code.lower()}
    assert "already on another phone" in refused(post(client, "/api/colours/claim", again), 400)
    public = ok(client.get("/api/colours"))
    assert public["round"] == later["round"]  # the latest round is the current one
    assert sheets.colours().get(number).public()["claimed"] == [True, False, False]
    assert taken["token"] not in json.dumps(public)


# --- a colour is seen with its seat's token only --------------------------------------------


class World:
    """A box whose rounds draw the given colours, with a phone that drew a round,
    seats claimed by two phones and a third seat unclaimed."""

    def __init__(self, directory: Path, drawn: list[str]) -> None:
        directory.mkdir()
        self.journal = Journal(directory / "j.sqlite3")
        self.sheets = FakeSheets(self.journal)
        app = create_app(
            Table(self.journal), FakeBox(), self.sheets, testing=True, heartbeat=HEARTBEAT
        )
        self.client = app.test_client()
        self.drawn = drawn
        setup = ok(post(self.client, "/api/companion/sarena/setup", {"players": 3, "names": NAMES}))
        self.owner = setup["owner"]
        self.round = setup["round"]["round"]
        self.seats = [
            ok(
                post(
                    self.client,
                    "/api/colours/claim",
                    {"round": self.round, "seat": seat, "code": self.owner["code"]},
                )
            )["token"]
            for seat in (0, 1)
        ]

    def masked(self, response: TestResponse) -> str:
        """A response with what differs between two boxes anyway (code, tokens) masked."""
        text = f"{response.status_code} {response.get_data(as_text=True)}"
        text = text.replace(self.owner["token"], "OWNER").replace(self.owner["code"], "CODE")
        for seat, token in enumerate(self.seats):
            text = text.replace(token, f"SEAT{seat}")
        return text

    def answers(self, token: str | None) -> dict[str, str]:
        """Everything a phone with this token (or none) may ask, without changing it."""
        mine = f"/api/colours/mine?round={self.round}"
        found = {
            "colours": get(self.client, "/api/colours", token),
            "mine": get(self.client, mine, token),
            "sheet": get(self.client, "/api/companion/sarena", token),
            "colours page": get(self.client, "/colours", token),
            "sheet page": get(self.client, "/companion/sarena", token),
        }
        return {name: self.masked(response) for name, response in found.items()}

    def audiences(self) -> dict[str, str | None]:
        return {
            "nobody": None,
            "a stranger": "not-a-token-of-this-box",
            "the owner": self.owner["token"],
            "seat 0": self.seats[0],
            "seat 1": self.seats[1],
        }


@pytest.fixture
def with_colours(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[Callable[[list[str]], World]]:
    worlds: list[World] = []

    def start(drawn: list[str]) -> World:
        monkeypatch.setattr(
            colours_module, "draw_colours", lambda rng, seats, letters: dict(enumerate(drawn))
        )
        world = World(tmp_path / f"box{len(worlds)}", drawn)
        worlds.append(world)
        return world

    yield start
    for world in worlds:
        world.journal.close()


def test_no_request_without_a_seats_token_sees_its_colour(
    with_colours: Callable[[list[str]], World],
) -> None:
    base = with_colours(["R", "B", "Y"])
    same_for_ann = with_colours(["R", "G", "B"])  # Ann (seat 0) keeps red
    same_for_bob = with_colours(["Y", "B", "G"])  # Bob (seat 1) keeps blue
    for who in ("nobody", "a stranger", "the owner"):
        answers = [world.answers(world.audiences()[who]) for world in (base, same_for_ann)]
        assert answers[0] == answers[1] == same_for_bob.answers(same_for_bob.audiences()[who]), (
            f"{who} learns a colour"
        )
    assert base.answers(base.seats[0]) == same_for_ann.answers(same_for_ann.seats[0])
    assert base.answers(base.seats[1]) == same_for_bob.answers(same_for_bob.seats[1])
    assert base.answers(base.seats[0]) != same_for_bob.answers(same_for_bob.seats[0])
    mine = ok(get(base.client, f"/api/colours/mine?round={base.round}", base.seats[1]))
    assert mine == {"round": base.round, "seat": 1, "colour": "B"}


# --- revealing needs the owner's token ---------------------------------------------------------


def test_no_request_without_the_owners_token_reveals(
    with_colours: Callable[[list[str]], World],
) -> None:
    world = with_colours(["G", "Y", "R"])
    client = world.client
    entries = world.journal.sheet_entries("colours"), world.journal.sheet_entries("sarena")
    piles = {"piles": [["G/Y"]]}
    for token in (None, "not-a-token", world.seats[0], world.seats[1]):
        message = refused(post(client, "/api/colours/reveal", {"round": world.round}, token), 403)
        assert "only the phone that drew" in message
        refused(post(client, "/api/companion/sarena/result", piles, token), 403)
    refused(post(client, "/api/colours/reveal", {"round": world.round}), 403)
    bad_owner = {"round": world.round}
    refused(post(client, "/api/colours/reveal", bad_owner, world.owner["code"]), 403)
    assert colours_of(client) is None
    after = world.journal.sheet_entries("colours"), world.journal.sheet_entries("sarena")
    assert after == entries, "a refused reveal or result writes nothing"
    revealed = ok(post(client, "/api/colours/reveal", {"round": world.round}, world.owner["token"]))
    assert revealed["colours"] == ["G", "Y", "R"] == colours_of(client)


def test_a_round_drawn_on_the_box_is_revealed_by_the_box_alone(
    client: FlaskClient, sheets: FakeSheets
) -> None:
    on_box = sheets.colours().start(2)  # the box's menu: New, 2 players
    assert on_box.code is not None and sheets.colours().box_code(on_box.id) == on_box.code
    public = ok(client.get("/api/colours"))
    assert public["reveal_by"] == "box" and on_box.code not in json.dumps(public)
    claim = {"round": on_box.id, "seat": 0, "code": on_box.code}
    seat = ok(post(client, "/api/colours/claim", claim))["token"]
    for token in (None, seat):
        message = refused(post(client, "/api/colours/reveal", {"round": on_box.id}, token), 403)
        assert "drawn on the box" in message
    assert colours_of(client) is None
    sheets.colours().reveal(on_box.id)  # Reveal all, on the box: no token, trusted
    assert colours_of(client) == on_box.colours


def test_an_older_releases_round_is_claimed_without_a_code_and_revealed_by_a_seat(
    client: FlaskClient, journal: Journal
) -> None:
    number = journal.add_sheet_entry(
        "colours", "round", {"players": 2, "names": ["Ann", "Bob"], "colours": ["B", "G"]}
    )
    public = ok(client.get("/api/colours"))
    assert public["needs_code"] is False and public["reveal_by"] == "seat"
    refused(post(client, "/api/colours/reveal", {"round": number}), 403)
    seat = ok(post(client, "/api/colours/claim", {"round": number, "seat": 1}))["token"]
    assert ok(get(client, f"/api/colours/mine?round={number}", seat))["colour"] == "G"
    assert colours_of(client) is None
    assert ok(post(client, "/api/colours/reveal", {"round": number}, seat))["colours"] == [
        "B",
        "G",
    ]
