"""The journal: every game, seat and accepted action, in SQLite, durable before it is seen.

WAL with synchronous=FULL: a committed transaction survives kill -9 and a power cut.
`with journal.transaction():` makes several writes land together or not at all, so
the Table commits each change (a lobby with its host, a last move with the game's
end, a freed seat with the host passing on) as one.

A game is replayed from its row (engine, players, options, seed) and its actions.
A take-back (device/table/takeback.py) moves the actions it takes back to
taken_back_actions and logs its request in take_backs, so the replay is of what
stands and the history keeps both.
Finished, abandoned and unreplayable games stay as history. The journal holds seeds,
seat tokens and the answers kept for retried requests, so nothing here is ever sent
to a phone as it is.

Upgrades: the schema's version is SQLite's `PRAGMA user_version`; opening a journal
applies, in one transaction, every migration it has not had (after copying the file
aside), and refuses a journal from a newer release. The schema is its migrations
(device/journal/schema.py). Foreign keys are enforced.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.journal import schema
from device.journal.schema import SCHEMA_VERSION

log = logging.getLogger("device.journal")

OPEN_STATUSES = ("lobby", "playing")
ENDED_STATUSES = ("over", "abandoned", "unreplayable")
HINTS = "hints"  # sheet_entries of each hint asked for: {"game", "seat", "idx"}
REQUESTS_KEPT = 64  # answers kept per game for retries: the last this many actions'


class JournalError(Exception):
    """A journal this release cannot open (it was written by a newer one)."""


@dataclass
class SeatRecord:
    seat: int
    name: str
    token: str
    kind: str = "person"  # person | bot (device/bots.py)
    level: str | None = None  # a bot's level (engines/bots LEVELS)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


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
    rules_version: int = 1
    opener: str | None = None
    cleared: float | None = None
    problem: str | None = None
    release_request: dict[str, Any] | None = None
    table_options: dict[str, Any] = field(default_factory=dict)
    take_back_request: dict[str, Any] | None = None
    salt: str | None = None  # the deal's secret salt (device/history/fingerprint.py)
    commitment: str | None = None  # the deal's public commitment
    result: dict[str, Any] | None = None  # how the game ended, for its replay's check
    generator: str | None = None  # the random generator it was dealt with; None: legacy

    def saved_game(self) -> dict[str, Any]:
        """The game as `engines.load` takes it: its setup, seed, generator (none for a
        game dealt before games recorded theirs) and every action."""
        saved = {
            "engine": self.engine,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [[seat, action] for seat, action in self.actions],
        }
        if self.generator is not None:
            saved["generator"] = self.generator
        return saved


@dataclass(frozen=True)
class TakeBackEntry:
    """One take-back request's outcome, as the journal keeps it (history, never a phone's
    view: `actions` holds what was taken back, a secret choice included)."""

    id: int
    seat: int
    name: str
    steps: int
    first_idx: int
    mode: str
    outcome: str
    agreed: list[dict[str, Any]]
    refused: int | None
    at: float
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@dataclass(frozen=True)
class SeatLogEntry:
    id: int
    kind: str
    seat: int
    name: str
    by: str | None
    at: float
    level: str | None = None  # the seat's bot's level; None: a person


def opener_hash(key: str) -> str:
    """What the journal keeps of an opener's key: enough to match it, not to use it."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


class Journal:
    """A thin, thread-safe layer over one SQLite file."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        in_memory = str(path) == ":memory:"
        if not in_memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._depth = 0  # transactions open on the thread holding the lock
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        # The journal is small and bounded: 256 KiB of page cache, not 2 MiB.
        self._db.execute("PRAGMA cache_size=-256")
        try:
            self._migrate(backup=not in_memory)
        except BaseException:
            self._db.close()
            raise
        self._db.execute("PRAGMA foreign_keys=ON")  # per connection, outside a transaction

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @property
    def schema_version(self) -> int:
        with self._lock:
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    # --- upgrades ---------------------------------------------------------------------

    def _migrate(self, backup: bool) -> None:
        found = self.schema_version
        if found > SCHEMA_VERSION:
            raise JournalError(
                f"{self.path} was written by a newer release (schema {found}; this one"
                f" knows {SCHEMA_VERSION}): update tablemate, the journal is left as it is"
            )
        if found == SCHEMA_VERSION:
            return
        has_tables = self._db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] > 0
        if backup and has_tables:
            kept = self.path.with_name(f"{self.path.name}.schema-{found}.bak")
            target = sqlite3.connect(str(kept))
            with target:
                self._db.backup(target)
            target.close()
            log.info("journal copied to %s before its upgrade", kept.name)
        with self.transaction():
            found = self.schema_version  # re-read inside the write lock
            schema.apply(self._db, found, logged=has_tables)

    # --- transactions -----------------------------------------------------------------

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """The connection itself under the journal's lock, for the few modules with their
        own queries over this schema (device/history/core.py, device/history/backup.py); they write
        only inside transaction()."""
        with self._lock:
            yield self._db

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One BEGIN IMMEDIATE ... COMMIT around everything written inside; nested uses
        join the outer one. An exception inside rolls it all back (let it propagate).
        Other threads' writes wait until it is committed."""
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            self._db.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            finally:
                self._depth = 0

    def _write(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        """One statement, committed (and synced) before returning unless inside a
        transaction(), then with it."""
        with self.transaction():
            return self._db.execute(sql, args)

    def _transaction(self, statements: list[tuple[str, tuple[Any, ...]]]) -> sqlite3.Cursor:
        """Several statements that land together or not at all; returns the last cursor."""
        with self.transaction():
            for sql, args in statements:
                cursor = self._db.execute(sql, args)
            return cursor

    # --- games ----------------------------------------------------------------

    def open_game(
        self,
        engine: str,
        players: int,
        options: dict[str, Any],
        room: str,
        *,
        rules_version: int = 1,
        opener: str | None = None,
    ) -> int:
        """A new lobby; `opener` is the opening phone's key (kept only as a hash)."""
        cursor = self._write(
            "INSERT INTO games (engine, players, options, room, status, created,"
            " rules_version, opener) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?)",
            (
                engine,
                players,
                json.dumps(options),
                room,
                time.time(),
                rules_version,
                None if opener is None else opener_hash(opener),
            ),
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

    def set_seat(
        self,
        game_id: int,
        seat: int,
        name: str,
        token: str,
        *,
        kind: str = "person",
        level: str | None = None,
    ) -> None:
        """Seat someone: a person, or a bot (`kind` "bot") at `level`."""
        self._write(
            "INSERT OR REPLACE INTO seats (game_id, seat, name, token, kind, level)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, seat, name, token, kind, level),
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

    def forget_opener(self, game_id: int) -> None:
        """The opener gave up the host seat: its key no longer reclaims it."""
        self._write("UPDATE games SET opener = NULL WHERE id = ?", (game_id,))

    def set_release_request(self, game_id: int, request: dict[str, Any] | None) -> None:
        """The pending request to free a seat ({"seat", "by", "agreed"}), or None."""
        self._write(
            "UPDATE games SET release_request = ? WHERE id = ?",
            (None if request is None else json.dumps(request), game_id),
        )

    def start_game(
        self,
        game_id: int,
        seed: int,
        rules_version: int = 1,
        *,
        salt: str | None = None,
        commitment: str | None = None,
        generator: str | None = None,
    ) -> None:
        """The game begins: its seed and random generator, and the deal's salt and
        commitment (fingerprint.py)."""
        self._write(
            "UPDATE games SET seed = ?, status = 'playing', rules_version = ?, salt = ?,"
            " commitment = ?, generator = ? WHERE id = ?",
            (seed, rules_version, salt, commitment, generator, game_id),
        )

    def append_action(
        self,
        game_id: int,
        idx: int,
        seat: int,
        action: dict[str, Any],
        *,
        request: str | None = None,
        result: Any = None,
    ) -> None:
        """One accepted action; with `request`, the answer given for it is kept too (the
        last REQUESTS_KEPT of the game), so a retry gets it again instead of acting twice."""
        with self.transaction():
            self._db.execute(
                "INSERT INTO actions (game_id, idx, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, idx, seat, json.dumps(action), time.time()),
            )
            if request is not None:
                self._db.execute(
                    "INSERT INTO requests (game_id, seat, request, idx, result)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, seat, request, idx, json.dumps(result)),
                )
                self._db.execute(
                    "DELETE FROM requests WHERE game_id = ? AND idx <= ?",
                    (game_id, idx - REQUESTS_KEPT),
                )

    def answered(self, game_id: int, seat: int, request: str) -> tuple[dict[str, Any], Any] | None:
        """(the action, the answer kept) of a request already applied, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT a.action, r.result FROM requests r JOIN actions a"
                " ON a.game_id = r.game_id AND a.idx = r.idx"
                " WHERE r.game_id = ? AND r.seat = ? AND r.request = ?",
                (game_id, seat, request),
            ).fetchone()
        return None if row is None else (json.loads(row[0]), json.loads(row[1]))

    # --- take-backs (device/table/takeback.py) ------------------------------------------------

    def set_table_options(self, game_id: int, options: dict[str, Any]) -> None:
        """The table's own options for a game (not its engine's): {"take_backs": mode,
        "open_hands": bool}. Sets the options given and keeps the others."""
        with self.transaction():
            row = self._db.execute(
                "SELECT table_options FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            kept = json.loads(row[0]) if row and row[0] else {}
            self._db.execute(
                "UPDATE games SET table_options = ? WHERE id = ?",
                (json.dumps({**kept, **options}), game_id),
            )

    def set_take_back_request(self, game_id: int, request: dict[str, Any] | None) -> None:
        """The take-back waiting for the table's answer, or None."""
        self._write(
            "UPDATE games SET take_back_request = ? WHERE id = ?",
            (None if request is None else json.dumps(request), game_id),
        )

    def record_take_back(
        self,
        game_id: int,
        *,
        seat: int,
        name: str,
        steps: int,
        first_idx: int,
        mode: str,
        outcome: str,
        agreed: list[dict[str, Any]],
        refused: int | None = None,
    ) -> int:
        """A take-back request's end, in one transaction with its effects: the pending
        request is cleared and, when the actions were taken back ("taken_back"), every
        action from `first_idx` on moves to taken_back_actions with its request id (so a
        retry of it is refused, never applied again) and the answers kept for retries of
        those actions go (their indexes will be reused). Returns the entry's id."""
        with self.transaction():
            cursor = self._db.execute(
                "INSERT INTO take_backs (game_id, seat, name, steps, first_idx, mode, outcome,"
                " agreed, refused, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seat,
                    name,
                    steps,
                    first_idx,
                    mode,
                    outcome,
                    json.dumps(agreed),
                    refused,
                    time.time(),
                ),
            )
            entry = cursor.lastrowid
            assert entry is not None
            self._db.execute("UPDATE games SET take_back_request = NULL WHERE id = ?", (game_id,))
            if outcome == "taken_back":
                self._db.execute(
                    "INSERT INTO taken_back_actions (take_back, game_id, idx, seat, action, at,"
                    " request) SELECT ?, a.game_id, a.idx, a.seat, a.action, a.at,"
                    " (SELECT r.request FROM requests r WHERE r.game_id = a.game_id"
                    " AND r.idx = a.idx) FROM actions a WHERE a.game_id = ? AND a.idx >= ?",
                    (entry, game_id, first_idx),
                )
                self._db.execute(
                    "DELETE FROM requests WHERE game_id = ? AND idx >= ?", (game_id, first_idx)
                )
                self._db.execute(
                    "DELETE FROM actions WHERE game_id = ? AND idx >= ?", (game_id, first_idx)
                )
        return entry

    def was_taken_back(self, game_id: int, seat: int, request: str) -> bool:
        """Whether the phone's request id named an action since taken back."""
        with self._lock:
            row = self._db.execute(
                "SELECT 1 FROM taken_back_actions WHERE game_id = ? AND seat = ? AND request = ?",
                (game_id, seat, request),
            ).fetchone()
        return row is not None

    def take_backs(self, game_id: int) -> list[TakeBackEntry]:
        """Every concluded take-back request of a game, oldest first, with the actions
        taken back (for history and tests; it may hold a secret choice)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, seat, name, steps, first_idx, mode, outcome, agreed, refused, at"
                " FROM take_backs WHERE game_id = ? ORDER BY id",
                (game_id,),
            ).fetchall()
            taken = self._db.execute(
                "SELECT take_back, seat, action FROM taken_back_actions WHERE game_id = ?"
                " ORDER BY take_back, idx",
                (game_id,),
            ).fetchall()
        actions: dict[int, list[tuple[int, dict[str, Any]]]] = {}
        for entry, seat, action in taken:
            actions.setdefault(entry, []).append((seat, json.loads(action)))
        return [
            TakeBackEntry(
                id=row[0],
                seat=row[1],
                name=row[2],
                steps=row[3],
                first_idx=row[4],
                mode=row[5],
                outcome=row[6],
                agreed=json.loads(row[7]),
                refused=row[8],
                at=row[9],
                actions=actions.get(row[0], []),
            )
            for row in rows
        ]

    def end_game(
        self,
        game_id: int,
        status: str,
        *,
        problem: str | None = None,
        result: dict[str, Any] | None = None,
        kept: bool = False,
    ) -> None:
        """Over (its result stays on the table until cleared), abandoned or unreplayable;
        `result` is what the game looked like then (fingerprint.final_result). An
        abandoned game leaves the table at once unless `kept` (a game ended from the
        table: its seats stay for the next game, its scores until then)."""
        if status not in ENDED_STATUSES:
            raise ValueError(f"a game ends as {', '.join(ENDED_STATUSES)}, not {status!r}")
        now = time.time()
        ending = None if result is None else json.dumps(result)
        clears = status == "abandoned" and not kept
        self._write(
            "UPDATE games SET status = ?, ended = COALESCE(ended, ?), problem = ?,"
            " cleared = CASE WHEN ? THEN COALESCE(cleared, ?) ELSE cleared END,"
            " result = COALESCE(?, result) WHERE id = ?",
            (status, now, problem, clears, now, ending, game_id),
        )

    def clear(self, game_id: int) -> None:
        """The game leaves the table for good: its result (or problem) is not shown again."""
        self._write(
            "UPDATE games SET cleared = COALESCE(cleared, ?) WHERE id = ?", (time.time(), game_id)
        )

    def latest_game(self) -> GameRecord | None:
        """The most recent game, whatever its status, with seats and actions."""
        with self._lock:
            row = self._db.execute("SELECT MAX(id) FROM games").fetchone()
        return self.game(row[0]) if row and row[0] is not None else None

    def open_games_before(self, game_id: int) -> list[int]:
        """Games older than `game_id` still marked open: left so by a crash between two
        commits of an older release."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM games WHERE status IN (?, ?) AND id < ? ORDER BY id",
                (*OPEN_STATUSES, game_id),
            ).fetchall()
        return [row[0] for row in rows]

    def latest_open(self) -> GameRecord | None:
        """The most recent game still in its lobby or in play, with seats and actions."""
        with self._lock:
            row = self._db.execute(
                "SELECT MAX(id) FROM games WHERE status IN (?, ?)", OPEN_STATUSES
            ).fetchone()
        return self.game(row[0]) if row and row[0] is not None else None

    def game(self, game_id: int) -> GameRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, engine, players, options, room, seed, status, host,"
                " rules_version, opener, cleared, problem, release_request,"
                " table_options, take_back_request, salt, commitment, result, generator"
                " FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT seat, name, token, kind, level FROM seats WHERE game_id = ? ORDER BY seat",
                (game_id,),
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
            seats=[SeatRecord(*row) for row in seats],
            actions=[(seat, json.loads(action)) for seat, action in actions],
            rules_version=row[8],
            opener=row[9],
            cleared=row[10],
            problem=row[11],
            release_request=None if row[12] is None else json.loads(row[12]),
            table_options={} if row[13] is None else json.loads(row[13]),
            take_back_request=None if row[14] is None else json.loads(row[14]),
            salt=row[15],
            commitment=row[16],
            result=None if row[17] is None else json.loads(row[17]),
            generator=row[18],
        )

    def history(self, limit: int = 50) -> list[dict[str, Any]]:
        """Finished, abandoned and unreplayable games, newest first (no seeds, no tokens)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.engine, g.players, g.status, g.created, g.ended,"
                " (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id)"
                " FROM games g WHERE g.status IN (?, ?, ?)"
                " ORDER BY g.id DESC LIMIT ?",
                (*ENDED_STATUSES, limit),
            ).fetchall()
        keys = ("id", "engine", "players", "status", "created", "ended", "actions")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    # --- the seat log: who left or took a seat during play -------------------------------

    def log_seat(
        self,
        game_id: int,
        kind: str,
        seat: int,
        name: str,
        by: str | None = None,
        level: str | None = None,
    ) -> int:
        """A seat change during play; `level` when the seat's holder is a bot."""
        cursor = self._write(
            "INSERT INTO seat_log (game_id, kind, seat, name, by, at, level)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, kind, seat, name, by, time.time(), level),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def seat_log(self, game_id: int, limit: int = 10) -> list[SeatLogEntry]:
        """The game's latest seat changes, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, kind, seat, name, by, at, level FROM seat_log WHERE game_id = ?"
                " ORDER BY id DESC LIMIT ?",
                (game_id, limit),
            ).fetchall()
        return [SeatLogEntry(*row) for row in reversed(rows)]

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

    def sheet_versions(self) -> dict[str, int]:
        """Each sheet's newest entry id: which changed last, and whether one changed."""
        with self._lock:
            rows = self._db.execute(
                "SELECT sheet, MAX(id) FROM sheet_entries GROUP BY sheet"
            ).fetchall()
        return {sheet: newest for sheet, newest in rows}

    def sheet_totals(self, sheet: str) -> dict[str, Any] | None:
        """What a sheet's folded entries add up to: {"body", "entries", "last_id"}, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT body, entries, last_id FROM sheet_totals WHERE sheet = ?", (sheet,)
            ).fetchone()
        return (
            None
            if row is None
            else {"body": json.loads(row[0]), "entries": row[1], "last_id": row[2]}
        )

    def fold_sheet_entries(self, sheet: str, through: int, body: dict[str, Any]) -> int:
        """Replace a sheet's entries up to id `through` by `body`, their new running
        totals (the caller adds them up), in one transaction; returns how many went."""
        with self.transaction():
            before = self.sheet_totals(sheet)
            gone = self._db.execute(
                "DELETE FROM sheet_entries WHERE sheet = ? AND id <= ?", (sheet, through)
            ).rowcount
            folded = (before["entries"] if before else 0) + gone
            self._db.execute(
                "INSERT OR REPLACE INTO sheet_totals (sheet, body, entries, last_id)"
                " VALUES (?, ?, ?, ?)",
                (sheet, json.dumps(body), folded, through),
            )
        return gone

    # --- the table's settings ---------------------------------------------------------

    def setting(self, key: str) -> Any:
        """A setting the table keeps across restarts (None if never set)."""
        with self._lock:
            row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def set_setting(self, key: str, value: Any) -> None:
        self._write(
            "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, json.dumps(value))
        )
