"""Each game's part of the box, one package per game: `device/games/<engine name>/`.

A game's package declares `GAME = DeviceGame(...)` in its `__init__.py`: the OLED
pages it shows while played (`screens.py`) and its score sheet for a game played
with real pieces (`sheet.py`). Generic code (the box, the screens, the web layer)
finds them here by the engine's name and never names a game itself, so a new game
needs no line in any generic module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image

import engines
from device.companion import SheetTools
from device.companion.scoring import Scoring
from device.companion.sheet import GameSheet
from device.i18n import Text

# A page of the OLED while a game is played: (public view, table status) -> frame.
GameScreen = Callable[[Mapping[str, Any], Mapping[str, Any]], Image.Image]


@dataclass(frozen=True)
class DeviceGame:
    """What the box knows of one game beyond its rules."""

    # The OLED pages while the game is played, switched with button B; 0 is the table.
    pages: tuple[GameScreen, ...]
    # The score sheet for a game played with real pieces, built by device.companion.Sheets.
    sheet: Callable[[SheetTools], GameSheet]
    # The page shown first while the table waits on a deal's summary (view "summary",
    # status "interlude"); None: the generic one, device.screens.score_rows.summary_screen.
    summary: GameScreen | None = None
    # Why the final summary's winners won, in a short sentence in the table's
    # language: (summary, status) -> text, or None for the generic wording
    # (device.screens.outcome). For reasons a game's rules make surprising.
    outcome: Callable[[Mapping[str, Any], Mapping[str, Any]], str | None] | None = None
    # Scoring a game played with real pieces on the box: its sheet's scoreboard (OLED,
    # LEDs, TV) and what the buttons enter (device.companion.scoring); None: phones only.
    scoring: Scoring | None = None


def declared_by_games(package: str) -> dict[str, Any]:
    """The `GAME` each engine's `<package>.<engine name>` module declares, by engine
    name; an engine without such a module is left out. Every layer finds its games so."""
    found = {}
    for name in engines.names():
        try:
            module = importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{package}.{name}":
                raise  # a broken import inside the game's package, not a missing package
            continue
        found[name] = module.GAME
    return found


@cache
def registered() -> dict[str, DeviceGame]:
    """Every engine's device package that exists, by engine name."""
    return declared_by_games(__name__)


def game(name: str) -> DeviceGame | None:
    """The device package of one game, or None for a game without one."""
    return registered().get(name)


def title(name: str) -> str:
    """A game's title for the box, said in the table's language when drawn: the
    engine's, which its GameInfo marks for the catalogs ("Céna" -> チェーナ): a Text."""
    return Text(engines.game_info(name).title)
