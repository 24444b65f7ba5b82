"""Who is calling: a seat token in the X-Tablemate-Token header.

A token grants exactly one seat's view and actions; the host's token also grants
the host routes. EventSource cannot set headers, so the live stream (and only the
stream) also reads ?token=. A token that was given but is not (or no longer) a
seat's is refused with 403, so a page knows to join again.
"""

from __future__ import annotations

from flask import request

from webui.errors import ApiError
from webui.services import table

TOKEN_HEADER = "X-Tablemate-Token"


def header_token() -> str | None:
    return request.headers.get(TOKEN_HEADER) or None


def stream_token() -> str | None:
    return header_token() or request.args.get("token") or None


def seat_of(token: str | None) -> int | None:
    """The caller's seat, or None without a token; ApiError(403) for an unknown token."""
    if token is None:
        return None
    seat = table().seat_of(token)
    if seat is None:
        raise ApiError(403, "this phone no longer holds a seat: join again")
    return seat


def require_seat() -> int:
    seat = seat_of(header_token())
    if seat is None:
        raise ApiError(403, "join the table first")
    return seat


def require_host() -> int:
    seat = require_seat()
    if not table().is_host(header_token()):
        raise ApiError(403, "only the host can do that")
    return seat
