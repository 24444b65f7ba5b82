"""Hints: "Suggest a move", a table setting the host turns on (off by default).

The answer goes only to the asking phone, in this response: the same bot the empty
seats have, from that seat's own view (device/bots.py `suggest`). The table journals
that a hint was used before anyone thinks, and history shows it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from device.bots import suggest
from webui.auth import require_host, require_seat
from webui.payload import read_json
from webui.services import table

bp = Blueprint("hints", __name__, url_prefix="/api")


@bp.post("/hint")
def hint() -> dict[str, Any]:
    seat = require_seat()
    read_json()
    turn = table().hint_turn(seat)  # TableError (409) when off or not the seat's turn
    return {"ok": True, "action": suggest(turn)}


@bp.post("/host/hints")
def hints() -> dict[str, Any]:
    require_host()
    body = read_json(required={"on": bool})
    table().set_hints(body["on"])
    return {"ok": True}
