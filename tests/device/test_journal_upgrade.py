"""An update never loses a game: the journals an older release left (tests/fixtures,
made by tests/fixtures/make_journal.py with that release's code) open with today's
code, every unfinished game resumed as it was, the history intact.

Each release adds its own fixtures; every set found is tested. A view may gain
fields in a later release; every field the old release showed must be unchanged.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from device.companion.sheets import Sheets
from device.journal import SCHEMA_VERSION, Journal
from device.sticks import StickRoller
from device.table import Table

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
RELEASES = sorted(FIXTURES.glob("journal-*.json"))
CASES = [
    (release, name)
    for release in RELEASES
    for name in sorted(json.loads(release.read_text())["files"])
]
# The rows an older release wrote, in its own columns: they must survive as they are.
RAW = {
    "games": "SELECT id, engine, players, options, room, seed, host, status, created, ended"
    " FROM games ORDER BY id",
    "seats": "SELECT game_id, seat, name, token FROM seats ORDER BY game_id, seat",
    "actions": "SELECT game_id, idx, seat, action, at FROM actions ORDER BY game_id, idx",
    "sheet_entries": "SELECT id, sheet, kind, body, at FROM sheet_entries ORDER BY id",
}


def rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    db = sqlite3.connect(path)
    try:
        return {table: db.execute(sql).fetchall() for table, sql in RAW.items()}
    finally:
        db.close()


def kept(old: Any, new: Any, where: str = "") -> None:
    """Every field `old` has, `new` has with the same value (lists: item by item)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} is gone"
            kept(value, new[key], f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), where
        for index, (before, after) in enumerate(zip(old, new, strict=True)):
            kept(before, after, f"{where}[{index}]")
    else:
        assert new == old, f"{where}: {old!r} became {new!r}"


def without_version(view: dict[str, Any]) -> dict[str, Any]:
    return {
        **view,
        "table": {k: v for k, v in view["table"].items() if k not in ("version", "boot")},
    }


def kept_news(old: dict[str, Any], new: dict[str, Any], where: str) -> None:
    """Issue 28: a view shows only the current deal's seat changes (device/table/news.py):
    it keeps the newest of the old release's, as they were, and leaves out older ones
    only once a deal has ended since (the deal names a summary)."""
    before = old["table"].pop("notices", [])
    after = new["table"]["notices"]
    assert len(after) <= len(before), where
    if len(after) < len(before):
        assert not new["table"]["deal"].endswith("/"), f"{where}: a notice of this deal is gone"
    kept(before[len(before) - len(after) :], after, f"{where}.table.notices")


def test_there_are_fixtures_of_every_engine() -> None:
    assert RELEASES, "tests/fixtures has no journal of an older release"
    import engines

    names = {name for _, name in CASES}
    for engine in engines.names():
        assert any(name.endswith(f"-{engine}.sqlite3") for name in names), engine


@pytest.mark.parametrize(("release", "name"), CASES, ids=[n for _, n in CASES])
def test_an_older_releases_journal_opens_with_every_game_as_it_was(
    release: Path, name: str, tmp_path: Path
) -> None:
    made = json.loads(release.read_text())["files"][name]
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(FIXTURES / name, path)
    before = rows(path)

    journal = Journal(path)
    table = Table(journal)
    assert journal.schema_version == SCHEMA_VERSION
    status = table.status()
    assert table.phase == made["phase"]
    assert status["problem"] is None  # every unfinished game resumed
    assert status["host"] == made["host"]
    for token, seat in made["seats"].items():
        assert table.seat_of(token) == seat
    public = without_version(table.view(None))
    kept_news(made["public"], public, "public")
    kept(made["public"], public, "public")
    for seat, view in enumerate(made["views"]):
        mine = without_version(table.view(seat))
        kept_news(view, mine, f"seat {seat}")
        kept(view, mine, f"seat {seat}")
        assert table.legal_actions(seat) == made["legal"][seat]
    assert journal.history() == made["history"]
    if "sticks" in made:
        history = StickRoller(journal).history()
        # A throw's time as the journal has it, not as its thrower's memory had it.
        for throw in made["sticks"]["recent"]:
            throw["at"] = pytest.approx(throw["at"], abs=1.0)
        kept(made["sticks"], {k: v for k, v in history.items() if k != "now"}, "sticks")
    sheets = Sheets(journal, table.touch)
    for game in sheets.names():  # every score sheet still reads its entries
        sheets.get(game).state()

    # The game goes on, and the upgraded journal keeps it across a restart.
    if table.phase == "playing":
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0], request="after-the-update")
    views = [without_version(table.view(s)) for s in range(status["players"])]
    journal.close()
    again = Table(Journal(path))
    assert [without_version(again.view(s)) for s in range(status["players"])] == views

    # Nothing the old release wrote was changed or lost (only added to).
    after = rows(path)
    assert after["games"] == before["games"]
    assert after["seats"] == before["seats"]
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert after["sheet_entries"] == before["sheet_entries"]
