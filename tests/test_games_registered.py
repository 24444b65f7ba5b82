"""Every registered engine has its part in every layer, and generic layers serve a game
they have never heard of: the proof that a game lives in its own folders.

Adding a game (docs/architecture.md, "Adding a game") means: its engine package and
one line in engines/__init__.py, then device/games/<name>/, webui/games/<name>/ and
webui/static/games/<name>/. These tests name what is missing.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import engines
from device import games as device_games
from device.companion.sheets import Sheets
from device.journal import Journal
from device.screens import game_pages, screen_for
from device.table import Table, TableError
from engines.base import Action, Event, Game, View
from webui import create_app
from webui import games as web_games

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "webui" / "static" / "games"
GAME_NAMES = engines.names()
# What webui/static/js/games.js and options.js read from a game's index.js.
COMPONENTS = ("board", "top", "details", "hand")


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    journal = Journal(tmp_path / "journal.sqlite3")
    yield journal
    journal.close()


def started(journal: Journal, game: str, players: int) -> Table:
    table = Table(journal)
    table.open_lobby(game, players, {}, host_name="Ann")
    room = table.status()["room"]
    for name in ("Bob", "Cat", "Dan", "Eve")[: players - 1]:
        table.join(room, name)
    table.start()
    return table


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_engine_declares_what_generic_layers_read(game: str) -> None:
    info = engines.info(game)
    assert info["min_players"] <= info["max_players"]
    engines.new(game, info["min_players"], seed=1, options=info["defaults"])
    for action in info["table_actions"]:
        assert isinstance(action, str)
    assert all(isinstance(label, str) for label in info["random_events"].values())
    assert not set(info["defaults"]) & engines.secret_options(game)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_engine_has_its_oled_pages(journal: Journal, game: str) -> None:
    declared = device_games.game(game)
    assert declared is not None, f"device/games/{game}/ is missing"
    assert game_pages(game) == declared.pages and declared.pages
    table = started(journal, game, engines.info(game)["min_players"])
    for page in range(len(declared.pages)):
        frame = screen_for(table.view(None), table.status(), "HTTP://BOX/J/ABCD", page)
        assert frame.size == (128, 64) and frame.getbbox() is not None  # drawn, not blank


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_engine_has_its_examples(game: str) -> None:
    """scripts/render-screens draws each game's pages from its examples module."""
    try:
        examples = importlib.import_module(f"device.games.{game}.examples")
    except ModuleNotFoundError:
        pytest.fail(f"device/games/{game}/examples.py is missing")
    seats = [{"seat": s, "name": f"P{s + 1}", "taken": True} for s in range(4)]
    frames = examples.frames({"phase": "playing", "players": 4, "seats": seats, "host": 0})
    assert frames and len({name for name, _ in frames}) == len(frames)
    for name, frame in frames:
        assert frame.size == (128, 64) and frame.getbbox() is not None, name


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_engine_has_a_score_sheet(journal: Journal, game: str) -> None:
    sheets = Sheets(journal, lambda: None)
    assert game in sheets.names(), f"device/games/{game}/sheet.py is missing"
    assert isinstance(sheets.get(game).state(), dict)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_engine_has_its_pages(game: str) -> None:
    declared = web_games.registered().get(game)
    assert declared is not None, f"webui/games/{game}/ is missing"
    assert declared.sheet_title and declared.sheet_blurb and declared.sheet_intro
    folder = STATIC / game
    for name in ("index.js", "sheet.js", "game.css"):
        assert (folder / name).is_file(), f"webui/static/games/{game}/{name} is missing"
    exported = set(re.findall(r"\b(\w+)\s*[,}]", (folder / "index.js").read_text()))
    assert set(COMPONENTS) <= exported
    if engines.info(game)["tricks"]:  # js/summary.js draws a finished trick with it
        scripts = " ".join(path.read_text() for path in folder.glob("*.js"))
        assert re.search(r"export (function|const) trickMoment\b", scripts), (
            f"webui/static/games/{game}/ exports no trickMoment"
        )


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_engine_is_served(journal: Journal, game: str) -> None:
    """The sheet's page and API, the game's scripts and styles, its entry on /api/games."""
    client = create_app(Table(journal), sheets=Sheets(journal, lambda: None)).test_client()
    page = client.get(f"/companion/{game}").get_data(as_text=True)
    assert f"games/{game}/sheet.js" in page and f"games/{game}/game.css" in page
    assert client.get(f"/api/companion/{game}").status_code == 200
    for name in ("index.js", "sheet.js", "game.css"):
        assert client.get(f"/static/games/{game}/{name}").status_code == 200
    listed = {g["name"]: g for g in client.get("/api/games").get_json()["games"]}
    assert listed[game]["defaults"] == engines.info(game)["defaults"]
    assert f'href="/companion/{game}"' in client.get("/").get_data(as_text=True)


# --- a game the generic layers have never heard of ------------------------------------


class Countdown(Game):
    """A toy game: players take turns saying a number 1-3; whoever reaches 10 wins.

    It declares itself once (a GameInfo: one option, one secret option and its own
    barrier, saying 3) and has no device or web package: generic layers must
    serve it from that declaration alone."""

    game_info = engines.GameInfo(
        name="countdown",
        title="Countdown",
        min_players=2,
        max_players=3,
        options=(engines.Option("target", default=10), engines.Option("order", secret=True)),
        # Saying 3 declares a hand (its words are already in the catalogs, as every
        # error the suite raises must be; a toy game has no catalog entries of its own).
        barriers={
            "three_said": engines.Barrier(
                "that cannot be taken back: {name} has declared a hand",
                own="that cannot be taken back: you have declared a hand",
            )
        },
    )

    def barrier(self, seat: int, action: Action, events: list[Event], chance: bool) -> str | None:
        if action["n"] == 3:
            return "three_said"
        return super().barrier(seat, action, events, chance)

    def setup(self) -> None:
        self.total, self.turn = 0, 0
        self.winner: int | None = None

    @property
    def to_act(self) -> list[int]:
        return [] if self.finished else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        return [{"type": "say", "n": n} for n in (1, 2, 3)] if seat in self.to_act else []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action not in self.legal_actions(seat):
            raise engines.IllegalAction("say 1, 2 or 3")
        self.total += action["n"]
        if self.total >= self.options.get("target", 10):
            self.winner = seat
        self.turn = (self.turn + 1) % self.players
        return [{"type": "said", "seat": seat, "n": action["n"]}]

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        return {
            "game": self.name,
            "players": self.players,
            "seat": seat,
            "phase": "over" if self.finished else "play",
            "to_act": self.to_act,
            "total": self.total,
            "scores": self.scores,
            "winners": self.winners,
        }

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def scores(self) -> list[int]:
        return [int(seat == self.winner) for seat in range(self.players)]

    @property
    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]


@pytest.fixture
def fifth_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Countdown registered as engines/__init__.py would register it: one line."""
    monkeypatch.setitem(engines._GAMES, Countdown.name, Countdown)
    device_games.registered.cache_clear()
    web_games.registered.cache_clear()
    yield Countdown.name
    device_games.registered.cache_clear()
    web_games.registered.cache_clear()


def test_a_game_without_packages_plays_on_the_generic_layers(
    journal: Journal, fifth_game: str
) -> None:
    sheets = Sheets(journal, lambda: None)
    table = Table(journal)
    client = create_app(table, sheets=sheets).test_client()
    assert fifth_game in {g["name"] for g in client.get("/api/games").get_json()["games"]}
    opened = client.post(
        "/api/lobby", json={"game": fifth_game, "players": 2, "options": {}, "name": "Ann"}
    ).get_json()
    refused = client.post(
        "/api/host/configure",
        json={"options": {"order": [1, 0]}},
        headers={"X-Tablemate-Token": opened["token"]},
    )
    assert refused.status_code == 400 and "cannot be set" in refused.get_json()["error"]
    table.join(table.status()["room"], "Bob")
    table.start()
    assert table.status()["options"] == {}
    frame: Image.Image = screen_for(table.view(None), table.status(), "HTTP://BOX/J/ABCD")
    assert frame.getbbox() is not None  # the generic "whose turn" page
    state = client.get("/api/state", headers={"X-Tablemate-Token": opened["token"]}).get_json()
    assert state["legal"] == Countdown(2, 1, {}).legal_actions(0)
    assert fifth_game not in sheets.names()
    assert client.get(f"/companion/{fifth_game}").status_code == 404


def test_a_new_games_barrier_is_worded_as_it_declares(journal: Journal, fifth_game: str) -> None:
    """No generic module words a game's barrier: the take-back refusal is the game's."""
    table = started(journal, fifth_game, 2)
    table.act(0, {"type": "say", "n": 3})
    with pytest.raises(TableError) as refused:
        table.request_take_back(0)  # Ann's own barrier
    assert refused.value.code == "take_back_three_said"
    assert str(refused.value) == "that cannot be taken back: you have declared a hand"
    table.act(1, {"type": "say", "n": 1})
    with pytest.raises(TableError) as refused:
        table.request_take_back(1, steps=2)  # Bob's move and Ann's before it
    assert str(refused.value) == "that cannot be taken back: Ann has declared a hand"


def test_generic_tests_collect_a_new_game(fifth_game: str) -> None:
    """The engine tests read player counts from the declaration, never a dict of names,
    so a fifth engine is collected (and then asked for its own summary check)."""
    from tests.engines.test_contract import player_counts
    from tests.engines.test_summary import cases

    assert {(name, n) for name, n, _seed in cases() if name == fifth_game} == {
        (fifth_game, 2),
        (fifth_game, 3),
    }
    assert (fifth_game, 3) in player_counts()


def test_secret_options_stay_out_of_the_status(journal: Journal, fifth_game: str) -> None:
    table = Table(journal)
    table.open_lobby(fifth_game, 2, {"target": 5, "order": [1, 0]})
    status: Mapping[str, Any] = table.status()
    assert status["options"] == {"target": 5}
