"""Migration 5 (sealed deals) on journals of schema 4, the last before it
(tests/fixtures/journal-schema4-*, made by make_journal.py with that code): every
game is kept, the games that are over replay and verify without a seal, the
unfinished one resumes unsealed, and the next game is sealed."""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from device.history import replay
from device.journal import SCHEMA_VERSION, Journal
from device.table import Table
from tests.interludes import read_summary

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SCHEMA4 = sorted(FIXTURES.glob("journal-schema4-*.sqlite3"))


def test_there_are_schema_4_fixtures() -> None:
    assert len(SCHEMA4) >= 5


@pytest.mark.parametrize("fixture", SCHEMA4, ids=[p.name for p in SCHEMA4])
def test_a_schema_4_journal_upgrades_and_its_games_verify_unsealed(
    fixture: Path, tmp_path: Path
) -> None:
    path = tmp_path / "journal.sqlite3"
    shutil.copy(fixture, path)
    old = sqlite3.connect(path)
    assert old.execute("PRAGMA user_version").fetchone()[0] == 4
    before = old.execute("SELECT id, status, seed FROM games ORDER BY id").fetchall()
    old.close()
    journal = Journal(path)
    try:
        assert journal.schema_version == SCHEMA_VERSION >= 5
        assert (tmp_path / "journal.sqlite3.schema-4.bak").exists()
        over = [(gid, seed) for gid, status, seed in before if status == "over"]
        assert over, "the fixture has finished games"
        for game_id, seed in over:
            record = replay.load(journal, game_id)
            assert record.seed == seed and record.salt is None and record.commitment is None
            result = replay.verify(record)
            assert result.ok, result.data()
            assert [c.ok for c in result.checks] == [None, True, None]
            assert replay.audiences(record)[-1] == "all"  # no option then: the default
        table = Table(journal)
        assert table.status()["fingerprint"] is None  # an unfinished game stays unsealed
        if table.phase in ("lobby", "playing"):
            table.end_game()
        table.open_lobby("sarena", 2, {})
        room = table.status()["room"]
        table.join(room, "Ann")
        table.join(room, "Bo")
        table.start()
        assert table.status()["fingerprint"] is not None
        rng = random.Random(1)
        while table.phase == "playing":
            read_summary(table)
            seat = table.to_act()[0]
            table.act(seat, rng.choice(table.legal_actions(seat)))
        latest = journal.latest_game()
        assert latest is not None
        assert replay.verify(replay.load(journal, latest.id)).ok
    finally:
        journal.close()
