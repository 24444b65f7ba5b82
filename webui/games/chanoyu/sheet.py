"""Companion mode: the Chanoyu score sheet for a game played with real cards.

Registered only when the app has score sheets. The request's shape is checked
here (400 before the sheet is touched); whether the tableaux follow the rules is
the sheet's to judge, and its ValueError becomes a 400 with its message.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from webui.errors import ApiError
from webui.payload import list_of, read_json
from webui.protocols import ChanoyuSheetLike
from webui.services import services
from webui.sheets import sheet_page

bp = Blueprint("companion_chanoyu", __name__)


def sheet() -> ChanoyuSheetLike:
    sheets = services().sheets
    assert sheets is not None  # the blueprint is only registered with sheets
    return sheets.get("chanoyu")


@bp.get("/companion/chanoyu")
def page() -> str:
    return sheet_page("chanoyu")


@bp.get("/api/companion/chanoyu")
def chanoyu_state() -> dict[str, Any]:
    return sheet().state()


@bp.post("/api/companion/chanoyu/setup")
def chanoyu_setup() -> dict[str, Any]:
    body = read_json(
        required={"players": int, "names": list}, optional={"host": int, "scoring": str}
    )
    names = list_of(body["names"], str, "names")
    extra = {key: body[key] for key in ("host", "scoring") if key in body}
    try:
        return sheet().setup(body["players"], names, **extra)
    except ValueError as err:
        raise ApiError(400, str(err)) from None


@bp.post("/api/companion/chanoyu/round")
def chanoyu_round() -> dict[str, Any]:
    body = read_json(required={"round": int, "tableaux": list})
    for row in list_of(body["tableaux"], list, "tableaux"):
        list_of(row, dict, "each tableau")
    try:
        return sheet().record_round(body["round"], body["tableaux"])
    except ValueError as err:
        raise ApiError(400, str(err)) from None
