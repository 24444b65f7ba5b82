"""Sàrénà's OLED pages at a few moments, for scripts/render-screens (docs/screens/)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

import engines
from device.games.sarena.screens import sarena_board_screen, sarena_screen


def sarena_view(moves: int) -> dict[str, Any]:
    """The public view of a seeded 4-player game, `moves` legal moves in (or ended)."""
    game = engines.new("sarena", 4, seed=12, options={"colours": {0: "R", 1: "B", 2: "Y", 3: "G"}})
    for _ in range(moves):
        if game.finished:
            break
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[len(actions) // 2])
    return game.view(None)


def frames(status: Mapping[str, Any]) -> list[tuple[str, Image.Image]]:
    """(file name, frame) for a 4-seat table's `status` (its names and language)."""
    playing = {
        **status,
        "phase": "playing",
        "game": "sarena",
        "title": engines.info("sarena")["title"],
    }
    return [
        ("sarena-play", sarena_screen(sarena_view(9), playing)),
        ("sarena-board", sarena_board_screen(sarena_view(9), playing)),
        ("sarena-over", sarena_screen(sarena_view(200), {**playing, "phase": "over"})),
    ]
