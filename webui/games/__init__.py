"""Each game's part of the web app, one package per game: `webui/games/<engine name>/`.

A game's package declares `GAME = WebGame(...)` in its `__init__.py`: the blueprint
of its score sheet (`sheet.py`) and the words the front page uses for it. Its page
scripts and styles are `webui/static/games/<name>/` (`index.js` for the seat and
table pages, `sheet.js` for the score sheet, `game.css`). Generic code finds them
here by the engine's name and never names a game itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from flask import Blueprint

from device.games import declared_by_games
from webui.choices import Describe


@dataclass(frozen=True)
class WebGame:
    """What the web app knows of one game beyond its rules."""

    sheet: Blueprint  # the score sheet's page (/companion/<name>) and API
    sheet_title: str  # e.g. "Céna score sheet"
    sheet_blurb: str  # after the title in the front page's list of tools
    sheet_intro: str  # under the title on the sheet's page
    draws_colours: bool = False  # the sheet draws secret colours (linked from /colours)
    # How a phone gets some of its legal actions described compactly (webui/choices.py).
    choices: Describe | None = None
    # A phone's compact view less what its page never reads (webui/state.py), e.g.
    # every trick won so far, ~1.8 KB late in a deal; it may only leave things out.
    phone_view: Callable[[dict[str, Any]], dict[str, Any]] | None = None


@cache
def registered() -> dict[str, WebGame]:
    """Every engine's web package that exists, by engine name."""
    return declared_by_games(__name__)
