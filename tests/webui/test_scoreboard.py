"""The sheet the box shows, on the web: /api/scoreboard for the TV, the OLED's short
link, naming seats, and that an entry from the box's buttons and the same entry from a
phone give the same sheet (a fixed clock: entries carry a time)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from flask.testing import FlaskClient

from device import games
from device.companion.scoreboard import Scoreboard
from device.companion.sheets import Sheets
from device.journal import Journal
from device.table import Table
from webui import create_app

JA = {"Accept-Language": "ja"}


class Kit:
    def __init__(self, tmp_path: Path, name: str) -> None:
        self.journal = Journal(tmp_path / f"{name}.sqlite3")
        self.table = Table(self.journal)
        self.sheets = Sheets(self.journal, self.table.touch)
        self.scoreboard = Scoreboard(self.journal, self.sheets, self.table.touch)
        app = create_app(self.table, sheets=self.sheets, scoreboard=self.scoreboard, testing=True)
        self.client: FlaskClient = app.test_client()

    def box_entry(self, game: str, label: str, answers: dict[str, int]) -> None:
        """What the box's confirm does: the game's declared entry, recorded."""
        shown = self.scoreboard.read(game)
        assert shown is not None
        scoring = games.registered()[game].scoring
        assert scoring is not None
        entry = next(e for e in scoring.entries(shown.state) if str(e.label) == label)
        self.scoreboard.record(game, entry, answers, shown.version)

    def close(self) -> None:
        self.journal.close()


@pytest.fixture
def kits(tmp_path: Path) -> Iterator[tuple[Kit, Kit]]:
    made = Kit(tmp_path, "box"), Kit(tmp_path, "phone")
    with mock.patch("device.journal.core.time.time", return_value=1_700_000_000.0):
        yield made
    for kit in made:
        kit.close()


def post(client: FlaskClient, path: str, body: Any) -> Any:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_a_cena_deal_from_the_buttons_and_from_a_phone_is_one_sheet(kits: tuple[Kit, Kit]) -> None:
    box, phone = kits
    box.scoreboard.open("cena", 4, {})
    post(phone.client, "/api/companion/cena/setup", {"players": 4, "names": [""] * 4})
    answers = {"won0": 12, "penalty0": 1, "won1": 9, "penalty1": 0, "won2": 11, "penalty2": 2}
    box.box_entry("cena", "Enter deal 1", {**answers, "penalty3": 1})
    objective = phone.sheets.get("cena").state()["objectives"][0]
    alliances = [
        {"count": 12, "penalty_count": 1},
        {"count": 9, "penalty_count": 0},
        {"count": 11, "penalty_count": 2},
        {"count": 8, "penalty_count": 1},
    ]
    post(
        phone.client,
        "/api/companion/cena/deal",
        {"deal": 1, "objective": objective, "alliances": alliances},
    )
    assert box.sheets.get("cena").state() == phone.sheets.get("cena").state()
    assert box.sheets.get("cena").state()["totals"] == [0, 11, 0, -11]


def test_a_sarena_result_from_the_buttons_and_from_a_phone_is_one_sheet(
    kits: tuple[Kit, Kit],
) -> None:
    box, phone = kits
    box.scoreboard.open("sarena", 3, {})
    # The phone sets up on colours drawn on its box, too, with the code the box shows.
    drawn = phone.sheets.colours().start(3)
    post(
        phone.client,
        "/api/companion/sarena/setup",
        {"players": 3, "names": ["", "", ""], "use_drawn": True, "code": drawn.code},
    )
    phone.sheets.colours().reveal(drawn.id)  # on the box, then the end from the phone
    box.box_entry(
        "sarena", "Enter the result", {"chips0": 7, "chips1": 9, "chips2": 9, "tie1": 3, "tie2": 2}
    )
    counts = [
        {"chips": 7, "tiebreak": None},
        {"chips": 9, "tiebreak": 3},
        {"chips": 9, "tiebreak": 2},
    ]
    post(phone.client, "/api/companion/sarena/result", {"counts": counts})
    mine, theirs = box.sheets.get("sarena").state(), phone.sheets.get("sarena").state()
    assert mine["result"] == theirs["result"] and mine["names"] == theirs["names"]
    # The rounds' colours differ (each box drew its own); their public shape does not.
    assert {k: v for k, v in mine["round"].items() if k != "colours"} == {
        k: v for k, v in theirs["round"].items() if k != "colours"
    }


def test_the_tv_reads_the_sheet_on_show_in_its_own_language(kits: tuple[Kit, Kit]) -> None:
    box, _ = kits
    assert box.client.get("/api/scoreboard").get_json() == {"game": None}
    box.scoreboard.open("cena", 3, {})
    board = box.client.get("/api/scoreboard").get_json()
    assert board["game"] == "cena" and board["names"] == [None, None, None]
    assert board["stage"] == {"template": "Deal {number}/{of}", "params": {"number": 1, "of": 3}}
    assert board["totals"] == [0, 0, 0] and board["ranks"] == [1, 1, 1]
    assert board["lights"] == [0] and not board["over"]
    post(box.client, "/api/companion/cena/rename", {"seat": 1, "name": "Bo"})
    assert box.client.get("/api/scoreboard").get_json()["names"] == [None, "Bo", None]
    # A digital game in its lobby hides the sheet: the TV shows that game.
    box.table.open_lobby("cena", 3, {})
    assert box.client.get("/api/scoreboard").get_json() == {"game": None}


def test_a_seat_is_named_once_set_up_and_a_blank_name_is_refused(kits: tuple[Kit, Kit]) -> None:
    box, _ = kits
    empty = box.client.post("/api/companion/chanoyu/rename", json={"seat": 0, "name": "Ann"})
    assert empty.status_code == 400 and empty.get_json()["code"] == "sheet_not_set_up"
    box.scoreboard.open("chanoyu", 3, {"host": 0})
    blank = box.client.post(
        "/api/companion/chanoyu/rename", json={"seat": 0, "name": "  "}, headers=JA
    )
    assert blank.status_code == 400 and blank.get_json()["code"] == "sheet_name"
    wrong = box.client.post("/api/companion/chanoyu/rename", json={"seat": 3, "name": "Ann"})
    assert wrong.status_code == 400 and wrong.get_json()["code"] == "sheet_seat"
    state = post(box.client, "/api/companion/chanoyu/rename", {"seat": 2, "name": " Cy "})
    assert state["names"] == [None, None, "Cy"]


def test_the_oleds_short_link_opens_the_sheet_page(kits: tuple[Kit, Kit]) -> None:
    box, _ = kits
    answer = box.client.get("/S/SARENA")
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/companion/sarena")
    assert box.client.get("/S/CHESS").status_code == 404


def test_an_unnamed_seat_is_nobody_in_history(kits: tuple[Kit, Kit]) -> None:
    from device.history.core import History

    box, _ = kits
    box.scoreboard.open("sarena", 2, {})
    box.sheets.get("sarena").rename(0, "Ann")
    box.box_entry("sarena", "Enter the result", {"chips0": 9, "chips1": 4})
    past = History(box.journal).sheet_games()
    assert [seat.name for seat in past[0].seats] == ["Ann", "Player 2"]


def test_a_refusal_naming_an_unnamed_seat_says_seat_in_the_readers_language(
    kits: tuple[Kit, Kit],
) -> None:
    box, _ = kits
    box.scoreboard.open("sarena", 2, {})
    counts = {"counts": [{"chips": 40}, {"chips": 1}]}
    answer = box.client.post(
        "/api/companion/sarena/result", json=counts, headers={**JA, "X-Tablemate-Token": "x"}
    )
    assert answer.status_code == 403  # the colours are still secret: not the owner
    box.sheets.colours().reveal(box.sheets.get("sarena").state()["round"]["round"])
    answer = box.client.post("/api/companion/sarena/result", json=counts, headers=JA)
    assert answer.status_code == 400
    assert "1番席" in answer.get_json()["error"], answer.get_json()  # "Seat {number}"


def test_a_phone_is_asked_before_a_game_hides_an_unfinished_sheet(
    kits: tuple[Kit, Kit],
) -> None:
    box, _ = kits
    box.scoreboard.open("cena", 3, {})
    opening = {"game": "sarena", "players": 2, "name": "Ann"}
    asked = box.client.post("/api/lobby", json=opening, headers={"Accept-Language": "ja"})
    assert asked.status_code == 409
    refused = asked.get_json()
    assert refused["code"] == "sheet_unfinished"
    assert "チェーナ" in refused["error"]  # the sheet's game, in the reader's language
    assert box.table.status()["phase"] == "idle"  # nothing opened
    assert post(box.client, "/api/lobby", {**opening, "over_sheet": True})["seat"] == 0
    assert box.table.status()["phase"] == "lobby"
