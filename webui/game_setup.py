"""Checking a game, player count and options from a phone before the table sees them.

A bad setup is the caller's mistake (400), not a conflict with the table (409),
so the engine judges it here first. Options that fix a deal or a secret (a
preset hand, a stacked pile) exist for tests and the journal: a phone may not set
them, or the person who set them would know everyone's cards.
"""

from __future__ import annotations

from typing import Any

import engines
from webui.errors import ApiError


def check_setup(game: str, players: int, options: dict[str, Any]) -> None:
    """ApiError(400) unless the engine accepts this game, player count and options."""
    if game not in engines.names():
        raise ApiError(
            400,
            "unknown game {game}; known: {known}",
            "unknown_game",
            params={"game": repr(game), "known": ", ".join(engines.names())},
        )
    secret = sorted(key for key in options if key in engines.secret_options(game))
    if secret:
        raise ApiError(
            400,
            "option(s) {options} cannot be set from a phone",
            "secret_option",
            params={"options": ", ".join(secret)},
        )
    try:
        engines.new(game, players, seed=0, options=options)
    except ValueError as err:
        # The engine's own English words, after a sentence in the reader's language.
        raise ApiError(
            400,
            "the game cannot start with these settings: {reason}",
            "invalid_setup",
            params={"reason": str(err)},
        ) from None
    except (TypeError, KeyError, AttributeError):
        raise ApiError(400, "those game options are not valid", "invalid_setup") from None


def games() -> list[dict[str, Any]]:
    """Every game this box can run, with its default options, for the setup menus."""
    return [engines.info(name) for name in engines.names()]
