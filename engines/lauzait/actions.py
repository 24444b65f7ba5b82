"""Reading the fields of a Lauzait Cep action, with messages a player understands.

Only the shape is checked here (codes, squares, lists); whether the move is
allowed now is the engine's business.
"""

from __future__ import annotations

from typing import Any

from engines.base import Action, require
from engines.lauzait.board import Square, on_board
from engines.lauzait.pieces import is_piece_code

FIELDS = {
    "dissolve": {"type", "department"},
    "form": {"type", "pieces", "roles"},
    "declare": {"type", "departments"},
    "hire": {"type", "discard", "from", "to"},
    "end_game": {"type"},
}


def check_fields(action: Action) -> str:
    """The action's type, once it is known and has no unexpected fields."""
    kind = action["type"]
    require(
        kind in FIELDS,
        f"unknown action {kind!r}; Lauzait Cep knows {', '.join(sorted(FIELDS))}",
    )
    extra = sorted(set(action) - FIELDS[kind])
    require(not extra, f"a {kind} action has no field {', '.join(map(repr, extra))}")
    return str(kind)


def whole_number(value: Any, what: str) -> int:
    require(
        isinstance(value, int) and not isinstance(value, bool),
        f"{what} must be a whole number",
    )
    return int(value)


def piece_code(value: Any, what: str) -> str:
    require(is_piece_code(value), f"{what} must be a piece code like G5, W0 or J, not {value!r}")
    return str(value)


def piece_list(value: Any, what: str) -> list[str]:
    require(isinstance(value, list) and len(value) == 3, f"{what} must list three pieces")
    return [piece_code(item, what) for item in value]


def square(value: Any, what: str) -> Square:
    require(
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value),
        f'"{what}" must be a square [row, column]',
    )
    row, col = int(value[0]), int(value[1])
    require(on_board((row, col)), f'"{what}" {[row, col]} is off the board (rows and columns 0-4)')
    return (row, col)


def department_fields(value: Any, what: str) -> tuple[list[str], list[str] | None]:
    """Pieces and roles (None when left out: every piece plays itself) of a department."""
    require(
        isinstance(value, dict) and "pieces" in value and set(value) <= {"pieces", "roles"},
        f'{what} must be {{"pieces": [...], "roles": [...]}}',
    )
    pieces = piece_list(value["pieces"], f"{what}'s pieces")
    if "roles" not in value:
        return pieces, None
    return pieces, piece_list(value["roles"], f"{what}'s roles")
