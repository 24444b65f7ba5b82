"""Companion mode: the Sàrénà score sheet for a game played on a real board.

Registered only when the app has score sheets. Setting up draws the secret colours
(or takes the ones just drawn, with their owner's token in "owner" or, for colours
drawn on the box, the code it shows in "code"); the answer carries, for the phone
that set it up alone, the sheet's owner token and the round's code. Each phone
then looks at its own colour on /colours. The result is entered as the piles or
as each player's counts; the sheet scores it with the engine's functions and
reveals the colours, so before the reveal it needs the sheet's owner token in the
token header. Its ValueErrors are 400s with their message (webui.sheets); a
refused owner is a 403.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from device.companion.colours import NotAllowed, WrongCode
from device.games.sarena.sheet import SarenaSheet
from webui import limits
from webui.auth import header_token
from webui.payload import list_of, read_json
from webui.sheets import game_sheet, read_setup, refused, sheet_blueprint

bp = sheet_blueprint("sarena")


@bp.errorhandler(NotAllowed)
def not_allowed(err: NotAllowed) -> tuple[Response, int]:
    return refused(403, err)


def sheet() -> SarenaSheet:
    return game_sheet("sarena")


@bp.post("/api/companion/sarena/setup")
def sarena_setup() -> Response | tuple[Response, int]:
    """The new sheet's state, with "owner" ({"token", "code"}) for this phone alone."""
    body = read_setup(optional={"use_drawn": bool, "owner": str, "code": str})
    if "code" in body:
        limits.check("room")  # refused while over the rate, right code or not
    try:
        state = sheet().setup(
            body["players"],
            body["names"],
            body.get("use_drawn", False),
            token=body.get("owner"),
            code=body.get("code"),
        )
    except WrongCode as err:
        limits.take("room")
        return refused(403, err)
    response = jsonify(state)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/api/companion/sarena/result")
def sarena_result() -> dict[str, Any]:
    """Either {"piles": [[chip, ...], ...]} or {"counts": [{"chips", "tiebreak"?}, ...]},
    with the sheet's owner token in the token header while the colours are secret."""
    body = read_json(optional={"piles": list, "counts": list})
    piles, counts = body.get("piles"), body.get("counts")
    if piles is not None:
        for pile in list_of(piles, list, "piles"):
            list_of(pile, str, "each pile")
    if counts is not None:
        list_of(counts, dict, "counts")
    return sheet().record_result(piles=piles, counts=counts, token=header_token())
