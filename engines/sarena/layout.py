"""Sàrénà boards as data: the circles, which of them carry arrows, the lines between them.

The printed board may differ from the one we know (a 6x6 grid of circles, lines
between orthogonal neighbours, arrows where row + col is even), so a layout is
plain data that a table can replace. A layout dict looks like::

    {"rows": 6, "cols": 6,
     "circles": [[r, c], ...],            # default: every square of the grid
     "arrows": [[r, c], ...],             # default: circles with (r + c) even
     "lines": [[[r, c], [r, c]], ...]}    # default: between orthogonal neighbours
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

Square = tuple[int, int]
Line = tuple[Square, Square]

MAX_SIDE = 20  # far beyond any real board; keeps a typo from building a huge one
LAYOUT_KEYS = frozenset({"rows", "cols", "circles", "arrows", "lines"})


@dataclass(frozen=True)
class Layout:
    """A validated board: build one with grid_layout() or parse_layout()."""

    rows: int
    cols: int
    circles: tuple[Square, ...]  # sorted
    arrows: frozenset[Square]
    lines: tuple[Line, ...]  # sorted, each line's ends sorted

    @cached_property
    def neighbours(self) -> dict[Square, tuple[Square, ...]]:
        """The circles joined to each circle by a line, sorted."""
        joined: dict[Square, list[Square]] = {square: [] for square in self.circles}
        for a, b in self.lines:
            joined[a].append(b)
            joined[b].append(a)
        return {square: tuple(sorted(ends)) for square, ends in joined.items()}

    @cached_property
    def index(self) -> dict[Square, int]:
        """Each circle's place in `circles`."""
        return {square: position for position, square in enumerate(self.circles)}

    @cached_property
    def targets(self) -> dict[Square, tuple[tuple[Square, bool, tuple[Square, Square]], ...]]:
        """Each circle's neighbours, sorted, each with whether it carries arrows and
        the move onto it (what listing a pile's moves reads, built once per layout)."""
        return {
            square: tuple((end, end in self.arrows, (square, end)) for end in ends)
            for square, ends in self.neighbours.items()
        }

    @cached_property
    def lines_from(self) -> tuple[tuple[tuple[Square, Square], ...], ...]:
        """Every line leaving each circle (in `circles` order) as a move (from, to)."""
        return tuple(tuple(move for _, _, move in self.targets[sq]) for sq in self.circles)

    @cached_property
    def touched(self) -> dict[tuple[Square, Square], tuple[tuple[int, Square], ...]]:
        """For a move along a line (either way): the circles whose own moves it may
        change (both ends and their neighbours), each with its place in `circles`."""
        neighbours, index = self.neighbours, self.index
        touched = {}
        for a, b in self.lines:
            squares = sorted({a, b, *neighbours[a], *neighbours[b]})
            touched[(a, b)] = touched[(b, a)] = tuple((index[sq], sq) for sq in squares)
        return touched

    def to_json(self) -> dict[str, Any]:
        """The layout in the same plain form parse_layout() accepts."""
        return {
            "rows": self.rows,
            "cols": self.cols,
            "circles": [list(square) for square in self.circles],
            "arrows": [list(square) for square in sorted(self.arrows)],
            "lines": [[list(a), list(b)] for a, b in self.lines],
        }


def grid_layout(rows: int, cols: int) -> Layout:
    """Every square a circle, lines between orthogonal neighbours, arrows where r + c is even."""
    return _build(_side(rows), _side(cols), None, None, None)


def parse_layout(spec: object) -> Layout:
    """A layout from a name in LAYOUTS or a layout dict; ValueError says what is wrong."""
    if isinstance(spec, str):
        if spec not in LAYOUTS:
            raise ValueError(f"unknown layout {spec!r}; known: {', '.join(sorted(LAYOUTS))}")
        return LAYOUTS[spec]
    if not isinstance(spec, dict):
        raise ValueError("a layout is a name or a dict with rows, cols, circles, arrows, lines")
    unknown = set(spec) - LAYOUT_KEYS
    if unknown:
        raise ValueError(f"unknown layout keys: {', '.join(sorted(map(str, unknown)))}")
    if "rows" not in spec or "cols" not in spec:
        raise ValueError("a layout needs rows and cols")
    circles = None if "circles" not in spec else _squares(spec["circles"], "circles")
    arrows = None if "arrows" not in spec else _squares(spec["arrows"], "arrows")
    lines = None if "lines" not in spec else _lines(spec["lines"])
    return _build(_side(spec["rows"]), _side(spec["cols"]), circles, arrows, lines)


def _build(
    rows: int,
    cols: int,
    circles: list[Square] | None,
    arrows: list[Square] | None,
    lines: list[Line] | None,
) -> Layout:
    """Fill in the grid defaults, then check the layout is a board a game can end on."""
    if circles is None:
        circles = [(r, c) for r in range(rows) for c in range(cols)]
    if arrows is None:
        arrows = [square for square in circles if sum(square) % 2 == 0]
    if not circles:
        raise ValueError("a layout needs at least one circle")
    circle_set, arrow_set = set(circles), set(arrows)
    if lines is None:
        lines = [
            (a, b) for a in circles for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if b in circle_set
        ]
    _check_unique(circles, "circle")
    _check_unique(arrows, "arrow")
    for r, c in circles:
        if not (0 <= r < rows and 0 <= c < cols):
            raise ValueError(f"circle ({r}, {c}) is outside a {rows}x{cols} board")
    for square in arrows:
        if square not in circle_set:
            raise ValueError(f"arrows at {square} but there is no circle there")
    ordered_lines = [(min(a, b), max(a, b)) for a, b in lines]
    _check_unique(ordered_lines, "line")
    for a, b in ordered_lines:
        if a == b or a not in circle_set or b not in circle_set:
            raise ValueError(f"a line must join two different circles, not {a} and {b}")
        # Two joined arrow circles would let a pile flip back and forth forever.
        if a in arrow_set and b in arrow_set:
            raise ValueError(f"arrow circles {a} and {b} are joined, so a game might never end")
    return Layout(
        rows=rows,
        cols=cols,
        circles=tuple(sorted(circles)),
        arrows=frozenset(arrow_set),
        lines=tuple(sorted(ordered_lines)),
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_SIDE:
        return value
    raise ValueError(f"rows and cols must be whole numbers from 1 to {MAX_SIDE}, not {value!r}")


def _square(value: object, what: str) -> Square:
    if isinstance(value, list | tuple) and len(value) == 2 and all(_is_int(part) for part in value):
        return (value[0], value[1])
    raise ValueError(f"{what}: each square is [row, col], not {value!r}")


def _squares(value: object, what: str) -> list[Square]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"{what} must be a list of [row, col]")
    return [_square(item, what) for item in value]


def _lines(value: object) -> list[Line]:
    if not isinstance(value, list | tuple):
        raise ValueError("lines must be a list of [[row, col], [row, col]]")
    lines = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise ValueError(f"a line is [[row, col], [row, col]], not {item!r}")
        lines.append((_square(item[0], "lines"), _square(item[1], "lines")))
    return lines


def _check_unique(items: Iterable[object], what: str) -> None:
    seen: set[object] = set()
    for item in items:
        if item in seen:
            raise ValueError(f"{what} {item} is listed twice")
        seen.add(item)


# Named layouts a table can pick; built last, once every helper above exists.
STANDARD = grid_layout(6, 6)
LAYOUTS: dict[str, Layout] = {"standard": STANDARD}
