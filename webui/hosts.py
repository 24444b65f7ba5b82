"""The box answers only to its own names, so DNS rebinding cannot reach it.

A web page of another site whose name an attacker points at the box's address would
otherwise be served by the box as if it were the box's own page: its `Host` and
`Origin` agree, so the same-origin check of writes (webui/guard.py) passes too, and
the page could read the room code and take a seat. So every request must name the
box itself in its `Host` header:

- any IP address literal, v4 or v6 (`192.168.1.20:8000`, `[fe80::1]:8000`): a page
  can only rebind a *name*, never an address;
- `localhost`;
- the host name of the configured public URL (`[web] public_url`);
- the machine's host name and `<hostname>.local` (mDNS), read on each request, since
  the box may rename itself while it runs;
- the names listed in `[web] allowed_hosts` (e.g. "box.lan" from a router's DNS).

Names compare without case and without a trailing dot. Anything else is refused
with 421 ("foreign_host") before any route runs. A request without a `Host` header
(HTTP/1.0 from a script) names nothing to rebind and passes.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from flask import Flask, current_app, request

from webui.errors import ApiError

EXTENSION = "tablemate.hosts"


class KnownHosts:
    """The names this box answers to (besides every IP address literal)."""

    def __init__(
        self,
        public_url: str = "",
        extra: Iterable[str] = (),
        hostname: Callable[[], str] = socket.gethostname,
    ) -> None:
        names = {"localhost", *(_plain(name) for name in extra)}
        public = urlsplit(public_url).hostname if public_url else None
        if public:
            names.add(_plain(public))
        self.names = frozenset(name for name in names if name)
        self.hostname = hostname

    def allows(self, host: str) -> bool:
        """Whether a `Host` header value (name or address, maybe with a port) is ours."""
        try:
            parts = urlsplit(f"//{host}")
            name, _port = parts.hostname, parts.port  # a bad port raises ValueError
        except ValueError:
            return False
        if not name or parts.username is not None or parts.path:
            return False
        name = _plain(name)
        if _is_address(name) or name in self.names:
            return True
        return name in self._machine_names()

    def _machine_names(self) -> set[str]:
        try:
            full = _plain(self.hostname())
        except OSError:
            return set()
        short = full.split(".", 1)[0]
        return {name for name in (full, short, f"{short}.local") if name and name != ".local"}


def _plain(name: str) -> str:
    return name.strip().lower().removesuffix(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def register(app: Flask, known: KnownHosts) -> None:
    """Refuse, before anything else, every request to a name that is not the box's."""
    app.extensions[EXTENSION] = known
    app.before_request(check_host)


def check_host() -> None:
    host = request.environ.get("HTTP_HOST")
    if host is None:
        return
    known: KnownHosts = current_app.extensions[EXTENSION]
    if not known.allows(host):
        raise ApiError(
            421,
            "this box answers only to its own names: open it by the address or name it shows",
            "foreign_host",
        )
