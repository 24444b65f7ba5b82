"""The HTML pages. Each is a thin shell: its ES module fetches /api data and
listens to /api/stream, so a page never carries a token or a hand itself."""

from __future__ import annotations

import io
import re

import qrcode
from flask import Blueprint, Response, abort, render_template, request

from device.i18n import catalogs
from webui import i18n
from webui.services import services

bp = Blueprint("pages", __name__)


@bp.get("/")
def index() -> str:
    return render_template("index.html")


@bp.get("/j/<code>")
@bp.get("/J/<code>")
def join(code: str) -> str:
    """What the box's QR code opens: the join page with the room code filled in
    (its first 4 ASCII letters; anything else in the path is dropped)."""
    return render_template("join.html", code=re.sub(r"[^A-Za-z]", "", code)[:4].upper())


@bp.get("/i18n/<lang>.json")
def script_catalog(lang: str) -> Response:
    """The page scripts' words in `lang` (webui/static/js/i18n.js), from the box's
    compiled catalogs (device/i18n/catalogs.py); an unknown language is a 404."""
    if i18n.valid(lang) is None:
        abort(404)
    return Response(catalogs.script_entries(lang), mimetype="application/json")


@bp.get("/seat")
def seat() -> str:
    # Only the game at the table: a phone loads no other game's scripts and styles
    # (js/games.js loads another if the table moves on to it).
    game = services().table.status()["game"]
    return render_template("seat.html", game_names=[game] if game else [])


@bp.get("/table")
def table() -> str:
    # The TV speaks the table's language, unless it picked one itself (its switch).
    i18n.page_default(services().table.status()["language"])
    box = services().box
    return render_template(
        "table.html",
        box_name=box.box_name if box is not None else None,
        follows_table=i18n.chosen() is None,  # it switches when the table's language does
    )


@bp.get("/host")
def host() -> str:
    return render_template("host.html", table_language=services().table.status()["language"])


@bp.get("/join-qr.png")
def join_qr() -> Response:
    """A QR code of the join link of the open room, for the table page."""
    room = services().table.status()["room"]
    if room is None:
        abort(404)
    response = Response(qr_png(join_url(room)), mimetype="image/png")
    response.headers["Cache-Control"] = "no-store"
    return response


def join_url(room: str) -> str:
    """The box's own join URL, or this server as the browser reached it.

    Upper case, so the QR code can use its compact alphanumeric mode.
    """
    box = services().box
    if box is not None:
        return box.join_url
    return f"{request.url_root}J/{room}".upper()


def qr_png(text: str) -> bytes:
    image = qrcode.make(text, box_size=8, border=2)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
