"""The game in play as the journal keeps it: the sealed deal, each move kept, a
request id answered again, the game ended from the table.

Each runs with the Table's lock held; the engine judges a move before it gets here
and nothing is accepted that the journal did not keep. The Table says when and tells
the screens (core.py).
"""

from __future__ import annotations

import logging
from typing import Any

import engines
from device.history.fingerprint import commitment, final_result, new_salt
from device.journal import Journal
from device.table.errors import TableError, setup_refused
from device.table.interlude import Interlude, Pause
from device.table.state import TableState

log = logging.getLogger("device.table")


def deal(journal: Journal, s: TableState) -> None:
    """Begin the game in the lobby; inside the caller's transaction when it has one (a
    rematch), so the new game and its deal land together."""
    seed = engines.new_seed()
    try:
        game = engines.new(s.engine, s.players, seed=seed, options=s.options)
    except ValueError as err:
        raise setup_refused(err) from None
    assert s.record_id is not None
    # The deal is sealed before anyone sees it: a public commitment to the seed and
    # setup, the seed and salt kept secret until the game is over.
    salt = new_salt()
    sealed = commitment(
        engine=s.engine,
        rules_version=game.rules_version,
        players=s.players,
        options=s.options,
        seed=seed,
        salt=salt,
        generator=game.generator,
    )
    journal.start_game(
        s.record_id,
        seed,
        game.rules_version,
        salt=salt,
        commitment=sealed,
        generator=game.generator,
    )
    s.game, s.phase, s.commitment = game, "playing", sealed


def answered_before(
    journal: Journal, s: TableState, seat: int, action: dict[str, Any], request: str
) -> list[dict[str, Any]] | None:
    """The events of the move this request id already made (a retry whose answer was
    lost), or None for a new request; TableError when the id was used otherwise."""
    if s.record_id is None or s.game is None:
        return None
    kept = journal.answered(s.record_id, seat, request)
    if kept is not None:
        done, events = kept
        if done != action:
            raise TableError("that request was already used for another move", "request_reused")
        return list(events)
    if journal.was_taken_back(s.record_id, seat, request):
        raise TableError("that move was taken back: make it again", "taken_back")
    return None


def keep_move(
    journal: Journal,
    s: TableState,
    interlude: Interlude,
    summary_before: str | None,
    request: str | None,
    events: list[dict[str, Any]],
) -> Pause | None:
    """Journal the move the game just applied, with the game's end and a new summary's
    pause in the same transaction; returns that pause. When the journal cannot keep
    it, the game is rebuilt without it and the move refused: not durable, so not
    accepted."""
    game = s.game
    assert game is not None and s.record_id is not None
    seat_done, action_done = game.log[-1]
    try:
        with journal.transaction():
            journal.append_action(
                s.record_id,
                len(game.log) - 1,
                seat_done,
                action_done,
                request=request,
                result=events,
            )
            if game.finished:
                journal.end_game(s.record_id, "over", result=final_result(game))
                if s.release is not None:
                    journal.set_release_request(s.record_id, None)
            return interlude.begin_if_new(s.record_id, summary_before, game)
    except Exception as err:
        data = game.to_dict()
        data["actions"] = data["actions"][:-1]
        s.game = engines.load(data)
        log.error("journal write failed, action rejected: %s", type(err).__name__)
        raise TableError(
            "the box could not save that move; please try again", "not_saved"
        ) from None


def end_early(journal: Journal, s: TableState) -> None:
    """End the game in play from the table: kept as an abandoned game (no winners, out
    of the standings) while every seat, name and the room code stay."""
    assert s.record_id is not None and s.game is not None
    with journal.transaction():
        journal.end_game(s.record_id, "abandoned", result=final_result(s.game), kept=True)
        if s.release is not None:
            journal.set_release_request(s.record_id, None)
    s.phase, s.ended_early, s.release = "over", True, None


def abandon(journal: Journal, s: TableState) -> None:
    """Clear the table's open game or lobby (kept as history) or the result or
    problem shown."""
    assert s.record_id is not None
    if s.phase in ("lobby", "playing"):
        ended = None if s.game is None else final_result(s.game)
        journal.end_game(s.record_id, "abandoned", result=ended)
    else:
        journal.clear(s.record_id)
