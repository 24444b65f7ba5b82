"""Companion score sheets: the box keeps the score of a game played with real cards.

One module per game; each sheet keeps its entries in the journal (append-only, so
corrections are logged and nothing is lost to a power cut) and scores them with
the engine's own scoring functions: one rule, one place.
"""

from __future__ import annotations

from collections.abc import Callable

from device.companion.cena import CenaSheet
from device.companion.chanoyu import ChanoyuSheet
from device.companion.colours import ColourRounds
from device.companion.lauzait import LauzaitSheet
from device.companion.sarena import SarenaSheet
from device.journal import Journal

__all__ = ["CenaSheet", "ChanoyuSheet", "ColourRounds", "LauzaitSheet", "SarenaSheet", "Sheets"]


class Sheets:
    """Every companion score sheet the box keeps (one attribute and accessor per game)."""

    def __init__(self, journal: Journal, on_change: Callable[[], None]) -> None:
        self._cena = CenaSheet(journal, on_change)
        self._chanoyu = ChanoyuSheet(journal, on_change)
        self._colours = ColourRounds(journal, on_change)  # secret colours, for any game
        self._sarena = SarenaSheet(journal, self._colours, on_change)
        self._lauzait = LauzaitSheet(journal, on_change)

    def cena(self) -> CenaSheet:
        return self._cena

    def chanoyu(self) -> ChanoyuSheet:
        return self._chanoyu

    def colours(self) -> ColourRounds:
        return self._colours

    def sarena(self) -> SarenaSheet:
        return self._sarena

    def lauzait(self) -> LauzaitSheet:
        return self._lauzait
