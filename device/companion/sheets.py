"""Every companion score sheet the box keeps: one per registered game that declares one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from device import games
from device.companion import ColourRounds, SheetTools
from device.journal import Journal


class Sheets:
    """Every companion score sheet the box keeps: one per game that declares one."""

    def __init__(self, journal: Journal, on_change: Callable[[], None]) -> None:
        tools = SheetTools.on(journal, on_change)
        self._colours = tools.colours  # secret colours, for any game
        self._sheets = {name: game.sheet(tools) for name, game in games.registered().items()}

    def names(self) -> list[str]:
        """The games with a score sheet, sorted."""
        return sorted(self._sheets)

    def get(self, game: str) -> Any:
        """One game's sheet; KeyError for a game without one."""
        return self._sheets[game]

    def colours(self) -> ColourRounds:
        return self._colours
