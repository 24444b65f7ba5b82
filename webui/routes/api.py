"""The game API for players: status, state, opening a lobby, joining, acting."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint

from webui.auth import header_token, require_seat, seat_of
from webui.errors import ApiError
from webui.game_setup import check_setup, games
from webui.payload import read_json
from webui.services import services, table
from webui.state import state_for, table_actions

bp = Blueprint("api", __name__, url_prefix="/api")

ROOM_CODE = re.compile(r"[A-Za-z]{4}")


@bp.get("/status")
def status() -> dict[str, Any]:
    return table().status()


@bp.get("/games")
def game_list() -> dict[str, Any]:
    return {"games": games()}


@bp.get("/state")
def state() -> dict[str, Any]:
    return state_for(table(), seat_of(header_token()), services().sticks)


@bp.post("/lobby")
def lobby() -> dict[str, Any]:
    """Open a new game (idle or over only); the opener takes seat 1 and is host."""
    body = read_json(
        required={"game": str, "players": int, "name": str}, optional={"options": dict}
    )
    options = body.get("options", {})
    check_setup(body["game"], body["players"], options)
    ticket = table().open_lobby(body["game"], body["players"], options, host_name=body["name"])
    assert ticket is not None
    seat, token = ticket
    return {"seat": seat, "token": token}


@bp.post("/join")
def join() -> dict[str, Any]:
    body = read_json(required={"code": str, "name": str}, optional={"seat": int})
    code = body["code"].strip()
    if not ROOM_CODE.fullmatch(code):
        raise ApiError(400, "a room code is 4 letters")
    seat, token = table().join(code, body["name"], body.get("seat"))
    return {"seat": seat, "token": token}


@bp.post("/action")
def action() -> dict[str, Any]:
    seat = require_seat()
    body = read_json(required={"action": dict})
    if body["action"].get("type") in table_actions(table()):
        # Not 403: that tells a page its seat is gone.
        raise ApiError(422, "the whole table must agree to that: the host does it from /host")
    return {"events": table().act(seat, body["action"])}
