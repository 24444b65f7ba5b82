"""What every companion sheet shares (device.companion.sheet): its entries in the
journal, the lock and the change notification, the fold from the latest setup and
its corrections, the players' names; and one sheet per game built from SheetTools."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from device import games
from device.companion import SheetTools
from device.companion.sheet import (
    GameSheet,
    JournalSheet,
    clean_name,
    clean_names,
    corrected,
)
from device.companion.sheets import Sheets
from device.journal import Journal
from device.names import NAME_MAX, tidy_name


class Tally(JournalSheet):
    """A sheet of numbers: enough to see what the base does."""

    SHEET = "tally"

    def add(self, kind: str, value: int) -> int:
        with self._writing():
            if value < 0:
                raise ValueError("no negative numbers")
            assert self._lock.locked()
            return self._add(kind, {"n": value, "value": value})


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    opened = Journal(tmp_path / "j.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def tally(journal: Journal) -> tuple[Tally, list[int]]:
    changes: list[int] = []
    return Tally(journal, lambda: changes.append(1)), changes


def test_entries_are_the_journals_rows_under_the_sheets_key(
    journal: Journal, tally: tuple[Tally, list[int]]
) -> None:
    sheet, _ = tally
    first = sheet.add("setup", 1)
    journal.add_sheet_entry("other", "setup", {"n": 9})
    second = sheet.add("deal", 2)
    found = sheet._entries()
    assert [(e["id"], e["kind"], e["body"]) for e in found] == [
        (first, "setup", {"n": 1, "value": 1}),
        (second, "deal", {"n": 2, "value": 2}),
    ]
    assert found == journal.sheet_entries("tally")


def test_a_change_is_told_once_it_is_written_and_a_refusal_never(
    tally: tuple[Tally, list[int]],
) -> None:
    sheet, changes = tally
    sheet.add("deal", 1)
    assert changes == [1]
    with pytest.raises(ValueError, match="negative"):
        sheet.add("deal", -1)
    assert changes == [1] and len(sheet._entries()) == 1
    assert not sheet._lock.locked(), "a refusal lets go of the lock"


def test_writers_take_turns(tally: tuple[Tally, list[int]]) -> None:
    sheet, changes = tally
    threads = [threading.Thread(target=sheet.add, args=("deal", n)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(e["body"]["n"] for e in sheet._entries()) == list(range(20))
    assert len(changes) == 20


def test_the_sheet_in_use_starts_at_the_last_setup(tally: tuple[Tally, list[int]]) -> None:
    sheet, _ = tally
    assert sheet._latest_setup() == (None, [])
    sheet.add("deal", 0)  # before any setup: not part of any sheet
    assert sheet._latest_setup() == (None, [])
    sheet.add("setup", 1)
    sheet.add("deal", 2)
    sheet.add("setup", 3)
    assert sheet._latest_setup()[1] == []
    sheet.add("deal", 4)
    setup, after = sheet._latest_setup()
    assert setup == {"n": 3, "value": 3}
    assert [e["body"]["n"] for e in after] == [4]


def entry(kind: str, at: float, **body: Any) -> dict[str, Any]:
    return {"id": int(at), "kind": kind, "body": body, "at": at}


def test_corrected_keeps_the_latest_by_key_and_logs_each_replacement() -> None:
    entries = [
        entry("deal", 1, deal=1, seats=[1, 2]),
        entry("deal", 2, deal=2, seats=[3, 4]),
        entry("note", 3, deal=1, seats=[0, 0]),  # another kind: left alone
        entry("deal", 4, deal=1, seats=[5, 6]),
        entry("deal", 5, deal=1, seats=[7, 8]),
    ]
    latest, corrections = corrected(entries, "deal", lambda body: body["seats"], key="deal")
    assert {deal: body["seats"] for deal, body in latest.items()} == {1: [7, 8], 2: [3, 4]}
    assert corrections == [
        {"deal": 1, "at": 4, "before": [1, 2], "after": [5, 6]},
        {"deal": 1, "at": 5, "before": [5, 6], "after": [7, 8]},
    ]


def test_corrected_without_a_key_keeps_one_entry() -> None:
    entries = [entry("result", 1, chips=[1, 2]), entry("result", 2, chips=[2, 2])]
    latest, corrections = corrected(entries, "result", lambda body: body["chips"])
    assert latest == {None: {"chips": [2, 2]}}
    assert corrections == [{"at": 2, "before": [1, 2], "after": [2, 2]}]
    assert corrected([], "result", lambda body: body) == ({}, [])


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Ann", "Ann"),
        ("  Ann \t  Lee ", "Ann Lee"),
        ("A\x00n\u200bn\n", "Ann"),
        ("\u00a0Zoé\u2028", "Zoé"),
        ("x" * 40, "x" * NAME_MAX),
        ("   ", ""),
    ],
)
def test_a_name_is_one_short_printable_line(typed: str, kept: str) -> None:
    assert tidy_name(typed) == kept
    assert clean_name(typed, 2) == (kept or None)  # blank: the seat stays unnamed


def test_names_are_one_per_seat_and_text() -> None:
    assert clean_names(["Ann", "", " Cy "], 3) == ["Ann", None, "Cy"]
    with pytest.raises(ValueError, match="give 3 names, one per seat"):
        clean_names(["Ann", "Bo"], 3)
    with pytest.raises(ValueError, match="give 2 names"):
        clean_names("Ann Bo", 2)
    with pytest.raises(ValueError, match="seat 2: a name must be text"):
        clean_names(["Ann", 7], 2)


def test_every_game_sheet_is_built_from_the_same_tools(journal: Journal) -> None:
    changes: list[int] = []
    tools = SheetTools.on(journal, lambda: changes.append(1))
    for name, game in games.registered().items():
        sheet = game.sheet(tools)
        assert isinstance(sheet, GameSheet) and name == sheet.SHEET
        assert sheet.state()["players"] == 0
    sheets = Sheets(journal, lambda: None)
    assert sheets.names() == sorted(games.registered())
    assert sheets.get("sarena")._rounds is sheets.colours(), "one colour keeper for all"


def test_each_sheet_tells_its_change_through_the_tools(journal: Journal) -> None:
    changes: list[int] = []
    sheets = Sheets(journal, lambda: changes.append(1))
    sheets.get("cena").setup(3, ["Ann", "Bo", "Cy"])
    assert changes == [1]
    sheets.colours().start(2)
    assert changes == [1, 1]
