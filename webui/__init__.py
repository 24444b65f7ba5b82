"""The web app: phones join, hold their hand and play; a TV shows the table.

    app = create_app(table, box, sheets)   # served by waitress (device/app.py)

Routes live in webui/routes (one blueprint per audience), pages in
webui/templates, their scripts in webui/static/js; each game's own part (its
score sheet's routes, its scripts and styles) in webui/games/<name>/ and
webui/static/games/<name>/.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

import engines
from device.companion.scoreboard import Scoreboard
from device.sticks import StickRoller
from device.table import Table
from webui import assets, errors, games, guard, hosts, i18n, limits
from webui.live import HEARTBEAT_SECONDS, OpenStreams
from webui.protocols import BoxLike, SheetsLike
from webui.routes import (
    api,
    colours,
    dice_sticks,
    health,
    hints,
    history,
    host,
    interlude,
    pages,
    rematch,
    replay,
    rules,
    sim,
    stream,
    take_back,
)
from webui.routes import (
    scoreboard as scoreboard_routes,
)
from webui.services import EXTENSION, Services
from webui.state import SharedStates
from webui.utf8_json import Utf8JSONProvider

MAX_BODY_BYTES = 16 * 1024  # the largest real request (a score sheet deal) is ~1 KiB


def create_app(
    table: Table,
    box: BoxLike | None = None,
    sheets: SheetsLike | None = None,
    sticks: StickRoller | None = None,
    *,
    scoreboard: Scoreboard | None = None,
    testing: bool = False,
    heartbeat: float = HEARTBEAT_SECONDS,
    max_streams: int | None = None,
    known_hosts: hosts.KnownHosts | None = None,
) -> Flask:
    """The Flask app serving one table; the sim and companion routes exist only with
    a simulated box and with score sheets. `max_streams` live streams may be open at
    once (None: no limit); the web server needs a thread for each, and more.
    `known_hosts`: the names it answers to (default: localhost, the machine's name
    and every IP address; webui/hosts.py)."""
    app = Flask(__name__)
    app.json = Utf8JSONProvider(app)
    app.config.update(TESTING=testing, MAX_CONTENT_LENGTH=MAX_BODY_BYTES)
    services = Services(
        table=table,
        box=box,
        sheets=sheets,
        heartbeat=heartbeat,
        streams=OpenStreams(max_streams),
        states=SharedStates(table, sticks),
        sticks=sticks,
        scoreboard=scoreboard,
    )
    app.extensions[EXTENSION] = services

    assets.register(app)  # versioned, compressed scripts and styles (webui/assets.py)
    for blueprint in (pages.bp, api.bp, host.bp, interlude.bp, take_back.bp, stream.bp, health.bp):
        app.register_blueprint(blueprint)
    app.register_blueprint(replay.bp)  # replays of games that are over (device/history/replay.py)
    app.register_blueprint(history.bp)  # past games, standings, exports (device/history/core.py)
    app.register_blueprint(rematch.bp)  # the next game for the same seats (device/table/rematch.py)
    app.register_blueprint(rules.bp)  # each game's rules card and its fuller rules
    app.register_blueprint(hints.bp)  # "Suggest a move", when the table allows it
    if services.simulated:
        app.register_blueprint(sim.bp)
    if sheets is not None:
        for game in games.registered().values():
            app.register_blueprint(game.sheet)
        app.register_blueprint(colours.bp)
    if scoreboard is not None:
        app.register_blueprint(scoreboard_routes.bp)  # the sheet on show, for the TV
    if sticks is not None:
        app.register_blueprint(dice_sticks.bp)
    i18n.init_app(app)  # each reader's language (webui/i18n.py)
    errors.register(app)
    hosts.register(app, known_hosts or hosts.KnownHosts())  # no DNS rebinding
    guard.register(app)  # writes: JSON from this box's own pages only
    limits.register(app)  # stick throws, joins, room codes, new games

    @app.context_processor
    def links() -> dict[str, Any]:
        return {
            "simulated": services.simulated,
            "companion": sheets is not None,
            "sticks": sticks is not None,
            "game_names": engines.names(),
            "sheet_games": list(games.registered().items()) if sheets is not None else [],
            "script": None,  # a page's own script, when it is not js/pages/<page>.js
            "page_styles": None,  # style sheets its scripts always need (js/styles.js)
        }

    return app


def close_streams(app: Flask) -> None:
    """End every open live stream now (call before stopping the server)."""
    found: Services = app.extensions[EXTENSION]
    found.streams.close_all()
