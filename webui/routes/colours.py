"""Secret colours for a game on a real board, on phones: claim your seat, hold to look.

Registered with the score sheets. Anyone may see the current round's public
shape (players, names, who has claimed a seat, and the colours once revealed).

- Drawing a round (/api/colours/start) answers the drawing phone, and it alone,
  with the round's code and its owner token ("owner": {"token", "code"}).
- Claiming a seat (/api/colours/claim) needs that code ("code"); a wrong or
  missing one is a 403. A phone claims a seat once and gets a token; only that
  token reads the seat's colour, from /api/colours/mine, which is never cached.
- Revealing (/api/colours/reveal) needs the owner token in the token header (for
  a round of an older release: a token holding one of its seats); the box reveals
  from its own buttons.

The rounds raise ValueError for a bad request (a 400, as for the score sheets:
webui.sheets), NotYourSeat for a token that holds no seat of the round and
NotAllowed (a wrong code, not the owner) for the rest: both 403s.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request

from device.companion.colours import ColourRounds, NotAllowed, NotYourSeat, WrongCode
from webui import limits
from webui.auth import header_token
from webui.errors import ApiError
from webui.payload import list_of, read_json
from webui.services import services
from webui.sheets import refuse_value_errors, refused

bp = Blueprint("colours", __name__)
refuse_value_errors(bp)


@bp.errorhandler(NotAllowed)
def not_allowed(err: NotAllowed) -> tuple[Response, int]:
    return refused(403, err)  # worded for the reader, with its code


def rounds() -> ColourRounds:
    sheets = services().sheets
    assert sheets is not None  # the blueprint is only registered with sheets
    return sheets.colours()


@bp.get("/colours")
def page() -> str:
    return render_template("colours.html")


@bp.get("/api/colours")
def current() -> dict[str, Any]:
    """The latest round's public shape; {"round": null} before the first."""
    drawn = rounds().current()
    return drawn.public() if drawn is not None else {"round": None}


@bp.post("/api/colours/start")
def start() -> Response:
    """A new round; only this answer carries its code and owner token."""
    body = read_json(required={"players": int}, optional={"names": list})
    names = body.get("names")
    if names is not None:
        list_of(names, str, "names")
    drawn = rounds().start(body["players"], names, owned=True)
    response = jsonify({**drawn.public(), "owner": {"token": drawn.owner, "code": drawn.code}})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/api/colours/claim")
def claim() -> dict[str, Any]:
    """A seat for this phone, with the round's code: {"round", "seat", "code"}."""
    body = read_json(required={"round": int, "seat": int}, optional={"code": str})
    limits.check("room")  # refused while over the rate, right code or not: nothing learned
    try:
        token = rounds().claim(body["round"], body["seat"], body.get("code"))
    except WrongCode as err:
        limits.take("room")
        raise ApiError(403, str(err), "wrong_code") from None
    return {"round": body["round"], "seat": body["seat"], "token": token}


@bp.get("/api/colours/mine")
def mine() -> Response:
    """This phone's own colour: the token it got when it claimed its seat."""
    raw = request.args.get("round", "")
    if not raw.isdecimal():
        raise ApiError(400, "say which round: ?round=<number>", "invalid_field")
    try:
        found = rounds().seat_colour(int(raw), header_token())
    except NotYourSeat as err:
        raise ApiError(403, str(err)) from None
    response = jsonify(found)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/api/colours/reveal")
def reveal() -> dict[str, Any]:
    """Every colour, now: with the owner token in the token header."""
    body = read_json(required={"round": int})
    return rounds().reveal(body["round"], token=header_token()).public()
