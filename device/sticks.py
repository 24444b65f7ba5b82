"""The dice-stick roller: the box's five sticks, thrown for any game or none.

A throw comes from button C, a phone, the table page or a score sheet, always
from the operating system's CSPRNG (``random.SystemRandom``) through
``engines.sticks.throw``, the same function the engines use. Every throw is
kept in the journal (sheet ``"sticks"``) with its time before anyone is told of
it, so the history, and the fairness page built on it, survive restarts.

Throws made by an engine during a game (e.g. a throw for water) are part of
that game's journal and replay; they are shown the same way but not counted here.

The journal stays bounded: the last KEEP throws are kept in full (for the recent
list), and once FOLD_EVERY more have piled up the older ones are folded, in one
transaction, into running totals (how many throws gave each count, how often each
stick landed dark), so the fairness page's frequencies stay exact forever.
"""

from __future__ import annotations

import logging
import math
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from device.journal import Journal
from device.listeners import Listeners
from engines import sticks

log = logging.getLogger(__name__)

SHEET = "sticks"
RECENT = 20  # throws listed on the history page, newest first
KEEP = 100  # throws kept in full in the journal (at least RECENT)
FOLD_EVERY = 400  # fold older throws into the totals once this many more are in full
BY_MAX = 24  # characters of "who threw"
# The chi-square fit is reported once every count expects at least 5 throws.
FIT_MIN_THROWS = 5 * sum(sticks.EXPECTED) // min(sticks.EXPECTED)

ThrowRecord = dict[str, Any]  # {"number", "sticks", "count", "by", "at"}
Listener = Callable[[ThrowRecord], None]


class StickRoller:
    """Throws the sticks, keeps every throw in the journal, tells listeners."""

    def __init__(self, journal: Journal, rng: random.Random | None = None) -> None:
        self._journal = journal
        self._rng = rng if rng is not None else random.SystemRandom()
        self._lock = threading.Lock()
        self._listeners: Listeners[ThrowRecord] = Listeners("throw listener")
        self._counts = [0] * (sticks.STICKS + 1)
        self._dark = [0] * sticks.STICKS  # how often each stick landed dark
        self._recent: deque[ThrowRecord] = deque(maxlen=RECENT)
        totals = journal.sheet_totals(SHEET)
        if totals is not None:
            self._counts = list(totals["body"]["counts"])
            self._dark = list(totals["body"]["dark"])
        entries = journal.sheet_entries(SHEET)
        for entry in entries:
            body = entry["body"]
            self._note({**body, "number": self.total + 1, "at": entry["at"]})
        self._in_full = len(entries)
        if self._in_full > KEEP + FOLD_EVERY:  # a journal from before folding
            self._fold()

    @property
    def total(self) -> int:
        return sum(self._counts)

    def _note(self, record: ThrowRecord) -> None:
        self._counts[record["count"]] += 1
        for index, face in enumerate(record["sticks"]):
            self._dark[index] += face
        self._recent.appendleft(record)

    # --- throwing ---------------------------------------------------------------------

    def throw(self, by: str = "box") -> ThrowRecord:
        """Throw the five sticks for `by` (who threw, shown to everyone); journaled first."""
        label = _clean_label(by)
        with self._lock:
            result = sticks.throw(self._rng)
            body = {"sticks": result["sticks"], "count": result["count"], "by": label}
            self._journal.add_sheet_entry(SHEET, "throw", body)
            record = {**body, "number": self.total + 1, "at": time.time()}
            self._note(record)
            self._in_full += 1
            if self._in_full > KEEP + FOLD_EVERY:
                try:
                    self._fold()
                except Exception as err:  # the throw is kept; folding waits for the next
                    log.error("could not fold the sticks' history: %s", type(err).__name__)
            listeners = self._listeners.snapshot()
        for listener in listeners:
            listener(dict(record))
        return dict(record)

    def _fold(self) -> None:
        """Fold all but the last KEEP throws into the journal's totals (lock held): read
        and rewritten in one transaction, so a crash leaves either all or none of it."""
        with self._journal.transaction():
            entries = self._journal.sheet_entries(SHEET)
            if len(entries) <= KEEP:
                return
            folded = entries[:-KEEP]
            totals = self._journal.sheet_totals(SHEET)
            counts = list(totals["body"]["counts"]) if totals else [0] * (sticks.STICKS + 1)
            dark = list(totals["body"]["dark"]) if totals else [0] * sticks.STICKS
            for entry in folded:
                counts[entry["body"]["count"]] += 1
                for index, face in enumerate(entry["body"]["sticks"]):
                    dark[index] += face
            body = {"counts": counts, "dark": dark, "throws": sum(counts)}
            self._journal.fold_sheet_entries(SHEET, folded[-1]["id"], body)
        self._in_full = KEEP

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """listener(throw) after each throw, on the thread that threw; returns unsubscribe."""
        return self._listeners.subscribe(listener)

    # --- reading ----------------------------------------------------------------------

    def latest(self) -> ThrowRecord | None:
        with self._lock:
            return dict(self._recent[0]) if self._recent else None

    def history(self) -> dict[str, Any]:
        """Every count's frequency against the expected 1:5:10:10:5:1 in 32."""
        with self._lock:
            counts, dark, recent = list(self._counts), list(self._dark), list(self._recent)
        total = sum(counts)
        share = sum(sticks.EXPECTED)
        return {
            "total": total,
            "counts": counts,
            "expected_in_32": list(sticks.EXPECTED),
            "expected": [total * weight / share for weight in sticks.EXPECTED],
            "dark_per_stick": dark,
            "fit": fit(counts) if total >= FIT_MIN_THROWS else None,
            "fit_from": FIT_MIN_THROWS,
            "recent": [dict(record) for record in recent],
            "now": time.time(),  # the box's clock, to say "2 min ago" on any phone
        }


def fit(counts: list[int]) -> dict[str, float]:
    """Pearson's chi-square of the counts against fair sticks, and its p-value (5 degrees
    of freedom: six counts that add up). A p-value below 0.01 would be a sign of bias."""
    total = sum(counts)
    share = sum(sticks.EXPECTED)
    chi_square = sum(
        (seen - total * weight / share) ** 2 / (total * weight / share)
        for seen, weight in zip(counts, sticks.EXPECTED, strict=True)
    )
    return {"chi_square": chi_square, "p_value": chi_square_survival_5(chi_square)}


def chi_square_survival_5(x: float) -> float:
    """P(X >= x) for a chi-square variable with 5 degrees of freedom (closed form)."""
    if x <= 0:
        return 1.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def _clean_label(by: object) -> str:
    if not isinstance(by, str):
        raise ValueError("who threw must be text")
    label = " ".join("".join(ch for ch in by if ch.isprintable()).split())[:BY_MAX]
    return label or "someone"
