"""What a game declares so the box can keep its score sheet: the scoreboard of a
sheet's state, and the few numbers its buttons can enter.

A game's `device/games/<name>/scoring.py` builds a `Scoring` from these pieces and
its `DeviceGame` carries it. Generic code (the box's menus and entry flows, the OLED's
scoreboard pages, the TV page) reads only these shapes and never names a game. Every
entry ends in the sheet's own `record_*` method, so the engine scores it: the box
adds no rule of its own.

Words are `device.i18n.Text` (said in the reader's language where drawn); `words()`
turns one into JSON a page can word with its own catalog.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from device.i18n import N_, Text

if TYPE_CHECKING:
    from device.companion.sheet import GameSheet

State = Mapping[str, Any]  # a sheet's state(), public
Answers = Mapping[str, int]  # an entry's answers so far, by the key of each Ask


@dataclass(frozen=True)
class Ask:
    """One number the buttons give: B counts up (round past `high` to `low`), A takes
    it. `choices`: a word for each value (a seat's name, a direction) instead of the
    number itself."""

    key: str
    title: str  # what it is for: "Ann + Bo", "Chips"
    prompt: str  # what to count: "Cards won"
    low: int
    high: int
    start: int = 0
    choices: Mapping[int, str] | None = None

    def shown(self, value: int) -> str:
        return self.choices.get(value, str(value)) if self.choices else str(value)


@dataclass(frozen=True)
class Entry:
    """Something the box's buttons enter on a sheet: a deal, a result, a correction."""

    label: str  # the menu item: "Enter deal 2"
    # The questions, given the answers so far (a question may depend on earlier ones).
    asks: Callable[[Answers], Sequence[Ask]]
    # Makes the entry with the sheet's own record_* method (raises its SheetError).
    record: Callable[[GameSheet, Answers], object]
    # Said on the final confirm, before anything is recorded ("Reveals the colours").
    warning: str | None = None


@dataclass(frozen=True)
class Board:
    """A sheet's state as a scoreboard: what the OLED pages, the LEDs and the TV show."""

    stage: str  # "Deal 2/3", "Round 4", "Season 1/3", "Result"
    totals: Sequence[int | None]  # per seat; None: nothing to count yet
    notes: Sequence[str] = ()  # per seat, a few characters beside its total ("host")
    next: Sequence[str] = ()  # what the game needs next, a line each
    over: bool = False
    winners: Sequence[int] = ()
    lights: Sequence[int] = ()  # seats lit on the stick LEDs: the leaders, or who deals next


@dataclass(frozen=True)
class Scoring:
    """A game's part in scoring on the box."""

    board: Callable[[State], Board]
    # What the buttons can enter on the sheet as it stands (none once it is over).
    entries: Callable[[State], Sequence[Entry]]
    # Sets up a sheet from the box: `players` seats, all unnamed, and the answers to
    # `setup_asks`.
    setup: Callable[[GameSheet, int, Answers], object]
    setup_asks: Callable[[int], Sequence[Ask]] = field(default=lambda players: ())
    # The last entry made again (recorded as a correction), None when there is none.
    correction: Callable[[State], Entry | None] = field(default=lambda state: None)
    # The unrevealed round of secret colours the sheet plays with, for passing the box.
    colours: Callable[[State], int | None] = field(default=lambda state: None)


def joined(words: Sequence[str]) -> str:
    """Names (each a name or a Text such as "Seat 2") as one list, worded in the
    reader's language when said: "Ann, Seat 2"; "-" for none."""
    if not words:
        return "-"
    found = words[-1]
    for word in reversed(words[:-1]):
        found = N_("{first}, {rest}", first=word, rest=found)
    return found


def ranks(totals: Sequence[int | None]) -> list[int | None]:
    """1 for the highest total, ties sharing a rank (every game here counts up)."""
    known = [total for total in totals if total is not None]
    return [None if t is None else 1 + sum(other > t for other in known) for t in totals]


def leaders(totals: Sequence[int | None]) -> list[int]:
    """The seats with the highest total, none before anything is counted."""
    known = [total for total in totals if total is not None]
    if not known or (all(total == 0 for total in known) and len(known) > 1):
        return []  # nobody leads a sheet where nothing has been scored
    best = max(known)
    return [seat for seat, total in enumerate(totals) if total == best]


def words(text: object) -> Any:
    """A Text as JSON a page words with its own catalog ({"template", "params",
    "plural", "n"}, each param the same way); anything else (a name, a number) as is."""
    if not isinstance(text, Text):
        return text
    found: dict[str, Any] = {
        "template": text.message,
        "params": {key: words(value) for key, value in text.params.items()},
    }
    if text.plural is not None:
        found.update(plural=text.plural, n=text.n)
    return found


def board_json(board: Board) -> dict[str, Any]:
    """The board for the pages: its words as templates (`words`)."""
    return {
        "stage": words(board.stage),
        "totals": list(board.totals),
        "ranks": ranks(board.totals),
        "notes": [words(note) for note in board.notes] or [""] * len(board.totals),
        "next": [words(line) for line in board.next],
        "over": board.over,
        "winners": list(board.winners),
        "lights": list(board.lights),
    }
