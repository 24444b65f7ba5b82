"""Backups of the journal, so a new SD card can take over a box's history.

Copies use SQLite's online backup API (`sqlite3.Connection.backup`): the copy is
one consistent moment of the journal even while the box writes to it (WAL
included), never a half-written file.

- `backup_file`: `tablemate backup PATH`, a faithful copy of the journal on disk.
- `download`: the host page's download, from the running box's own connection.
  It holds no live secret: every seat token and every sheet's owner or claim
  token is replaced in the copy (a phone joins again after a restore); the web
  route refuses it while a game is played or secret colours are still hidden.
- `restore`: `tablemate restore PATH`; checks that the file is a Tablemate
  journal this release can open (its schema version), refuses to replace a
  journal that holds any history unless forced (and then keeps it aside first),
  and refuses while the box has the journal open.
- `automatic_backup`: one mechanism for every copy the box makes by itself (before
  an upgrade: `tablemate backup --auto --reason upgrade`, run by install.sh), kept
  and at each start, device/history/rescue.py), kept in `<data>/backups/` with the
  newest `KEEP_AUTOMATIC` of each reason kept (so restarts never push out the copy
  made before an upgrade); `latest_automatic` is what `tablemate restore --last`
  restores.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import tempfile
import time
from pathlib import Path

from device.journal import SCHEMA_VERSION, Journal

JOURNAL_TABLES = frozenset({"games", "seats", "actions", "sheet_entries"})
SQLITE_HEADER = b"SQLite format 3\x00"
TOKEN_KEYS = ("token", "owner")  # secrets a phone holds, in sheet entries' bodies
TOKEN_BYTES = 16
BACKUP_DIR = "backups"
KEEP_AUTOMATIC = 5  # a journal is small (a few hundred KB): a few copies cost little
AUTOMATIC_PREFIX = "journal-"


class BackupError(Exception):
    """A backup or restore the box refuses; the message says why and what to do."""


class NewerJournal(BackupError):
    """The journal was written by a newer release: not damage, and never touched."""


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """`source` as one consistent moment into `target` (written whole, then renamed)."""
    part = target.with_name(f"{target.name}.part")
    part.unlink(missing_ok=True)
    copy = sqlite3.connect(str(part))
    try:
        source.backup(copy)
        # A copy of a WAL journal is in WAL mode too: opening it would leave -wal and
        # -shm files beside it. A backup is one self-contained file.
        copy.execute("PRAGMA journal_mode=DELETE")
    finally:
        copy.close()
    os.replace(part, target)


def backup_file(journal_path: Path, target: Path, *, force: bool = False) -> int:
    """Copy the journal at `journal_path` (the box may be running) to `target`;
    returns its schema version."""
    if not journal_path.is_file():
        raise BackupError(f"there is no journal at {journal_path}")
    if target.exists() and not force:
        raise BackupError(f"{target} already exists: choose another name, or --force")
    if target.is_dir():
        raise BackupError(f"{target} is a directory: give a file name")
    target.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(str(journal_path), timeout=10)
    try:
        _copy(source, target)
    except sqlite3.DatabaseError as err:  # not SQLite at all, or pages SQLite cannot read
        target.with_name(f"{target.name}.part").unlink(missing_ok=True)
        raise BackupError(f"{journal_path} is damaged ({err})") from None
    finally:
        source.close()
    return check_journal(target)


def download(journal: Journal) -> bytes:
    """The running box's journal as a file to download, without live tokens."""
    with tempfile.TemporaryDirectory(prefix="tablemate-backup-") as folder:
        path = Path(folder) / "journal.sqlite3"
        with journal.connection() as db:
            _copy(db, path)
        copy = sqlite3.connect(str(path), isolation_level=None)
        try:
            _scrub_tokens(copy)
        finally:
            copy.close()
        return path.read_bytes()


def _scrub_tokens(db: sqlite3.Connection) -> None:
    db.execute("BEGIN")
    for (rowid,) in db.execute("SELECT rowid FROM seats").fetchall():
        db.execute("UPDATE seats SET token = ? WHERE rowid = ?", (_new_token(), rowid))
    for entry_id, text in db.execute("SELECT id, body FROM sheet_entries").fetchall():
        body = json.loads(text)
        if not isinstance(body, dict):
            continue
        found = [key for key in TOKEN_KEYS if isinstance(body.get(key), str)]
        if found:
            body.update({key: _new_token() for key in found})
            db.execute(
                "UPDATE sheet_entries SET body = ? WHERE id = ?", (json.dumps(body), entry_id)
            )
    db.execute("COMMIT")
    db.execute("VACUUM")  # the old tokens leave the file's free pages too


def _new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def check_journal(path: Path) -> int:
    """The schema version of the Tablemate journal at `path`; BackupError if it is not
    one, is damaged, or was written by a newer release."""
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as err:
        raise BackupError(f"cannot read {path}: {err.strerror}") from None
    if header != SQLITE_HEADER:
        raise BackupError(f"{path} is not a Tablemate journal (not an SQLite file)")
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        healthy = db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    except sqlite3.DatabaseError as err:
        raise BackupError(f"{path} is not a Tablemate journal ({err})") from None
    finally:
        db.close()
    if not JOURNAL_TABLES.issubset(tables):
        raise BackupError(f"{path} is not a Tablemate journal (it has no games)")
    if version > SCHEMA_VERSION:
        raise NewerJournal(
            f"{path} was written by a newer release (schema {version}; this one knows"
            f" {SCHEMA_VERSION}): update tablemate first"
        )
    if not healthy:
        raise BackupError(f"{path} is damaged (SQLite's check fails)")
    return version


def holds_history(path: Path) -> bool:
    """Whether the journal at `path` holds anything: a game or a score sheet entry."""
    if not path.exists():
        return False
    db = sqlite3.connect(str(path), timeout=1)
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        return any(
            db.execute(f"SELECT EXISTS (SELECT 1 FROM {table})").fetchone()[0]
            for table in ("games", "sheet_entries")
            if table in tables
        )
    finally:
        db.close()


def restore(source: Path, journal_path: Path, *, force: bool = False) -> Path | None:
    """Make the journal at `source` the box's journal at `journal_path` (the box must
    be stopped). Returns where the journal it replaced was kept, if there was one."""
    check_journal(source)
    kept = None
    if journal_path.exists():
        if holds_history(journal_path) and not force:
            raise BackupError(
                f"{journal_path} already holds games: restoring would replace them. Use"
                " --force to restore anyway (the journal there is kept aside first)"
            )
        _close_wal(journal_path)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = journal_path.with_name(f"{journal_path.name}.before-restore-{stamp}.bak")
        os.replace(journal_path, kept)
    journal_path.parent.mkdir(parents=True, exist_ok=True)
    source_db = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    try:
        _copy(source_db, journal_path)
    finally:
        source_db.close()
    return kept


def _close_wal(journal_path: Path) -> None:
    """Fold the journal's write-ahead log into it and leave WAL mode, so no stale log
    lies beside the restored file; fails while another process (the box) has it open."""
    db = sqlite3.connect(str(journal_path), timeout=1, isolation_level=None)
    try:
        mode = db.execute("PRAGMA journal_mode=DELETE").fetchone()[0]
    except sqlite3.OperationalError:
        mode = "busy"
    finally:
        db.close()
    if str(mode).lower() != "delete":
        raise BackupError(
            f"{journal_path} is in use: stop the box first (sudo systemctl stop tablemate)"
        )


def backup_dir(journal_path: Path) -> Path:
    return journal_path.parent / BACKUP_DIR


def automatic_backup(journal_path: Path, reason: str) -> Path | None:
    """Copy the journal into the backups folder, named by time and reason, and keep
    only the newest `KEEP_AUTOMATIC`; None when there is no journal yet."""
    if not journal_path.is_file():
        return None
    if not reason.isidentifier():
        raise BackupError(f"a backup's reason is one word, not {reason!r}")
    folder = backup_dir(journal_path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = folder / f"{AUTOMATIC_PREFIX}{stamp}-{reason}.sqlite3"
    serial = 1
    while target.exists():  # two in one second
        serial += 1
        target = folder / f"{AUTOMATIC_PREFIX}{stamp}-{reason}-{serial}.sqlite3"
    check_journal(journal_path)  # damage or a newer release, named as the journal
    try:
        backup_file(journal_path, target)
    except BackupError:
        for suffix in ("", "-wal", "-shm"):  # a damaged journal's copy is no backup
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        raise
    same_reason = [p for p in automatic_backups(journal_path) if _reason(p) == reason]
    for old in same_reason[:-KEEP_AUTOMATIC]:  # each reason keeps its own newest few
        old.unlink(missing_ok=True)
    return target


def _reason(backup: Path) -> str:
    """The reason in an automatic backup's name: journal-<date>-<time>-<reason>[-n]."""
    parts = backup.stem.split("-")
    return parts[3] if len(parts) > 3 else ""


def automatic_backups(journal_path: Path) -> list[Path]:
    """The automatic backups, oldest first (their names sort by time)."""
    folder = backup_dir(journal_path)
    return sorted(folder.glob(f"{AUTOMATIC_PREFIX}*.sqlite3")) if folder.is_dir() else []


def latest_automatic(journal_path: Path) -> Path:
    """The newest automatic backup that this release can open."""
    for candidate in reversed(automatic_backups(journal_path)):
        try:
            check_journal(candidate)
        except BackupError:
            continue
        return candidate
    raise BackupError(f"there is no automatic backup in {backup_dir(journal_path)}")
