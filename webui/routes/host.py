"""Host controls: configure the lobby, seat people and bots, start, release a seat, end.

Every route needs the host's token, except the answer to a request to free a seat,
which any seated phone gives. The next game after the result, for the same seats, is
routes/rematch.py (play again, another game); /api/lobby opens a table anew.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from device.i18n import LANGUAGES
from device.table.settings import BOT_PACE_MAX
from device.table.takeback import MODES
from engines.bots import LEVELS
from webui.auth import require_host, require_seat
from webui.errors import ApiError
from webui.game_setup import check_setup
from webui.payload import one_of, read_json
from webui.services import table
from webui.state import END_GAME, can_end_early

bp = Blueprint("host", __name__, url_prefix="/api/host")

OK: dict[str, Any] = {"ok": True}


@bp.post("/configure")
def configure() -> dict[str, Any]:
    require_host()
    body = read_json(
        optional={
            "game": str,
            "players": int,
            "options": dict,
            "take_backs": str,
            "open_hands": bool,  # the table's own option: every hand open in replays
        }
    )
    if not body:
        raise ApiError(400, "give a game, players or options to change", "invalid_field")
    if "take_backs" in body:  # the table's own option (device/table/takeback.py)
        one_of(body["take_backs"], MODES, "take_backs")
    current = table().status()
    if current["phase"] == "lobby":  # otherwise the table answers 409
        check_setup(
            body.get("game", current["game"]),
            body.get("players", current["players"]),
            body.get("options", current["options"]),
        )
    table().configure(
        body.get("game"),
        body.get("players"),
        body.get("options"),
        body.get("take_backs"),
        open_hands=body.get("open_hands"),
    )
    return OK


@bp.post("/language")
def language() -> dict[str, Any]:
    """The table's language: what the OLED and the TV page speak (each phone picks its
    own). Kept across restarts (device/table/core.py)."""
    require_host()
    body = read_json(required={"language": str})
    table().set_language(one_of(body["language"], tuple(LANGUAGES), "language"))
    return OK


@bp.post("/start")
def start() -> dict[str, Any]:
    require_host()
    read_json()
    table().start()
    return OK


@bp.post("/release")
def release() -> dict[str, Any]:
    """Free a seat. During play another player's seat holds a hand: its holder is
    asked first ("asked"); asking again frees it once the table agreed (a lost phone)."""
    host = require_host()
    body = read_json(required={"seat": int})
    return {**OK, "outcome": table().release_seat(body["seat"], by=host)}


@bp.post("/release/answer")
def release_answer() -> dict[str, Any]:
    """Any seated phone answers the request to free a seat (not only the host's): the
    holder allows or refuses, the others agree or refuse, the host frees or withdraws."""
    seat = require_seat()
    body = read_json(required={"allow": bool})
    return {**OK, "outcome": table().answer_release(seat, body["allow"])}


@bp.post("/bot")
def bot() -> dict[str, Any]:
    """Give a seat to a bot at a level: a free seat at once; a person's seat with the
    same consent as freeing it (/release): "outcome" is "seated" or "asked". A person
    takes a bot's seat back by joining in the lobby, or the host frees it (/release)."""
    host = require_host()
    body = read_json(required={"seat": int}, optional={"level": str})
    level = one_of(body.get("level", "normal"), LEVELS, "level")
    name = table().add_bot(body["seat"], level, by=host)
    return {**OK, "name": name, "outcome": "asked" if name is None else "seated"}


@bp.post("/bot-pace")
def bot_pace() -> dict[str, Any]:
    """How long a bot takes at least per move, in seconds (a table setting)."""
    require_host()
    body = read_json(required={"seconds": int})
    if not 1 <= body["seconds"] <= BOT_PACE_MAX:
        raise ApiError(
            400,
            "a bot's pace is 1 to {most} seconds",
            "invalid_field",
            params={"most": BOT_PACE_MAX},
        )
    table().set_bot_pace(body["seconds"])
    return OK


@bp.post("/swap")
def swap() -> dict[str, Any]:
    require_host()
    body = read_json(required={"first": int, "second": int})
    table().swap_seats(body["first"], body["second"])
    return OK


@bp.post("/end-early")
def end_early() -> dict[str, Any]:
    """End the game now with the scores as they stand, the table agreeing: applied as
    the game's own "end_game" table action, for the seat the game waits for."""
    require_host()
    read_json()
    if not can_end_early(table()):
        raise ApiError(
            409,
            "this game cannot end early with its scores; End the game abandons it",
            "no_early_end",
        )
    events = table().act(table().to_act()[0], END_GAME)
    return {"events": events}


@bp.post("/end")
def end() -> dict[str, Any]:
    """End the game in play and keep the table: the game goes to its result (no winners),
    every seat stays for Play again or another game. A lobby, or a result already
    shown, is cleared (as /clear)."""
    require_host()
    read_json()
    table().end_game()
    return OK


@bp.post("/clear")
def clear() -> dict[str, Any]:
    """Clear the table: the game or lobby abandoned, every seat freed, the room closed."""
    require_host()
    read_json()
    table().clear_table()
    return OK
