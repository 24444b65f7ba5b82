"""Writes come from the box's own pages: JSON, and never from another site.

Many writes need no token (a stick throw, a score sheet, secret colours, the
simulated box's buttons), so a web page of another site open on a phone at the
table could otherwise post to the box. A browser lets any page send a "simple"
cross-site POST (a form, or fetch with text/plain) without asking the box first;
it will not send `Content-Type: application/json` across sites unless the box
agrees to a CORS preflight, which it never does. So every write (POST, PUT, PATCH,
DELETE):

- is refused with 403 ("cross_origin") when its `Origin` header names another
  origin (scheme, host, port) than the one the request came to, or is "null" (a
  sandboxed or file page),
  or when the browser marks it `Sec-Fetch-Site: cross-site` or `same-site`;
- is refused with 415 ("json_required") unless its Content-Type is
  application/json, even with an empty body, or it carries the seat-token header
  (a custom header: a browser asks the box first for that too).

Scripts (curl, bench/) send no Origin and pass with `-H 'Content-Type:
application/json'`. Reads (GET, HEAD) are untouched. A path or method the app
does not route keeps its 404 or 405.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, request

from webui.auth import TOKEN_HEADER
from webui.errors import ApiError

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
FOREIGN_FETCH_SITES = frozenset({"cross-site", "same-site"})
DEFAULT_PORTS = {"http": 80, "https": 443}


def register(app: Flask) -> None:
    app.before_request(check_write)


def check_write() -> None:
    if request.method not in WRITES or request.routing_exception is not None:
        return
    if not same_origin():
        raise ApiError(
            403,
            "this box takes changes only from its own pages, not another site's",
            "cross_origin",
        )
    if request.mimetype != "application/json" and TOKEN_HEADER not in request.headers:
        raise ApiError(
            415, "send the request as JSON (Content-Type: application/json)", "json_required"
        )


def same_origin() -> bool:
    """Whether the headers a browser adds say the write comes from this host's pages.

    Without them (a script) it does: what matters is a browser's page of another site."""
    if request.headers.get("Sec-Fetch-Site", "").lower() in FOREIGN_FETCH_SITES:
        return False
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    try:
        parts = urlsplit(origin.strip())
        theirs = site(parts.scheme, parts.netloc)
        ours = site(request.scheme, request.host)
    except ValueError:
        return False  # not a URL
    return theirs is not None and theirs == ours


def site(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) as a browser compares origins; None for "null" or a
    netloc without a host."""
    scheme = scheme.lower()
    parts = urlsplit(f"{scheme}://{netloc}")
    if not parts.hostname or scheme not in DEFAULT_PORTS:
        return None
    return scheme, parts.hostname, parts.port or DEFAULT_PORTS[scheme]
