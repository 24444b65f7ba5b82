"""What the host may take out of history: a whole game, or a player's name.

History is already compact (a game is its setup and its actions), so nothing is
ever pruned by itself; these are the host's choices, each one transaction.

- A game: an ended digital game goes with every row that belongs to it (found from
  the schema's foreign keys, so a table a later migration adds goes too); a past
  score sheet goes with its entries. A game in progress is never history, so it
  cannot be deleted; nor can the sheet its page still shows (start a new one first).
- A name: in every ended game and past score sheet, each seat with that name (same
  player: device/history/stats.py `player_key`) becomes "Player N", N its seat; so do the
  seat log and take-back records of those games and the names of secret-colour
  rounds already revealed (or superseded). Games in progress keep their names.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from device import games
from device.companion.colours import ColourRounds
from device.companion.sheet import default_name
from device.history.core import SHEET_REF, History
from device.history.stats import player_key
from device.journal import ENDED_STATUSES, Journal
from device.refusal import StatusRefusal


class RetentionError(StatusRefusal):
    """A deletion the box refuses: a player's sentence, a stable code and an HTTP
    status (device/refusal.py)."""


def delete_game(journal: Journal, history: History, ref: str) -> None:
    found = history.game(ref)
    if found is None:
        raise RetentionError(
            "there is no such game in history (a game in progress cannot be deleted)",
            "not_found",
            404,
        )
    if found.kind == "sheet":
        _delete_sheet(journal, found.game, int(ref.removeprefix(SHEET_REF)))
    else:
        _delete_digital(journal, int(ref))
    history.invalidate()


def _delete_digital(journal: Journal, game_id: int) -> None:
    with journal.transaction(), journal.connection() as db:
        row = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[0] not in ENDED_STATUSES:  # it may have changed since
            raise RetentionError("a game in progress cannot be deleted", "game_in_progress")
        # Every row of the game, whichever table holds it; checked at the commit.
        db.execute("PRAGMA defer_foreign_keys = ON")
        for table, column in _references(db, "games"):
            db.execute(f'DELETE FROM "{table}" WHERE "{column}" = ?', (game_id,))
        db.execute("DELETE FROM games WHERE id = ?", (game_id,))


def _references(db: sqlite3.Connection, target: str) -> list[tuple[str, str]]:
    """(table, column) of each foreign key that points at `target`."""
    found = []
    tables = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    for (table,) in tables:
        for key in db.execute(f'PRAGMA foreign_key_list("{table}")').fetchall():
            if key[2] == target:  # (id, seq, table, from, to, ...)
                found.append((table, key[3]))
    return found


def _delete_sheet(journal: Journal, sheet: str, setup_id: int) -> None:
    with journal.transaction(), journal.connection() as db:
        later = db.execute(
            "SELECT MIN(id) FROM sheet_entries WHERE sheet = ? AND kind = 'setup' AND id > ?",
            (sheet, setup_id),
        ).fetchone()[0]
        if later is None:
            raise RetentionError(
                "this score sheet is still the one its page shows: start a new sheet there"
                " first, then delete this one",
                "sheet_in_use",
            )
        db.execute(
            "DELETE FROM sheet_entries WHERE sheet = ? AND id >= ? AND id < ?",
            (sheet, setup_id, later),
        )


def delete_player(journal: Journal, history: History, name: str) -> dict[str, int]:
    """Replace a player's name everywhere in history; returns how many seats changed
    {"games", "sheets"}; RetentionError for a name that is nobody's."""
    key = player_key(name) if isinstance(name, str) else None
    if key is None:
        raise RetentionError("give the name of a player in history", "invalid_field", 400)

    def same(held: Any) -> bool:
        return isinstance(held, str) and player_key(held) == key

    changed = {"games": 0, "sheets": 0}
    listed = {past.ref for past in history.sheet_games()}
    ended = f"SELECT id FROM games WHERE status IN ({', '.join('?' * len(ENDED_STATUSES))})"
    with journal.transaction(), journal.connection() as db:
        for table in ("seats", "seat_log", "take_backs"):
            rows = db.execute(
                f"SELECT rowid, game_id, seat, name FROM {table} WHERE game_id IN ({ended})",
                ENDED_STATUSES,
            ).fetchall()
            hit = [(default_name(seat), rowid) for rowid, _, seat, held in rows if same(held)]
            db.executemany(f"UPDATE {table} SET name = ? WHERE rowid = ?", hit)
            if table == "seats":
                changed["games"] = len({game for _, game, _, held in rows if same(held)})
        for sheet in games.registered():
            changed["sheets"] += _rename_in_sheet(db, sheet, listed, same)
        _rename_in_colours(db, same)
    history.invalidate()
    return changed


def _rename_in_sheet(db: sqlite3.Connection, sheet: str, listed: set[str], same: Any) -> int:
    """Names in each past sheet's setup; the newest only once history lists it (over),
    not while its page may still be using it."""
    setups = db.execute(
        "SELECT id, body FROM sheet_entries WHERE sheet = ? AND kind = 'setup' ORDER BY id",
        (sheet,),
    ).fetchall()
    past = [
        entry_id
        for n, (entry_id, _) in enumerate(setups)
        if n + 1 < len(setups) or f"{SHEET_REF}{entry_id}" in listed
    ]
    touched = {
        entry_id
        for entry_id, text in setups
        if entry_id in past and _rename_body(db, entry_id, text, same)
    }
    # A name given later (a "rename" entry) belongs to the setup before it.
    renames = db.execute(
        "SELECT id, body FROM sheet_entries WHERE sheet = ? AND kind = 'rename' ORDER BY id",
        (sheet,),
    ).fetchall()
    for entry_id, text in renames:
        owner = max((setup for setup, _ in setups if setup < entry_id), default=None)
        body = json.loads(text)
        if owner in past and same(body.get("name")):
            body["name"] = default_name(body["seat"])
            db.execute(
                "UPDATE sheet_entries SET body = ? WHERE id = ?", (json.dumps(body), entry_id)
            )
            touched.add(owner)
    return len(touched)


def _rename_body(db: sqlite3.Connection, entry_id: int, text: str, same: Any) -> int:
    body = json.loads(text)
    names = body.get("names")
    if not isinstance(names, list) or not any(same(name) for name in names):
        return 0
    body["names"] = [default_name(i) if same(n) else n for i, n in enumerate(names)]
    db.execute("UPDATE sheet_entries SET body = ? WHERE id = ?", (json.dumps(body), entry_id))
    return 1


def _rename_in_colours(db: sqlite3.Connection, same: Any) -> None:
    """Names of secret-colour rounds that are over: revealed, or followed by another."""
    rounds = db.execute(
        "SELECT id, body FROM sheet_entries WHERE sheet = ? AND kind = 'round' ORDER BY id",
        (ColourRounds.SHEET,),
    ).fetchall()
    revealed = {
        json.loads(body).get("round")
        for (body,) in db.execute(
            "SELECT body FROM sheet_entries WHERE sheet = ? AND kind = 'reveal'",
            (ColourRounds.SHEET,),
        )
    }
    for n, (entry_id, text) in enumerate(rounds):
        if entry_id in revealed or n + 1 < len(rounds):
            _rename_body(db, entry_id, text, same)
