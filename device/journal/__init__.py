"""The journal: every game, seat and accepted action, in SQLite (core.py), and its
schema as migrations (schema.py)."""

from device.journal.core import (
    ENDED_STATUSES,
    HINTS,
    OPEN_STATUSES,
    REQUESTS_KEPT,
    GameRecord,
    Journal,
    JournalError,
    SeatLogEntry,
    SeatRecord,
    TakeBackEntry,
    opener_hash,
)
from device.journal.schema import MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "ENDED_STATUSES",
    "HINTS",
    "MIGRATIONS",
    "OPEN_STATUSES",
    "REQUESTS_KEPT",
    "SCHEMA_VERSION",
    "GameRecord",
    "Journal",
    "JournalError",
    "SeatLogEntry",
    "SeatRecord",
    "TakeBackEntry",
    "opener_hash",
]
