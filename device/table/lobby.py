"""Opening a game's lobby and changing it before the deal, as the journal keeps them.

Each runs with the Table's lock held: the setup is checked first (seating.py), the
journal written in one transaction, and only then the `TableState` built or changed.
The Table says when and tells the screens (core.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from device.history.replay import DEFAULT_OPEN_HANDS, OPEN_HANDS
from device.journal import Journal, SeatRecord, opener_hash
from device.table import seating
from device.table.errors import TableError
from device.table.seat_changes import new_token
from device.table.state import TableState
from device.table.takeback import OPTION as TAKE_BACKS

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read aloud and typed on phones
ROOM_LENGTH = 4


@dataclass(frozen=True)
class Opening:
    """A lobby asked for: the game, and the table options it starts with. With
    `host_name` (a phone opening it), that phone takes seat 1 as host; `opener` is a
    key only that phone knows (reclaim)."""

    game: str
    players: int
    options: Mapping[str, Any]
    take_backs: str  # the take-back mode, checked (takeback.py)
    host_name: str | None = None
    opener: str | None = None
    open_hands: bool | None = None  # every hand open in replays; DEFAULT_OPEN_HANDS if None


def new_room() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))


def open_new(journal: Journal, shown: int | None, asked: Opening) -> TableState:
    """The lobby `asked` for, journaled in one transaction with its host's seat (so
    nobody slips in first with the freshly shown room code); `shown` is the journal's
    game shown until now (a result or a problem), cleared in the same transaction."""
    options = dict(asked.options)
    rules_version = seating.check_setup(asked.game, asked.players, options)
    room = new_room()
    hosted = asked.host_name is not None
    seat_name = asked.host_name or "Player 1"
    token = new_token()
    hands = DEFAULT_OPEN_HANDS if asked.open_hands is None else bool(asked.open_hands)
    with journal.transaction():
        if shown is not None:
            journal.clear(shown)
        record_id = journal.open_game(
            asked.game,
            asked.players,
            options,
            room,
            rules_version=rules_version,
            opener=asked.opener if hosted else None,
        )
        if hosted:
            journal.set_seat(record_id, 0, seat_name, token)
            journal.set_host(record_id, 0)
        journal.set_table_options(record_id, {TAKE_BACKS: asked.take_backs, OPEN_HANDS: hands})
    return TableState(
        phase="lobby",
        record_id=record_id,
        engine=asked.game,
        players=asked.players,
        options=options,
        room=room,
        seats={0: SeatRecord(0, seat_name, token)} if hosted else {},
        host_seat=0 if hosted else None,
        opener=opener_hash(asked.opener) if hosted and asked.opener is not None else None,
        open_hands=hands,
    )


def reclaim(s: TableState, opener: str | None) -> tuple[int, str] | None:
    """The host's seat and token for the phone that opened this game (its answer was
    lost), or None."""
    if opener is None or s.opener is None or s.host_seat not in s.seats:
        return None
    if not secrets.compare_digest(opener_hash(opener), s.opener):
        return None
    record = s.seats[s.host_seat]
    return record.seat, record.token


def configure(
    journal: Journal,
    s: TableState,
    game: str | None,
    players: int | None,
    options: Mapping[str, Any] | None,
    take_backs: str | None,
    open_hands: bool | None,
) -> None:
    """Change the open lobby's game, player count, options, take-back mode (checked
    already) or open hands; what is None stays."""
    game = s.engine if game is None else game
    players = s.players if players is None else players
    new_options = s.options if options is None else dict(options)
    seating.check_setup(game, players, new_options)
    if any(seat >= players for seat in s.seats):
        raise TableError("free the seats beyond the new player count first", "seats_taken")
    assert s.record_id is not None
    with journal.transaction():
        journal.update_lobby(s.record_id, game, players, new_options)
        if take_backs is not None:
            journal.set_table_options(s.record_id, {TAKE_BACKS: take_backs})
        if open_hands is not None:
            journal.set_table_options(s.record_id, {OPEN_HANDS: bool(open_hands)})
    s.engine, s.players, s.options = game, players, new_options
    if open_hands is not None:
        s.open_hands = bool(open_hands)
