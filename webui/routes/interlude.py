"""The pause after a deal, round or season: each phone's Continue, the host's skip;
and the table's trick pause, which the host sets.

The Table keeps the pause (device/table/interlude.py); its status ("interlude") says who
is still awaited. Both answer {"ok": true}; with nothing to wait for, 409 with the
code "no_interlude".
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from device.table.interlude import TRICK_PAUSE_MAX
from webui.auth import require_host, require_seat
from webui.errors import ApiError
from webui.payload import read_json
from webui.services import table

bp = Blueprint("interlude", __name__, url_prefix="/api")

OK: dict[str, Any] = {"ok": True}


@bp.post("/continue")
def continue_play() -> dict[str, Any]:
    """This seat has read the summary; play goes on once every seat has."""
    seat = require_seat()
    read_json()
    table().continue_play(seat)
    return OK


@bp.post("/host/skip-wait")
def skip_wait() -> dict[str, Any]:
    """The host goes on without waiting for every seat's Continue."""
    require_host()
    read_json()
    table().skip_interlude()
    return OK


@bp.post("/host/trick-pause")
def trick_pause() -> dict[str, Any]:
    """How many seconds a finished trick stays on every screen at least (0 to 10)."""
    require_host()
    body = read_json(required={"seconds": int})
    if not 0 <= body["seconds"] <= TRICK_PAUSE_MAX:
        raise ApiError(
            400,
            "the trick pause is 0 to {most} seconds",
            "invalid_field",
            params={"most": TRICK_PAUSE_MAX},
        )
    table().set_trick_pause(body["seconds"])
    return OK
