"""The journal itself: schema versions and migrations, foreign keys, transactions that
land whole or not at all, an index for every lookup, bounded tables."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.journal import MIGRATIONS, SCHEMA_VERSION, Journal, JournalError

# The schema of release 0.1.0, exactly as it created it (user_version 0).
RELEASE_0_1_0 = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, engine TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, room TEXT NOT NULL, seed INTEGER, host INTEGER,
    status TEXT NOT NULL, created REAL NOT NULL, ended REAL);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
    name TEXT NOT NULL, token TEXT NOT NULL, PRIMARY KEY (game_id, seat));
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id), idx INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (game_id, idx));
CREATE TABLE IF NOT EXISTS sheet_entries (
    id INTEGER PRIMARY KEY, sheet TEXT NOT NULL, kind TEXT NOT NULL,
    body TEXT NOT NULL, at REAL NOT NULL);
"""


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(path: Path) -> Iterator[Journal]:
    opened = Journal(path)
    yield opened
    opened.close()


def test_a_new_journal_has_the_latest_schema_and_foreign_keys(journal: Journal) -> None:
    assert journal.schema_version == SCHEMA_VERSION == len(MIGRATIONS)
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))
    assert journal._db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert journal._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with pytest.raises(sqlite3.IntegrityError):
        journal.set_seat(999, 0, "Ann", "token")  # no such game


def test_a_release_0_1_0_journal_is_migrated_in_one_go_after_a_copy(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript(RELEASE_0_1_0)
    db.execute(
        "INSERT INTO games (engine, players, options, room, status, created, ended)"
        " VALUES ('cena', 3, '{}', 'ABCD', 'over', 1.0, 2.0)"
    )
    db.commit()
    db.close()
    journal = Journal(path)
    assert journal.schema_version == SCHEMA_VERSION
    record = journal.game(1)
    assert record is not None and record.rules_version == 1 and record.cleared == 2.0
    journal.close()
    backup = path.with_name(f"{path.name}.schema-0.bak")
    kept = sqlite3.connect(backup)
    assert kept.execute("PRAGMA user_version").fetchone()[0] == 0
    assert kept.execute("SELECT status FROM games").fetchall() == [("over",)]
    kept.close()
    Journal(path).close()  # opening again migrates nothing and copies nothing
    assert sorted(p.name for p in path.parent.glob("*.bak")) == [backup.name]


def test_a_failed_migration_leaves_the_journal_as_it_was(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = sqlite3.connect(path)
    db.executescript(RELEASE_0_1_0)
    db.close()
    broken = (*MIGRATIONS[:-1], type(MIGRATIONS[-1])(SCHEMA_VERSION, "broken", ("NOT SQL",)))
    monkeypatch.setattr("device.journal.schema.MIGRATIONS", broken)
    with pytest.raises(sqlite3.OperationalError):
        Journal(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 0
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    assert "rules_version" not in columns  # migration 2 rolled back with the rest
    db.close()


def test_a_journal_from_a_newer_release_is_refused_untouched(path: Path) -> None:
    Journal(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match="newer release"):
        Journal(path)
    assert path.read_bytes() == before


def test_a_transaction_lands_whole_or_not_at_all(journal: Journal, path: Path) -> None:
    with pytest.raises(RuntimeError), journal.transaction():
        game = journal.open_game("cena", 3, {}, "ABCD")
        journal.set_seat(game, 0, "Ann", "t0")
        with journal.transaction():  # nested: part of the outer one
            journal.set_host(game, 0)
        raise RuntimeError("power cut")
    assert journal.latest_game() is None
    with journal.transaction():
        game = journal.open_game("cena", 3, {}, "ABCD")
        journal.set_seat(game, 0, "Ann", "t0")
        journal.set_host(game, 0)
        # Not visible to another connection before the commit.
        other = sqlite3.connect(path)
        assert other.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
        other.close()
    record = journal.latest_game()
    assert record is not None and record.host == 0 and record.seats[0].name == "Ann"


def test_answers_for_retries_are_kept_with_their_action(journal: Journal) -> None:
    game = journal.open_game("cena", 3, {}, "ABCD")
    journal.append_action(game, 0, 1, {"type": "x"}, request="r-000001", result=[{"e": 1}])
    assert journal.answered(game, 1, "r-000001") == ({"type": "x"}, [{"e": 1}])
    assert journal.answered(game, 2, "r-000001") is None  # another seat's id is its own
    with pytest.raises(sqlite3.IntegrityError), journal.transaction():
        journal.append_action(game, 1, 1, {"type": "y"}, request="r-000001", result=[])
    assert len(journal.game(game).actions) == 1  # type: ignore[union-attr]


def test_folding_sheet_entries_keeps_their_totals(journal: Journal) -> None:
    ids = [journal.add_sheet_entry("sticks", "throw", {"n": n}) for n in range(10)]
    journal.add_sheet_entry("cena", "setup", {})
    assert journal.fold_sheet_entries("sticks", ids[5], {"sum": 15}) == 6
    assert [e["body"]["n"] for e in journal.sheet_entries("sticks")] == [6, 7, 8, 9]
    assert journal.sheet_totals("sticks") == {"body": {"sum": 15}, "entries": 6, "last_id": ids[5]}
    journal.fold_sheet_entries("sticks", ids[8], {"sum": 36})
    assert journal.sheet_totals("sticks")["entries"] == 9  # type: ignore[index]
    assert len(journal.sheet_entries("cena")) == 1
    assert journal.sheet_totals("cena") is None


def test_every_lookup_uses_an_index(journal: Journal) -> None:
    """Run every method, then ask SQLite how it would run each statement it was sent:
    no full scan of a table that grows."""
    sent: list[str] = []
    journal._db.set_trace_callback(sent.append)
    game = journal.open_game("cena", 3, {}, "ABCD", opener="key-00000001")
    journal.update_lobby(game, "cena", 4, {})
    journal.set_seat(game, 0, "Ann", "t0")
    journal.set_seat(game, 1, "Bob", "t1")
    journal.swap_seats(game, 0, 1)
    journal.set_host(game, 1)
    journal.forget_opener(game)
    journal.clear_seat(game, 0)
    journal.start_game(game, 7, 1)
    journal.append_action(game, 0, 1, {"type": "x"}, request="r-000001", result=[])
    journal.answered(game, 1, "r-000001")
    journal.log_seat(game, "took", 0, "Cat")
    journal.seat_log(game)
    journal.end_game(game, "over")
    journal.clear(game)
    journal.latest_game()
    journal.latest_open()
    journal.open_games_before(game)
    journal.history()
    entry = journal.add_sheet_entry("sticks", "throw", {})
    journal.sheet_entries("sticks")
    journal.fold_sheet_entries("sticks", entry, {})
    journal.sheet_totals("sticks")
    journal._db.set_trace_callback(None)
    growing = ("games", "seats", "actions", "requests", "seat_log", "sheet_entries")
    checked = 0
    for sql in sent:
        if not sql.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE")):
            continue
        plan = journal._db.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()
        for row in plan:
            detail = row[-1]
            scans = [t for t in growing if detail.startswith(f"SCAN {t}")]
            assert not scans, f"{sql}\n  -> {detail}"
        checked += 1
    assert checked >= 15


def test_the_device_says_so_and_stops_on_a_journal_from_a_newer_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from device import interpreter
    from device.app import run_device
    from device.config import load_config

    # The device keeps itself on one CPU: it must not pin this test process (the worker's
    # later tests, and the browsers they start, would then share that one CPU).
    monkeypatch.setattr(interpreter, "tune_threads", lambda: None)

    config = load_config(None, simulate=True, port=0, data_dir=tmp_path)
    Journal(config.journal_path).close()
    db = sqlite3.connect(config.journal_path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    assert run_device(config) == 1
    assert "newer release" in capsys.readouterr().err
