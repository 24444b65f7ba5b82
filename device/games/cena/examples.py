"""Céna's OLED pages at a few moments, for scripts/render-screens (docs/screens/).

The shared screens (result, seal, a deal's summary) are drawn here too, over a Céna
deal: they are what a Céna table shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

import engines
from device.games.cena.screens import cena_scores_screen, cena_screen
from device.screens.result import result_screen
from device.screens.score_rows import summary_screen
from device.screens.seal import seal_screen

OBJECTIVE = {"penalty": 10, "number": 6, "text": "-10 per card numbered 6"}


def cena_view(phase: str, **changes: Any) -> dict[str, Any]:
    """A 4-player public view in the second deal, made up to show every part."""
    view: dict[str, Any] = {
        "game": "cena",
        "players": 4,
        "seat": None,
        "phase": phase,
        "simplified": False,
        "deal": 2,
        "deals": 3,
        "host": 1,
        "objective": OBJECTIVE,
        "to_act": [3],
        "hand_sizes": [7, 6, 6, 7],
        "ready": [True] * 4,
        "public": [["W7", "A3"], ["M10"], ["C2", "C9"], ["W1", "A8", "M4"]],
        "trick": {
            "number": 4,
            "leader": 1,
            "lead_suit": "W",
            "turn": 3,
            "cards": [{"card": "W10", "by": 1, "to": 1}, {"card": "W4", "by": 2, "to": 0}],
        },
        "last_trick": {
            "cards": [],
            "lead_suit": "A",
            "alliance": 2,
            "seats": [2, 3],
            "suit": "A",
            "number": 9,
        },
        "alliances": [{"seats": [k, (k + 1) % 4], "won": 3} for k in range(4)],
        "scores": [12, -3, 7, 20],
        "deal_scores": [
            {
                "deal": 1,
                "objective": OBJECTIVE,
                "alliances": [4, 2, -6, 8],
                "seats": [12, -3, 7, 20],
            }
        ],
        "winners": [],
    }
    view.update(changes)
    return view


def frames(status: Mapping[str, Any]) -> list[tuple[str, Image.Image]]:
    """(file name, frame) for a 4-seat table's `status` (its names and language).
    The first two are the table and the scores during play."""
    playing = {**status, "phase": "playing", "game": "cena", "title": engines.info("cena")["title"]}
    reveal = cena_view("reveal", ready=[True, False, True, False], to_act=[1, 3], public=[[]] * 4)
    over = cena_view("over", winners=[3], to_act=[], scores=[25, 9, 14, 31])
    sealed = {**playing, "fingerprint": {"short": "91A8 B37F 6CCC"}}
    deal = {
        **cena_view("play"),
        "summary": {
            "kind": "deal",
            "number": 2,
            "of": 3,
            "points": [-10, 4, 0, 6],
            "totals": [2, 1, 7, 26],
            "key": "d2",
        },
    }
    waiting = {**playing, "interlude": {"key": "d2", "waiting": [1]}}
    return [
        ("cena-play", cena_screen(cena_view("play"), playing)),
        ("cena-scores", cena_scores_screen(cena_view("play"), playing)),
        ("cena-reveal", cena_screen(reveal, playing)),
        ("result", result_screen(over, {**playing, "phase": "over"})),
        ("seal", seal_screen(cena_view("play"), sealed)),
        ("summary", summary_screen(deal, waiting)),
    ]
