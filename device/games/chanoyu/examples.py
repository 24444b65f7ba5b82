"""Chanoyu's OLED pages at a few moments, for scripts/render-screens (docs/screens/)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

import engines
from device.games.chanoyu.screens import (
    chanoyu_scores_screen,
    chanoyu_screen,
    chanoyu_tableaux_screen,
)


def chanoyu_view(steps: int) -> dict[str, Any]:
    """A seeded 4-player game's public view after `steps` legal actions (placing cards
    whenever it can, so tableaux grow)."""
    game = engines.new("chanoyu", 4, seed=7)
    for _ in range(steps):
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        game.apply(seat, next((a for a in legal if a["type"] == "place"), legal[0]))
    return game.view(None)


def frames(status: Mapping[str, Any]) -> list[tuple[str, Image.Image]]:
    """(file name, frame) for a 4-seat table's `status` (its names and language)."""
    playing = {
        **status,
        "phase": "playing",
        "game": "chanoyu",
        "title": engines.info("chanoyu")["title"],
    }
    return [
        ("chanoyu-play", chanoyu_screen(chanoyu_view(50), playing)),
        ("chanoyu-build", chanoyu_screen(chanoyu_view(52), playing)),
        ("chanoyu-tableaux", chanoyu_tableaux_screen(chanoyu_view(50), playing)),
        ("chanoyu-scores", chanoyu_scores_screen(chanoyu_view(79), playing)),
    ]
