"""The next game at the same table, and leaving it (device/table/rematch.py).

After a game is over the host starts the next one for the same people; every phone
keeps its seat and token and follows on its own, so nobody joins again.

- POST /api/host/play-again (host): same game, players and options, a new seed;
  dealt at once when every seat is held, else its lobby opens.
- POST /api/host/next-game (host): another game ({"game", "players", "options"?,
  "take_backs"?, "open_hands"?}) for the same people; its lobby opens, seats beyond its player
  count freed (and announced).
- POST /api/leave (any seat): free this phone's seat, host rights passing on; the
  phone then forgets its token.

Each answers {"ok": true, "phase": ...}; before the game is over, 409 "not_over".
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from device.table.takeback import MODES
from webui.auth import require_host, require_seat
from webui.game_setup import check_setup
from webui.payload import one_of, read_json
from webui.services import table

bp = Blueprint("rematch", __name__, url_prefix="/api")


@bp.post("/host/play-again")
def play_again() -> dict[str, Any]:
    require_host()
    read_json()
    return {"ok": True, "phase": table().rematch()}


@bp.post("/host/next-game")
def next_game() -> dict[str, Any]:
    require_host()
    body = read_json(
        required={"game": str, "players": int},
        optional={"options": dict, "take_backs": str, "open_hands": bool},
    )
    options = body.get("options", {})
    check_setup(body["game"], body["players"], options)  # a bad setup is a 400, not a 409
    take_backs = body.get("take_backs")
    if take_backs is not None:
        one_of(take_backs, MODES, "take_backs")
    phase = table().rematch(
        body["game"],
        body["players"],
        options,
        take_backs,
        open_hands=body.get("open_hands"),
        start=False,
    )
    return {"ok": True, "phase": phase}


@bp.post("/leave")
def leave() -> dict[str, Any]:
    seat = require_seat()
    read_json()
    table().leave(seat)
    return {"ok": True, "phase": table().status()["phase"]}
