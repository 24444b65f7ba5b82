"""Who may sit where: a person's seat and name at the table, and the game the lobby
sets up. Pure: these read the table (`TableState`) and refuse with a `TableError`;
the Table journals, changes and publishes (core.py)."""

from __future__ import annotations

from typing import Any

import engines
from device.names import is_bot_name, tidy_name
from device.table import rematch
from device.table.errors import TableError
from device.table.state import TableState


def clean_name(name: Any) -> str:
    if not isinstance(name, str):
        raise TableError("a name must be text", "invalid_field")
    return tidy_name(name)


def seat_for_person(s: TableState, asked: int | None) -> int:
    """The seat a person joining takes: the one asked for, else the lowest free one. In
    the lobby a bot's seat is theirs at once (a free seat first); during play a bot's
    seat is freed with the table's consent first (release_seat)."""
    free = [seat for seat in range(s.players) if seat not in s.seats]
    bots_leave = sorted(s.bots) if s.phase == "lobby" else []
    if not free and not bots_leave:
        raise TableError("every seat is taken: you can watch the game instead", "table_full")
    if asked is None:
        return (free or bots_leave)[0]
    if asked not in free and asked not in bots_leave:
        raise TableError("seat {seat} is not free", "seat_taken", {"seat": asked + 1})
    return asked


def check_person_name(s: TableState, name: str) -> None:
    """A person's name: never a bot's, nor one someone at the table already has."""
    if is_bot_name(name):
        raise TableError("{name} is a bot's name: pick another name", "name_is_bot", {"name": name})
    if rematch.name_taken(name, (record.name for record in s.seats.values())):
        raise TableError(
            "someone at this table is already called {name}: add an initial or pick another name",
            rematch.NAME_TAKEN,
            {"name": name},
        )


def check_setup(game: str, players: int, options: dict[str, Any]) -> int:
    """Let the engine judge the game, player count and options before we keep them
    (secret ones allowed: tests and the journal set them); returns the engine's
    rules version."""
    try:
        return engines.check_setup(game, players, options)
    except engines.SetupRefused as err:
        # Its template is extracted from engines/__init__.py (the SetupRefused keyword).
        raise TableError(err.template, err.code, err.params) from None
