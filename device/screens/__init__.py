"""OLED screens: pure functions from the table's public data to a 128x64 image.

`screen_for` picks what the box shows now. Each game registers the pages it can
show while being played, in `GAME_PAGES`: one module and one line per game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from device.screens.cena import cena_scores_screen, cena_screen
from device.screens.chanoyu import chanoyu_scores_screen, chanoyu_screen, chanoyu_tableaux_screen
from device.screens.lauzait import lauzait_board_screen, lauzait_scores_screen, lauzait_screen
from device.screens.lobby import lobby_screen
from device.screens.menu import menu_screen
from device.screens.message import idle_screen, message_screen
from device.screens.render import require_public, seat_name
from device.screens.result import result_screen
from device.screens.sarena import sarena_board_screen, sarena_screen

__all__ = [
    "GAME_PAGES",
    "idle_screen",
    "lobby_screen",
    "menu_screen",
    "message_screen",
    "result_screen",
    "screen_for",
]

GameScreen = Callable[[Mapping[str, Any], Mapping[str, Any]], Image.Image]

# Pages a game shows while it is played, switched with a button: 0 is the table.
GAME_PAGES: dict[str, tuple[GameScreen, ...]] = {
    "cena": (cena_screen, cena_scores_screen),
    "chanoyu": (chanoyu_screen, chanoyu_tableaux_screen, chanoyu_scores_screen),
    "sarena": (sarena_screen, sarena_board_screen),
    "lauzait": (lauzait_screen, lauzait_board_screen, lauzait_scores_screen),
}


def screen_for(
    view: Mapping[str, Any] | None,
    status: Mapping[str, Any],
    join_url: str,
    page: int = 0,
) -> Image.Image:
    """The screen for the table's phase; `page` cycles through a game's pages.

    `view` must be the public view (seat None); it is None when no game runs.
    """
    phase = status["phase"]
    if phase == "idle":
        return idle_screen(join_url)
    if phase == "lobby":
        return lobby_screen(status, join_url)
    if view is None:
        raise ValueError(f"the {phase!r} phase needs the game's public view")
    require_public(view)
    game_pages = GAME_PAGES.get(view["game"], (_turn_screen,))
    # Once over, the result comes first; the game's own pages stay reachable after it.
    pages = (result_screen, *game_pages) if phase == "over" else game_pages
    return pages[page % len(pages)](view, status)


def _turn_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """For a game without screens of its own: whose turn it is, from the generic view."""
    waiting = ", ".join(seat_name(status, seat) for seat in view["to_act"])
    return message_screen(status.get("title") or view["game"], [f"Turn: {waiting}"])
