"""This machine's address on the local network, for the join QR and the self-test."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit, urlunsplit


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 without one.

    Connecting a UDP socket only picks a route; no packet is sent. 192.0.2.1 is a
    documentation address (TEST-NET-1), never a real host.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address: str = probe.getsockname()[0]
            return address
        except OSError:
            return "127.0.0.1"


def local_name() -> str:
    """The name phones find the box by: its hostname in the .local domain, which
    Raspberry Pi OS's avahi publishes (install.sh names the box "tablemate")."""
    return f"{socket.gethostname().split('.')[0]}.local"


def rebase(url: str, host: str) -> str:
    """`url` with its host replaced by `host`, keeping the scheme, port and path."""
    parts = urlsplit(url)
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit(parts._replace(netloc=netloc))
