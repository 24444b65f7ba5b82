"""Every error an API caller sees is a small JSON object: {"error": "what went wrong"}.

TableError (the table cannot do that now) -> 409, IllegalAction (the rules forbid
it) -> 422 with its reason, a request the app refuses -> its ApiError status,
Werkzeug's HTTP errors (404, 405, 413 ...) -> their status. Nothing unexpected
ever shows a stack trace: it is logged (without the request) and answered 500.
"""

from __future__ import annotations

import logging
import traceback

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from device.table import TableError
from engines import IllegalAction

log = logging.getLogger(__name__)

# Paths whose callers are scripts, not people: they get JSON even for a 404.
JSON_PREFIXES = ("/api/", "/sim/", "/healthz")


class ApiError(Exception):
    """A request the web app refuses before it reaches the table."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def error_response(status: int, message: str) -> tuple[Response, int]:
    return jsonify(error=message), status


def register(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(err: ApiError) -> tuple[Response, int]:
        return error_response(err.status, err.message)

    @app.errorhandler(TableError)
    def table_error(err: TableError) -> tuple[Response, int]:
        return error_response(409, str(err))

    @app.errorhandler(IllegalAction)
    def illegal_action(err: IllegalAction) -> tuple[Response, int]:
        return error_response(422, err.reason)

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> HTTPException | tuple[Response, int]:
        if not request.path.startswith(JSON_PREFIXES):
            return err  # a page: Werkzeug's plain page, no details
        return error_response(err.code or 500, (err.name or "error").lower())

    @app.errorhandler(Exception)
    def unexpected(err: Exception) -> tuple[Response, int]:
        # The type, the route and the code path, never the message, body, query or
        # headers: those may hold a hand or a token.
        frames = "".join(traceback.format_tb(err.__traceback__))
        log.error(
            "unexpected %s on %s %s\n%s", type(err).__name__, request.method, request.path, frames
        )
        return error_response(500, "something went wrong in the box; please try again")
