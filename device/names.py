"""People's names as typed on a phone: the seats at the table and the score sheets."""

from __future__ import annotations

NAME_MAX = 16


def tidy_name(name: str) -> str:
    """Printable characters only, each run of spaces one space, trimmed, at most
    NAME_MAX characters; "" when nothing is left."""
    return " ".join("".join(ch for ch in name if ch.isprintable()).split())[:NAME_MAX]
