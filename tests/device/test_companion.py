"""The Céna companion score sheet: scores from the engine's own functions, corrections logged."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.companion import SheetTools
from device.games.cena.sheet import CenaSheet
from device.journal import Journal
from engines.cena import alliance_score

SIX_PENALTY = {"penalty": 10, "number": 6}
ALL_CARDS = [f"{suit}{n}" for suit in "ACMW" for n in range(1, 11)]


@pytest.fixture
def sheet(tmp_path: Path):
    journal = Journal(tmp_path / "j.sqlite3")
    changes: list[int] = []
    yield CenaSheet(SheetTools.on(journal, lambda: changes.append(1))), changes, journal
    journal.close()


def split(cards: list[str], sizes: list[int]) -> list[dict]:
    out, start = [], 0
    for size in sizes:
        out.append({"cards": cards[start : start + size]})
        start += size
    return out


def test_empty_sheet(sheet) -> None:
    state = sheet[0].state()
    assert state["players"] == 0 and state["deals"] == []


def test_setup_uses_the_known_objectives_by_default(sheet) -> None:
    state = sheet[0].setup(4, ["Ann", "Bo", "Cy", "Di"])
    assert state["names"] == ["Ann", "Bo", "Cy", "Di"]
    assert [o["text"] for o in state["objectives"]] == [
        "-10 per card numbered 6",
        "-4 per ale card",
        "-8 per odd mead card",
    ]
    assert sheet[1] == [1]


def test_a_deal_with_cards_scores_like_the_engine(sheet) -> None:
    cena, _, _ = sheet
    cena.setup(4, ["Ann", "Bo", "Cy", "Di"])
    alliances = split(ALL_CARDS, [10, 10, 10, 10])
    state = cena.record_deal(1, SIX_PENALTY, alliances)
    scores = [a["score"] for a in state["deals"][0]["alliances"]]
    assert scores == [alliance_score(a["cards"], SIX_PENALTY) for a in alliances]
    assert scores == [0, 0, 0, 0]  # each alliance holds one 6: 10 - 10
    # seat k scores alliances k-1 and k
    assert state["deals"][0]["seats"] == [0, 0, 0, 0]


def test_counts_and_penalty_cards(sheet) -> None:
    cena, _, _ = sheet
    cena.setup(3, ["Ann", "Bo", "Cy"])
    ale = {"penalty": 4, "suit": "A"}
    state = cena.record_deal(
        1,
        ale,
        [
            {"count": 20, "penalty_cards": ["A1", "A2"]},
            {"count": 10, "penalty_cards": []},
            {"count": 6, "penalty_cards": ["A10"]},
        ],
    )
    assert [a["score"] for a in state["deals"][0]["alliances"]] == [12, 10, 2]
    # seat 0: alliances 2 and 0; seat 1: 0 and 1; seat 2: 1 and 2
    assert state["deals"][0]["seats"] == [14, 22, 12]
    assert state["totals"] == [14, 22, 12]


def test_three_deals_give_winners_and_ties_share(sheet) -> None:
    cena, _, _ = sheet
    cena.setup(4, ["Ann", "Bo", "Cy", "Di"])
    for deal in (1, 2, 3):
        state = cena.record_deal(deal, None, split(ALL_CARDS, [10, 10, 10, 10]))
    assert state["totals"] == [60, 60, 60, 60]
    assert state["winners"] == [0, 1, 2, 3]


def test_a_correction_replaces_the_deal_and_is_logged(sheet) -> None:
    cena, _, journal = sheet
    cena.setup(4, ["Ann", "Bo", "Cy", "Di"])
    cena.record_deal(1, None, split(ALL_CARDS, [10, 10, 10, 10]))
    state = cena.record_deal(1, None, split(ALL_CARDS, [16, 4, 10, 10]))
    assert len(state["deals"]) == 1
    assert state["deals"][0]["seats"] == [26, 20, 14, 20]
    assert state["corrections"][0]["before"] == [20, 20, 20, 20]
    assert state["corrections"][0]["after"] == [26, 20, 14, 20]
    assert [e["kind"] for e in journal.sheet_entries("cena")] == ["setup", "deal", "deal"]


@pytest.mark.parametrize(
    ("deal", "alliances", "message"),
    [
        (2, split(ALL_CARDS, [10, 10, 10, 10]), "deal must be 1 to 1"),
        (1, split(ALL_CARDS, [10, 10, 10]), "give 4 alliances"),
        (1, split(ALL_CARDS[:-1], [10, 10, 10, 9]), "won 39 cards"),
        (1, [{"cards": ["W7"] * 10}, *split(ALL_CARDS, [10, 10, 10])], "entered twice"),
        (1, [{"cards": ["X9"]}, *split(ALL_CARDS, [10, 10, 10])], "codes like"),
        (1, [{"count": 2, "penalty_cards": ["W6", "A6", "C6"]}] * 4, "more penalty cards"),
        (1, [{"count": 10, "penalty_cards": ["W7"]}] * 4, "not a penalty card"),
        (1, [{"count": -1}] * 4, "0 or more"),
        (1, [{}] * 4, "cards or a count"),
        ("1", split(ALL_CARDS, [10, 10, 10, 10]), "must be a number"),
    ],
)
def test_bad_entries_are_refused_and_change_nothing(sheet, deal, alliances, message) -> None:
    cena, changes, journal = sheet
    cena.setup(4, ["Ann", "Bo", "Cy", "Di"])
    before = journal.sheet_entries("cena")
    with pytest.raises(ValueError, match=message):
        cena.record_deal(deal, SIX_PENALTY, alliances)
    assert journal.sheet_entries("cena") == before
    assert changes == [1]


def test_deals_before_setup_are_refused(sheet) -> None:
    with pytest.raises(ValueError, match="set up"):
        sheet[0].record_deal(1, None, [])


@pytest.mark.parametrize(
    ("players", "names", "objectives", "message"),
    [
        (6, ["a"] * 6, None, "3 to 5"),
        (3, ["a", "b"], None, "give 3 names"),
        (3, ["a", "b", 3], None, "must be text"),
        (3, ["a", "b", "c"], [{"penalty": 1, "suit": "W"}], "give 3 objective"),
        (3, ["a", "b", "c"], [{"penalty": 1}] * 3, "at least one"),
    ],
)
def test_bad_setup_is_refused(sheet, players, names, objectives, message) -> None:
    with pytest.raises(ValueError, match=message):
        sheet[0].setup(players, names, objectives)
    assert sheet[0].state()["players"] == 0


def test_the_sheet_survives_a_restart(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    CenaSheet(SheetTools.on(journal, lambda: None)).setup(3, ["Ann", "Bo", "Cy"])
    journal.close()
    again = Journal(tmp_path / "j.sqlite3")
    assert CenaSheet(SheetTools.on(again, lambda: None)).state()["names"] == ["Ann", "Bo", "Cy"]
