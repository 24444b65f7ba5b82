"""Companion score sheets: the box keeps the score of a game played with real pieces.

Each game's sheet lives in its own package (`device/games/<name>/sheet.py`), a
GameSheet (`sheet.py` here: its entries in the journal, append-only, so
corrections are logged and nothing is lost to a power cut) built from the box's
SheetTools; each scores its entries with the engine's own scoring functions: one
rule, one place. Secret colours (`colours.py`) serve any game. `sheets.py` holds one
sheet per registered game; the SheetTools are here, below the game registry
(device/games), which names them in its declarations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from device.companion.colours import ColourRounds
from device.journal import Journal

__all__ = ["ColourRounds", "SheetTools"]


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
