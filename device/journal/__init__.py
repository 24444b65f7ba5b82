"""The journal: every game, seat and accepted action, in SQLite (device/journal/core.py)."""

from device.journal.core import (
    ENDED_STATUSES,
    MIGRATIONS,
    OPEN_STATUSES,
    REQUESTS_KEPT,
    SCHEMA_VERSION,
    GameRecord,
    Journal,
    JournalError,
    SeatLogEntry,
    SeatRecord,
    TakeBackEntry,
    opener_hash,
)

__all__ = [
    "ENDED_STATUSES",
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
