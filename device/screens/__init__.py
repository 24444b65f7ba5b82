"""OLED screens: pure functions from the table's public data to a 128x64 image.

`screen_for` picks what the box shows now. Each game's own pages, shown while it
is played, are declared by its package in `device/games/`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from device import games
from device.i18n import words_for
from device.screens.lobby import lobby_screen
from device.screens.menu import menu_screen
from device.screens.message import idle_screen, message_screen
from device.screens.outcome import outcome_screen, outcome_text
from device.screens.render import game_title, require_public, seat_name
from device.screens.result import result_screen
from device.screens.score_rows import summary_screen
from device.screens.seal import seal_screen, sealed

__all__ = [
    "game_pages",
    "idle_screen",
    "lobby_screen",
    "menu_screen",
    "message_screen",
    "result_screen",
    "screen_for",
]


def game_pages(game: str) -> tuple[games.GameScreen, ...]:
    """The pages a game shows while played (0 is the table); a game without a device
    package gets one generic page: whose turn it is."""
    declared = games.game(game)
    return declared.pages if declared is not None else (_turn_screen,)


def screen_for(
    view: Mapping[str, Any] | None,
    status: Mapping[str, Any],
    join_url: str,
    page: int = 0,
    *,
    box_name: str | None = None,
) -> Image.Image:
    """The screen for the table's phase; `page` cycles through a game's pages.

    `view` must be the public view (seat None); it is None when no game runs.
    """
    phase = status["phase"]
    if phase == "idle":
        return idle_screen(join_url, status.get("language"), box_name)
    if phase == "lobby":
        return lobby_screen(status, join_url)
    if view is None:
        raise ValueError(f"the {phase!r} phase needs the game's public view")
    require_public(view)
    own = game_pages(view["game"])
    # Once over, the result comes first; the game's own pages stay reachable after it.
    pages = (result_screen, *own) if phase == "over" else own
    if sealed(status):  # the deal's fingerprint, one page along (B), last
        pages = (*pages, seal_screen)
    if _reading_summary(view, status):  # the table waits on a summary: it comes first
        declared = games.game(view["game"])
        first = (declared and declared.summary) or summary_screen
        # The final one names the winners; the next page says why they won.
        why = (outcome_screen,) if outcome_text(view, status) else ()
        pages = (first, *why, *pages)
    return pages[page % len(pages)](view, status)


def _reading_summary(view: Mapping[str, Any], status: Mapping[str, Any]) -> bool:
    pause, summary = status.get("interlude"), view.get("summary")
    return bool(pause and summary and pause["key"] == summary["key"])


def _turn_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """For a game without screens of its own: whose turn it is, from the generic view."""
    w = words_for(status)
    waiting = w.people(seat_name(status, seat) for seat in view["to_act"])
    return message_screen(game_title(status), [w.gettext("Turn: {names}", names=waiting)])
