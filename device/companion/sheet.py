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
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from device.i18n import N_
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
        return renamed(entries[starts[-1]]["body"], entries[starts[-1] + 1 :])

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

    def rename(self, seat: int, name: object) -> dict[str, Any]:
        """Name a seat of the sheet in use (one set up on the box has none): an entry
        of its own, so the entries before keep the name they were made under."""
        with self._writing():
            setup, _ = self._latest_setup()
            if setup is None:
                raise SheetError("set up the sheet first: players and names", "sheet_not_set_up")
            players = len(setup["names"])
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
                raise SheetError(
                    "choose a seat from 1 to {players}", "sheet_seat", {"players": players}
                )
            clean = clean_name(name, seat)
            if clean is None:
                raise SheetError("type a name for seat {seat}", "sheet_name", {"seat": seat + 1})
            self._add("rename", {"seat": seat, "name": clean})
        return self.state()

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

    names: list[str | None]  # None: a seat nobody named
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


def renamed(setup: dict[str, Any], entries: list[Entry]) -> tuple[dict[str, Any], list[Entry]]:
    """The setup with the names its "rename" entries gave, and its other entries: every
    sheet reads its names so, and none needs to know renames exist."""
    if "names" not in setup:
        return setup, entries
    names = list(setup["names"])
    others = []
    for entry in entries:
        if entry["kind"] == "rename" and 0 <= entry["body"]["seat"] < len(names):
            names[entry["body"]["seat"]] = entry["body"]["name"]
        elif entry["kind"] != "rename":
            others.append(entry)
    return {**setup, "names": names}, others


def clean_names(names: object, players: int) -> list[str | None]:
    """One name per seat, clockwise, each cleaned by clean_name (None: a seat left
    unnamed, shown as "Seat N" until it is named); ValueError if not."""
    if not isinstance(names, list) or len(names) != players:
        raise SheetError(
            "give {players} names, one per seat, clockwise", "sheet_names", {"players": players}
        )
    return [clean_name(name, seat) for seat, name in enumerate(names)]


def clean_name(name: object, seat: int) -> str | None:
    """A name as typed, trimmed to one short printable line; None for none (or a
    blank one): the seat stays unnamed."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise SheetError("seat {seat}: a name must be text", "sheet_name", {"seat": seat + 1})
    return tidy_name(name) or None


def default_name(seat: int) -> str:
    """What history calls a seat without a name: nobody, for the standings."""
    return f"Player {seat + 1}"


def seat_label(names: Sequence[str | None], seat: int) -> str:
    """A seat's name, or for an unnamed one "Seat N" in the reader's language (a Text:
    said where it is shown, an error's param included)."""
    name = names[seat] if seat < len(names) else None
    return name or N_("Seat {number}", number=seat + 1)


def shown_names(names: Sequence[str | None]) -> list[str]:
    """Every seat's `seat_label`: for the words of a refusal."""
    return [seat_label(names, seat) for seat in range(len(names))]
