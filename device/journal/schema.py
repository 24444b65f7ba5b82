"""The journal's schema: its migrations, in order, and how they are applied.

The schema's version is SQLite's `PRAGMA user_version`, the version of the last
migration applied. A migration is never edited once released: a change is a new one
at the end of MIGRATIONS. The journal (core.py) applies them in one transaction when
it opens a file, after copying the file aside.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger("device.journal")

Step = str | Callable[[sqlite3.Connection], None]


@dataclass(frozen=True)
class Migration:
    version: int  # the schema version once applied
    what: str
    steps: tuple[Step, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, seats, actions and score sheet entries (release 0.1.0, user_version 0)",
        (
            """CREATE TABLE IF NOT EXISTS games (
                id       INTEGER PRIMARY KEY,
                engine   TEXT    NOT NULL,
                players  INTEGER NOT NULL,
                options  TEXT    NOT NULL,
                room     TEXT    NOT NULL,
                seed     INTEGER,                 -- set when the game starts
                host     INTEGER,                 -- the seat with host rights
                status   TEXT    NOT NULL,        -- lobby | playing | over | abandoned
                created  REAL    NOT NULL,
                ended    REAL
            )""",
            """CREATE TABLE IF NOT EXISTS seats (
                game_id  INTEGER NOT NULL REFERENCES games(id),
                seat     INTEGER NOT NULL,
                name     TEXT    NOT NULL,
                token    TEXT    NOT NULL,
                PRIMARY KEY (game_id, seat)
            )""",
            """CREATE TABLE IF NOT EXISTS actions (
                game_id  INTEGER NOT NULL REFERENCES games(id),
                idx      INTEGER NOT NULL,
                seat     INTEGER NOT NULL,
                action   TEXT    NOT NULL,
                at       REAL    NOT NULL,
                PRIMARY KEY (game_id, idx)
            )""",
            """CREATE TABLE IF NOT EXISTS sheet_entries (
                id       INTEGER PRIMARY KEY,
                sheet    TEXT    NOT NULL,        -- which score sheet: a game's name
                kind     TEXT    NOT NULL,        -- what the entry does ("setup", "deal" ...)
                body     TEXT    NOT NULL,        -- JSON
                at       REAL    NOT NULL
            )""",
        ),
    ),
    Migration(
        2,
        "each game's rules version, opener key, cleared time and problem; lookup indexes",
        (
            # Games made before rules had versions were all played with version 1.
            "ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1",
            "ALTER TABLE games ADD COLUMN opener TEXT",  # sha256 of the opening phone's key
            "ALTER TABLE games ADD COLUMN cleared REAL",  # when it left the table for good
            "ALTER TABLE games ADD COLUMN problem TEXT",  # why it could not be resumed
            # Until now a result was never shown again after a restart: keep it so.
            "UPDATE games SET cleared = COALESCE(ended, created)"
            " WHERE status IN ('over', 'abandoned')",
            "CREATE INDEX IF NOT EXISTS games_by_status ON games (status, id)",
            "CREATE INDEX IF NOT EXISTS sheet_entries_by_sheet ON sheet_entries (sheet, id)",
        ),
    ),
    Migration(
        3,
        "answers kept for retried requests, the seat log, a pending request to free a seat,"
        " folded sheet entries",
        (
            # JSON {"seat", "by", "agreed"}: the host asked to free a seat during play.
            "ALTER TABLE games ADD COLUMN release_request TEXT",
            """CREATE TABLE IF NOT EXISTS requests (
                game_id  INTEGER NOT NULL REFERENCES games(id),
                seat     INTEGER NOT NULL,
                request  TEXT    NOT NULL,        -- the phone's id for one action
                idx      INTEGER NOT NULL,        -- the action it became
                result   TEXT    NOT NULL,        -- JSON: the public events answered
                PRIMARY KEY (game_id, seat, request)
            )""",
            """CREATE TABLE IF NOT EXISTS seat_log (
                id       INTEGER PRIMARY KEY,
                game_id  INTEGER NOT NULL REFERENCES games(id),
                kind     TEXT    NOT NULL,        -- freed | took | kept
                seat     INTEGER NOT NULL,
                name     TEXT    NOT NULL,        -- the seat's holder, or who took it
                by       TEXT,                    -- who decided, for "freed" and "kept"
                at       REAL    NOT NULL
            )""",
            "CREATE INDEX IF NOT EXISTS seat_log_by_game ON seat_log (game_id, id)",
            """CREATE TABLE IF NOT EXISTS sheet_totals (
                sheet    TEXT    PRIMARY KEY,
                body     TEXT    NOT NULL,        -- JSON: what the folded entries add up to
                entries  INTEGER NOT NULL,        -- how many entries were folded in
                last_id  INTEGER NOT NULL         -- the newest entry folded in
            )""",
        ),
    ),
    Migration(
        4,
        "take-backs: the table's own options, a pending take-back request, each request's"
        " outcome and the actions taken back",
        (
            # JSON {"take_backs": "off" | "ask" | "free"}; NULL: the defaults (an older game).
            "ALTER TABLE games ADD COLUMN table_options TEXT",
            # JSON {"seat", "steps", "agreed", "for"}: a take-back waiting for the table.
            "ALTER TABLE games ADD COLUMN take_back_request TEXT",
            """CREATE TABLE IF NOT EXISTS take_backs (
                id        INTEGER PRIMARY KEY,
                game_id   INTEGER NOT NULL REFERENCES games(id),
                seat      INTEGER NOT NULL,       -- who asked
                name      TEXT    NOT NULL,       -- their name then
                steps     INTEGER NOT NULL,       -- how many actions
                first_idx INTEGER NOT NULL,       -- the first action's index (the log after)
                mode      TEXT    NOT NULL,       -- ask | free
                outcome   TEXT    NOT NULL,       -- taken_back | refused | withdrawn | dropped
                agreed    TEXT    NOT NULL,       -- JSON [{"seat", "by": "seat" | "host"}]
                refused   INTEGER,                -- the seat that refused
                at        REAL    NOT NULL
            )""",
            "CREATE INDEX IF NOT EXISTS take_backs_by_game ON take_backs (game_id, id)",
            """CREATE TABLE IF NOT EXISTS taken_back_actions (
                take_back INTEGER NOT NULL REFERENCES take_backs(id),
                game_id   INTEGER NOT NULL REFERENCES games(id),
                idx       INTEGER NOT NULL,       -- where it stood in the log
                seat      INTEGER NOT NULL,
                action    TEXT    NOT NULL,
                at        REAL    NOT NULL,       -- when it was first accepted
                request   TEXT,                   -- the phone's id for it: never applied again
                PRIMARY KEY (take_back, idx)
            )""",
            "CREATE INDEX IF NOT EXISTS taken_back_by_request"
            " ON taken_back_actions (game_id, seat, request)",
        ),
    ),
    Migration(
        5,
        "sealed deals: each game's secret salt and public commitment, and what its end"
        " looked like (device/history/fingerprint.py)",
        (
            # Set when the game starts; NULL for a game started by an older release.
            "ALTER TABLE games ADD COLUMN salt TEXT",  # secret until the game is over
            "ALTER TABLE games ADD COLUMN commitment TEXT",  # SHA-256 hex: public
            # JSON {"actions", "finished", "scores", "winners", "state"}: set as it ends.
            "ALTER TABLE games ADD COLUMN result TEXT",
        ),
    ),
    Migration(
        6,
        "the table's own settings that outlive a game (its language)",
        (
            """CREATE TABLE IF NOT EXISTS settings (
                key   TEXT PRIMARY KEY,
                value TEXT NOT NULL               -- JSON
            )""",
        ),
    ),
    Migration(
        7,
        "each game's random generator (engines/rng.py)",
        # NULL: dealt before games recorded theirs, with the legacy one.
        ("ALTER TABLE games ADD COLUMN generator TEXT",),
    ),
    Migration(
        8,
        "each seat's kind (a person or a bot) and a bot's level",
        (
            # Every seat before bots was a person's.
            "ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'person'",
            "ALTER TABLE seats ADD COLUMN level TEXT",  # a bot's (engines/bots): NULL for people
            # A seat change names a bot as one on every screen, after it left too.
            "ALTER TABLE seat_log ADD COLUMN level TEXT",
        ),
    ),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def apply(db: sqlite3.Connection, found: int, *, logged: bool) -> None:
    """Every migration after version `found`, inside the caller's transaction; `logged`
    says each one (not for a new, empty journal)."""
    for migration in MIGRATIONS:
        if migration.version <= found:
            continue
        for step in migration.steps:
            if isinstance(step, str):
                db.execute(step)
            else:
                step(db)
        db.execute(f"PRAGMA user_version = {int(migration.version)}")
        if logged:
            log.info("journal upgraded to schema %d: %s", migration.version, migration.what)
    broken = db.execute("PRAGMA foreign_key_check").fetchall()
    if broken:
        log.warning("journal: %d rows point at missing games (kept)", len(broken))
