"""A Lauzait Cep hire as its phone's guided turn takes it: the piece to discard, then
a piece it lets move, then where that piece goes (webui/choices.py).

The engine lists every hire as {"type": "hire", "discard", "from", "to"}, about 180
of them on a turn. Where a piece may go depends on the piece and its square, not on
the discard, so the hires are every discard with the squares it frees, and every such
square with its destinations:

    {"hire": {"width": 5, "discards": [["G5", [3, 8]], ...], "moves": [[3, [2, 4, 7]], ...]}}

Squares are numbered row * width + column. When the hires are not exactly that
product, they stay listed in full.
"""

from __future__ import annotations

from typing import Any

from webui.choices import Action, split

HIRE_FIELDS = {"type", "discard", "from", "to"}


def choices(legal: list[Action], view: dict[str, Any]) -> tuple[list[Action], dict[str, Any]]:
    hires, rest = split(legal, "hire")
    if not hires or any(set(a) != HIRE_FIELDS for a in hires):
        return legal, {}
    width = len(view["board"][0])

    def number(square: list[int]) -> int:
        return square[0] * width + square[1]

    discards: dict[str, list[int]] = {}
    moves: dict[int, list[int]] = {}
    for hire in hires:
        start, end = number(hire["from"]), number(hire["to"])
        starts = discards.setdefault(hire["discard"], [])
        if start not in starts:
            starts.append(start)
        ends = moves.setdefault(start, [])
        if end not in ends:
            ends.append(end)
    described = sum(len(moves[start]) for starts in discards.values() for start in starts)
    distinct = {(h["discard"], number(h["from"]), number(h["to"])) for h in hires}
    if described != len(distinct):  # some discard does not free every move of a square
        return legal, {}
    return rest, {
        "hire": {
            "width": width,
            "discards": [[piece, starts] for piece, starts in discards.items()],
            "moves": [[start, ends] for start, ends in moves.items()],
        }
    }
