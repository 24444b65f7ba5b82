"""Fixtures for the web app: a real Table on a real journal, the real Céna engine,
a fake box and fake score sheets that honour webui.protocols, and helpers that seat
players through the API."""

from __future__ import annotations

import io
import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image
from werkzeug.test import TestResponse

import engines
from device.companion import ColourRounds, SheetTools
from device.games.chanoyu.sheet import ChanoyuSheet
from device.games.lauzait.sheet import LauzaitSheet
from device.games.sarena.sheet import SarenaSheet
from device.journal import Journal
from device.table import Table
from webui import create_app

# A seed no response may ever carry (< 2**63, like real seeds).
SEED = 8_675_309_123_456_789_012
TOKEN_HEADER = "X-Tablemate-Token"
CARD = re.compile(r"\b[CWMA](?:10|[1-9])\b")
HEARTBEAT = 0.05


class FakeBox:
    """A simulated box: records presses, changes when told to."""

    def __init__(self, simulated: bool = True) -> None:
        self.simulated = simulated
        self.join_url = "HTTP://192.0.2.10:8000/J/ABCD"
        self.box_name: str | None = "tablemate.local"
        self.presses: list[tuple[str, bool]] = []
        self.held: list[float | None] = []  # each press's `held`, in order
        self.sticks = [False] * 5
        self.status = [0.0, 0.5, 0.0]
        self.display_error: str | None = None
        self._version = 0
        self._subscribers: list[Callable[[int], None]] = []
        self._lock = threading.Lock()

    @property
    def version(self) -> int:
        return self._version

    def subscribe(self, callback: Callable[[int], None]) -> Callable[[], None]:
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                self._subscribers.remove(callback)

        return unsubscribe

    @property
    def subscribers(self) -> int:
        return len(self._subscribers)

    def frame_png(self, scale: int = 4) -> bytes:
        buffer = io.BytesIO()
        Image.new("1", (128 * scale, 64 * scale)).save(buffer, format="PNG")
        return buffer.getvalue()

    def leds(self) -> dict[str, Any]:
        return {"sticks": list(self.sticks), "status": list(self.status)}

    def press(self, name: str, down: bool, held: float | None = None) -> None:
        if name not in ("A", "B", "C"):
            raise ValueError(f"there is no button {name!r}")
        self.presses.append((name, down))
        self.held.append(held)

    def health(self) -> dict[str, Any]:
        return {
            "simulated": self.simulated,
            "display": {"healthy": self.display_error is None, "error": self.display_error},
            "buttons": {"healthy": True, "error": None},
            "leds": {"healthy": True, "error": None},
        }

    def light(self, stick: int) -> None:
        """A change on the box: one stick LED lights, subscribers hear of it."""
        with self._lock:
            self.sticks[stick] = True
            self._version += 1
            version, subscribers = self._version, list(self._subscribers)
        for callback in subscribers:
            callback(version)


@dataclass
class FakeCenaSheet:
    """Keeps what it is given; refuses what a real sheet refuses with ValueError."""

    players: int = 0
    names: list[str] = field(default_factory=list)
    objectives: list[dict[str, Any]] = field(default_factory=list)
    deals: dict[int, dict[str, Any]] = field(default_factory=dict)
    corrections: list[dict[str, Any]] = field(default_factory=list)

    def state(self) -> dict[str, Any]:
        ordered = [self.deals[d] for d in sorted(self.deals)]
        totals = [sum(d["seats"][s] for d in ordered) for s in range(self.players)]
        return {
            "players": self.players,
            "names": self.names,
            "objectives": self.objectives,
            "deals": ordered,
            "totals": totals,
            "winners": [],
            "corrections": self.corrections,
            "deals_in_game": 3,
        }

    def setup(
        self, players: int, names: list[str], objectives: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        if players not in (3, 4, 5) or len(names) != players:
            raise ValueError("Céna is for 3 to 5 players, one name each")
        self.players, self.names = players, names
        self.objectives, self.deals, self.corrections = objectives or [], {}, []
        return self.state()

    def rename(self, seat: int, name: str) -> dict[str, Any]:
        if not 0 <= seat < self.players or not name.strip():
            raise ValueError("choose a seat and a name")
        self.names[seat] = name.strip()
        return self.state()

    def record_deal(
        self, deal: int, objective: dict[str, Any] | None, alliances: list[dict[str, Any]]
    ) -> dict[str, Any]:
        if not self.players:
            raise ValueError("set up the sheet first: players and names")
        if len(alliances) != self.players:
            raise ValueError(f"give {self.players} alliances")
        scores = [len(a.get("cards", [])) + a.get("count", 0) for a in alliances]
        seats = [scores[s - 1] + scores[s] for s in range(self.players)]
        if deal in self.deals:
            self.corrections.append({"deal": deal, "at": 0.0, "before": [], "after": seats})
        self.deals[deal] = {"deal": deal, "objective": objective, "alliances": alliances}
        self.deals[deal]["seats"] = seats
        return self.state()


class FakeSheets:
    def __init__(self, journal: Journal) -> None:
        self.sheet = FakeCenaSheet()
        tools = SheetTools.on(journal, lambda: None)
        # The real Chanoyu sheet: it only needs a journal, so its routes are tested whole.
        self.chanoyu_sheet = ChanoyuSheet(tools)
        # Real secret colours and Sàrénà sheet too: their secrecy is what the tests check.
        self.colour_rounds = tools.colours
        self.sarena_sheet = SarenaSheet(tools)
        self.lauzait_sheet = LauzaitSheet(tools)

    def names(self) -> list[str]:
        return ["cena", "chanoyu", "lauzait", "sarena"]

    def get(self, game: str) -> Any:
        return {
            "cena": self.sheet,
            "chanoyu": self.chanoyu_sheet,
            "lauzait": self.lauzait_sheet,
            "sarena": self.sarena_sheet,
        }[game]

    def colours(self) -> ColourRounds:
        return self.colour_rounds


@pytest.fixture(autouse=True)
def distinctive_seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """Every game starts with SEED, so a test can look for it in any output."""
    monkeypatch.setattr(engines, "new_seed", lambda: SEED)
    return SEED


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    journal = Journal(tmp_path / "j.sqlite3")
    yield journal
    journal.close()


@pytest.fixture
def table(journal: Journal) -> Table:
    return Table(journal)


@pytest.fixture
def box() -> FakeBox:
    return FakeBox()


@pytest.fixture
def sheets(journal: Journal) -> FakeSheets:
    return FakeSheets(journal)


@pytest.fixture
def app(table: Table, box: FakeBox, sheets: FakeSheets) -> Flask:
    return create_app(table, box, sheets, testing=True, heartbeat=HEARTBEAT)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def headers(token: str | None) -> dict[str, str]:
    return {TOKEN_HEADER: token} if token else {}


def post(
    client: FlaskClient, path: str, body: Any = None, token: str | None = None
) -> TestResponse:
    return client.post(path, json={} if body is None else body, headers=headers(token))


def get(client: FlaskClient, path: str, token: str | None = None) -> TestResponse:
    return client.get(path, headers=headers(token))


def ok(response: TestResponse) -> Any:
    assert response.status_code == 200, (response.status_code, response.get_data(as_text=True))
    return response.get_json()


def refused(response: TestResponse, status: int, code: str | None = None) -> str:
    """The error message of a JSON error with the given status (and code, if given)."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    assert response.is_json
    body = response.get_json()
    # "params": what the reason names (a seat, a card), for a page that words it itself.
    assert set(body) - {"params"} == {"error", "code"} and body["error"] and body["code"], body
    if code is not None:
        assert body["code"] == code, body
    return str(body["error"])


@dataclass
class Seated:
    """A table whose seats are all taken through the API; tokens[0] is the host's."""

    client: FlaskClient
    table: Table
    tokens: list[str]

    def state(self, seat: int | None) -> dict[str, Any]:
        return ok(get(self.client, "/api/state", self.tokens[seat] if seat is not None else None))

    def act(self, seat: int, action: dict[str, Any]) -> TestResponse:
        return post(self.client, "/api/action", {"action": action}, self.tokens[seat])

    def read_summary(self) -> None:
        """Every seat the table waits for taps Continue after a deal's summary."""
        pause = self.state(None)["table"]["interlude"]
        for seat in pause["waiting"] if pause else []:
            ok(post(self.client, "/api/continue", {}, self.tokens[seat]))


def seat_players(
    client: FlaskClient,
    table: Table,
    players: int = 3,
    options: dict[str, Any] | None = None,
    start: bool = True,
) -> Seated:
    opened = ok(
        post(
            client,
            "/api/lobby",
            {"game": "cena", "players": players, "options": options or {}, "name": "Ann"},
        )
    )
    tokens = [opened["token"]]
    room = table.status()["room"]
    for name in ("Bob", "Cat", "Dan", "Eve")[: players - 1]:
        tokens.append(ok(post(client, "/api/join", {"code": room.lower(), "name": name}))["token"])
    if start:
        ok(post(client, "/api/host/start", token=tokens[0]))
    return Seated(client, table, tokens)


def snapshot(table: Table, journal: Journal) -> str:
    """Everything a request could change: version, every audience's view, the journal."""
    views = [table.view(seat) for seat in range(table.status()["players"])]
    record = journal.latest_open()
    return json.dumps(
        {
            "version": table.version,
            "views": views,
            "public": table.view(None),
            "record": None if record is None else record.__dict__,
        },
        sort_keys=True,
        default=str,
    )


# Every score sheet, secret colours and the dice-sticks keep their entries in the journal.
SHEET_NAMES = ("cena", "chanoyu", "lauzait", "sarena", "colours", "sticks")


def world(table: Table, journal: Journal, sheets: FakeSheets, box: FakeBox) -> str:
    """Everything any request could change: `snapshot`, every sheet's journal entries,
    the fake Céna sheet (it keeps its own) and the simulated box's presses."""
    return json.dumps(
        {
            "table": snapshot(table, journal),
            "entries": {name: journal.sheet_entries(name) for name in SHEET_NAMES},
            "fake_cena": sheets.sheet.state(),
            "presses": box.presses,
        },
        sort_keys=True,
        default=str,
    )
