"""The score sheet the box shows, for the TV page (/table) and the OLED's QR.

Registered with the score sheets. `GET /api/scoreboard` answers the sheet on show
(device/companion/scoreboard.py) as its scoreboard: the game, each seat's name (null:
unnamed, shown as "Seat N"), totals, ranks, notes, what comes next, the winners, its
words as templates the page says in its reader's language; `{"game": null}` while
none is shown or a digital game is in its lobby or played (the TV shows that game).
A sheet's state is public (no secret colour before the reveal), so this is too.
`/S/<GAME>` is the short link the OLED's QR encodes (upper case: a smaller QR).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, redirect

from device.companion.scoring import board_json, words
from device.games import title
from webui.errors import ApiError
from webui.services import services

bp = Blueprint("scoreboard", __name__)


@bp.get("/api/scoreboard")
def scoreboard() -> dict[str, Any]:
    found = services().scoreboard
    assert found is not None  # the blueprint is only registered with one
    if services().table.status()["phase"] not in ("idle", "over"):
        return {"game": None}
    shown = found.shown()
    if shown is None:
        return {"game": None}
    return {
        "game": shown.game,
        "title": words(title(shown.game)),
        "names": shown.names,
        "page": f"/companion/{shown.game}",
        "version": shown.version,
        **board_json(shown.board),
    }


@bp.get("/S/<game>")
@bp.get("/s/<game>")
def sheet_link(game: str) -> Response:
    """The OLED's QR: the sheet page of this game."""
    name = game.lower()
    sheets = services().sheets
    if sheets is None or name not in sheets.names():
        raise ApiError(404, "no such score sheet", "not_found")
    return redirect(f"/companion/{name}")  # type: ignore[return-value]
