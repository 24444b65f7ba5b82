"""Opening the journal at start, whatever state the SD card left it in.

Each start first copies the journal (`automatic_backup`, reason "start"), which also
checks it whole (SQLite's quick_check, its tables, its schema version). A journal that
fails, or that the table cannot read (a damaged row), is moved aside, kept and never
deleted, and the box starts on a fresh one, saying so once on the OLED, the front page
and /host (`Rescued`); `tablemate restore --last` brings back the last good copy. A
journal from a newer release is not damage: it stops the box with its own message,
untouched, as before.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from device.history.backup import BackupError, NewerJournal, automatic_backup
from device.journal import Journal, JournalError

log = logging.getLogger(__name__)

T = TypeVar("T")

# What reading a damaged journal raises: SQLite's own errors, a row that is not the
# JSON or shape it should be. Anything else is a bug, and is raised.
DAMAGE = (sqlite3.DatabaseError, json.JSONDecodeError, KeyError, TypeError, ValueError)


@dataclass(frozen=True)
class Rescued:
    """The journal found damaged at start: where it is kept, and why."""

    kept: Path
    reason: str


def open_journal(path: Path, build: Callable[[Journal], T]) -> tuple[Journal, T, Rescued | None]:
    """The journal at `path` and what `build` makes of it (the table, which reads it
    whole); a damaged journal is moved aside first and both are made afresh."""
    try:
        copied = automatic_backup(path, "start")
    except NewerJournal:
        raise
    except BackupError as err:
        return _afresh(path, build, str(err))
    except OSError as err:  # a full or read-only card: no copy, but the box starts
        log.warning("no backup at start: %s", err)
        copied = None
    journal = Journal(path)
    try:
        return journal, build(journal), None
    except JournalError:
        journal.close()
        raise
    except DAMAGE as err:
        # Only the error's type: a row's message could name a card or a name.
        log.error("the journal could not be read (%s)", type(err).__name__)
        journal.close()
        if copied is not None:  # a copy of the damage: `restore --last` must skip it
            copied.unlink(missing_ok=True)
        return _afresh(path, build, f"a row the table cannot read ({type(err).__name__})")


def _afresh(path: Path, build: Callable[[Journal], T], reason: str) -> tuple[Journal, T, Rescued]:
    kept = _move_aside(path)
    log.error("the journal was damaged (%s); kept as %s, starting afresh", reason, kept)
    journal = Journal(path)
    return journal, build(journal), Rescued(kept, reason)


def _move_aside(path: Path) -> Path:
    """Rename the journal (and its WAL and shared-memory files) out of the way."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    kept = path.with_name(f"{path.stem}-damaged-{stamp}{path.suffix}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{path}{suffix}")
        if part.exists():
            os.replace(part, Path(f"{kept}{suffix}"))
    return kept
