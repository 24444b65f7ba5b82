"""Checking a game, player count and options from a phone before the table sees them.

A bad setup is the caller's mistake (400), not a conflict with the table (409),
so the engines judge it here first (`engines.check_setup`, the one check the table
makes too). Options that fix a deal or a secret (a preset hand, a stacked pile)
exist for tests and the journal: a phone may not set them, or the person who set
them would know everyone's cards.
"""

from __future__ import annotations

from typing import Any

import engines
from webui.errors import ApiError


def check_setup(game: str, players: int, options: dict[str, Any]) -> None:
    """ApiError(400) unless the engine accepts this game, player count and options
    from a phone."""
    try:
        engines.check_setup(game, players, options, from_phone=True)
    except engines.SetupRefused as err:
        # Its template is extracted from engines/__init__.py (the SetupRefused keyword).
        raise ApiError(400, err.template, err.code, params=err.params) from None


def games() -> list[dict[str, Any]]:
    """Every game this box can run, with its default options, for the setup menus."""
    return [engines.info(name) for name in engines.names()]
