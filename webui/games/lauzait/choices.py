"""A Lauzait Cep hire as its phone's guided turn takes it: the piece to discard, then
a piece it lets move, then where that piece goes (webui/choices.py).

The engine lists every hire as {"type": "hire", "discard", "from", "to"}, about 180
of them on a turn. Where a piece may go depends on the piece and its square, not on
the discard, so the hires are every discard with the squares it frees, and every such
square with its destinations:

    {"hire": {"width": 5, "discards": [["G5", [3, 8]], ["J", null], ...],
              "moves": [[3, [2, 4, 7]], ...]}}

Squares are numbered row * width + column; null: every square that can move (what a
joker frees). When the hires are not exactly that
product, they stay listed in full.

The departments it may form: each set of three pieces with the roles they may play
(with jokers, up to a dozen ways), a way written as its roles joined by spaces:

    {"form": [[["G6", "J", "J"], ["G6 G4 G5", "G6 G5 G7", "G6 G6 G6"]], ...]}
"""

from __future__ import annotations

from typing import Any

from webui.choices import Action, split

HIRE_FIELDS = {"type", "discard", "from", "to"}
FORM_FIELDS = {"type", "pieces", "roles"}


def choices(legal: list[Action], view: dict[str, Any]) -> tuple[list[Action], dict[str, Any]]:
    rest, hire = hire_steps(legal, view)
    rest, form = forms(rest)
    return rest, {**hire, **form}


def forms(legal: list[Action]) -> tuple[list[Action], dict[str, Any]]:
    """The departments to form, grouped by their pieces, when every one is just that."""
    found, rest = split(legal, "form")
    if not found or any(
        set(a) != FORM_FIELDS or any(" " in code for code in a["roles"]) for a in found
    ):
        return legal, {}
    ways: dict[tuple[str, ...], list[str]] = {}
    for action in found:
        ways.setdefault(tuple(action["pieces"]), []).append(" ".join(action["roles"]))
    return rest, {"form": [[list(pieces), roles] for pieces, roles in ways.items()]}


def hire_steps(legal: list[Action], view: dict[str, Any]) -> tuple[list[Action], dict[str, Any]]:
    """The hires as their steps, when they are exactly every discard times its moves."""
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
    # A discard that frees every square that can move (a joker): null, not the list.
    every = set(moves)
    return rest, {
        "hire": {
            "width": width,
            "discards": [
                [piece, None if set(starts) == every else starts]
                for piece, starts in discards.items()
            ],
            "moves": [[start, ends] for start, ends in moves.items()],
        }
    }


def phone_view(view: dict[str, Any]) -> dict[str, Any]:
    """The throws that chose who starts and the direction without each stick's face:
    the drawer lists who threw how many for what (games/lauzait/board.js)."""
    throws = view.get("start_throws")
    if not throws:
        return dict(view)
    kept = [{k: v for k, v in thrown.items() if k != "sticks"} for thrown in throws]
    return {**view, "start_throws": kept}
