"""The table's status: what everyone may know about it (no tokens, no seed, no secret
options), as every screen reads it. Pure: it reads the Table's parts (lock held)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engines
from device.history.fingerprint import short
from device.table import notices, release, rematch
from device.table.interlude import Interlude
from device.table.settings import TableSettings
from device.table.state import TableState
from device.table.takeback import Seating, TakeBacks


@dataclass(frozen=True)
class Run:
    """This run of the box: its changes so far, and its name (`boot`), so a page kept
    open across a restart draws the new run's states at once."""

    version: int
    boot: str
    rescued_journal: str | None  # the damaged journal this start moved aside, by name


def public_status(
    s: TableState,
    at: Seating,
    settings: TableSettings,
    interlude: Interlude,
    take_backs: TakeBacks,
    run: Run,
) -> dict[str, Any]:
    info = engines.info(s.engine) if s.engine else None
    # Options that fix a deal or a secret configure the game but are never shown.
    secret = engines.secret_options(s.engine) if s.engine else frozenset()
    return {
        "phase": s.phase,
        "game": s.engine or None,
        "title": info["title"] if info else None,
        "min_players": info["min_players"] if info else None,
        "max_players": info["max_players"] if info else None,
        "players": s.players,
        "options": {k: v for k, v in s.options.items() if k not in secret},
        "room": s.room or None,
        "seats": [
            {
                "seat": seat,
                "name": s.seat_name(seat),
                "taken": seat in s.seats,
                # A bot's level ("Bot: Cogwheel, normal" on every screen); None: a person.
                "bot": s.seats[seat].level if seat in s.bots else None,
            }
            for seat in range(s.players)
        ],
        "bot_pace": settings.bot_pace,
        "hints": settings.hints,
        "host": s.host_seat,
        "release": release.status(s.release, at),
        "notices": notices.of_deal(s.notices, s.deal),
        "deal": s.deal,  # the deal news belongs to (news.py)
        "problem": s.problem,
        "rescued_journal": run.rescued_journal,
        "interlude": interlude.status(s.people, s.seat_name),
        "take_back": take_backs.status(s.game, s.phase == "playing", at),
        "trick_pause": interlude.trick_pause,
        # The deal's sealed commitment: public from the first move (never the seed).
        "fingerprint": (
            {"short": short(s.commitment), "commitment": s.commitment} if s.commitment else None
        ),
        "replays": {"open_hands": s.open_hands},
        # The game before this one at the table, until this one ends (rematch.py).
        "last_game": s.last_game if s.phase != "over" else None,
        # After a game: each seat's final score and rank (none if ended early).
        "result": result(s) if s.phase == "over" else None,
        "ended_early": s.ended_early,  # ended from the table: no winners
        "language": settings.language,  # the OLED's and TV's; phones pick theirs
        "version": run.version,  # changes since this run began ("boot")
        "boot": run.boot,
    }


def result(s: TableState) -> dict[str, Any] | None:
    """Each seat's final score and rank once the game is over (rematch.standings)."""
    if s.game is None:
        return None
    names = [s.seat_name(seat) for seat in range(s.players)]
    return rematch.standings(s.game, names, ended_early=s.ended_early)
