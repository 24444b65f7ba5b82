"""The next game at the same table: who keeps which seat, the last result, names.

After a game ends the host starts the next one for the same people (Table.rematch):
"play again" (same game, players and options, a new seed) or another game. Every
seat keeps its token, so each phone follows on its own; seats beyond a smaller
player count are freed (logged on the new game, so every screen says so), a larger
count leaves free seats for newcomers with the same room code. The new game's table
options keep a link to the game before (AFTER: its id), from which every screen
shows that game's result until the next one ends. No schema change: table options
are a JSON column already, and the seat log takes any kind.

One person per name at a table: names are compared without case or spaces, so
"bo" and " Bo " are the same name.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import engines
from device.history.replay import OPEN_HANDS
from device.journal import Journal, SeatLogEntry, SeatRecord
from device.table import notices
from device.table.news import deal_of
from device.table.state import TableState
from device.table.takeback import OPTION as TAKE_BACKS

AFTER = "after"  # table options: the id of the game this one follows
DROPPED = "dropped"  # seat log: a seat beyond the new game's player count was freed
NAME_TAKEN = "name_taken"  # TableError code


def name_key(name: str) -> str:
    """What makes two names the same at a table: letters and digits, any case or spacing."""
    return "".join(name.split()).casefold()


def name_taken(name: str, others: Iterable[str]) -> bool:
    key = name_key(name)
    return any(name_key(other) == key for other in others)


@dataclass(frozen=True)
class NextSeats:
    """Who sits where in the next game."""

    kept: dict[int, SeatRecord]  # same seat, same name, same token
    freed: list[SeatRecord]  # beyond the new player count, lowest seat first
    host: int | None  # the host keeps the role unless their seat is freed


def next_seating(seats: Mapping[int, SeatRecord], host: int | None, players: int) -> NextSeats:
    kept = {seat: record for seat, record in sorted(seats.items()) if seat < players}
    freed = [record for seat, record in sorted(seats.items()) if seat >= players]
    if host not in kept:  # host rights pass to the lowest seat a person keeps
        people = [seat for seat, record in kept.items() if not record.is_bot]
        host = min(people) if people else None
    return NextSeats(kept, freed, host)


@dataclass(frozen=True)
class NextGame:
    """The next game at the table, as the host chose it and as it will be journaled."""

    after: int  # the journal's id of the game before
    room: str  # the same room code
    engine: str
    players: int
    options: dict[str, Any]
    take_backs: str  # the table's take-back mode
    open_hands: bool
    seats: NextSeats


def plan(
    before: TableState,
    take_backs: str,
    game: str | None,
    players: int | None,
    options: Mapping[str, Any] | None,
    open_hands: bool | None,
) -> NextGame:
    """The next game after `before` (over, its take-back mode `take_backs`): what is not
    given stays as it was: the game, its player count, its options (for the same game)
    and the table options."""
    assert before.record_id is not None
    same = game is None or game == before.engine
    engine = before.engine if game is None else game
    count = before.players if players is None else players
    kept_options = dict(before.options) if same else {}
    return NextGame(
        after=before.record_id,
        room=before.room,
        engine=engine,
        players=count,
        options=kept_options if options is None else dict(options),
        take_backs=take_backs,
        open_hands=before.open_hands if open_hands is None else bool(open_hands),
        seats=next_seating(before.seats, before.host_seat, count),
    )


def open_next(journal: Journal, nxt: NextGame, rules_version: int) -> TableState:
    """Journal the next game's lobby (inside the caller's transaction): its seats, host
    and table options, the seats it frees logged on it, the game before cleared from
    the table. Returns the table at that lobby."""
    record_id = journal.open_game(
        nxt.engine, nxt.players, nxt.options, nxt.room, rules_version=rules_version
    )
    for record in nxt.seats.kept.values():
        journal.set_seat(
            record_id, record.seat, record.name, record.token, kind=record.kind, level=record.level
        )
    journal.set_host(record_id, nxt.seats.host)
    journal.set_table_options(
        record_id, {TAKE_BACKS: nxt.take_backs, OPEN_HANDS: nxt.open_hands, AFTER: nxt.after}
    )
    dropped = [
        SeatLogEntry(
            journal.log_seat(record_id, DROPPED, r.seat, r.name, level=r.level),
            DROPPED,
            r.seat,
            r.name,
            None,
            time.time(),
            r.level,
        )
        for r in nxt.seats.freed
    ]
    journal.clear(nxt.after)  # its result leaves the table: "last game" now
    return TableState(
        phase="lobby",
        record_id=record_id,
        engine=nxt.engine,
        players=nxt.players,
        options=nxt.options,
        room=nxt.room,
        seats=dict(nxt.seats.kept),
        host_seat=nxt.seats.host,
        notices=notices.latest([], dropped, deal_of(record_id, None)),
        open_hands=nxt.open_hands,
    )


def standings(game: Any, names: list[str], *, ended_early: bool) -> dict[str, Any]:
    """A game's final scores, public at its end: each seat's name, score, rank (1 for
    the winners, then by score the way the winners' lay: most or fewest) and whether
    it won. A game the table ended early has no winners and no ranks."""
    scores = list(game.scores)
    winners = set() if ended_early else set(game.winners)
    won = [scores[seat] for seat in winners]
    fewest_wins = bool(won) and max(won) == min(scores) and min(scores) != max(scores)

    def rank(seat: int) -> int | None:
        if ended_early:
            return None
        if seat in winners:
            return 1
        better = [
            s
            for s in range(len(scores))
            if s != seat
            and s not in winners
            and (scores[s] < scores[seat] if fewest_wins else scores[s] > scores[seat])
        ]
        return 1 + len(winners) + len(better)

    return {
        "ended_early": ended_early,
        "seats": [
            {
                "seat": seat,
                "name": names[seat],
                "score": score,
                "rank": rank(seat),
                "winner": seat in winners,
            }
            for seat, score in enumerate(scores)
        ],
    }


def last_game(journal: Journal, game_id: Any) -> dict[str, Any] | None:
    """The public result of a finished game, for the "Last game" panel: each seat's
    name, final score and whether it won. None for a game that did not finish (or no
    longer replays). Nothing secret: the scores and winners are public at the end."""
    if not isinstance(game_id, int):
        return None
    record = journal.game(game_id)
    if record is None or record.status != "over" or record.seed is None:
        return None
    if record.engine not in engines.names():
        return None
    try:
        game = engines.load(record.saved_game())
    except Exception:
        return None  # an update changed its rules: history keeps it, the panel does not
    if not game.finished:
        return None
    names = {seat.seat: seat.name for seat in record.seats}
    winners = set(game.winners)
    return {
        "id": record.id,
        "game": record.engine,
        "title": engines.info(record.engine)["title"],
        "seats": [
            {
                "seat": seat,
                "name": names.get(seat, f"Seat {seat + 1}"),
                "score": score,
                "winner": seat in winners,
            }
            for seat, score in enumerate(game.scores)
        ],
    }
