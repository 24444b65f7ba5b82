"""Formation points for a Lauzait-Cep declaration, and who won (the engine and the
score sheet share both).

A department is given as its three roles. A piece playing itself is its code
(``"G4"``); a wild is ``{"piece": "J", "as": "G4"}``. So
``[["G2", "G3", {"piece": "J", "as": "G4"}], ["W7", "W7", "W7"], ...]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.lauzait.departments import Department, check_roles
from engines.lauzait.pieces import WILD, colour, is_piece_code, is_wild, number

Role = str | Mapping[str, str]

DECLARATION = 3
SPECIALIZED_EXPERTS = 3
GREAT_SEQUENCE = 3
WELL_BALANCED = 10
STALEMATE = 15
LAYERED_BRIDGES_CHOICES = (2, 3)  # the Japanese rulebook says 2, the English 3

PARTS = (
    "declaration",
    "specialized_experts",
    "great_sequence",
    "layered_bridges",
    "well_balanced",
    "stalemate",
    "luminous",
)


def split_role(entry: Role) -> tuple[str, str]:
    """(piece, role) of one entry; ValueError if it is neither a code nor a wild with a role."""
    if isinstance(entry, str):
        return entry, entry
    if isinstance(entry, Mapping) and set(entry) == {"piece", "as"} and entry["piece"] == WILD:
        return WILD, entry["as"]
    raise ValueError(f'{entry!r} is neither a piece code nor {{"piece": "J", "as": ...}}')


def role_entries(department: Department) -> list[Role]:
    """The entries of one department, in the form formation_points takes."""
    pieces, roles = department
    return [
        {"piece": WILD, "as": role} if is_wild(piece) else piece
        for piece, role in zip(pieces, roles, strict=True)
    ]


def formation_points(
    departments: Sequence[Sequence[Role]],
    *,
    stalemate: bool = False,
    luminous: str | None = None,
    layered_bridges: int = 2,
    hand: Sequence[str] | None = None,
) -> dict[str, int]:
    """Every formation part of a declaration and their ``"total"``; parts add up.

    ``departments`` is the declared government: three departments, or none for
    a stalemate declared without one (a stalemate then scores only the
    declaration, the stalemate and the luminous pieces). ``luminous`` is the
    luminous piece's code in the luminous variant; the declarer's pieces
    identical to it score one each. They are counted in ``hand`` if given (a
    stalemate without a government), else in the departments.
    Raises ValueError for anything that is not such a government.
    """
    if layered_bridges not in LAYERED_BRIDGES_CHOICES:
        raise ValueError("layered bridges are worth 2 or 3 points")
    if len(departments) not in ((0, 3) if stalemate else (3,)):
        raise ValueError("a government is three departments")
    if luminous is not None and not is_piece_code(luminous):
        raise ValueError(f"{luminous!r} is not a piece")
    pieces: list[str] = []
    role_numbers: list[list[int]] = []
    for department in departments:
        pairs = [split_role(entry) for entry in department]
        checked = check_roles([p for p, _ in pairs], [r for _, r in pairs])
        pieces.extend(p for p, _ in pairs)
        role_numbers.append(sorted(number(role) for role in checked))
    held = list(hand) if hand is not None else pieces
    if not all(is_piece_code(piece) for piece in held):
        raise ValueError("the hand holds something that is not a piece")

    parts = dict.fromkeys(PARTS, 0)
    parts["declaration"] = DECLARATION
    if departments:
        real = [piece for piece in pieces if not is_wild(piece)]
        # Wilds fit any colour, so only the real pieces must agree.
        if len({colour(piece) for piece in real}) <= 1:
            parts["specialized_experts"] = SPECIALIZED_EXPERTS
        everything = sorted(num for nums in role_numbers for num in nums)
        if everything == list(range(everything[0], everything[0] + 9)):
            parts["great_sequence"] = GREAT_SEQUENCE
        if len({tuple(nums) for nums in role_numbers}) < len(role_numbers):
            parts["layered_bridges"] = layered_bridges
        if _sum_of(real, "W") == _sum_of(real, "G"):
            parts["well_balanced"] = WELL_BALANCED
    if stalemate:
        parts["stalemate"] = STALEMATE
    if luminous is not None:
        parts["luminous"] = held.count(luminous)
    parts["total"] = sum(parts[name] for name in PARTS)
    return parts


def _sum_of(pieces: Sequence[str], col: str) -> int:
    return sum(number(piece) for piece in pieces if colour(piece) == col)


def winners(scores: Sequence[int], *, ended_early: bool) -> list[int]:
    """The seats that won a finished game: every seat with the most points (ties share
    the victory). A game the table stopped before anyone scored (0 for every seat) has
    no winner: nobody came out ahead, and a tie at nothing is not a shared victory."""
    if not scores or (ended_early and not any(scores)):
        return []
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]
