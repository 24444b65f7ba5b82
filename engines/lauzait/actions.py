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
        "unknown action {kind}; Lauzait Cep knows {known}",
        "unknown_action",
        {"kind": repr(kind), "known": ", ".join(sorted(FIELDS))},
    )
    extra = sorted(set(action) - FIELDS[kind])
    require(
        not extra,
        "a {kind} action has no field {fields}",
        "action_fields",
        {"kind": kind, "fields": ", ".join(map(repr, extra))},
    )
    return str(kind)


# `what` names the field in the action's own terms ('"discard"', 'departments[0].roles'),
# never in English words: a message shows it as it is in every language.


def whole_number(value: Any, what: str) -> int:
    require(
        isinstance(value, int) and not isinstance(value, bool),
        "{what} must be a whole number",
        "not_a_number",
        {"what": what},
    )
    return int(value)


def piece_code(value: Any, what: str) -> str:
    require(
        is_piece_code(value),
        "{what} must be a piece code like G5, W0 or J, not {value}",
        "not_a_piece",
        {"what": what, "value": repr(value)},
    )
    return str(value)


def piece_list(value: Any, what: str) -> list[str]:
    require(
        isinstance(value, list) and len(value) == 3,
        "{what} must list three pieces",
        "three_pieces",
        {"what": what},
    )
    return [piece_code(item, what) for item in value]


def square(value: Any, what: str) -> Square:
    require(
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value),
        '"{what}" must be a square [row, column]',
        "bad_square",
        {"what": what},
    )
    row, col = int(value[0]), int(value[1])
    require(
        on_board((row, col)),
        '"{what}" {square} is off the board (rows and columns 0-4)',
        "off_board",
        {"what": what, "square": str([row, col])},
    )
    return (row, col)


def department_fields(value: Any, what: str) -> tuple[list[str], list[str] | None]:
    """Pieces and roles (None when left out: every piece plays itself) of a department."""
    # The condition first: string literals inside require(...) confuse the extractor.
    shaped = isinstance(value, dict) and "pieces" in value and set(value) <= {"pieces", "roles"}
    require(
        shaped,
        "{what} must be {shape}",
        "action_fields",
        {"what": what or '"form"', "shape": '{"pieces": [...], "roles": [...]}'},
    )
    pieces = piece_list(value["pieces"], _field(what, "pieces"))
    if "roles" not in value:
        return pieces, None
    return pieces, piece_list(value["roles"], _field(what, "roles"))


def _field(what: str, name: str) -> str:
    """A field inside `what`: `departments[0].pieces`, or `"pieces"` at the top."""
    return f'"{name}"' if not what else f"{what}.{name}"
