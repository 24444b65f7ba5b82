"""Replays of games that are over: the page, its summary and each step's state.

    /history/<id>/replay                      the page (webui/static/js/pages/replay.js)
    /api/replay/<id>                          the game, its sealed deal revealed and verified
    /api/replay/<id>/<step>?audience=A        the state after `step` moves, as A sees it:
                                              "public", a seat's number or "all"

<id> is the journal's game id (the history's list links here). A game still in its
lobby or in play is refused whole (409, code "game_in_progress"): not its seed, not
its moves, not even how many there are. A step's state has the shape of /api/state
(the engine's view, "table", "you", "legal"), so each game's own `board` draws it
as on the table page, plus "replay": which step, who moved, the public events.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

import engines
from device.companion.sheet import default_name
from device.history import replay
from device.journal import GameRecord
from webui.errors import ApiError
from webui.services import table

bp = Blueprint("replay", __name__)


@bp.get("/history/<int:game_id>/replay")
def page(game_id: int) -> str:
    return render_template("replay.html", game_id=game_id)


@bp.get("/api/replay/<int:game_id>")
def summary(game_id: int) -> dict[str, Any]:
    record = _record(game_id)
    return {
        "id": record.id,
        "game": record.engine,
        "title": engines.info(record.engine)["title"],
        "players": record.players,
        "seats": _seats(record),
        "status": record.status,
        "steps": len(record.actions),
        "audiences": replay.audiences(record),
        "open_hands": replay.open_hands(record),
        "seal": replay.revealed(record),
        "verification": replay.verify(record).data(),
    }


@bp.get("/api/replay/<int:game_id>/<int:step>")
def step_state(game_id: int, step: int) -> dict[str, Any]:
    record = _record(game_id)
    audience = _audience(request.args.get("audience", replay.PUBLIC))
    try:
        replay.check_audience(record, audience)
        game, events = replay.game_at(record, step)
    except replay.ReplayRefused as err:
        raise ApiError(err.status, err.template, err.code, params=err.params) from None
    mover = record.actions[step - 1][0] if step else None
    moved = {
        "step": step,
        "steps": len(record.actions),
        "audience": audience,
        "seat": mover,
        "events": events,  # public by the engine contract
    }
    if audience == replay.ALL:
        state = _state(record, game.view(None), None)
        state["seat_views"] = [
            _state(record, game.view(seat), seat) for seat in range(record.players)
        ]
    else:
        seat = audience if isinstance(audience, int) else None
        state = _state(record, replay.view_for(game, audience), seat)
    state["replay"] = moved
    return state


def _record(game_id: int) -> GameRecord:
    try:
        return replay.load(table().journal, game_id)
    except replay.ReplayRefused as err:
        raise ApiError(err.status, err.template, err.code, params=err.params) from None


def _audience(text: str) -> str | int:
    if text in (replay.PUBLIC, replay.ALL):
        return text
    # ASCII digits only: "²" is a digit to str.isdigit() but not to int(), "１" is
    # a digit to both; a seat's number is written 0-9.
    if text.isascii() and text.isdecimal() and len(text) < 3:
        return int(text)
    raise ApiError(400, 'audience is "public", "all" or a seat number', "invalid_field")


def _seats(record: GameRecord) -> list[dict[str, Any]]:
    names = {seat.seat: seat.name for seat in record.seats}
    return [
        {"seat": seat, "name": names.get(seat) or default_name(seat), "taken": True}
        for seat in range(record.players)
    ]


def _state(record: GameRecord, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A step's view in the shape of /api/state, so a game's board draws it unchanged:
    a table that is neither waiting nor asking anything, with nobody to move."""
    secret = engines.secret_options(record.engine)
    return {
        **view,
        "table": {
            "phase": "replay",
            "game": record.engine,
            "title": engines.info(record.engine)["title"],
            "players": record.players,
            "options": {k: v for k, v in record.options.items() if k not in secret},
            "room": None,
            "seats": _seats(record),
            "host": None,
            "release": None,
            "notices": [],
            "problem": None,
            "interlude": None,
            "take_back": None,
            "trick_pause": 0,
            "fingerprint": None,
            "version": 0,
        },
        "you": {"seat": seat, "host": False},
        "legal": [],
        "end_early": False,
        "sticks": None,
    }
