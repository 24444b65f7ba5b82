"""Companion mode: the Céna score sheet for a game played with real cards.

Registered only when the app has score sheets. The sheet checks every entry and
raises ValueError with a message for people; that becomes a 400.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from webui.errors import ApiError
from webui.payload import describe, is_kind, list_of, read_json
from webui.protocols import CenaSheetLike
from webui.services import services
from webui.sheets import sheet_page

bp = Blueprint("companion_cena", __name__)

# Each alliance's entry: the cards it won, or a count plus the penalty cards among them.
ALLIANCE_FIELDS: dict[str, type] = {"cards": list, "count": int, "penalty_cards": list}


def sheet() -> CenaSheetLike:
    sheets = services().sheets
    assert sheets is not None  # the blueprint is only registered with sheets
    return sheets.get("cena")


@bp.get("/companion/cena")
def page() -> str:
    return sheet_page("cena")


@bp.get("/api/companion/cena")
def cena_state() -> dict[str, Any]:
    return sheet().state()


@bp.post("/api/companion/cena/setup")
def cena_setup() -> dict[str, Any]:
    body = read_json(required={"players": int, "names": list}, optional={"objectives": list})
    names = list_of(body["names"], str, "names")
    objectives = body.get("objectives")
    if objectives is not None:
        list_of(objectives, dict, "objectives")
    try:
        return sheet().setup(body["players"], names, objectives)
    except ValueError as err:
        raise ApiError(400, str(err)) from None


@bp.post("/api/companion/cena/deal")
def cena_deal() -> dict[str, Any]:
    body = read_json(
        required={"deal": int, "alliances": list}, optional={"objective": (dict, type(None))}
    )
    alliances = list_of(body["alliances"], dict, "alliances")
    for alliance in alliances:
        check_alliance(alliance)
    try:
        return sheet().record_deal(body["deal"], body.get("objective"), alliances)
    except ValueError as err:
        raise ApiError(400, str(err)) from None


def check_alliance(alliance: dict[str, Any]) -> None:
    """The shape of one alliance's entry; whether it adds up is the sheet's to judge."""
    unknown = sorted(set(alliance) - set(ALLIANCE_FIELDS))
    if unknown:
        raise ApiError(400, f"unknown alliance field(s): {', '.join(unknown)}")
    for key, value in alliance.items():
        kind = ALLIANCE_FIELDS[key]
        if not is_kind(value, kind):
            raise ApiError(400, f"an alliance's {key} must be {describe(kind)}")
        if kind is list:
            list_of(value, str, key)
