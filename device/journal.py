"""The journal: every game, seat and accepted action, in SQLite, durable before it is seen.

WAL with synchronous=FULL: a committed action survives kill -9 and a power cut.
A game is replayed from its row (engine, players, options, seed) and its actions.
Finished and abandoned games stay as history. The journal holds seeds and seat
tokens, so nothing here is ever sent to a phone as it is.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
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
);
CREATE TABLE IF NOT EXISTS seats (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    token    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    idx      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS sheet_entries (
    id       INTEGER PRIMARY KEY,
    sheet    TEXT    NOT NULL,        -- which score sheet: a game's name
    kind     TEXT    NOT NULL,        -- what the entry does (e.g. "setup", "deal", "correct")
    body     TEXT    NOT NULL,        -- JSON
    at       REAL    NOT NULL
);
"""

OPEN_STATUSES = ("lobby", "playing")


@dataclass
class SeatRecord:
    seat: int
    name: str
    token: str


@dataclass
class GameRecord:
    id: int
    engine: str
    players: int
    options: dict[str, Any]
    room: str
    seed: int | None
    status: str
    host: int | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


class Journal:
    """A thin, thread-safe layer over one SQLite file."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        # The journal is tiny and written append-only: 256 KiB of page cache, not 2 MiB.
        self._db.execute("PRAGMA cache_size=-256")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        """One statement in its own transaction, committed (and synced) before returning."""
        return self._transaction([(sql, args)])

    def _transaction(self, statements: list[tuple[str, tuple[Any, ...]]]) -> sqlite3.Cursor:
        """Several statements that land together or not at all; returns the last cursor."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    cursor = self._db.execute(sql, args)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return cursor

    # --- games ----------------------------------------------------------------

    def open_game(self, engine: str, players: int, options: dict[str, Any], room: str) -> int:
        cursor = self._write(
            "INSERT INTO games (engine, players, options, room, status, created)"
            " VALUES (?, ?, ?, ?, 'lobby', ?)",
            (engine, players, json.dumps(options), room, time.time()),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def update_lobby(
        self, game_id: int, engine: str, players: int, options: dict[str, Any]
    ) -> None:
        self._write(
            "UPDATE games SET engine = ?, players = ?, options = ? WHERE id = ?",
            (engine, players, json.dumps(options), game_id),
        )

    def set_seat(self, game_id: int, seat: int, name: str, token: str) -> None:
        self._write(
            "INSERT OR REPLACE INTO seats (game_id, seat, name, token) VALUES (?, ?, ?, ?)",
            (game_id, seat, name, token),
        )

    def clear_seat(self, game_id: int, seat: int) -> None:
        self._write("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    def swap_seats(self, game_id: int, first: int, second: int) -> None:
        """Exchange two seats' occupants (either may be empty) in one transaction."""
        move = "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?"
        self._transaction(
            [
                (move, (-1, game_id, first)),  # park: (game_id, seat) is the primary key
                (move, (first, game_id, second)),
                (move, (second, game_id, -1)),
            ]
        )

    def set_host(self, game_id: int, seat: int | None) -> None:
        self._write("UPDATE games SET host = ? WHERE id = ?", (seat, game_id))

    def start_game(self, game_id: int, seed: int) -> None:
        self._write("UPDATE games SET seed = ?, status = 'playing' WHERE id = ?", (seed, game_id))

    def append_action(self, game_id: int, idx: int, seat: int, action: dict[str, Any]) -> None:
        self._write(
            "INSERT INTO actions (game_id, idx, seat, action, at) VALUES (?, ?, ?, ?, ?)",
            (game_id, idx, seat, json.dumps(action), time.time()),
        )

    def end_game(self, game_id: int, status: str) -> None:
        if status not in ("over", "abandoned"):
            raise ValueError(f"a game ends as over or abandoned, not {status!r}")
        self._write(
            "UPDATE games SET status = ?, ended = ? WHERE id = ?", (status, time.time(), game_id)
        )

    def latest_open(self) -> GameRecord | None:
        """The most recent game still in its lobby or in play, with seats and actions."""
        with self._lock:
            row = self._db.execute(
                "SELECT id FROM games WHERE status IN (?, ?) ORDER BY id DESC LIMIT 1",
                OPEN_STATUSES,
            ).fetchone()
        return self.game(row[0]) if row else None

    def game(self, game_id: int) -> GameRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, engine, players, options, room, seed, status, host"
                " FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT seat, name, token FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            ).fetchall()
            actions = self._db.execute(
                "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)
            ).fetchall()
        return GameRecord(
            id=row[0],
            engine=row[1],
            players=row[2],
            options=json.loads(row[3]),
            room=row[4],
            seed=row[5],
            status=row[6],
            host=row[7],
            seats=[SeatRecord(s, n, t) for s, n, t in seats],
            actions=[(seat, json.loads(action)) for seat, action in actions],
        )

    def history(self, limit: int = 50) -> list[dict[str, Any]]:
        """Finished and abandoned games, newest first (no seeds, no tokens)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.engine, g.players, g.status, g.created, g.ended,"
                " (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id)"
                " FROM games g WHERE g.status IN ('over', 'abandoned')"
                " ORDER BY g.id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        keys = ("id", "engine", "players", "status", "created", "ended", "actions")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    # --- companion score sheets -------------------------------------------------

    def add_sheet_entry(self, sheet: str, kind: str, body: dict[str, Any]) -> int:
        cursor = self._write(
            "INSERT INTO sheet_entries (sheet, kind, body, at) VALUES (?, ?, ?, ?)",
            (sheet, kind, json.dumps(body), time.time()),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def sheet_entries(self, sheet: str) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, kind, body, at FROM sheet_entries WHERE sheet = ? ORDER BY id",
                (sheet,),
            ).fetchall()
        return [{"id": i, "kind": k, "body": json.loads(b), "at": at} for i, k, b, at in rows]
