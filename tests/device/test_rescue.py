"""A damaged journal never stops the box: each kind of damage an SD card or a power cut
can leave is moved aside (kept, byte for byte), the box starts on a fresh journal and
says so, and `tablemate restore --last` brings back the last good copy, made at the
start before. A journal from a newer release is no damage: it is refused, untouched."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from device.box.look import RESCUED_TITLE
from device.cli import main
from device.history.backup import (
    KEEP_AUTOMATIC,
    NewerJournal,
    automatic_backup,
    automatic_backups,
)
from device.history.rescue import Rescued, open_journal
from device.journal import SCHEMA_VERSION, Journal
from device.table import Table
from testkit.device_process import DeviceProcess

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GOOD = FIXTURES / f"journal-schema{min(SCHEMA_VERSION, 4)}-cena.sqlite3"


def truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def garbage_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[:16] = b"not sqlite at al"
    path.write_bytes(bytes(data))


def bad_page(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 2 + 256] = b"\xab" * 256
    path.write_bytes(bytes(data))


def dropped_table(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE actions")
    db.close()


def bad_json_row(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE actions SET action = '{not json' WHERE rowid = (SELECT max(rowid) FROM actions)"
        )
    db.close()


DAMAGE: dict[str, Callable[[Path], None]] = {
    "truncated": truncated,
    "garbage header": garbage_header,
    "bad page": bad_page,
    "dropped table": dropped_table,
    "bad JSON row": bad_json_row,
}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def started(path: Path) -> tuple[Journal, Table, Rescued | None]:
    """As the device starts (device/app.py)."""
    journal, table, rescued = open_journal(path, Table)
    if rescued is not None:
        table.rescued_journal = rescued.kept.name
    return journal, table, rescued


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_each_kind_of_damage_is_kept_aside_and_the_box_starts_afresh(
    tmp_path: Path, kind: str
) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    shutil.copy(GOOD, journal_path)
    journal, table, rescued = started(journal_path)  # a good start: its copy is made
    assert rescued is None and table.status()["phase"] == "playing"
    journal.close()
    DAMAGE[kind](journal_path)
    damaged = digest(journal_path)

    journal, table, rescued = started(journal_path)
    try:
        assert rescued is not None
        assert digest(rescued.kept) == damaged  # kept, byte for byte, never deleted
        assert table.status()["phase"] == "idle"  # a fresh journal: the box plays on
        assert table.status()["rescued_journal"] == rescued.kept.name
        table.open_lobby("cena", 3, {})  # and it writes
    finally:
        journal.close()
    # Only good copies among the backups: `restore --last` must never bring damage back.
    assert [p.name for p in automatic_backups(journal_path)] == [
        automatic_backups(journal_path)[0].name
    ]


def test_restore_last_brings_back_the_last_good_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    shutil.copy(GOOD, journal_path)
    journal, _table, _ = started(journal_path)
    journal.close()
    truncated(journal_path)
    journal, _table, rescued = started(journal_path)
    journal.close()
    assert rescued is not None

    assert main(["restore", "--last", "--force", "--data", str(tmp_path)]) == 0
    assert "restored" in capsys.readouterr().out
    journal, table, rescued = started(journal_path)
    try:
        assert rescued is None
        assert table.status()["phase"] == "playing"  # the game as it was
    finally:
        journal.close()


def test_a_newer_releases_journal_is_refused_untouched(tmp_path: Path) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    shutil.copy(GOOD, journal_path)
    with sqlite3.connect(journal_path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = digest(journal_path)
    with pytest.raises(NewerJournal, match="newer release"):
        started(journal_path)
    assert digest(journal_path) == before
    # Nothing moved aside, nothing copied (SQLite's own -wal/-shm aside).
    sqlite_own = {"journal.sqlite3-wal", "journal.sqlite3-shm"}
    assert {p.name for p in tmp_path.iterdir()} - sqlite_own == {"journal.sqlite3"}


def test_each_reason_keeps_its_own_newest_backups(tmp_path: Path) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    shutil.copy(GOOD, journal_path)
    upgrade = automatic_backup(journal_path, "upgrade")
    for _ in range(KEEP_AUTOMATIC + 2):
        automatic_backup(journal_path, "start")
    kept = automatic_backups(journal_path)
    assert upgrade in kept  # restarts never push out the copy made before an upgrade
    assert len([p for p in kept if "-start" in p.name]) == KEEP_AUTOMATIC
    assert sorted(p.suffix for p in (tmp_path / "backups").iterdir()) == [".sqlite3"] * len(kept)


@pytest.mark.slow
def test_the_real_box_starts_on_a_damaged_journal_and_says_so(tmp_path: Path) -> None:
    shutil.copy(GOOD, tmp_path / "journal.sqlite3")
    garbage_header(tmp_path / "journal.sqlite3")
    with DeviceProcess(tmp_path) as device:
        status = device.get("/api/status")
        assert status["rescued_journal"].startswith("journal-damaged-")
        assert status["phase"] == "idle"
    assert (tmp_path / status["rescued_journal"]).exists()
    assert "Traceback" not in "".join(device.output)


def test_the_oled_says_the_journal_was_damaged_until_a_press(tmp_path: Path) -> None:
    from tests.device.box_rig import Rig

    rig = Rig(tmp_path)
    try:
        rig.table.rescued_journal = "journal-damaged-20260101-000000.sqlite3"
        rig.table.touch()
        rig.flush()
        assert rig.box.controls.rescued
        assert str(RESCUED_TITLE) == "Journal damaged"
        rig.click("A")  # read: the first press puts it away
        assert rig.box.controls.problem is None
    finally:
        rig.close()
