"""Companion mode: the Céna score sheet for a game played with real cards.

Registered only when the app has score sheets. The routes check a request's shape;
the sheet checks the rest, and its ValueError is a 400 (webui.sheets).
"""

from __future__ import annotations

from typing import Any

from device.games.cena.sheet import CenaSheet
from webui.errors import ApiError
from webui.payload import describe, is_kind, list_of, read_json
from webui.sheets import game_sheet, read_setup, sheet_blueprint

bp = sheet_blueprint("cena")

# Each alliance's entry: the cards it won, or a count plus the penalty cards among them
# (or their number).
ALLIANCE_FIELDS: dict[str, type] = {
    "cards": list,
    "count": int,
    "penalty_cards": list,
    "penalty_count": int,  # as the box's buttons enter it: how many, not which
}


def sheet() -> CenaSheet:
    return game_sheet("cena")


@bp.post("/api/companion/cena/setup")
def cena_setup() -> dict[str, Any]:
    body = read_setup(optional={"objectives": list})
    objectives = body.get("objectives")
    if objectives is not None:
        list_of(objectives, dict, "objectives")
    return sheet().setup(body["players"], body["names"], objectives)


@bp.post("/api/companion/cena/deal")
def cena_deal() -> dict[str, Any]:
    body = read_json(
        required={"deal": int, "alliances": list}, optional={"objective": (dict, type(None))}
    )
    alliances = list_of(body["alliances"], dict, "alliances")
    for alliance in alliances:
        check_alliance(alliance)
    return sheet().record_deal(body["deal"], body.get("objective"), alliances)


def check_alliance(alliance: dict[str, Any]) -> None:
    """The shape of one alliance's entry; whether it adds up is the sheet's to judge."""
    unknown = sorted(set(alliance) - set(ALLIANCE_FIELDS))
    if unknown:
        raise ApiError(
            400,
            "unknown alliance field(s): {fields}",
            "invalid_field",
            params={"fields": ", ".join(unknown)},
        )
    for key, value in alliance.items():
        kind = ALLIANCE_FIELDS[key]
        if not is_kind(value, kind):
            raise ApiError(
                400,
                "an alliance's {field} must be {kind}",
                "invalid_field",
                params={"field": key, "kind": describe(kind)},
            )
        if kind is list:
            list_of(value, str, key)
