"""What every game's score-sheet routes share (each game's own are webui/games/<name>/sheet.py).

`sheet_blueprint(game)` gives a game's sheet its page (/companion/<game>) and its
state (GET /api/companion/<game>); the game adds the routes that write. A sheet
checks every entry and raises SheetError (a ValueError with an English template,
a code and params): a blueprint made here (or given `refuse_value_errors`) answers
it with a 400 and the reason in the reader's language, so a route only checks its
request's shape and calls the sheet. A ValueError without a template (an engine's
own check) keeps its English words, with the code "bad_request".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, render_template

from device.companion.sheet import Refusal
from webui import games
from webui.errors import error_response
from webui.i18n import translated
from webui.payload import NOTHING, Kind, list_of, read_json
from webui.services import services


def sheet_blueprint(game: str) -> Blueprint:
    """The blueprint of one game's sheet, with its page and its state; the game adds
    the routes that write, under /api/companion/<game>/."""
    bp = Blueprint(f"companion_{game}", __name__)
    bp.add_url_rule(f"/companion/{game}", "page", lambda: sheet_page(game))
    bp.add_url_rule(f"/api/companion/{game}", "state", lambda: game_sheet(game).state())
    bp.add_url_rule(
        f"/api/companion/{game}/rename", "rename", lambda: rename(game), methods=["POST"]
    )
    refuse_value_errors(bp)
    return bp


def rename(game: str) -> dict[str, Any]:
    """Name a seat of the sheet in use ({"seat": 0-based, "name"}): a sheet set up on
    the box's buttons starts with every seat unnamed."""
    body = read_json(required={"seat": int, "name": str})
    return game_sheet(game).rename(body["seat"], body["name"])


def refuse_value_errors(bp: Blueprint) -> None:
    """A ValueError raised in one of this blueprint's routes is a 400 with its message."""
    bp.register_error_handler(ValueError, bad_request)


def bad_request(err: ValueError) -> tuple[Response, int]:
    if isinstance(err, Refusal):
        return refused(400, err)
    return error_response(400, str(err))


def refused(status: int, err: Refusal) -> tuple[Response, int]:
    """A sheet's (or a round of colours') refusal, worded for its reader, its code beside."""
    return error_response(status, translated(err.template, err.params), err.code, err.params)


def game_sheet(game: str) -> Any:
    """One game's sheet (a sheet's blueprint is only registered with sheets)."""
    sheets = services().sheets
    assert sheets is not None
    return sheets.get(game)


def read_setup(optional: Mapping[str, Kind] = NOTHING) -> dict[str, Any]:
    """A setup request: "players", "names" (each text) and the game's own fields."""
    body = read_json(required={"players": int, "names": list}, optional=optional)
    list_of(body["names"], str, "names")
    return body


def sheet_page(game: str) -> str:
    """The score sheet's page: a shell whose script is the game's own sheet.js."""
    declared = games.registered()[game]
    return render_template(
        "sheet.html",
        game=game,
        title=declared.sheet_title,
        intro=declared.sheet_intro,
        script=f"games/{game}/sheet.js",
    )
