"""Céna's reveal as its phone shows it: three cards to pick from the hand, rather than
every three-card combination the engine lists (220 with twelve cards; webui/choices.py).

    {"reveal": {"pick": 3, "from": ["A5", "A10", ...]}}
"""

from __future__ import annotations

from typing import Any

from webui.choices import Action, pick_from, split


def choices(legal: list[Action], view: dict[str, Any]) -> tuple[list[Action], dict[str, Any]]:
    reveals, rest = split(legal, "reveal")
    described = pick_from(reveals, "cards")
    if described is None:
        return legal, {}
    return rest, {"reveal": described}
