"""The Lauzait Cep bank and score sheet: bonuses and refunds from the engine's own
department_bonus, declarations from its formation_points, seasons from its
start_and_direction; journal-backed, corrections logged, refusals change nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from device.companion import SheetTools
from device.games.lauzait.sheet import LauzaitSheet
from device.journal import Journal
from engines.lauzait import department_bonus, formation_points
from engines.lauzait.seasons import start_and_direction

NAMES = ["Ann", "Bo", "Cy"]
J4 = {"piece": "J", "as": "G4"}
GOVERNMENT: list[list[Any]] = [
    ["G1", "G2", "G3"],
    ["W5", "W5", "W5"],
    ["G7", "G8", J4 | {"as": "G9"}],
]


class Sheet:
    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.changes = 0
        self.sheet = LauzaitSheet(SheetTools.on(journal, self.changed), rng=random.Random(5))

    def changed(self) -> None:
        self.changes += 1


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    opened = Journal(tmp_path / "j.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def made(journal: Journal) -> Sheet:
    return Sheet(journal)


@pytest.fixture
def sheet(made: Sheet) -> LauzaitSheet:
    made.sheet.setup(3, list(NAMES))
    return made.sheet


def test_an_empty_sheet(made: Sheet) -> None:
    state = made.sheet.state()
    assert state["players"] == 0 and state["seats"] == [] and state["seasons"] == []
    with pytest.raises(ValueError, match="set up"):
        made.sheet.form(0, ["G1", "G2", "G3"])


def test_setup_throws_the_sticks_for_the_first_season(made: Sheet) -> None:
    state = made.sheet.setup(3, ["Ann", " Bo ", ""], layered_bridges=3)
    assert state["names"] == ["Ann", "Bo", None]  # unnamed: shown as "Seat 3"
    assert state["layered_bridges"] == 3 and state["season"] == 1 and state["seasons_in_game"] == 3
    [season] = state["seasons"]
    # Everyone is tied at 0: the same rule as the engine decides, with the same throws.
    start, direction, throws = start_and_direction([0, 0, 0], random.Random(5))
    assert season["start_player"] == start and season["throws"] == throws
    assert season["direction"] == ("clockwise" if direction == 1 else "counterclockwise")
    assert all(t["purpose"] in ("start", "direction") for t in throws) and throws
    assert made.changes == 1


@pytest.mark.parametrize(
    ("players", "names", "bridges", "words"),
    [
        (5, ["a"] * 5, 2, "2 to 4"),
        (3, ["a", "b"], 2, "3 names"),
        (3, ["a", "b", 7], 2, "text"),
        (3, ["a", "b", "c"], 4, "(?i)layered"),
        (True, ["a"], 2, "2 to 4"),
    ],
)
def test_a_bad_setup_is_refused(
    made: Sheet, players: Any, names: Any, bridges: Any, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        made.sheet.setup(players, names, bridges)
    assert made.sheet.state()["players"] == 0 and made.changes == 0


def test_forming_pays_the_engines_bonus_and_dissolving_refunds_exactly_that(
    sheet: LauzaitSheet,
) -> None:
    state = sheet.form(0, ["G2", "G3", "J"], ["G2", "G3", "G4"])
    [department] = state["seats"][0]["revealed"]
    assert department["bonus"] == department_bonus(["G2", "G3", "J"], ["G2", "G3", "G4"]) == 1
    state = sheet.form(1, ["W3", "W4", "W5"])  # rulebook: 5 is the largest, two points
    assert state["seats"][1]["bonuses"] == 2
    state = sheet.form(1, ["G3", "G3", "J"], ["G3", "G3", "G3"])  # rulebook: 1 x 3 - 1 = 2
    assert state["scores"] == [1, 4, 0]
    state = sheet.dissolve(0, department["id"])
    assert state["seats"][0]["revealed"] == [] and state["scores"] == [0, 4, 0]
    [dissolve, *_] = state["log"]
    assert dissolve["kind"] == "dissolve" and dissolve["refund"] == 1
    assert dissolve["pieces"] == ["G2", "G3", "J"]


@pytest.mark.parametrize(
    ("pieces", "roles", "words"),
    [
        (["G1", "G2", "G4"], None, "not a department"),
        (["G0", "G1", "G2"], None, "no 0s"),  # a 3-player game has no 0s
        (["G1", "G2", "J"], ["G1", "G2", "G0"], "not a department|no 0s"),
        (["J", "G2", "G3"], ["G1", "G3", "G3"], "not a department|G2 can only"),
        (["G1", "G2", "J"], None, "wild"),
        (["G1", "G2"], None, "three"),
        (["X1", "G2", "G3"], None, "pieces like"),
    ],
)
def test_what_is_not_a_department_of_this_game_is_refused(
    made: Sheet, sheet: LauzaitSheet, pieces: Any, roles: Any, words: str
) -> None:
    before, changes = sheet.state(), made.changes
    with pytest.raises(ValueError, match=words):
        sheet.form(0, pieces, roles)
    assert sheet.state() == before and made.changes == changes


def test_a_player_shows_at_most_three_departments_and_pieces_run_out(sheet: LauzaitSheet) -> None:
    for trio in (["G1", "G1", "G1"], ["G2", "G2", "G2"], ["G3", "G3", "G3"]):
        sheet.form(0, trio)
    with pytest.raises(ValueError, match="three departments"):
        sheet.form(0, ["G4", "G4", "G4"])
    sheet.form(1, ["G1", "G2", "G3"])  # the fourth G1, G2 and G3 of the set
    with pytest.raises(ValueError, match="not that many G1"):
        sheet.form(2, ["G1", "G2", "G3"])
    with pytest.raises(ValueError, match="no such department"):
        sheet.dissolve(2, 999)


def test_a_declaration_scores_the_engines_formation_points_and_starts_the_next_season(
    sheet: LauzaitSheet,
) -> None:
    sheet.form(2, ["W5", "W5", "W5"])  # 2 x 3 = 6 for Cy
    sheet.form(2, ["W7", "W8", "W9"])  # and 3
    state = sheet.declare(0, GOVERNMENT, luminous="W5")
    expected = formation_points(GOVERNMENT, luminous="W5")
    assert state["seasons"][0]["declaration"]["formation"] == expected
    assert expected["luminous"] == 3 and expected["total"] == 6
    assert state["scores"] == [6, 0, 9]
    assert state["season"] == 2 and state["seats"][2]["revealed"] == []  # pieces back in the bag
    # Bo has fewest points and starts; of his neighbours Cy (left, 9) and Ann (right,
    # 6), Ann has fewer: play goes toward her, counterclockwise. No tie, no throw.
    season = state["seasons"][1]
    assert season["start_player"] == 1 and season["direction"] == "counterclockwise"
    assert season["throws"] == []


def test_a_stalemate_without_a_government_counts_the_luminous_pieces_in_the_hand(
    sheet: LauzaitSheet,
) -> None:
    hand = ["G1", "G1", "G4", "W2", "W2", "W2", "W9", "J", "G1"]
    state = sheet.declare(1, [], stalemate=True, luminous="G1", hand=hand)
    formation = state["seasons"][0]["declaration"]["formation"]
    assert formation == formation_points([], stalemate=True, luminous="G1", hand=hand)
    assert formation["total"] == 3 + 15 + 3
    with pytest.raises(ValueError, match="government"):
        sheet.declare(1, [])  # not a stalemate: three departments needed


def test_the_game_ends_after_as_many_seasons_as_players(sheet: LauzaitSheet) -> None:
    for seat in (0, 1, 2):
        state = sheet.declare(seat, GOVERNMENT)
    assert state["over"] and len(state["seasons"]) == 3
    assert state["winners"] == [0, 1, 2]  # the same points each: all win
    with pytest.raises(ValueError, match="over"):
        sheet.form(0, ["G1", "G2", "G3"])
    with pytest.raises(ValueError, match="over"):
        sheet.declare(0, GOVERNMENT)  # without its season it is not a correction
    assert sheet.declare(1, [], stalemate=True, season=3)["winners"] == [1]


def test_a_declaration_entered_again_is_a_logged_correction(sheet: LauzaitSheet) -> None:
    sheet.declare(0, GOVERNMENT)
    state = sheet.declare(2, [["W1", "W2", "W3"]] * 3, season=1)
    assert state["season"] == 2  # no second new season
    assert state["seasons"][0]["declaration"]["seat"] == 2
    [correction] = state["corrections"]
    assert correction["kind"] == "declare" and correction["season"] == 1
    assert correction["before"]["seat"] == 0 and correction["after"]["seat"] == 2
    with pytest.raises(ValueError, match="season"):
        sheet.declare(0, GOVERNMENT, season=3)


def test_the_log_marks_a_declaration_replaced_by_the_one_entered_again(
    journal: Journal, sheet: LauzaitSheet
) -> None:
    first = sheet.declare(0, GOVERNMENT)["log"][0]
    assert "replaced_by" not in first
    sheet.declare(1, GOVERNMENT, season=1)
    state = sheet.declare(2, [["W1", "W2", "W3"]] * 3, season=1)
    newest, middle, oldest = state["log"]  # newest first, every one kept
    assert [e["seat"] for e in (newest, middle, oldest)] == [2, 1, 0]
    assert oldest["id"] == first["id"] and oldest["replaced_by"]["id"] == middle["id"]
    assert middle["replaced_by"] == {"id": newest["id"], "at": newest["at"]}
    assert "replaced_by" not in newest  # the one that counts
    assert state["scores"][2] == formation_points([["W1", "W2", "W3"]] * 3)["total"]
    restarted = LauzaitSheet(SheetTools.on(journal, lambda: None))
    assert restarted.state() == state  # the same after a restart


def test_voiding_strikes_an_entry_out_and_logs_it(sheet: LauzaitSheet) -> None:
    state = sheet.form(0, ["G1", "G2", "G3"])
    form = state["seats"][0]["revealed"][0]["id"]
    state = sheet.dissolve(0, form)
    dissolve = state["log"][0]["id"]
    with pytest.raises(ValueError, match="void the dissolve first"):
        sheet.void(form)
    state = sheet.void(dissolve)  # the department is back, its bonus kept
    assert state["seats"][0]["revealed"][0]["id"] == form and state["scores"][0] == 1
    state = sheet.void(form)
    assert state["seats"][0]["revealed"] == [] and state["scores"][0] == 0
    assert [c["kind"] for c in state["corrections"]] == ["void", "void"]
    assert {c["entry"]["kind"] for c in state["corrections"]} == {"form", "dissolve"}
    assert all(c["entry"]["pieces"] == ["G1", "G2", "G3"] for c in state["corrections"])
    # The log keeps both where they were, struck out with the time of the void.
    assert [(e["id"], e["kind"]) for e in state["log"]] == [(dissolve, "dissolve"), (form, "form")]
    assert all(e["voided_at"] for e in state["log"])
    assert state["log"][0]["pieces"] == ["G1", "G2", "G3"]
    with pytest.raises(ValueError, match="only a form"):
        sheet.void(form)  # already struck out


def test_ending_early_stands_the_scores_and_can_be_struck_out(sheet: LauzaitSheet) -> None:
    sheet.form(1, ["W8", "W9", "J"], ["W8", "W9", "W7"])
    state = sheet.finish()
    assert state["over"] and state["ended_early"] and state["winners"] == [1]
    with pytest.raises(ValueError, match="over"):
        sheet.finish()
    state = sheet.void(state["log"][0]["id"])
    assert not state["over"] and state["winners"] == []


def test_a_sheet_ended_before_anyone_scored_has_no_winner(sheet: LauzaitSheet) -> None:
    # Issue 28: the engine's rule (engines.lauzait.winners), not a tie of all four.
    state = sheet.finish()
    assert state["over"] and state["scores"] == [0, 0, 0] and state["winners"] == []


def test_the_start_of_a_season_can_be_set_by_hand(sheet: LauzaitSheet) -> None:
    state = sheet.set_season(2, "counterclockwise")
    assert state["seasons"][0]["start_player"] == 2 and state["seasons"][0]["by_hand"]
    assert state["corrections"][0]["kind"] == "season"
    with pytest.raises(ValueError, match="direction"):
        sheet.set_season(0, "sideways")
    with pytest.raises(ValueError, match="seat"):
        sheet.set_season(3, "clockwise")


def test_two_players_always_play_clockwise(made: Sheet) -> None:
    state = made.sheet.setup(2, ["Ann", "Bo"])
    assert state["seasons"][0]["direction"] == "clockwise"
    with pytest.raises(ValueError, match="two players"):
        made.sheet.set_season(0, "counterclockwise")


def test_the_sheet_survives_a_restart_and_a_new_sheet_starts_afresh(
    journal: Journal, sheet: LauzaitSheet
) -> None:
    sheet.form(0, ["G1", "G2", "G3"])
    sheet.declare(1, GOVERNMENT)
    state = sheet.state()
    assert LauzaitSheet(SheetTools.on(journal, lambda: None)).state() == state
    fresh = sheet.setup(2, ["X", "Y"])
    assert fresh["players"] == 2 and fresh["log"] == [] and fresh["scores"] == [0, 0]
    assert len(journal.sheet_entries("lauzait")) > 4  # nothing erased


def test_the_calculator_uses_the_engines_functions_and_writes_nothing(
    made: Sheet, sheet: LauzaitSheet
) -> None:
    changes, entries = made.changes, len(made.journal.sheet_entries("lauzait"))
    bridges: list[list[Any]] = [
        ["G1", "G2", "G3"],
        ["W1", "W2", "W3"],
        ["G4", "G5", J4 | {"as": "G6"}],
    ]
    answer = sheet.calculate(bridges, layered_bridges=3)
    assert answer["formation"] == formation_points(bridges, layered_bridges=3)
    assert answer["formation"]["layered_bridges"] == 3
    assert answer["bonuses"] == [1, 1, 1]
    assert made.changes == changes and len(made.journal.sheet_entries("lauzait")) == entries
    with pytest.raises(ValueError):
        sheet.calculate([["G1", "G2", "G4"]] * 3)
