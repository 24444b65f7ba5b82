"""People's names as typed on a phone: the seats at the table and the score sheets."""

from __future__ import annotations

NAME_MAX = 16


def tidy_name(name: str) -> str:
    """Printable characters only, each run of spaces one space, trimmed, at most
    NAME_MAX characters; "" when nothing is left."""
    return " ".join("".join(ch for ch in name if ch.isprintable()).split())[:NAME_MAX]


# What bots are called (device/bots.py): names no person has, so that no screen and no
# standing can mistake a bot for a person; people may not take them (`is_bot_name`).
BOT_NAMES = ("Abacus", "Bitwise", "Cogwheel", "Dynamo", "Gizmo", "Widget")


def is_bot_name(name: str) -> bool:
    """Whether a name, however typed, is a bot's."""
    key = "".join(tidy_name(name).split()).casefold()
    return any(key == bot.casefold() for bot in BOT_NAMES)
