"""Departments: three of a kind or three in a row of one colour, and their bonus.

A department is three pieces and the three roles they play. A piece plays
itself; a wild plays the role declared for it. Roles decide whether the three
form a department and what it is worth.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import NoReturn

from engines.base import IllegalAction
from engines.lauzait.pieces import (
    COLOURS,
    WILD,
    code,
    colour,
    dots,
    is_piece_code,
    is_wild,
    number,
    sort_key,
)

Department = tuple[tuple[str, ...], tuple[str, ...]]  # (pieces, roles), each of three codes

THREE_OF_A_KIND = "three_of_a_kind"
SEQUENCE = "sequence"


def kind(roles: Sequence[str]) -> str | None:
    """``three_of_a_kind``, ``sequence`` (consecutive, no wrap-around) or None."""
    if len(roles) != 3 or any(is_wild(role) or not is_piece_code(role) for role in roles):
        return None
    if len({colour(role) for role in roles}) != 1:
        return None
    nums = sorted(number(role) for role in roles)
    if nums[0] == nums[2]:
        return THREE_OF_A_KIND
    if nums == list(range(nums[0], nums[0] + 3)):
        return SEQUENCE
    return None


class DepartmentError(IllegalAction, ValueError):
    """Three pieces that do not make a department: an IllegalAction to the engine (with
    its code and params) and a ValueError to the score sheets that check one."""


def _refuse(reason: IllegalAction) -> NoReturn:
    # The reason is written as IllegalAction(...) so its template is extracted for
    # translation; raised as a DepartmentError.
    raise DepartmentError(reason.template, reason.code, reason.params)


def check_roles(pieces: Sequence[str], roles: Sequence[str] | None) -> tuple[str, ...]:
    """The roles of three pieces, checked: DepartmentError says what is wrong.

    Without ``roles`` every piece plays itself, which a wild cannot do.
    """
    if len(pieces) != 3 or not all(is_piece_code(piece) for piece in pieces):
        _refuse(IllegalAction("a department is three pieces", "not_a_department"))
    if roles is None:
        if any(is_wild(piece) for piece in pieces):
            _refuse(IllegalAction("say which piece each wild stands for", "name_wild_roles"))
        roles = pieces
    if len(roles) != 3:
        _refuse(IllegalAction("give one role for each of the three pieces", "three_roles"))
    for piece, role in zip(pieces, roles, strict=True):
        if not is_piece_code(role) or is_wild(role):
            _refuse(
                IllegalAction(
                    "{role} is not a piece a wild can stand for", "bad_role", {"role": repr(role)}
                )
            )
        if not is_wild(piece) and role != piece:
            _refuse(
                IllegalAction(
                    "{piece} can only play itself, not {role}",
                    "bad_role",
                    {"piece": piece, "role": role},
                )
            )
    if kind(roles) is None:
        _refuse(
            IllegalAction(
                "{roles} is not a department: it needs three of a kind "
                "or three numbers in a row, all of one colour",
                "not_a_department",
                {"roles": ", ".join(roles)},
            )
        )
    return tuple(roles)


def department_bonus(pieces: Sequence[str], roles: Sequence[str] | None = None) -> int:
    """Bonus for revealing a department; ValueError if the pieces do not form one.

    Dots of the highest number played (a wild counts as the number it plays),
    tripled for three of a kind, minus one per wild, never below zero.
    """
    checked = check_roles(pieces, roles)
    top = dots(max(number(role) for role in checked))
    if kind(checked) == THREE_OF_A_KIND:
        top *= 3
    wilds = sum(1 for piece in pieces if is_wild(piece))
    return max(0, top - wilds)


@functools.cache
def _role_sets(numbers: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """Every department as a sorted triple of roles, using only these numbers."""
    available = set(numbers)
    found: list[tuple[str, ...]] = []
    for col in COLOURS:
        for num in sorted(available):
            found.append((code(col, num),) * 3)
            if {num + 1, num + 2} <= available:
                found.append(tuple(code(col, num + step) for step in range(3)))
    return tuple(found)


def canonical(pieces: Sequence[str], roles: Sequence[str]) -> Department:
    """One spelling per department: pieces in order, wilds last with their roles sorted."""
    pairs = sorted(
        zip(pieces, roles, strict=True), key=lambda pr: (sort_key(pr[0]), sort_key(pr[1]))
    )
    return tuple(p for p, _ in pairs), tuple(r for _, r in pairs)


def role_choices(pieces: Sequence[str], numbers: Sequence[int] | range) -> list[Department]:
    """Every way these three pieces form a department, wild roles canonical."""
    trio = tuple(sorted(pieces, key=sort_key))
    return list(_departments_by_trio(tuple(numbers)).get(trio, ()))


def possible_departments(pieces: Sequence[str], numbers: Sequence[int] | range) -> list[Department]:
    """Every distinct department that three of these pieces can form."""
    by_trio = _departments_by_trio(tuple(numbers))
    trios = dict.fromkeys(itertools.combinations(sorted(pieces, key=sort_key), 3))
    return [department for trio in trios for department in by_trio.get(trio, ())]


@functools.cache
def _departments_by_trio(numbers: tuple[int, ...]) -> dict[tuple[str, ...], tuple[Department, ...]]:
    """Every department, filed under its three pieces (sorted): each role is played
    by its own piece or by a wild."""
    found: dict[tuple[str, ...], dict[Department, None]] = {}
    for roles in _role_sets(numbers):
        for by_wild in itertools.product((False, True), repeat=3):
            played = [WILD if wild else role for role, wild in zip(roles, by_wild, strict=True)]
            department = canonical(played, roles)
            found.setdefault(department[0], {})[department] = None
    return {trio: tuple(departments) for trio, departments in found.items()}


def governments(pieces: Sequence[str], numbers: Sequence[int] | range) -> list[list[Department]]:
    """Every way to split nine pieces into three departments, each split once.

    A split is a choice of three role triples (in a fixed order, repeats
    allowed). Real pieces fill the roles they match, earliest triple first, and
    wilds the rest; that works whenever the real pieces fit in the roles at all,
    and where the wilds sit does not change a declaration's points.
    """
    found = _governments(tuple(sorted(pieces, key=sort_key)), tuple(numbers))
    return [list(government) for government in found]


def has_government(pieces: Sequence[str], numbers: Sequence[int] | range) -> bool:
    """bool(governments(pieces, numbers)), decided without listing them: a search asks
    after every hire, and most hands have none."""
    return len(pieces) == 9 and _has_government(tuple(pieces), min(numbers), max(numbers))


@functools.lru_cache(maxsize=4096)  # small: a Pi has little memory to spare
def _has_government(pieces: tuple[str, ...], low: int, high: int) -> bool:
    counts = [0] * (len(COLOURS) * 10)
    wilds = 0
    for piece in pieces:
        if piece == WILD:
            wilds += 1
        else:
            counts[_COUNT_AT[piece]] += 1
    return _splits(tuple(counts), wilds, low, high)


# Where _splits counts each numbered piece: colour * 10 + number.
_COUNT_AT = {code(col, num): c * 10 + num for c, col in enumerate(COLOURS) for num in range(10)}


def _splits(counts: tuple[int, ...], wilds: int, low: int, high: int) -> bool:
    """Whether these real pieces (counts by colour * 10 + number) and wilds split into
    departments whose roles lie within low..high.

    The lowest real piece left must be in some department: three of its kind or a
    run through it, the roles below it played by wilds (nothing lower of its colour
    is left). Other roles take a real piece whenever there is one: a wild elsewhere
    could always trade places with it, so nothing is lost by that choice."""
    first = next((i for i, count in enumerate(counts) if count), None)
    if first is None:
        return wilds % 3 == 0  # wilds alone form departments in any roles
    num = first % 10
    left = list(counts)
    used = min(left[first], 3)
    if 3 - used <= wilds:
        left[first] -= used
        if _splits(tuple(left), wilds - 3 + used, low, high):
            return True
        left[first] += used
    for start in range(max(num - 2, low), min(num, high - 2) + 1):
        left = list(counts)
        needed = 0
        for role in range(start, start + 3):
            at = first - num + role
            if role >= num and left[at]:
                left[at] -= 1
            else:
                needed += 1
        if needed <= wilds and _splits(tuple(left), wilds - needed, low, high):
            return True
    return False


@functools.lru_cache(maxsize=4096)
def _governments(
    pieces: tuple[str, ...], numbers: tuple[int, ...]
) -> tuple[tuple[Department, ...], ...]:
    options = _role_sets(numbers)
    last = _last_option(numbers)
    found: list[tuple[Department, ...]] = []

    def extend(
        start: int, real: tuple[str, ...], wilds: int, chosen: tuple[Department, ...]
    ) -> None:
        if len(chosen) == 3:
            if not real and wilds == 0:
                found.append(chosen)
            return
        # Triples are chosen in option order, so a real piece no option from `start`
        # on can play is never cast: nothing down this branch.
        if real and min(last.get(piece, -1) for piece in real) < start:
            return
        for index in range(start, len(options)):
            filled = _fill(real, wilds, options[index])
            if filled is not None:
                department, left, wilds_left = filled
                extend(index, left, wilds_left, (*chosen, department))

    real = tuple(piece for piece in pieces if not is_wild(piece))
    if len(pieces) == 9:
        extend(0, real, len(pieces) - len(real), ())
    return tuple(found)


def _fill(
    real: tuple[str, ...], wilds: int, roles: tuple[str, ...]
) -> tuple[Department, tuple[str, ...], int] | None:
    """Cast real pieces into ``roles`` where they fit and wilds into the rest.

    Returns the department, the real pieces still uncast and the wilds left, or
    None when there are not enough wilds.
    """
    left = list(real)
    pieces: list[str] = []
    needed = 0
    for role in roles:
        if role in left:
            left.remove(role)
            pieces.append(role)
        else:
            pieces.append(WILD)
            needed += 1
    if needed > wilds:
        return None
    return _canonical_cached(tuple(pieces), roles), tuple(left), wilds - needed


@functools.cache
def _canonical_cached(pieces: tuple[str, ...], roles: tuple[str, ...]) -> Department:
    return canonical(pieces, roles)


@functools.cache
def _last_option(numbers: tuple[int, ...]) -> dict[str, int]:
    """For each role, the last of _role_sets(numbers) that has it."""
    return {role: index for index, roles in enumerate(_role_sets(numbers)) for role in roles}
