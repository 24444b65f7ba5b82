"""Companion mode: the Lauzait Cep bank and score sheet for a game with real pieces.

Registered only when the app has score sheets. The routes check the shape of a
request (400 before the sheet is touched); the sheet judges the rest and raises
ValueError with a message for people, which is a 400 too (webui.sheets).

A department or a declaration's department is a list of three entries: a piece
playing itself ("G4") or a wild and its role ({"piece": "J", "as": "G4"}), the
form engines.lauzait.formation_points takes.
"""

from __future__ import annotations

from typing import Any

from device.games.lauzait.sheet import LauzaitSheet
from webui.errors import ApiError
from webui.payload import Kind, list_of, read_json
from webui.sheets import game_sheet, read_setup, sheet_blueprint

bp = sheet_blueprint("lauzait")

PATH = "/api/companion/lauzait"


def sheet() -> LauzaitSheet:
    return game_sheet("lauzait")


@bp.post(f"{PATH}/setup")
def lauzait_setup() -> dict[str, Any]:
    body = read_setup(optional={"layered_bridges": int})
    return sheet().setup(body["players"], body["names"], body.get("layered_bridges", 2))


@bp.post(f"{PATH}/form")
def lauzait_form() -> dict[str, Any]:
    body = read_json(required={"seat": int, "pieces": list}, optional={"roles": list})
    pieces = list_of(body["pieces"], str, "pieces")
    roles = list_of(body["roles"], str, "roles") if "roles" in body else None
    return sheet().form(body["seat"], pieces, roles)


@bp.post(f"{PATH}/dissolve")
def lauzait_dissolve() -> dict[str, Any]:
    body = read_json(required={"seat": int, "department": int})
    return sheet().dissolve(body["seat"], body["department"])


DECLARATION_FIELDS: dict[str, Kind] = {
    "stalemate": bool,
    "luminous": (str, type(None)),
    "hand": (list, type(None)),
}


@bp.post(f"{PATH}/declare")
def lauzait_declare() -> dict[str, Any]:
    body = read_json(
        required={"seat": int, "departments": list},
        optional={**DECLARATION_FIELDS, "season": int},
    )
    departments = government(body["departments"])
    return sheet().declare(
        body["seat"],
        departments,
        stalemate=body.get("stalemate", False),
        luminous=body.get("luminous"),
        hand=hand(body.get("hand")),
        season=body.get("season"),
    )


@bp.post(f"{PATH}/calculate")
def lauzait_calculate() -> dict[str, Any]:
    """The declaration calculator: nothing is written."""
    body = read_json(
        required={"departments": list}, optional={**DECLARATION_FIELDS, "layered_bridges": int}
    )
    departments = government(body["departments"])
    return sheet().calculate(
        departments,
        stalemate=body.get("stalemate", False),
        luminous=body.get("luminous"),
        hand=hand(body.get("hand")),
        layered_bridges=body.get("layered_bridges", 2),
    )


@bp.post(f"{PATH}/season")
def lauzait_season() -> dict[str, Any]:
    body = read_json(required={"start_player": int, "direction": str})
    return sheet().set_season(body["start_player"], body["direction"])


@bp.post(f"{PATH}/finish")
def lauzait_finish() -> dict[str, Any]:
    read_json()
    return sheet().finish()


@bp.post(f"{PATH}/void")
def lauzait_void() -> dict[str, Any]:
    body = read_json(required={"entry": int})
    return sheet().void(body["entry"])


def government(value: list[Any]) -> list[list[Any]]:
    """Departments as lists of three entries: a code, or {"piece": "J", "as": code}."""
    for department in value:
        if not isinstance(department, list) or not all(map(is_entry, department)):
            raise ApiError(400, 'a department lists codes or {"piece": "J", "as": code}')
    return value


def is_entry(entry: Any) -> bool:
    if isinstance(entry, str):
        return True
    return (
        isinstance(entry, dict)
        and set(entry) == {"piece", "as"}
        and all(isinstance(v, str) for v in entry.values())
    )


def hand(value: list[Any] | None) -> list[str] | None:
    return None if value is None else list_of(value, str, "hand")
