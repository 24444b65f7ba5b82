"""What every companion score sheet shares: its entries in the journal, one lock,
the change notification, and the players' names.

A sheet is an append-only list of journal entries under its own key (`SHEET`):
rows of the journal's sheet_entries, each a kind and a JSON body, folded into the
sheet's current state whenever it is read, so nothing is lost to a power cut. A
"setup" entry starts a new sheet (the old one stays in the journal); an entry
given again corrects the one before, and the state lists the correction. Entries
are checked and appended under the sheet's lock; the box hears of the change once
they are in the journal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from device.journal import Journal
from device.names import tidy_name
from device.refusal import Refusal as BaseRefusal

if TYPE_CHECKING:
    from device.companion import SheetTools

# One row of the journal's sheet_entries: {"id", "kind", "body", "at"}.
Entry = dict[str, Any]


class Refusal(BaseRefusal):
    """Why a sheet (or a round of secret colours) refuses, worded in each reader's
    language by webui/sheets.py (device/refusal.py)."""

    default_code = "sheet_refused"


class SheetError(Refusal, ValueError):
    """An entry the sheet refuses (a 400). Still a ValueError: whoever only needs
    "refused" catches that."""


class JournalSheet:
    """Entries under one key of the journal, appended one change at a time."""

    SHEET: ClassVar[str]  # the key of this sheet's entries in the journal

    def __init__(self, journal: Journal, on_change: Callable[[], None]) -> None:
        self._journal = journal
        self._on_change = on_change
        self._lock = threading.Lock()

    def _entries(self) -> list[Entry]:
        """Every entry of this sheet, oldest first."""
        return self._journal.sheet_entries(self.SHEET)

    def _latest_setup(self) -> tuple[dict[str, Any] | None, list[Entry]]:
        """The sheet in use: the body of the last "setup" entry and the entries after
        it; (None, []) before the first setup."""
        entries = self._entries()
        starts = [i for i, entry in enumerate(entries) if entry["kind"] == "setup"]
        if not starts:
            return None, []
        return entries[starts[-1]]["body"], entries[starts[-1] + 1 :]

    def _add(self, kind: str, body: dict[str, Any]) -> int:
        """Append one entry (under the lock); returns its id."""
        return self._journal.add_sheet_entry(self.SHEET, kind, body)

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """Check and append under the lock; afterwards the box hears of the change
        (not when the block refused the entry by raising)."""
        with self._lock:
            yield
        self._on_change()


class GameSheet(JournalSheet):
    """A game's score sheet: `device.companion.Sheets` builds it from the box's tools."""

    def __init__(self, tools: SheetTools) -> None:
        super().__init__(tools.journal, tools.on_change)

    def state(self) -> dict[str, Any]:
        """The sheet as its page shows it (public: no secret ever)."""
        raise NotImplementedError

    def outcome(self, state: Mapping[str, Any]) -> SheetOutcome:
        """What history keeps of this sheet's `state` (device/history/core.py). Reads the
        fields most sheets share: "names", "scores" (or "totals"), "winners", "over"
        (without it: once there are winners) and "ended_early"; a sheet whose state
        differs overrides this."""
        names = list(state.get("names") or [])
        scores = state.get("scores", state.get("totals")) or [None] * len(names)
        winners = list(state.get("winners") or [])
        return SheetOutcome(
            names=names,
            scores=list(scores),
            winners=winners,
            over=bool(state.get("over", bool(winners))),
            ended_early=bool(state.get("ended_early", False)),
        )


@dataclass(frozen=True)
class SheetOutcome:
    """One score sheet as history sees it: public facts only, never its entries."""

    names: list[str]
    scores: list[int | float | None]  # per seat; None: not known
    winners: list[int]  # seats; [] until it is over
    over: bool
    ended_early: bool = False


def corrected(
    entries: list[Entry],
    kind: str,
    shown: Callable[[dict[str, Any]], Any],
    key: str | None = None,
) -> tuple[dict[Any, dict[str, Any]], list[dict[str, Any]]]:
    """The latest body of each `kind` entry by its `key` field (by None without a
    key), and the corrections: each entry that replaced one, with its `key`, when
    ("at") and what `shown(body)` was before and after."""
    latest: dict[Any, dict[str, Any]] = {}
    corrections: list[dict[str, Any]] = []
    for entry in entries:
        if entry["kind"] != kind:
            continue
        body = entry["body"]
        found = None if key is None else body[key]
        if found in latest:
            named = {} if key is None else {key: found}
            corrections.append(
                {**named, "at": entry["at"], "before": shown(latest[found]), "after": shown(body)}
            )
        latest[found] = body
    return latest, corrections


def clean_names(names: object, players: int) -> list[str]:
    """One name per seat, clockwise, each cleaned by clean_name; ValueError if not."""
    if not isinstance(names, list) or len(names) != players:
        raise SheetError(
            "give {players} names, one per seat, clockwise", "sheet_names", {"players": players}
        )
    return [clean_name(name, seat) for seat, name in enumerate(names)]


def clean_name(name: object, seat: int) -> str:
    """A name as typed, trimmed to one short printable line; empty: "Player N"."""
    if not isinstance(name, str):
        raise SheetError("seat {seat}: a name must be text", "sheet_name", {"seat": seat + 1})
    return tidy_name(name) or default_name(seat)


def default_name(seat: int) -> str:
    return f"Player {seat + 1}"
