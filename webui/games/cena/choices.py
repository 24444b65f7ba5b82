"""Céna's reveal as its phone shows it: three cards to pick from the hand, rather than
every three-card combination the engine lists (220 with twelve cards; webui/choices.py).

    {"reveal": {"pick": 3, "from": ["A5", "A10", ...]}}

and a card to play with the places it may go (the alliance it goes to), rather than
one action per card and place (~1.2 KB with twelve cards and three places):

    {"play": [["A5", [0, 1, 2]], ["W10", [2]], ...]}
"""

from __future__ import annotations

from typing import Any

from webui.choices import Action, pick_from, split

PLAY_FIELDS = {"type", "card", "to"}


def choices(legal: list[Action], view: dict[str, Any]) -> tuple[list[Action], dict[str, Any]]:
    reveals, rest = split(legal, "reveal")
    described = pick_from(reveals, "cards")
    found: dict[str, Any] = {}
    if described is not None:
        found["reveal"] = described
    else:
        rest = legal
    plays, others = split(rest, "play")
    if plays and all(set(a) == PLAY_FIELDS for a in plays):
        places: dict[str, list[Any]] = {}
        for action in plays:
            places.setdefault(action["card"], []).append(action["to"])
        found["play"] = [[card, to] for card, to in places.items()]
        rest = others
    return rest, found


def phone_view(view: dict[str, Any]) -> dict[str, Any]:
    """Without every trick won in the deal: the phone shows the trick in play, the
    last one and each alliance's count (games/cena/*.js never read "tricks")."""
    return {key: value for key, value in view.items() if key != "tricks"}
