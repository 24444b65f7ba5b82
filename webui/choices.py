"""A seat's choices described compactly for its phone (issue 28: a cheap phone).

Engines list every legal action in full, and /api/state gives them so. A phone asks
for its state with ``?compact=1`` (and its stream likewise) and then gets, for games
that declare how (`WebGame.choices`), some of those actions as a short description
under "choices" instead of one entry each: Céna's reveal as the cards to pick three
from rather than every three-card combination, a Lauzait Cep hire as its successive
steps. A description is used only when it stands for exactly the legal actions;
otherwise the actions stay in "legal" as they are. The description is made from the
seat's own legal actions only, so it tells nothing the full list would not.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

Action = dict[str, Any]
# (legal actions, the seat's view) -> (the actions still listed, the description)
Describe = Callable[[list[Action], dict[str, Any]], tuple[list[Action], dict[str, Any]]]


def split(legal: list[Action], kind: str) -> tuple[list[Action], list[Action]]:
    """(actions of type `kind`, the rest), each in the engine's order."""
    return [a for a in legal if a["type"] == kind], [a for a in legal if a["type"] != kind]


def pick_from(actions: list[Action], field: str) -> dict[str, Any] | None:
    """{"pick": k, "from": items} when `actions` are exactly every k-item choice (in any
    order) of the items they name, each action being {"type", field}; else None."""
    if not actions or any(set(a) != {"type", field} for a in actions):
        return None
    chosen = {frozenset(a[field]) for a in actions}
    size = len(actions[0][field])
    items: list[Any] = []
    for action in actions:
        for item in action[field]:
            if item not in items:
                items.append(item)
    every = len(chosen) == len(actions) == comb(len(items), size)
    # n distinct k-item sets out of n items, C(n, k) of them: every one there is.
    if not every or any(len(c) != size for c in chosen):
        return None
    return {"pick": size, "from": items}
