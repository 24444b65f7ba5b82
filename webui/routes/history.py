"""History, players' standings, exports, the journal's backup and the host's deletions.

    /history                              the page (webui/static/js/pages/history.js)
    /api/history                          every ended game, newest first
    /api/history/<id>                     one ended game
    /api/history/stats                    players: per game plays, wins, scores; head to head
    /api/history/export.csv|json          all history as a file
    /api/history/<id>/export.csv|json     one game as a file
    /api/host/backup                      host: the whole journal, as an SQLite file
    /api/host/history/delete-game         host: {"game": id, "confirm": true}
    /api/host/history/delete-player       host: {"name": name, "confirm": true}

<id> is a digital game's journal id ("12") or a score sheet's ("sheet-345"). History
knows only games that have ended (device/history/core.py): a game in progress is not in
any answer here, and asking for it by id is a 404 like any unknown id. The backup
is refused while a game is played or secret colours are still hidden, since the
journal holds the deal's seed and the colours (device/history/backup.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, Response, current_app, render_template

from device.companion.colours import ColourRounds
from device.history.backup import download
from device.history.core import History, PastGame
from device.history.exports import to_csv, to_json
from device.history.retention import RetentionError, delete_game, delete_player
from device.history.stats import standings
from webui.auth import require_host
from webui.errors import ApiError
from webui.payload import read_json
from webui.services import services, table

bp = Blueprint("history", __name__)
T = TypeVar("T")

EXTENSION = "tablemate.history"
TYPES = {"csv": "text/csv; charset=utf-8", "json": "application/json; charset=utf-8"}


def history() -> History:
    """The app's History (one per app: it keeps each replayed game's scores)."""
    found = current_app.extensions.get(EXTENSION)
    if found is None:
        found = current_app.extensions.setdefault(EXTENSION, History(table().journal))
    assert isinstance(found, History)
    return found


@bp.get("/history")
def page() -> str:
    return render_template("history.html")


@bp.get("/api/history")
def listing() -> dict[str, Any]:
    return {"games": [game.public() for game in history().games()]}


@bp.get("/api/history/stats")
def stats() -> dict[str, Any]:
    return standings(history().games())


@bp.get("/api/history/<ref>")
def one(ref: str) -> dict[str, Any]:
    return {"game": _game(ref).public()}


@bp.get("/api/history/export.<kind>")
def export_all(kind: str) -> Response:
    return _file(history().games(), kind, "tablemate-history")


@bp.get("/api/history/<ref>/export.<kind>")
def export_one(ref: str, kind: str) -> Response:
    found = _game(ref)
    return _file([found], kind, f"tablemate-{found.game}-{found.ref}")


@bp.get("/api/host/backup")
def backup() -> Response:
    require_host()
    if table().phase == "playing":
        raise ApiError(
            409,
            "the journal holds the deal of the game being played: back it up once it is over",
            "game_in_progress",
        )
    colours = _colours().current()
    if colours is not None and not colours.revealed:
        raise ApiError(
            409,
            "secret colours are still hidden: reveal them (on the box or the phone that"
            " drew them) before a backup, which would hold them",
            "colours_hidden",
        )
    stamp = time.strftime("%Y%m%d-%H%M")
    return Response(
        download(table().journal),
        mimetype="application/vnd.sqlite3",
        headers={
            "Content-Disposition": f'attachment; filename="tablemate-journal-{stamp}.sqlite3"',
            "Cache-Control": "no-store",
        },
    )


@bp.post("/api/host/history/delete-game")
def delete_one_game() -> dict[str, Any]:
    require_host()
    body = read_json(required={"game": str, "confirm": bool})
    _confirmed(body)
    _retention(lambda: delete_game(table().journal, history(), body["game"]))
    table().touch()  # open history pages reload their list
    return {"ok": True}


@bp.post("/api/host/history/delete-player")
def delete_one_player() -> dict[str, Any]:
    require_host()
    body = read_json(required={"name": str, "confirm": bool})
    _confirmed(body)
    changed = _retention(lambda: delete_player(table().journal, history(), body["name"]))
    table().touch()
    return {"ok": True, "changed": changed}


def _game(ref: str) -> PastGame:
    found = history().game(ref)
    if found is None:
        raise ApiError(404, "there is no such game in history", "not_found")
    return found


def _file(games: list[PastGame], kind: str, name: str) -> Response:
    if kind not in TYPES:
        raise ApiError(404, "export as .csv or .json", "not_found")
    text = to_csv(games) if kind == "csv" else to_json(games)
    return Response(
        text,
        content_type=TYPES[kind],
        headers={
            "Content-Disposition": f'attachment; filename="{name}.{kind}"',
            "Cache-Control": "no-store",
        },
    )


def _confirmed(body: dict[str, Any]) -> None:
    if body["confirm"] is not True:
        raise ApiError(400, "deleting from history needs confirm: true", "invalid_field")


def _retention(run: Callable[[], T]) -> T:
    try:
        return run()
    except RetentionError as err:
        raise ApiError(err.status, err.template, err.code, params=err.params) from None


def _colours() -> ColourRounds:
    sheets = services().sheets
    if sheets is not None:
        found: ColourRounds = sheets.colours()
        return found
    return ColourRounds(table().journal, lambda: None)
