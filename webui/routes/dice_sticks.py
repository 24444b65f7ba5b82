"""The dice-stick roller on the web: the fairness page, its data, and throwing.

Registered only when the app has a roller (the real box always has one). Anyone
at the table may throw, as with real sticks: a phone holding a seat throws in
its player's name, the table page, this page and score sheets as themselves.
Every phone and the table page see the latest throw in their state payload.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from device.sticks import StickRoller
from webui import limits
from webui.auth import header_token, seat_of
from webui.errors import ApiError
from webui.payload import read_json
from webui.services import services, table

bp = Blueprint("dice_sticks", __name__)

# Who throws, when it is not a seated phone: the page or sheet it came from.
THROWERS = {
    "sticks": "Sticks page",
    "table": "Table page",
    "sheet": "Score sheet",
}


def roller() -> StickRoller:
    found = services().sticks
    assert found is not None  # the blueprint is only registered with a roller
    return found


@bp.get("/sticks")
def page() -> str:
    return render_template("sticks.html")


@bp.get("/api/sticks")
def history() -> dict[str, Any]:
    return roller().history()


@bp.post("/api/sticks/throw")
def throw() -> dict[str, Any]:
    body = read_json(optional={"from": str})
    seat = seat_of(header_token())  # 403 for a token that no longer holds a seat
    if seat is not None:
        by = table().status()["seats"][seat]["name"]
    else:
        source = body.get("from", "sticks")
        if source not in THROWERS:
            raise ApiError(
                400,
                "from must be one of {choices}",
                "invalid_field",
                params={"choices": ", ".join(THROWERS)},
            )
        by = THROWERS[source]
    limits.take("throw")
    return {"throw": roller().throw(by)}
