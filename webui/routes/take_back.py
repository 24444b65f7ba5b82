"""Take-backs from the phones: ask, answer, answer for a seat (the host), withdraw.

The rules (who may ask, who must agree, never across a barrier) are the table's
(device/table/takeback.py); these routes only check who is calling and the body's shape.
A refusal is the table's TableError: 409 with a player's sentence and a stable code
("take_backs_off", "take_back_not_yours", "take_back_<barrier>" ...). The state
(`table.take_back` in /api/state and the stream) says who may ask and what is pending.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from device.table.takeback import MAX_STEPS
from webui.auth import require_host, require_seat
from webui.payload import read_json, whole_between
from webui.services import table

bp = Blueprint("take_back", __name__, url_prefix="/api/take-back")


@bp.post("/ask")
def ask() -> dict[str, Any]:
    """The seat asks to take back its move `steps` actions back (1: its last, the
    table's last), and everything after it; "asked", or "taken_back" when free."""
    seat = require_seat()
    body = read_json(optional={"steps": int})
    steps = whole_between(body.get("steps", 1), 1, MAX_STEPS, "steps")
    return {"ok": True, "outcome": table().request_take_back(seat, steps)}


@bp.post("/answer")
def answer() -> dict[str, Any]:
    """The seat agrees ("agreed", or "taken_back" when it was the last consent) or
    refuses ("refused": one refusal ends the request)."""
    seat = require_seat()
    body = read_json(required={"allow": bool})
    return {"ok": True, "outcome": table().answer_take_back(seat, body["allow"])}


@bp.post("/answer-for")
def answer_for() -> dict[str, Any]:
    """The host answers for a seat nobody holds, or whose phone stayed silent."""
    host = require_host()
    body = read_json(required={"seat": int, "allow": bool})
    seat = whole_between(body["seat"], 0, max(table().status()["players"] - 1, 0), "seat")
    return {"ok": True, "outcome": table().answer_take_back(host, body["allow"], for_seat=seat)}


@bp.post("/withdraw")
def withdraw() -> dict[str, Any]:
    """The asker changes their mind."""
    seat = require_seat()
    read_json()
    return {"ok": True, "outcome": table().withdraw_take_back(seat)}
