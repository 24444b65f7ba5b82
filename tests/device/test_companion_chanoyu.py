"""The Chanoyu companion score sheet: tableaux entered card by card, scored by the
engine's own functions; corrections logged; the 15/8 outcome and the next host."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from device.companion import SheetTools
from device.games.cena.sheet import CenaSheet
from device.games.chanoyu.sheet import ChanoyuSheet
from device.journal import Journal
from engines.chanoyu import match_result, next_host, tableau_points

NAMES = ["Ana", "Bo", "Cy"]
SUITS = "SHDC"
RANKS = {1: "A", **{n: str(n) for n in range(2, 11)}}


class Sheet:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.journal = Journal(path)
        self.changes = 0
        self.sheet = ChanoyuSheet(SheetTools.on(self.journal, self._changed))

    def _changed(self) -> None:
        self.changes += 1

    def reopen(self) -> ChanoyuSheet:
        """The same journal file opened again, as after a power cut."""
        self.journal.close()
        self.journal = Journal(self.path)
        self.sheet = ChanoyuSheet(SheetTools.on(self.journal, self._changed))
        return self.sheet


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[Sheet]:
    kept = Sheet(tmp_path / "j.sqlite3")
    yield kept
    kept.journal.close()


@pytest.fixture
def sheet(kept: Sheet) -> ChanoyuSheet:
    return kept.sheet


def run(seat: int, values: list[int]) -> list[dict[str, Any]]:
    """A tableau of numbered cards of one suit per seat, so seats never share a card."""
    return [{"card": f"{RANKS[v]}{SUITS[seat]}"} for v in values]


def up_to(top: int) -> list[int]:
    return list(range(1, top + 1))


def test_an_empty_sheet_has_no_players_and_no_outcome(sheet: ChanoyuSheet) -> None:
    state = sheet.state()
    assert state["players"] == 0 and state["rounds"] == [] and state["next_host"] is None
    assert not state["over"] and state["winners"] == []
    assert state["scoring_rules"] == ["cards-and-pairs"]


def test_setup_names_the_players_and_the_first_host(kept: Sheet, sheet: ChanoyuSheet) -> None:
    state = sheet.setup(3, ["  Ana ", "Bo\x00b", ""], host=2)
    assert state["names"] == ["Ana", "Bob", None]  # unnamed: shown as "Seat 3"
    assert state["first_host"] == 2 and state["next_host"] == 2
    assert kept.changes == 1


@pytest.mark.parametrize(
    "players,names,extra,words",
    [
        (2, ["A", "B"], {}, "3 to 5"),
        (6, ["A"] * 6, {}, "3 to 5"),
        (True, ["A"], {}, "3 to 5"),
        (3, ["A", "B"], {}, "3 names"),
        (3, ["A", "B", 7], {}, "text"),
        (3, NAMES, {"host": 3}, "first host"),
        (3, NAMES, {"host": -1}, "first host"),
        (3, NAMES, {"scoring": "published"}, "unknown scoring"),
    ],
)
def test_a_bad_setup_is_refused_and_changes_nothing(
    kept: Sheet, sheet: ChanoyuSheet, players: Any, names: Any, extra: dict, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        sheet.setup(players, names, **extra)
    assert sheet.state()["players"] == 0 and kept.changes == 0


def test_a_round_is_scored_by_the_engines_tableau_points(sheet: ChanoyuSheet) -> None:
    sheet.setup(3, NAMES)
    tableaux = [
        # Face cards and Tsukumogami stand for the value given; numbered cards are
        # worth their number, whether or not it is written.
        [{"card": "3S"}, {"card": "QH", "value": 4}, {"card": "5D", "value": 5}, {"card": "9C"}],
        [{"card": "T1", "value": 2}, {"card": "7H"}],
        [*run(2, [1, 2, 3]), {"card": "KD", "value": 4}, {"card": "T2", "value": 6}],
    ]
    state = sheet.record_round(1, tableaux)
    values = [[3, 4, 5, 9], [2, 7], [1, 2, 3, 4, 6]]
    (round_1,) = state["rounds"]
    assert [[slot["value"] for slot in row] for row in round_1["tableaux"]] == values
    assert round_1["points"] == [tableau_points(v) for v in values] == [6, 2, 8]
    assert round_1["host"] == 0 and round_1["counted"]
    assert state["totals"] == [6, 2, 8]
    assert state["next_host"] == next_host([6, 2, 8], 0) == 2
    assert not state["over"]


def test_hosts_follow_the_most_points_with_ties_closest_right_of_the_previous_host(
    sheet: ChanoyuSheet,
) -> None:
    sheet.setup(4, ["Ana", "Bo", "Cy", "Di"], host=1)
    # Everyone ties at 1: the previous host's right neighbour (seat 0) hosts next.
    state = sheet.record_round(1, [run(seat, [1]) for seat in range(4)])
    assert state["next_host"] == next_host([1, 1, 1, 1], 1) == 0
    # Seats 2 and 3 tie for the most: seat 3 is closer to the right of host 0.
    state = sheet.record_round(2, [run(0, []), run(1, []), run(2, [5, 6]), run(3, [5, 6])])
    assert [r["host"] for r in state["rounds"]] == [1, 0]
    assert state["totals"] == [1, 1, 4, 4]
    assert state["next_host"] == next_host([1, 1, 4, 4], 0) == 3


@pytest.mark.parametrize(
    "tableaux,words",
    [
        ([run(0, [1])], "give 3 tableaux"),
        ("3S", "give 3 tableaux"),
        ([run(0, [1]), "5H", []], "Bo's tableau must be a list"),
        ([[{"card": "3S"}, {"card": "3S"}], [], []], "3S is entered twice"),
        ([run(0, [4]), [], [{"card": "4S"}]], "4S is entered twice"),
        ([run(0, [5, 3]), [], []], "Ana's tableau: .*increase"),
        ([[{"card": "5S"}, {"card": "QH", "value": 5}], [], []], "increase"),
        ([[{"card": "5S", "value": 6}], [], []], "5S is worth 5, not 6"),
        ([[{"card": "AS", "value": True}], [], []], "AS is worth 1"),
        ([[{"card": "QS"}], [], []], "QS is a face card: give the value"),
        ([[{"card": "T1", "value": 11}], [], []], "T1 is a Tsukumogami: give the value"),
        ([[{"card": "T1", "value": "4"}], [], []], "T1 is a Tsukumogami"),
        ([[{"card": "1S"}], [], []], "not a Chanoyu card"),
        ([[{"card": "5S", "at": "left"}], [], []], "each card is"),
        ([["5S"], [], []], "each card is"),
    ],
)
def test_a_round_the_rules_do_not_allow_is_refused_with_the_seat_and_card(
    kept: Sheet, sheet: ChanoyuSheet, tableaux: Any, words: str
) -> None:
    sheet.setup(3, NAMES)
    before, changes = sheet.state(), kept.changes
    with pytest.raises(ValueError, match=words):
        sheet.record_round(1, tableaux)
    assert sheet.state() == before and kept.changes == changes


def test_rounds_are_entered_in_order(sheet: ChanoyuSheet) -> None:
    with pytest.raises(ValueError, match="set up the sheet first"):
        sheet.record_round(1, [[], [], []])
    sheet.setup(3, NAMES)
    for bad in (0, 2, True):
        with pytest.raises(ValueError, match="round"):
            sheet.record_round(bad, [[], [], []])
    sheet.record_round(1, [[], [], []])
    assert [r["round"] for r in sheet.record_round(2, [[], [], []])["rounds"]] == [1, 2]


def test_a_correction_is_logged_changes_the_totals_and_survives_a_restart(kept: Sheet) -> None:
    sheet = kept.sheet
    sheet.setup(3, NAMES)
    sheet.record_round(1, [run(0, [1, 2]), run(1, [7]), []])
    sheet.record_round(2, [run(0, [9]), run(1, [3, 4, 5]), []])
    state = sheet.record_round(1, [run(0, [1, 2, 3]), run(1, [7]), []])
    assert [c["round"] for c in state["corrections"]] == [1]
    correction = state["corrections"][0]
    assert correction["before"] == [3, 1, 0] and correction["after"] == [5, 1, 0]
    assert state["totals"] == [6, 6, 0]
    # Round 2's host follows the corrected round 1: seat 0 has the most.
    assert [r["host"] for r in state["rounds"]] == [0, 0]
    assert kept.reopen().state() == state


def test_a_new_setup_starts_a_fresh_sheet(sheet: ChanoyuSheet) -> None:
    sheet.setup(3, NAMES)
    sheet.record_round(1, [run(0, [1]), [], []])
    state = sheet.setup(4, ["W", "X", "Y", "Z"])
    assert state["players"] == 4 and state["rounds"] == [] and state["corrections"] == []


def test_reaching_15_with_everyone_at_8_the_highest_wins(sheet: ChanoyuSheet) -> None:
    sheet.setup(3, NAMES, host=0)
    # 1-8 scores 15, 1-5 scores 9: everyone has 8 or more.
    state = sheet.record_round(1, [run(0, up_to(8)), run(1, up_to(5)), run(2, up_to(5))])
    assert state["totals"] == [15, 9, 9]
    assert state["over"] and state["ended_after"] == 1
    assert state["winners"] == match_result([15, 9, 9], 0) == [0]
    assert state["next_host"] is None


def test_a_tie_at_the_top_goes_to_the_seat_closest_right_of_the_first_host(
    sheet: ChanoyuSheet,
) -> None:
    sheet.setup(3, NAMES, host=0)
    state = sheet.record_round(1, [run(0, up_to(8)), run(1, up_to(5)), run(2, up_to(8))])
    assert state["winners"] == match_result([15, 9, 15], 0) == [2]


def test_reaching_15_while_someone_is_below_8_makes_the_15s_lose(sheet: ChanoyuSheet) -> None:
    sheet.setup(3, NAMES)
    state = sheet.record_round(1, [run(0, up_to(8)), run(1, [1]), run(2, up_to(5))])
    assert state["winners"] == match_result([15, 1, 9], 0) == [1, 2]


def test_after_the_end_only_corrections_are_taken(sheet: ChanoyuSheet) -> None:
    sheet.setup(3, NAMES)
    sheet.record_round(1, [run(0, up_to(8)), run(1, up_to(5)), run(2, up_to(5))])
    with pytest.raises(ValueError, match="the match is over"):
        sheet.record_round(2, [[], [], []])
    # Correcting the last round can undo the end: then the next round is open again.
    state = sheet.record_round(1, [run(0, up_to(7)), run(1, up_to(5)), run(2, up_to(5))])
    assert not state["over"] and state["next_host"] == 0
    assert [r["round"] for r in sheet.record_round(2, [[], [], []])["rounds"]] == [1, 2]


def test_a_correction_that_ends_the_match_earlier_leaves_later_rounds_uncounted(
    sheet: ChanoyuSheet,
) -> None:
    sheet.setup(3, NAMES)
    for number in (1, 2):
        sheet.record_round(number, [run(0, up_to(4)), run(1, up_to(3)), run(2, up_to(3))])
    state = sheet.record_round(1, [run(0, up_to(8)), run(1, up_to(5)), run(2, up_to(5))])
    assert state["ended_after"] == 1 and state["winners"] == [0]
    assert state["totals"] == [15, 9, 9], "round 2 came after the end: not counted"
    assert [r["counted"] for r in state["rounds"]] == [True, False]
    assert state["rounds"][1]["points"] == [7, 5, 5] and state["rounds"][1]["totals"] is None


def test_the_chanoyu_sheet_is_kept_apart_from_the_cena_sheet(kept: Sheet) -> None:
    kept.sheet.setup(3, NAMES)
    cena = CenaSheet(SheetTools.on(kept.journal, lambda: None))
    assert cena.state()["players"] == 0
    cena.setup(4, ["W", "X", "Y", "Z"])
    assert kept.sheet.state()["players"] == 3
