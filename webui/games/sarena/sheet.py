"""Companion mode: the Sàrénà score sheet for a game played on a real board.

Registered only when the app has score sheets. Setting up draws the secret colours
(or takes the ones just drawn on the box); each phone then looks at its own on
/colours. The result is entered as the piles or as each player's counts; the sheet
scores it with the engine's functions and reveals the colours. Its ValueErrors
become 400s with their message.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from webui.errors import ApiError
from webui.payload import list_of, read_json
from webui.protocols import SarenaSheetLike
from webui.services import services
from webui.sheets import sheet_page

bp = Blueprint("companion_sarena", __name__)


def sheet() -> SarenaSheetLike:
    sheets = services().sheets
    assert sheets is not None  # the blueprint is only registered with sheets
    return sheets.get("sarena")


@bp.get("/companion/sarena")
def page() -> str:
    return sheet_page("sarena")


@bp.get("/api/companion/sarena")
def sarena_state() -> dict[str, Any]:
    return sheet().state()


@bp.post("/api/companion/sarena/setup")
def sarena_setup() -> dict[str, Any]:
    body = read_json(required={"players": int, "names": list}, optional={"use_drawn": bool})
    names = list_of(body["names"], str, "names")
    try:
        return sheet().setup(body["players"], names, body.get("use_drawn", False))
    except ValueError as err:
        raise ApiError(400, str(err)) from None


@bp.post("/api/companion/sarena/result")
def sarena_result() -> dict[str, Any]:
    """Either {"piles": [[chip, ...], ...]} or {"counts": [{"chips", "tiebreak"?}, ...]}."""
    body = read_json(optional={"piles": list, "counts": list})
    piles, counts = body.get("piles"), body.get("counts")
    if piles is not None:
        for pile in list_of(piles, list, "piles"):
            list_of(pile, str, "each pile")
    if counts is not None:
        list_of(counts, dict, "counts")
    try:
        return sheet().record_result(piles=piles, counts=counts)
    except ValueError as err:
        raise ApiError(400, str(err)) from None
