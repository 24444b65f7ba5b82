"""Companion score sheets: the box keeps the score of a game played with real pieces.

Each game's sheet lives in its own package (`device/games/<name>/sheet.py`), a
GameSheet (`sheet.py` here: its entries in the journal, append-only, so
corrections are logged and nothing is lost to a power cut) built from the box's
SheetTools; each scores its entries with the engine's own scoring functions: one
rule, one place. Secret colours (`colours.py`) serve any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from device import games
from device.companion.colours import ColourRounds
from device.journal import Journal

__all__ = ["ColourRounds", "SheetTools", "Sheets"]


@dataclass(frozen=True)
class SheetTools:
    """What a game's sheet may use: the journal, the change callback, secret colours."""

    journal: Journal
    on_change: Callable[[], None]
    colours: ColourRounds

    @classmethod
    def on(cls, journal: Journal, on_change: Callable[[], None]) -> SheetTools:
        """The tools on this journal, with their own secret colours."""
        return cls(journal, on_change, ColourRounds(journal, on_change))


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
