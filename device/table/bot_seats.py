"""Bot seats at the table: the checks before a bot sits down, its name, whose turn a
bot has, and what a hint sees. Pure: these read the table (`TableState`) and say what
is allowed; the Table journals, changes and publishes (core.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from device.names import BOT_NAMES
from device.table.errors import TableError
from device.table.state import TableState
from engines import bots


@dataclass(frozen=True)
class BotTurn:
    """A bot seat the game waits for (device/bots.py): `key` says which moment of which
    game, so a move thought for it is dropped once the game moved on."""

    key: tuple[int, int]
    engine: str
    seat: int
    level: str
    view: dict[str, Any]  # exactly the engine's view of that seat: nothing more


def check_level(level: Any) -> str:
    if level not in bots.LEVELS:
        raise TableError(
            "a bot's level is one of {levels}", "bot_level", {"levels": ", ".join(bots.LEVELS)}
        )
    return str(level)


def check_seat(s: TableState, seat: Any) -> None:
    """Whether a bot may have `seat` now (a free one, or a person's to be freed first)."""
    if s.phase not in ("lobby", "playing"):
        raise TableError("there is no open game", "no_game")
    require_bots(s.engine)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.players:
        raise TableError("there is no seat {seat}", "no_such_seat", {"seat": seat})
    if seat in s.bots:
        raise TableError("seat {seat} is not free", "seat_taken", {"seat": seat + 1})
    if s.people == {seat}:  # bots never play on for nobody
        raise TableError(
            "{name} is the last person at the table: a bot cannot take their seat",
            "last_person",
            {"name": s.seats[seat].name},
        )


def require_bots(engine: str) -> None:
    try:
        bots.kit(engine)
    except ValueError:
        raise TableError("this game has no bots", "no_bots") from None


def next_name(s: TableState) -> str:
    """A bot's name no one at the table has (there are more names than seats)."""
    used = {record.name for record in s.seats.values()}
    return next(bot for bot in BOT_NAMES if bot not in used)


def turns(s: TableState, to_act: list[int], moves: int) -> list[BotTurn]:
    """The bot seats the game waits for now, while a person is at the table (bots do
    not play on for nobody)."""
    if s.game is None or not s.people or s.record_id is None:
        return []
    return [
        BotTurn(
            (s.record_id, moves),
            s.engine,
            seat,
            s.seats[seat].level or "normal",
            dict(s.game.view(seat)),
        )
        for seat in to_act
        if seat in s.bots
    ]


def hint(s: TableState, seat: int, to_act: list[int], moves: int, allowed: bool) -> BotTurn:
    """What a bot needs to suggest `seat`'s move: its own view only, at "normal"."""
    if not allowed:
        raise TableError("hints are off at this table", "hints_off")
    if s.game is None or s.record_id is None or s.phase != "playing":
        raise TableError("no game is being played", "not_playing")
    require_bots(s.engine)
    if seat not in s.people or seat not in to_act:
        raise TableError("a hint is for your own turn", "no_hint")
    return BotTurn((s.record_id, moves), s.engine, seat, "normal", dict(s.game.view(seat)))
