"""Scoring a game played with real pieces on the box: the menu, each game's entry flow
on the buttons (a fake clock, no sleeps), the scoreboard on the OLED and LEDs, and
the tones. Presses go through the real (mock) pins, as in tests/device/box_rig.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from device.companion.scoreboard import Scoreboard
from device.companion.sheets import Sheets
from device.screens.scoreboard import standings_screen
from tests.device.box_rig import Rig


class ScoreRig(Rig):
    """A box with score sheets, secret colours and dice sticks; it counts presses and
    notes the tones it plays."""

    def __init__(self, tmp_path: Path) -> None:
        super().__init__(tmp_path, sticks=True, colours=True)
        self.sheets = Sheets(self.journal, self.table.touch)
        self.scoreboard = Scoreboard(self.journal, self.sheets, self.table.touch)
        self.box.scoreboard = self.scoreboard
        self.cues: list[str] = []
        self.box._outputs.play = self.cues.append  # type: ignore[method-assign, assignment]
        self.presses = 0
        self.flush()

    def click(self, name: str, long: bool = False) -> None:
        self.presses += 1
        super().click(name, long)

    def choose(self, label: str) -> None:
        """B down the open menu to `label`, then A."""
        for _ in range(20):
            menu = self.box.controls.menu
            assert menu is not None, f"no menu open looking for {label!r}"
            if str(menu.labels[menu.selected]) == label:
                self.click("A")
                return
            self.click("B")
        raise AssertionError(f"{label!r} is not in the menu")

    def answer(self, value: int) -> None:
        """Set the number on screen with B (up) or C (down), the shorter way, then A."""
        entry = self.box.controls.entry
        assert entry is not None
        ask = entry.asking()
        assert ask is not None, "the entry is at its confirm"
        span = ask.high - ask.low + 1
        up = (value - entry.value) % span
        for _ in range(up if up <= span - up else 0):
            self.click("B")
        for _ in range(0 if up <= span - up else span - up):
            self.click("C")
        assert entry.value == value
        self.click("A")

    def score(self, game: str, players: int) -> None:
        self.click("A")
        self.choose("Score a game on the table")
        self.choose({"cena": "Céna", "sarena": "Sàrénà", "chanoyu": "Chanoyu"}.get(game, game))
        self.choose(f"{players} players")

    def state(self, game: str) -> dict:
        return self.sheets.get(game).state()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[ScoreRig]:
    made = ScoreRig(tmp_path)
    yield made
    made.close()


def test_the_menu_opens_a_sheet_with_unnamed_seats_on_the_scoreboard(rig: ScoreRig) -> None:
    rig.score("cena", 4)
    state = rig.state("cena")
    assert state["players"] == 4 and state["names"] == [None] * 4
    shown = rig.box.controls.sheet
    assert shown is not None and shown.game == "cena"
    expected = standings_screen("Céna", shown.board, shown.names, None)
    assert rig.frame() == expected.tobytes()
    assert rig.pins() == [True, False, False, False, False]  # seat 1 hosts deal 1
    rig.click("B")  # what comes next: the objective and the host
    assert rig.frame() != expected.tobytes()


def test_a_cena_deal_on_the_buttons_records_nothing_before_the_confirm(rig: ScoreRig) -> None:
    rig.score("cena", 4)
    rig.click("A")
    rig.choose("Enter deal 1")
    # Alliance by alliance: cards won (the last one's follows), then penalty cards.
    for won, penalty in ((12, 1), (9, 0), (11, 3)):
        rig.answer(won)
        rig.answer(penalty)
    entry = rig.box.controls.entry
    assert entry is not None and entry.asking() is not None
    assert entry.asking().key == "penalty3"  # type: ignore[union-attr]
    rig.click("B", long=True)  # a long press steps back: alliance 3's penalty cards
    assert entry.asking().key == "penalty2"  # type: ignore[union-attr]
    assert entry.value == 3  # as answered
    rig.answer(2)
    rig.answer(1)  # alliance 4 (the 8 cards left): 1 penalty card
    assert entry.asking() is None and entry.board is not None
    assert list(entry.board.totals) == [0, 11, 0, -11]  # what the confirm shows
    assert rig.state("cena")["deals"] == []  # nothing until the confirm
    rig.click("A")
    deal = rig.state("cena")["deals"][0]
    # -10 per card numbered 6: 12 cards with one 6 score 11 - 9 = 2.
    assert [row["score"] for row in deal["alliances"]] == [2, 9, -9, -2]
    assert rig.state("cena")["totals"] == [0, 11, 0, -11]
    assert rig.cues == ["recorded"]
    assert rig.box.controls.entry is None


def test_how_many_presses_a_cena_deal_and_a_sarena_result_take(rig: ScoreRig) -> None:
    """The figures the issue asks for: a 4-player Céna deal (12, 9, 11 cards won and
    8 left; penalty cards 1, 0, 2, 1) and a 4-player Sàrénà result (chips 5, 8, 11, 7;
    no tie), from the scoreboard to the recorded entry."""
    rig.score("cena", 4)
    rig.presses = 0
    rig.click("A")
    rig.choose("Enter deal 1")
    for won, penalty in ((12, 1), (9, 0), (11, 2)):
        rig.answer(won)
        rig.answer(penalty)
    rig.answer(1)
    rig.click("A")
    assert len(rig.state("cena")["deals"]) == 1
    cena = rig.presses
    rig.click("A")
    rig.choose("Put the scoreboard away")
    rig.choose("Yes")
    rig.score("sarena", 4)
    rig.click("B", long=True)  # the colours were passed round
    rig.presses = 0
    rig.click("A")
    rig.choose("Enter the result")
    for chips in (5, 8, 11, 7):
        rig.answer(chips)
    rig.click("A")
    assert rig.state("sarena")["result"] is not None
    sarena = rig.presses
    # Céna: A, A (menu, its first item), 7 answers with 2+1+1+0+1+2+1 B/C presses, A.
    # Sàrénà: A, A, 4 answers from a fair share (9) with 4 C, 1 C, 2 B, 2 C presses, A.
    assert (cena, sarena) == (2 + 7 + 8 + 1, 2 + 4 + 9 + 1)


def test_the_last_deal_is_corrected_from_the_box_and_logged(rig: ScoreRig) -> None:
    rig.score("cena", 3)
    rig.click("A")
    rig.choose("Enter deal 1")
    for _ in range(5):
        rig.answer(rig.box.controls.entry.value)  # type: ignore[union-attr]
    rig.click("A")
    before = rig.state("cena")["totals"]
    rig.click("A")
    rig.choose("Correct the last entry")
    rig.answer(14)  # was 12
    for _ in range(4):
        rig.answer(rig.box.controls.entry.value)  # type: ignore[union-attr]
    rig.click("A")
    state = rig.state("cena")
    assert len(state["deals"]) == 1 and state["totals"] != before
    assert len(state["corrections"]) == 1


def test_a_refused_entry_says_why_and_records_nothing(rig: ScoreRig) -> None:
    rig.score("cena", 3)
    rig.click("A")
    rig.choose("Enter deal 1")
    rig.answer(36)  # all the cards to the first alliance ...
    rig.answer(0)
    rig.answer(36)  # ... and again: the last alliance is left -36
    for _ in range(2):
        rig.answer(0)
    entry = rig.box.controls.entry
    assert entry is not None and entry.refusal is not None
    rig.click("A")  # refused: A does nothing
    assert rig.box.controls.entry is entry and rig.state("cena")["deals"] == []


def test_a_phone_entry_redraws_the_scoreboard_at_once(rig: ScoreRig) -> None:
    rig.score("cena", 3)
    before = rig.frame()
    rig.sheets.get("cena").record_deal(
        1, None, [{"count": 12}, {"count": 12}, {"count": 12}]
    )  # as a phone's POST does
    rig.flush()
    assert rig.frame() != before
    assert rig.box.controls.sheet is not None and rig.box.controls.sheet.board.totals == [24] * 3
    assert rig.cues == ["recorded"]
    rig.sheets.get("cena").rename(0, "Ann")  # a name: redrawn, no tone
    rig.flush()
    assert rig.cues == ["recorded"]


def test_a_sheet_opened_elsewhere_shows_when_it_changes(rig: ScoreRig) -> None:
    assert rig.box.controls.sheet is None
    rig.sheets.get("chanoyu").setup(3, ["Ann", "Bo", ""])
    rig.flush()
    assert rig.box.controls.sheet is not None and rig.box.controls.sheet.game == "chanoyu"
    rig.click("A")
    rig.choose("Put the scoreboard away")
    rig.choose("Yes")
    assert rig.box.controls.sheet is None


def test_a_sarena_result_on_the_box_reveals_the_colours_first(rig: ScoreRig) -> None:
    rig.score("sarena", 3)
    # The box holds the colours: passed round at once, as "Secret colours" does.
    assert rig.box.controls.colour_mode is not None
    rig.click("B", long=True)
    assert rig.box.controls.colour_mode is None
    drawn = rig.state("sarena")["round"]
    assert drawn is not None and not drawn["revealed"]
    rig.click("A")
    rig.choose("Enter the result")
    rig.answer(7)
    rig.answer(9)
    rig.answer(9)  # a tie on chips: the tied leaders' tie-break counts come next
    rig.answer(3)
    rig.answer(2)
    entry = rig.box.controls.entry
    assert entry is not None and entry.asking() is None and entry.board is not None
    assert entry.board.winners == [1]
    assert not rig.state("sarena")["round"]["revealed"]  # the preview revealed nothing
    rig.click("A")
    state = rig.state("sarena")
    assert state["round"]["revealed"] and state["result"]["chips"] == [7, 9, 9]
    assert state["result"]["winners"] == [1]
    assert rig.cues == ["game_end"]


def test_chanoyu_asks_its_first_host_and_lights_the_host(rig: ScoreRig) -> None:
    rig.score("chanoyu", 3)
    entry = rig.box.controls.entry
    assert entry is not None and entry.asking() is not None
    rig.answer(2)
    rig.click("A")  # the set-up's confirm
    state = rig.state("chanoyu")
    assert state["first_host"] == 2 and state["names"] == [None] * 3
    assert rig.pins()[:3] == [False, False, True]


def test_lauzait_sets_the_seasons_start_from_the_box(rig: ScoreRig) -> None:
    rig.score("Lauzait Cep", 3)
    rig.click("A")
    rig.choose("Set the season's start")
    rig.answer(1)
    rig.answer(1)  # counterclockwise
    rig.click("A")
    season = rig.state("lauzait")["seasons"][-1]
    assert (season["start_player"], season["direction"], season["by_hand"]) == (
        1,
        "counterclockwise",
        True,
    )
    assert rig.pins()[:3] == [False, True, False]


def test_a_digital_game_over_an_unfinished_sheet_asks_first(rig: ScoreRig) -> None:
    rig.score("cena", 3)
    rig.click("A")
    rig.choose("New game")
    rig.choose("Céna")
    rig.choose("3 players")
    menu = rig.box.controls.menu
    assert menu is not None and menu.title == "Score sheet not finished: open anyway?"
    rig.click("A")  # "No"
    assert rig.table.phase == "idle"
    rig.click("A")
    rig.choose("New game")
    rig.choose("Céna")
    rig.choose("3 players")
    rig.choose("Yes")
    assert rig.table.phase == "lobby" and rig.box.controls.sheet is None


def test_the_dice_sticks_and_the_qr_work_on_the_scoreboard(rig: ScoreRig) -> None:
    rig.score("Lauzait Cep", 3)
    rig.click("C")
    assert rig.box.controls.throw_show is not None  # Lauzait Cep's water throws
    rig.run_for(10)
    rig.click("C", long=True)
    assert rig.box.controls.show_sheet_qr
    rig.click("B")
    assert not rig.box.controls.show_sheet_qr
