"""Lauzait Cep's OLED pages at a few moments, for scripts/render-screens (docs/screens/)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

import engines
from device.games.lauzait.screens import (
    lauzait_board_screen,
    lauzait_scores_screen,
    lauzait_screen,
    lauzait_summary_screen,
)

WATER = ([0, 2], [1, 2], [3, 2], [4, 2], [2, 0], [2, 1], [2, 3], [2, 4])


def lauzait_view() -> dict[str, Any]:
    """A real 4-player game a few hires in, the last one into the water."""
    game = engines.new("lauzait", 4, seed=5, options={"luminous": True})
    for turn in range(7):
        hires = [a for a in game.legal_actions(game.to_act[0]) if a["type"] == "hire"]
        wet = [a for a in hires if a["to"] in WATER]
        game.apply(game.to_act[0], wet[0] if turn == 6 and wet else hires[turn % len(hires)])
    return game.view(None)


def frames(status: Mapping[str, Any]) -> list[tuple[str, Image.Image]]:
    """(file name, frame) for a 4-seat table's `status` (its names and language)."""
    playing = {
        **status,
        "phase": "playing",
        "game": "lauzait",
        "title": engines.info("lauzait")["title"],
    }
    view = lauzait_view()
    season = {
        **view,
        "summary": {
            "kind": "season",
            "number": 1,
            "of": 3,
            "points": [3, 0, 5, 1],
            "totals": [3, 0, 5, 1],
            "declarer": 2,
            "key": "s1",
        },
    }
    paused = {**playing, "interlude": {"key": "s1", "waiting": [0, 1]}}
    return [
        ("lauzait-play", lauzait_screen(view, playing)),
        ("lauzait-board", lauzait_board_screen(view, playing)),
        ("lauzait-scores", lauzait_scores_screen(view, playing)),
        ("lauzait-summary", lauzait_summary_screen(season, paused)),
    ]
