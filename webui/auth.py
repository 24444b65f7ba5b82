"""Who is calling: a seat token in the X-Tablemate-Token header.

A token grants exactly one seat's view and actions; the host's token also grants
the host routes. EventSource cannot set headers, so the live stream (and only the
stream) also reads ?token=. A token that was given but is not (or no longer) a
seat's is refused with 403 (code "join_again"), so a page knows to join again.

A token is checked at this boundary first: the box's tokens are URL-safe base64
(`secrets.token_urlsafe`, 22 to 24 characters), so anything else (non-ASCII,
another alphabet, too long) cannot be one and is refused the same way without
ever reaching the table's constant-time comparison.
"""

from __future__ import annotations

import re

from flask import request

from webui.errors import ApiError
from webui.services import table

TOKEN_HEADER = "X-Tablemate-Token"
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def plausible(token: str) -> str:
    """The token, if it could be one the box gave; ApiError(403) otherwise."""
    if not TOKEN.fullmatch(token):
        raise ApiError(403, "this phone no longer holds a seat: join again", "join_again")
    return token


def header_token() -> str | None:
    """The header's token, None without one; ApiError(403) for one no box gives."""
    token = request.headers.get(TOKEN_HEADER)
    return plausible(token) if token else None


def stream_token() -> str | None:
    token = header_token()
    if token is not None:
        return token
    query = request.args.get("token")
    return plausible(query) if query else None


def seat_of(token: str | None) -> int | None:
    """The caller's seat, or None without a token; ApiError(403) for an unknown token."""
    if token is None:
        return None
    seat = table().seat_of(plausible(token))
    if seat is None:
        raise ApiError(403, "this phone no longer holds a seat: join again", "join_again")
    return seat


def require_seat() -> int:
    seat = seat_of(header_token())
    if seat is None:
        raise ApiError(403, "join the table first", "not_seated")
    return seat


def require_host() -> int:
    seat = require_seat()
    if not table().is_host(header_token()):
        raise ApiError(403, "only the host can do that", "not_host")
    return seat
