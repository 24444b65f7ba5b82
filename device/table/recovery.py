"""Recovery at start: the table as the journal left it.

After kill -9 at any point the table is exactly the state of the last committed
change: the latest game is replayed from its journal (a lobby keeps its engine and
options, a game in play its every action) with its seats, host, seat notices, the
pending requests (freeing a seat, a take-back: their grace restarts) and the pause
after a summary. A game ended from the table (abandoned, its seats kept) stays on it
as "over" with ended_early until cleared. Games an older release left open before it
are closed. A game whose
journal no longer replays (an engine changed its rules) is kept as history and every
screen says so (status "problem"); the box starts anyway.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import engines
from device.history.replay import DEFAULT_OPEN_HANDS, OPEN_HANDS
from device.journal import GameRecord, Journal
from device.table import notices, release, rematch
from device.table.interlude import Interlude
from device.table.news import deal_of
from device.table.state import TableState
from device.table.takeback import TakeBacks
from engines import Game

log = logging.getLogger("device.table")

PROBLEM = "the saved game could not be resumed after an update; it is kept in the box's history"
OLDER_RULES = (
    "the saved game was played with rules of {title} that this update no longer replays;"
    " it is kept in the box's history"
)


class OlderRules(Exception):
    """A saved game's rules version is not the engine's."""


def recover(
    journal: Journal, now: float, interlude: Interlude, take_backs: TakeBacks
) -> TableState:
    """The table the journal holds; the interlude and take-backs restored with it (or
    cleared). `now` is the table's clock, from which resumed requests get their grace."""
    interlude.clear()
    take_backs.clear()
    record = journal.latest_game()
    if record is None:
        return TableState()
    close_older_games(journal, record.id)
    # An abandoned game stays on the table only when ended from it with its seats kept.
    if record.cleared is not None or (record.status == "abandoned" and record.seed is None):
        return TableState()
    if record.status == "unreplayable":
        return TableState(record_id=record.id, problem=record.problem or PROBLEM)
    try:
        return restore(journal, record, now, interlude, take_backs)
    except Exception as err:
        # A journal that no longer replays (an engine changed its rules): keep the
        # game as history, say so on every screen, and start. Only the error's
        # type is logged: an engine's message may name a card.
        interlude.clear()
        take_backs.clear()
        if record.status == "over":
            log.error("game %s is over but no longer replays (%s)", record.id, type(err).__name__)
            journal.clear(record.id)
            return TableState()
        title = engines.info(record.engine)["title"] if record.engine in engines.names() else ""
        problem = OLDER_RULES.format(title=title) if isinstance(err, OlderRules) else PROBLEM
        log.error(
            "could not resume game %s (%s): kept as unreplayable", record.id, type(err).__name__
        )
        journal.end_game(record.id, "unreplayable", problem=problem)
        return TableState(record_id=record.id, problem=problem)


def close_older_games(journal: Journal, latest: int) -> None:
    """Games an older release left open under a newer one (a crash between its
    commits): finished ones are over, the rest abandoned, never shown again."""
    for game_id in journal.open_games_before(latest):
        record = journal.game(game_id)
        assert record is not None
        try:
            status = "over" if replay(record).finished else "abandoned"
        except Exception:
            status = "unreplayable" if record.status == "playing" else "abandoned"
        with journal.transaction():
            journal.end_game(game_id, status, problem=None)
            journal.clear(game_id)
        log.warning("game %s was left open by an older release: now %s", game_id, status)


def replay(record: GameRecord) -> Game:
    """The game as its journal holds it (a lobby: a game of its setup, never dealt);
    OlderRules when the engine's rules are no longer the ones it was played with."""
    if record.seed is None:
        return engines.new(record.engine, record.players, seed=0, options=record.options)
    if record.rules_version != rules_version(record.engine, record.players, record.options):
        raise OlderRules(record.engine)
    return engines.load(record.saved_game())


def rules_version(engine: str, players: int, options: Mapping[str, Any]) -> int:
    return engines.new(engine, players, seed=0, options=options).rules_version


def restore(
    journal: Journal, record: GameRecord, now: float, interlude: Interlude, take_backs: TakeBacks
) -> TableState:
    """The table at a game the journal holds open or shows (a lobby, play, a result)."""
    replayed = replay(record)  # a lobby too: its engine and options still hold
    game = None if record.status == "lobby" else replayed
    if game is not None and game.finished and record.status == "playing":
        # An older release crashed between the last move and the game's end.
        journal.end_game(record.id, "over")
    if game is None:
        phase = "lobby"
    else:
        ended = record.status in ("over", "abandoned")
        phase = "over" if game.finished or ended else "playing"
    ended_early = game is not None and record.status == "abandoned"
    seats = {s.seat: s for s in record.seats}
    # Seat changes keep the deal they were made in (news.py): those from before the
    # newest summary's pause belong to a deal before (deal ""), old news.
    deal = deal_of(record.id, game)
    began = interlude.began(record.id, game) if game is not None else None
    seat_log = journal.seat_log(record.id, notices.NOTICES_SHOWN)
    state = TableState(
        phase=phase,
        record_id=record.id,
        game=game,
        engine=record.engine,
        players=record.players,
        options=record.options,
        room=record.room,
        seats=seats,
        host_seat=record.host if record.host in seats else None,
        opener=record.opener,
        notices=[
            notices.notice(e, deal if began is None or e.at >= began else "") for e in seat_log
        ],
        commitment=record.commitment if game is not None else None,
        open_hands=bool(record.table_options.get(OPEN_HANDS, DEFAULT_OPEN_HANDS)),
        ended_early=ended_early,
    )
    if game is not None and not ended_early:  # no summary waits for a game ended early
        interlude.restore(record.id, game)
    if phase == "playing":  # the holder's phone gets the whole grace again from the restart
        state.release = release.resumed(record.release_request, seats, now, state.people)
    pending = record.take_back_request if phase == "playing" else None
    take_backs.restore(record.table_options, pending, game, state.seating(now))
    if phase == "over":  # who left after the game holds no seat for the next
        left = {e.seat: e.kind for e in journal.seat_log(record.id, 1000)}
        state.seats = {s: r for s, r in seats.items() if left.get(s) != "left"}
    else:
        after = record.table_options.get(rematch.AFTER)  # the game before, if a rematch
        state.last_game = rematch.last_game(journal, after)
    log.info("resumed game %s (%s, %s)", record.id, record.engine, phase)
    return state
