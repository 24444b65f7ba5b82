"""A Lauzait Cep turn as its phone's guided turn takes it (webui/choices.py), in a few
hundred bytes: the seat page's state must stay under 3 KB on every turn (issue 28).

The hire: the piece to discard, then a piece it lets move, then where that piece goes.
The engine lists every hire as {"type": "hire", "discard", "from", "to"}, about 180 of
them on a turn. Where a piece may go depends on the piece and its square, not on the
discard, so the hires are every discard with the squares it frees, and every such
square with its destinations. A square is one letter, its number row * width + column
in SQUARES ("a" the top left, "b" the square to its right, ...):

    {"hire": {"width": 5, "discards": {"G5": "di", "J": null, ...},
              "moves": "dcehi icdhjmn ..."}}

A word of "moves" is a square that can move, then the squares it may go to; null: a
discard that frees every square that can move (a joker). When the hires are not
exactly that product, they stay listed in full.

The departments it may form: each set of three pieces with the roles they may play
(with jokers, up to 32 ways), the pieces and each way written as codes joined by
spaces, the ways joined by commas:

    {"form": {"G6 J J": "G6 G4 G5,G6 G5 G7,G6 G6 G6", ...}}

Its ways to declare Lauzait-Cep, each its three departments as [pieces, roles]:

    {"declare": [[["G1 G2 J", "G1 G2 G3"], ["G6 G8 J", "G6 G8 G7"], ...], ...]}

Everything here is made from the seat's own legal actions and its board, which its
view already holds: it tells nothing the full list would not.
"""

from __future__ import annotations

import string
from typing import Any

from webui.choices import Action, split

HIRE_FIELDS = {"type", "discard", "from", "to"}
FORM_FIELDS = {"type", "pieces", "roles"}
DECLARE_FIELDS = {"type", "departments"}
DEPARTMENT_FIELDS = {"pieces", "roles"}
# A square's letter: SQUARES[row * width + column]. A bigger board stays listed in full.
SQUARES = string.ascii_lowercase + string.ascii_uppercase
# A piece's code never holds these, or the pieces stay listed in full.
SEPARATORS = (" ", ",")


def choices(legal: list[Action], view: dict[str, Any]) -> tuple[list[Action], dict[str, Any]]:
    rest, hire = hire_steps(legal, view)
    rest, form = forms(rest)
    rest, declare = declarations(rest)
    return rest, {**hire, **form, **declare}


def plain(codes: list[Any]) -> bool:
    """Piece codes that can be written joined by spaces and read back."""
    return all(
        isinstance(code, str) and code and not any(s in code for s in SEPARATORS) for code in codes
    )


def forms(legal: list[Action]) -> tuple[list[Action], dict[str, Any]]:
    """The departments to form, grouped by their pieces, when every one is just that."""
    found, rest = split(legal, "form")
    if not found or any(
        set(a) != FORM_FIELDS or not plain([*a["pieces"], *a["roles"]]) for a in found
    ):
        return legal, {}
    ways: dict[str, list[str]] = {}
    for action in found:
        ways.setdefault(" ".join(action["pieces"]), []).append(" ".join(action["roles"]))
    return rest, {"form": {pieces: ",".join(roles) for pieces, roles in ways.items()}}


def declarations(legal: list[Action]) -> tuple[list[Action], dict[str, Any]]:
    """The ways to declare, each its departments as [pieces, roles], when every one is
    just that (a stalemate's declaration, without departments, keeps them all listed)."""
    found, rest = split(legal, "declare")
    if not found or any(not described_declaration(a) for a in found):
        return legal, {}
    return rest, {
        "declare": [
            [[" ".join(d["pieces"]), " ".join(d["roles"])] for d in action["departments"]]
            for action in found
        ]
    }


def described_declaration(action: Action) -> bool:
    if set(action) != DECLARE_FIELDS or not isinstance(action["departments"], list):
        return False
    return all(
        isinstance(d, dict) and set(d) == DEPARTMENT_FIELDS and plain([*d["pieces"], *d["roles"]])
        for d in action["departments"]
    )


def hire_steps(legal: list[Action], view: dict[str, Any]) -> tuple[list[Action], dict[str, Any]]:
    """The hires as their steps, when they are exactly every discard times its moves."""
    hires, rest = split(legal, "hire")
    if not hires or any(set(a) != HIRE_FIELDS for a in hires):
        return legal, {}
    width = len(view["board"][0])
    if width * len(view["board"]) > len(SQUARES) or not plain([a["discard"] for a in hires]):
        return legal, {}

    def letter(square: list[int]) -> str:
        return SQUARES[square[0] * width + square[1]]

    discards: dict[str, str] = {}
    moves: dict[str, str] = {}
    for hire in hires:
        start, end = letter(hire["from"]), letter(hire["to"])
        starts = discards.get(hire["discard"], "")
        if start not in starts:
            discards[hire["discard"]] = starts + start
        ends = moves.get(start, "")
        if end not in ends:
            moves[start] = ends + end
    described = sum(len(moves[start]) for starts in discards.values() for start in starts)
    distinct = {(h["discard"], letter(h["from"]), letter(h["to"])) for h in hires}
    if described != len(distinct):  # some discard does not free every move of a square
        return legal, {}
    # A discard that frees every square that can move (a joker): null, not the letters.
    every = set(moves)
    return rest, {
        "hire": {
            "width": width,
            "discards": {
                piece: None if set(starts) == every else starts
                for piece, starts in discards.items()
            },
            "moves": " ".join(start + ends for start, ends in moves.items()),
        }
    }


def phone_view(view: dict[str, Any]) -> dict[str, Any]:
    """What the seat page reads, no more: the throws that chose who starts and the
    direction as [seat, count, purpose] without each stick's face (the drawer lists who
    threw how many for what, games/lauzait/board.js), and the hand only as its pieces
    not in a department ("concealed": the page never reads the whole "hand")."""
    kept = {k: v for k, v in view.items() if k != "hand" or "concealed" not in view}
    throws = view.get("start_throws")
    if throws:
        kept["start_throws"] = [
            [throw["seat"], throw["count"], throw["purpose"]] for throw in throws
        ]
    return kept
