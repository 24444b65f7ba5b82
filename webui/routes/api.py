"""The game API for players: status, state, opening a lobby, joining, acting."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, request

from device.games import title
from device.table.takeback import DEFAULT_MODE, MODES
from webui import limits
from webui.auth import header_token, require_seat, seat_of
from webui.errors import ApiError
from webui.game_setup import check_setup, games
from webui.payload import one_of, read_json
from webui.services import services, table
from webui.state import state_for, table_actions

bp = Blueprint("api", __name__, url_prefix="/api")

ROOM_CODE = re.compile(r"[A-Za-z]{4}")
# A phone's own id for one move, or for opening one game (a secret only it knows).
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


@bp.get("/status")
def status() -> dict[str, Any]:
    return table().status()


@bp.get("/games")
def game_list() -> dict[str, Any]:
    return {"games": games()}


@bp.get("/state")
def state() -> dict[str, Any]:
    """The caller's view; ?compact=1: with its choices described compactly, as a phone
    draws them (webui/choices.py)."""
    compact = request.args.get("compact") == "1"
    return state_for(table(), seat_of(header_token()), services().sticks, compact=compact)


@bp.post("/lobby")
def lobby() -> dict[str, Any]:
    """Open a new game (idle or over only); the opener takes seat 1 and is host."""
    body = read_json(
        required={"game": str, "players": int, "name": str},
        optional={
            "options": dict,
            "opener": str,
            "take_backs": str,
            "open_hands": bool,
            "over_sheet": bool,
        },
    )
    options = body.get("options", {})
    take_backs = one_of(body.get("take_backs", DEFAULT_MODE), MODES, "take_backs")
    check_setup(body["game"], body["players"], options)
    # "opener": the phone's key for this opening; the same key again while the game
    # is open (the first answer was lost) returns the same host seat and token.
    opener = body.get("opener")
    if opener is not None and not REQUEST_ID.fullmatch(opener):
        raise ApiError(400, "opener must be 8 to 64 letters, digits, - or _", "invalid_field")
    board = services().scoreboard
    unfinished = board.unfinished() if board is not None else None
    if unfinished is not None and not body.get("over_sheet"):
        # A digital game hides the score sheet on the box and the TV: ask first (the
        # phone asks its player and sends over_sheet), as the box's menu does.
        raise ApiError(
            409,
            "the {game} score sheet is not finished: open a game anyway?",
            "sheet_unfinished",
            params={"game": title(unfinished.game)},
        )
    limits.take("lobby")
    ticket = table().open_lobby(
        body["game"],
        body["players"],
        options,
        host_name=body["name"],
        opener=opener,
        take_backs=take_backs,
        open_hands=body.get("open_hands"),  # every hand open in its replay (on if absent)
    )
    assert ticket is not None
    seat, token = ticket
    return {"seat": seat, "token": token}


@bp.post("/join")
def join() -> dict[str, Any]:
    body = read_json(required={"code": str, "name": str}, optional={"seat": int})
    code = body["code"].strip()
    if not ROOM_CODE.fullmatch(code):
        raise ApiError(400, "a room code is 4 letters", "invalid_field")
    # Refused while over the rate whether the code is right or not: a guesser
    # learns nothing from a 429.
    limits.check("room")
    limits.take("join")
    if not table().check_room(code):
        limits.take("room")
    seat, token = table().join(code, body["name"], body.get("seat"))
    return {"seat": seat, "token": token}


@bp.post("/action")
def action() -> dict[str, Any]:
    """One move. An optional "request" id (the phone's own, fresh per move) makes a
    retry safe: a move already applied answers its events again, once applied.
    ?compact=1: the answer also carries the mover's compact view after the move (as
    GET /api/state?compact=1 would give it), so a phone draws its move without asking
    again (issue 28: a cheap phone's own move)."""
    seat = require_seat()
    compact = request.args.get("compact") == "1"
    body = read_json(required={"action": dict}, optional={"request": str})
    request_id = body.get("request")
    if request_id is not None and not REQUEST_ID.fullmatch(request_id):
        raise ApiError(400, "request must be 8 to 64 letters, digits, - or _", "invalid_field")
    kind = body["action"].get("type")
    if isinstance(kind, str) and kind in table_actions(table()):
        # Not 403: that tells a page its seat is gone.
        raise ApiError(
            422, "the whole table must agree to that: the host does it from /host", "table_action"
        )
    events = table().act(seat, body["action"], request=request_id)
    if not compact:
        return {"events": events}
    return {"events": events, "state": state_for(table(), seat, services().sticks, compact=True)}
