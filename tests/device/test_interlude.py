"""The Table's interlude: after a deal's summary, play waits for every seat's Continue
(or the host's skip), journaled so that a crash loses none of it (device/table/interlude.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from device.journal import Journal
from device.seat_lights import SEATED, TO_ACT, seat_lights
from device.sounds import cue_for
from device.table import Table, TableError
from device.table.interlude import SETTINGS, SHEET, TRICK_PAUSE

PLAYERS = 3


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(journal_path: Path):
    opened = Journal(journal_path)
    yield opened
    opened.close()


def started(journal: Journal, game: str = "cena") -> Table:
    table = Table(journal)
    opened = table.open_lobby(game, PLAYERS, {}, host_name="P0")
    assert opened is not None
    room = table.status()["room"]
    for seat in range(1, PLAYERS):
        table.join(room, f"P{seat}")
    table.start()
    return table


def play_to_summary(table: Table) -> list[dict[str, Any]]:
    """First legal moves until the table waits on a summary; returns the last events."""
    for _ in range(2000):
        seat = table.to_act()[0]
        events = table.act(seat, table.legal_actions(seat)[0])
        if table.status()["interlude"] is not None:
            return events
    raise AssertionError("no summary")


def test_a_deals_end_waits_for_every_seat_and_refuses_moves_meanwhile(journal: Journal) -> None:
    table = started(journal)
    events = play_to_summary(table)
    assert [e["type"] for e in events][-2:] == ["deal_scored", "deal_started"]
    pause = table.status()["interlude"]
    assert pause == {"key": "deal-1", "done": [], "waiting": [0, 1, 2], "names": ["P0", "P1", "P2"]}
    assert table.view(None)["summary"]["key"] == "deal-1"
    # Nobody moves: no seat is offered a move, and a move sent anyway is refused.
    assert table.to_act() == [] and all(table.legal_actions(s) == [] for s in range(PLAYERS))
    waiting = table.view(None)["to_act"][0]
    assert table._state.game is not None
    move = table._state.game.legal_actions(waiting)[0]  # what the rules would allow
    with pytest.raises(TableError, match="waiting for P0, P1, P2") as refused:
        table.act(waiting, move)
    assert refused.value.code == "interlude"
    version = table.version
    table.continue_play(1)
    assert table.version == version + 1
    assert table.status()["interlude"]["done"] == [1]
    assert table.status()["interlude"]["waiting"] == [0, 2]
    table.continue_play(1)  # a second tap changes nothing
    assert table.status()["interlude"]["waiting"] == [0, 2]
    table.continue_play(0)
    with pytest.raises(TableError):
        table.act(waiting, move)
    table.continue_play(2)
    assert table.status()["interlude"] is None
    assert table.to_act() == table.view(None)["to_act"] and waiting in table.to_act()
    table.act(waiting, move)  # play goes on with the next deal


def test_the_host_may_skip_the_wait(journal: Journal) -> None:
    table = started(journal, "chanoyu")
    play_to_summary(table)
    table.continue_play(2)
    table.skip_interlude()
    assert table.status()["interlude"] is None and table.to_act()
    with pytest.raises(TableError) as nothing:
        table.skip_interlude()
    assert nothing.value.code == "no_interlude"
    with pytest.raises(TableError) as nothing:
        table.continue_play(0)
    assert nothing.value.code == "no_interlude"


def test_nothing_waits_before_the_first_summary(journal: Journal) -> None:
    table = started(journal)
    assert table.status()["interlude"] is None
    with pytest.raises(TableError, match="nothing is waiting"):
        table.continue_play(0)


def test_a_freed_seat_is_no_longer_awaited(journal: Journal) -> None:
    table = started(journal)
    play_to_summary(table)
    table.continue_play(0)
    table.continue_play(1)
    table.release_seat(2, by=2)  # the last reader leaves the table
    assert table.status()["interlude"] is None and table.to_act()


def test_the_wait_and_each_continue_survive_a_crash(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = started(journal)
    play_to_summary(table)
    table.continue_play(1)
    journal.close()  # the process dies here: only what was committed is left

    journal = Journal(journal_path)
    again = Table(journal)
    assert again.status()["interlude"]["waiting"] == [0, 2]
    assert again.to_act() == []
    again.continue_play(0)
    again.continue_play(2)
    assert again.status()["interlude"] is None and again.to_act()
    journal.close()

    journal = Journal(journal_path)
    assert Table(journal).status()["interlude"] is None  # the finished wait stays finished
    journal.close()


def test_a_skip_survives_a_crash(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = started(journal, "chanoyu")
    play_to_summary(table)
    table.skip_interlude()
    journal.close()
    journal = Journal(journal_path)
    assert Table(journal).status()["interlude"] is None
    journal.close()


def test_a_game_saved_before_interludes_never_waits(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = started(journal)
    play_to_summary(table)
    # As an older release left it: the deal was scored, no pause was journaled.
    journal._db.execute("DELETE FROM sheet_entries WHERE sheet = ?", (SHEET,))
    journal.close()
    journal = Journal(journal_path)
    resumed = Table(journal)
    assert resumed.view(None)["summary"]["key"] == "deal-1"
    assert resumed.status()["interlude"] is None and resumed.to_act()
    journal.close()


def test_the_pause_begins_with_the_move_that_ends_the_deal_or_not_at_all(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = started(journal)
    for _ in range(2000):  # up to the deal's last card
        seat = table.to_act()[0]
        move = table.legal_actions(seat)[0]
        view = table.view(None)
        if view["phase"] == "play" and sum(view["hand_sizes"]) == 1:
            break
        table.act(seat, move)
    before = table.view(None)

    def full(*_args: object) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal, "add_sheet_entry", full)
    with pytest.raises(TableError, match="could not save"):
        table.act(seat, move)
    assert table.view(None)["summary"] == before["summary"]
    assert table.view(None)["deal"] == 1 and table.status()["interlude"] is None
    monkeypatch.undo()
    table.act(seat, move)
    assert table.status()["interlude"]["key"] == "deal-1"
    again = Table(journal)  # and the journal holds the move with its pause
    assert again.status()["interlude"]["key"] == "deal-1"


def test_a_continue_the_journal_cannot_keep_does_not_count(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = started(journal)
    play_to_summary(table)

    def full(*_args: object) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal, "add_sheet_entry", full)
    with pytest.raises(TableError, match="could not save"):
        table.continue_play(0)
    assert table.status()["interlude"]["waiting"] == [0, 1, 2]


def test_only_the_newest_pause_is_kept_in_the_journal(journal: Journal) -> None:
    table = started(journal)
    for _ in range(3):  # three deals, each read by everyone
        play_to_summary(table)
        for seat in range(PLAYERS):
            table.continue_play(seat)
        if table.phase == "over":
            break
    kept = journal.sheet_entries(SHEET)
    assert {entry["body"]["key"] for entry in kept} == {"deal-3"}
    assert len(kept) == 1 + PLAYERS


def test_the_last_deal_is_read_too_and_the_result_stays(journal: Journal) -> None:
    table = started(journal)
    while table.phase == "playing":
        play_to_summary(table)
        if table.phase == "playing":
            for seat in range(PLAYERS):
                table.continue_play(seat)
    assert table.phase == "over"
    assert table.status()["interlude"]["key"] == "deal-3"
    for seat in range(PLAYERS):
        table.continue_play(seat)
    assert table.status()["interlude"] is None and table.phase == "over"


def test_the_trick_pause_is_a_table_setting_kept_in_the_journal(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    assert table.status()["trick_pause"] == TRICK_PAUSE
    for bad in (-1, 11, 2.5, True, "3"):
        with pytest.raises(TableError) as refused:
            table.set_trick_pause(bad)  # type: ignore[arg-type]
        assert refused.value.code == "invalid_field"
    assert table.status()["trick_pause"] == TRICK_PAUSE
    table.set_trick_pause(0)
    table.set_trick_pause(5)
    assert table.status()["trick_pause"] == 5
    assert len(journal.sheet_entries(SETTINGS)) == 1
    journal.close()
    journal = Journal(journal_path)
    assert Table(journal).status()["trick_pause"] == 5
    journal.close()


def test_the_seat_lights_pulse_for_the_seats_yet_to_continue(journal: Journal) -> None:
    table = started(journal)
    play_to_summary(table)
    table.continue_play(1)
    lights = seat_lights(table.status(), table.view(None))
    assert lights == [TO_ACT, SEATED, TO_ACT]


def test_the_turn_tone_waits_until_everyone_continued(journal: Journal) -> None:
    table = started(journal)
    play_to_summary(table)
    reading = table.view(None)
    assert cue_for(reading, reading) is None
    for seat in range(PLAYERS):
        before = table.view(None)
        table.continue_play(seat)
    assert cue_for(before, table.view(None)) == "your_turn"  # play resumes
