"""Companion mode: the Chanoyu score sheet for a game played with real cards.

Registered only when the app has score sheets. The request's shape is checked
here (400 before the sheet is touched); whether the tableaux follow the rules is
the sheet's to judge, and its ValueError is a 400 with its message (webui.sheets).
"""

from __future__ import annotations

from typing import Any

from device.games.chanoyu.sheet import ChanoyuSheet
from webui.payload import list_of, read_json
from webui.sheets import game_sheet, read_setup, sheet_blueprint

bp = sheet_blueprint("chanoyu")


def sheet() -> ChanoyuSheet:
    return game_sheet("chanoyu")


@bp.post("/api/companion/chanoyu/setup")
def chanoyu_setup() -> dict[str, Any]:
    body = read_setup(optional={"host": int, "scoring": str})
    extra = {key: body[key] for key in ("host", "scoring") if key in body}
    return sheet().setup(body["players"], body["names"], **extra)


@bp.post("/api/companion/chanoyu/round")
def chanoyu_round() -> dict[str, Any]:
    body = read_json(required={"round": int, "tableaux": list})
    for row in list_of(body["tableaux"], list, "tableaux"):
        list_of(row, dict, "each tableau")
    return sheet().record_round(body["round"], body["tableaux"])
