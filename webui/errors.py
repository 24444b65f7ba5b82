"""Every error an API caller sees is a small JSON object: {"error": text, "code": code},
with "params" beside them when the reason names things (a seat, a card).

"error" is the sentence a page shows, in the reader's language (webui/i18n.py); "code"
is a stable word a script (or a page) may branch on. TableError (the table cannot do
that now) -> 409, IllegalAction (the rules forbid it) -> 422 with its reason, a
request the app refuses -> its ApiError status and code, Werkzeug's HTTP errors
(404, 405, 413 ...) -> their status.
Nothing unexpected ever shows a stack trace: it is logged (without the request) and
answered 500; a 500 is always a bug.

| code | status | meaning |
| --- | --- | --- |
| invalid_json | 400 | the body is not UTF-8 JSON, not an object, or nested too deep |
| invalid_field | 400 | a field is missing, unknown, of the wrong type or out of bounds |
| bad_request | 400 | any other refused request (a bad setup, an engine's own check) |
| sheet_* | 400 | a score sheet refuses an entry (SheetError), e.g. sheet_players |
| colours_* | 400 | secret colours refuse, e.g. colours_seat_taken, colours_revealed |
| colours_not_owner | 403 | only the round's (or sheet's) owner may reveal or score |
| colours_on_box | 403 | a round drawn on the box is revealed there |
| join_again | 403 | the token is not (or no longer) a seat's: join the table again |
| not_seated | 403 | the route needs a seat's token and none was sent |
| not_host | 403 | only the host's token may do that |
| cross_origin | 403 | a write from a page of another site |
| wrong_code | 403 | a secret colours round's code that is not the round's |
| forbidden | 403 | any other refusal of the caller |
| not_found | 404 | no such route, page or thing |
| no_game | 404 | a rules card asked for while no game is open at the table |
| no_rules_card | 404 | a rules card of a game that has none (webui/rules_cards.py) |
| method_not_allowed | 405 | the route exists, not with that method |
| table | 409 | the table cannot do that now (TableError) |
| interlude | 409 | the table waits for everyone to continue after a summary (TableError) |
| no_interlude | 409 | nothing waits for a Continue (TableError) |
| take_backs_off | 409 | take-backs are off at this table |
| take_back_pending | 409 | a take-back waits for the table's answer (the game waits) |
| take_back_<barrier> | 409 | never across a barrier, e.g. take_back_sticks_thrown |
| take_back_not_yours | 409 | only the player who made the move asks (or withdraws) |
| take_back_too_late | 409 | free take-backs end once another player moved |
| take_back_wait | 409 | the host answers for a held seat only after a grace |
| take_back_answered | 409 | that seat has agreed already |
| take_back_own_request | 409 | the asker withdraws instead of answering |
| no_take_back | 409 | nobody is asking to take back a move |
| taken_back | 409 | a retried move whose first try was taken back |
| table_full | 409 | every seat is taken: the join page offers to watch instead |
| between_games | 409 | the game has just ended: join once the host starts the next |
| name_taken | 409 | someone at this table already has that name (case and spaces aside) |
| name_is_bot | 409 | a person may not take a bot's name (device/names.py BOT_NAMES) |
| hints_off / no_hint | 409 | hints are off at this table / a hint only on the seat's own turn |
| bot_level / no_bots | 409 | a level not in engines.bots.LEVELS / a game without bots |
| last_person | 409 | a bot never takes the last person's seat (bots do not play on for nobody) |
| not_over | 409 | play again or another game only once the game is over |
| game_in_progress | 409 | a replay of a game still in its lobby or in play (history/replay.py) |
| not_started | 409 | a replay of a game that never started |
| unknown_game / unreplayable | 409 | a replay of a game this box no longer plays |
| hands_closed | 403 | all hands open in a replay, which that table did not allow |
| conflict | 409 | any other conflict with the table's state |
| game_open / no_game / not_lobby / not_playing / wrong_phase | 409 | not in that phase |
| wrong_room / seat_taken / seat_free / seats_missing / seats_taken | 409 | seats, room codes |
| release_pending / no_release / release_waiting / release_wait | 409 | freeing a seat |
| release_needs_holder | 409 | fewer than three people: the holder or the box frees it |
| not_saved / request_reused | 409 | not journaled / a request id used twice |
| invalid_setup / unknown_game / secret_option | 400, 409 | a setup the engine refuses |
| sheet_unfinished | 409 | a new game would hide an unfinished sheet (over_sheet: open anyway) |
| no_early_end / table_action | 409, 422 | only the table ends early (host) |
| request_timeout | 408 | a request that stopped halfway (webui/server.py) |
| too_large | 413 | the body is larger than the box accepts (refused before it is read) |
| json_required | 415 | a write whose Content-Type is not application/json |
| foreign_host | 421 | a Host header that is not one of the box's names (webui/hosts.py) |
| illegal | 422 | the rules forbid that action (IllegalAction's generic code, unused) |
| not_your_turn / game_over / no_such_seat | 422 | IllegalAction, any game |
| action_shape / action_fields / unknown_action | 422 | an action's form (IllegalAction) |
| not_a_card / not_in_hand / follow_suit / ... | 422 | each engine's own (engines/*) |
| unprocessable | 422 | any other well-formed request the box will not do |
| rate_limited | 429 | too many of these from this address: wait (Retry-After) |
| internal | 500 | a bug in the box |
| busy | 503 | the box has no room for it now (too many live screens) |

The take-back codes are TableError's (device/table/takeback.py words each barrier for
players). An ApiError raised without a code gets the generic one of its status (the last
word of its group above).
"""

from __future__ import annotations

import logging
import re
import traceback
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from device.table import TableError
from engines import IllegalAction
from webui.i18n import translated

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
        params: Mapping[str, Any] | None = None,
    ) -> None:
        # `message`: English, `{name}` placeholders filled from `params` (webui/i18n.py).
        self.template = message
        self.params = dict(params or {})
        self.message = message.format(**self.params) if self.params else message
        super().__init__(self.message)
        self.status = status
        self.code = code or generic_code(status)
        self.headers = headers or {}


def generic_code(status: int) -> str:
    found = GENERIC_CODES.get(status)
    return found if found is not None else f"http_{status}"


def error_response(
    status: int, message: str, code: str | None = None, params: Mapping[str, Any] | None = None
) -> tuple[Response, int]:
    body: dict[str, Any] = {"error": message, "code": code or generic_code(status)}
    if params:
        body["params"] = dict(params)
    return jsonify(body), status


def register(app: Flask) -> None:
    # Each reason in the reader's language (webui/i18n.py), its code and params beside it.
    @app.errorhandler(ApiError)
    def api_error(err: ApiError) -> tuple[Response, int]:
        text = translated(err.template, err.params)
        response, status = error_response(err.status, text, err.code, err.params)
        response.headers.update(err.headers)
        return response, status

    @app.errorhandler(TableError)
    def table_error(err: TableError) -> tuple[Response, int]:
        return error_response(409, translated(err.template, err.params), err.code, err.params)

    @app.errorhandler(IllegalAction)
    def illegal_action(err: IllegalAction) -> tuple[Response, int]:
        text = translated(err.template, err.params)
        return error_response(422, text, err.code, err.params)

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
