"""Secret colours for a game on a real board, on phones: claim your seat, hold to look.

Registered with the score sheets. Anyone may see the current round's public
shape (players, names, who has claimed a seat, and the colours once revealed).
A phone claims a seat once and gets a token; only that token reads the seat's
colour, from /api/colours/mine, which is never cached. The rounds raise
ValueError for a bad request (a 400, as for the score sheets: webui.sheets) and
NotYourSeat for a token that holds no seat of the round (403).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request

from device.companion.colours import ColourRounds, NotYourSeat
from webui.auth import header_token
from webui.errors import ApiError
from webui.payload import list_of, read_json
from webui.services import services
from webui.sheets import refuse_value_errors

bp = Blueprint("colours", __name__)
refuse_value_errors(bp)


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
def start() -> dict[str, Any]:
    body = read_json(required={"players": int}, optional={"names": list})
    names = body.get("names")
    if names is not None:
        list_of(names, str, "names")
    return rounds().start(body["players"], names).public()


@bp.post("/api/colours/claim")
def claim() -> dict[str, Any]:
    body = read_json(required={"round": int, "seat": int})
    token = rounds().claim(body["round"], body["seat"])
    return {"round": body["round"], "seat": body["seat"], "token": token}


@bp.get("/api/colours/mine")
def mine() -> Response:
    """This phone's own colour: the token it got when it claimed its seat."""
    raw = request.args.get("round", "")
    if not raw.isdecimal():
        raise ApiError(400, "say which round: ?round=<number>")
    try:
        found = rounds().seat_colour(int(raw), header_token())
    except NotYourSeat as err:
        raise ApiError(403, str(err)) from None
    response = jsonify(found)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/api/colours/reveal")
def reveal() -> dict[str, Any]:
    body = read_json(required={"round": int})
    return rounds().reveal(body["round"]).public()
