"""Every error an API caller sees is a small JSON object: {"error": text, "code": code}.

"error" is the English sentence a page shows; "code" is a stable word a script (or
a page) may branch on. TableError (the table cannot do that now) -> 409, IllegalAction
(the rules forbid it) -> 422 with its reason, a request the app refuses -> its
ApiError status and code, Werkzeug's HTTP errors (404, 405, 413 ...) -> their status.
Nothing unexpected ever shows a stack trace: it is logged (without the request) and
answered 500; a 500 is always a bug.

| code | status | meaning |
| --- | --- | --- |
| invalid_json | 400 | the body is not UTF-8 JSON, not an object, or nested too deep |
| invalid_field | 400 | a field is missing, unknown, of the wrong type or out of bounds |
| bad_request | 400 | any other refused request (a bad setup, a sheet's refusal) |
| join_again | 403 | the token is not (or no longer) a seat's: join the table again |
| not_seated | 403 | the route needs a seat's token and none was sent |
| not_host | 403 | only the host's token may do that |
| cross_origin | 403 | a write from a page of another site |
| wrong_code | 403 | a secret colours round's code that is not the round's |
| forbidden | 403 | any other refusal of the caller |
| not_found | 404 | no such route, page or thing |
| method_not_allowed | 405 | the route exists, not with that method |
| table | 409 | the table cannot do that now (TableError) |
| conflict | 409 | any other conflict with the table's state |
| too_large | 413 | the body is larger than the box accepts |
| json_required | 415 | a write whose Content-Type is not application/json |
| illegal | 422 | the rules forbid that action (IllegalAction) |
| unprocessable | 422 | any other well-formed request the box will not do |
| rate_limited | 429 | too many of these from this address: wait (Retry-After) |
| internal | 500 | a bug in the box |
| busy | 503 | the box has no room for it now (too many live screens) |

An ApiError raised without a code gets the generic one of its status (the last
word of its group above).
"""

from __future__ import annotations

import logging
import re
import traceback

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from device.table import TableError
from engines import IllegalAction

log = logging.getLogger(__name__)

# Paths whose callers are scripts, not people: they get JSON even for a 404.
JSON_PREFIXES = ("/api/", "/sim/", "/healthz")

# The code of an error that names none, by status.
GENERIC_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "json_required",
    422: "unprocessable",
    429: "rate_limited",
    500: "internal",
    503: "busy",
}


class ApiError(Exception):
    """A request the web app refuses before it reaches the table.

    `headers` go on the response (e.g. Retry-After with a 429)."""

    def __init__(
        self,
        status: int,
        message: str,
        code: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code or generic_code(status)
        self.headers = headers or {}


def generic_code(status: int) -> str:
    found = GENERIC_CODES.get(status)
    return found if found is not None else f"http_{status}"


def error_response(status: int, message: str, code: str | None = None) -> tuple[Response, int]:
    return jsonify(error=message, code=code or generic_code(status)), status


def register(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(err: ApiError) -> tuple[Response, int]:
        response, status = error_response(err.status, err.message, err.code)
        response.headers.update(err.headers)
        return response, status

    @app.errorhandler(TableError)
    def table_error(err: TableError) -> tuple[Response, int]:
        return error_response(409, str(err), "table")

    @app.errorhandler(IllegalAction)
    def illegal_action(err: IllegalAction) -> tuple[Response, int]:
        return error_response(422, err.reason, "illegal")

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> HTTPException | tuple[Response, int]:
        if not request.path.startswith(JSON_PREFIXES):
            return err  # a page: Werkzeug's plain page, no details
        status = err.code or 500
        code = GENERIC_CODES.get(status) or re.sub(r"\W+", "_", (err.name or "error").lower())
        return error_response(status, (err.name or "error").lower(), code)

    @app.errorhandler(Exception)
    def unexpected(err: Exception) -> tuple[Response, int]:
        # The type, the route and the code path, never the message, body, query or
        # headers: those may hold a hand or a token.
        frames = "".join(traceback.format_tb(err.__traceback__))
        log.error(
            "unexpected %s on %s %s\n%s", type(err).__name__, request.method, request.path, frames
        )
        return error_response(500, "something went wrong in the box; please try again")
