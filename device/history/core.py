"""History: every game the box has seen end, digital or on a score sheet, newest first.

Read-only queries over the journal as it is (no table of its own), plus the host's
two deletions (device/history/retention.py). What it gives out is public by construction:

- only games that have ended (finished, ended early, abandoned, or no longer
  replayable). A game still in its lobby or being played, and the score sheet
  still in use on each game's sheet page, are left out altogether: not their
  players, not their scores, not that they exist. The table's own pages show them.
- of a game only its date, game, players' names, scores, winners and how it ended:
  never its seed, salt, actions, options, tokens or a sheet's entries.

A digital game's scores come from replaying it once (the engine's own `scores` and
`winners`); an ended game never changes, so each is replayed once per process
(`History` keeps them). A score sheet is one "setup" entry and the entries after it
until the next setup: each past sheet is read with its game's own `state()`, as if
it were the newest, and summed up by its `outcome()` (device/companion/sheet.py).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import engines
from device import games
from device.companion import SheetTools
from device.companion.sheet import default_name
from device.journal import ENDED_STATUSES, HINTS, Journal

log = logging.getLogger(__name__)

Outcome = Literal["finished", "ended_early", "abandoned", "unreplayable"]
Kind = Literal["digital", "sheet"]

SHEET_REF = "sheet-"  # a score sheet's id in history: "sheet-<its setup entry's id>"
REF = re.compile(r"(?:sheet-)?[1-9][0-9]{0,17}")
END_GAME = "end_game"  # the table action that ends a game with its scores standing

OUTCOME_WORDS: dict[str, str] = {
    "finished": "finished",
    "ended_early": "ended early",
    "abandoned": "abandoned",
    "unreplayable": "could not be replayed",
}


@dataclass(frozen=True)
class SeatResult:
    seat: int
    name: str
    score: int | float | None  # None: not known (a game that no longer replays)
    winner: bool
    bot: str | None = None  # a bot's level: the seat was a bot's, never a person's
    hints: int = 0  # how many times this seat asked for a hint ("Suggest a move")


@dataclass(frozen=True)
class PastGame:
    """One ended game as history shows it."""

    ref: str  # "12" (the journal's game id) or "sheet-345"
    kind: Kind
    game: str  # the engine's name
    title: str
    started: float  # when its table opened (a sheet: when it was set up)
    ended: float | None
    outcome: Outcome
    seats: list[SeatResult] = field(default_factory=list)

    @property
    def duration(self) -> float | None:
        return None if self.ended is None else max(0.0, self.ended - self.started)

    @property
    def winners(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.winner]

    @property
    def replay(self) -> str | None:
        """Its replay page (device/history/replay.py): a digital game that was played to its end."""
        if self.kind == "digital" and self.outcome in ("finished", "ended_early"):
            return f"/history/{self.ref}/replay"
        return None

    def public(self) -> dict[str, Any]:
        """JSON-ready: what any page may show."""
        return {
            "id": self.ref,
            "kind": self.kind,
            "game": self.game,
            "title": self.title,
            "started": self.started,
            "ended": self.ended,
            "duration": self.duration,
            "outcome": self.outcome,
            "outcome_text": OUTCOME_WORDS[self.outcome],
            "players": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "score": s.score,
                    "winner": s.winner,
                    "bot": s.bot,
                    "hints": s.hints,
                }
                for s in self.seats
            ],
            "winners": self.winners,
            "replay": self.replay,
        }


@dataclass(frozen=True)
class _Replayed:
    scores: list[int | float] | None
    winners: list[int]
    ended_early: bool


class History:
    """History over one journal; thread-safe. `invalidate()` after a deletion."""

    def __init__(self, journal: Journal) -> None:
        self._journal = journal
        self._lock = threading.Lock()
        self._replayed: dict[int, _Replayed] = {}  # ended games never change

    def invalidate(self) -> None:
        with self._lock:
            self._replayed.clear()

    def games(self) -> list[PastGame]:
        """Every ended game, digital and score sheet, newest first."""
        found = self.digital_games() + self.sheet_games()
        return sorted(found, key=lambda g: (g.started, g.ref), reverse=True)

    def game(self, ref: str) -> PastGame | None:
        """One ended game by its history id; None for anything else (a game in
        progress included: history does not know it)."""
        if not REF.fullmatch(ref):
            return None
        if ref.startswith(SHEET_REF):
            return next((g for g in self.sheet_games() if g.ref == ref), None)
        found = self.digital_games(int(ref))
        return found[0] if found else None

    # --- digital games ---------------------------------------------------------------

    def digital_games(self, only: int | None = None) -> list[PastGame]:
        """Games played on the box that started and have ended (a lobby given up before
        the start was never a game, and is not history)."""
        where = f"status IN ({', '.join('?' * len(ENDED_STATUSES))}) AND seed IS NOT NULL"
        args: list[Any] = list(ENDED_STATUSES)
        if only is not None:
            where += " AND id = ?"
            args.append(only)
        with self._journal.connection() as db:
            rows = db.execute(
                f"SELECT id, engine, players, status, created, ended FROM games WHERE {where}"
                " ORDER BY id DESC",
                args,
            ).fetchall()
            ids = [row[0] for row in rows]
            names, bots = _seat_names(db, ids)
        hints: dict[tuple[int, int], int] = {}  # (game, seat) -> hints asked for
        for entry in self._journal.sheet_entries(HINTS):
            asked = (entry["body"]["game"], entry["body"]["seat"])
            hints[asked] = hints.get(asked, 0) + 1
        return [
            self._digital(row, names.get(row[0], {}), bots.get(row[0], {}), hints) for row in rows
        ]

    def _digital(
        self,
        row: tuple[Any, ...],
        names: dict[int, str],
        bots: dict[int, str],
        hints: dict[tuple[int, int], int],
    ) -> PastGame:
        game_id, engine, players, status, created, ended = row
        replayed = self._replay(game_id) if status != "unreplayable" else None
        if replayed is None or replayed.scores is None:
            outcome: Outcome = "abandoned" if status == "abandoned" else "unreplayable"
            scores: list[int | float | None] = [None] * players
            winners: list[int] = []
        else:
            scores = list(replayed.scores)
            winners = replayed.winners if status == "over" else []
            if status == "abandoned":
                outcome = "abandoned"
            else:
                outcome = "ended_early" if replayed.ended_early else "finished"
        seats = [
            SeatResult(
                seat,
                names.get(seat) or default_name(seat),
                scores[seat],
                seat in winners,
                bots.get(seat),
                hints.get((game_id, seat), 0),
            )
            for seat in range(players)
        ]
        return PastGame(
            ref=str(game_id),
            kind="digital",
            game=engine,
            title=_title(engine),
            started=created,
            ended=ended,
            outcome=outcome,
            seats=seats,
        )

    def _replay(self, game_id: int) -> _Replayed | None:
        with self._lock:
            if game_id in self._replayed:
                return self._replayed[game_id]
        record = self._journal.game(game_id)
        if record is None or record.status not in ENDED_STATUSES:
            return None
        try:
            game = engines.load(record.saved_game())
            last = record.actions[-1][1] if record.actions else {}
            replayed = _Replayed(
                scores=list(game.scores),
                winners=list(game.winners),
                ended_early=last.get("type") == END_GAME,
            )
        except Exception as err:  # an engine that changed its rules: no scores
            # Only the error's type: an engine's message may name a card.
            log.warning("history: game %s does not replay (%s)", game_id, type(err).__name__)
            replayed = _Replayed(scores=None, winners=[], ended_early=False)
        with self._lock:
            self._replayed[game_id] = replayed
        return replayed

    # --- score sheets ---------------------------------------------------------------

    def sheet_games(self) -> list[PastGame]:
        """Every past score sheet of every game: a sheet is over, or was left for a new
        one (abandoned); the sheet still in use is not history until it is over."""
        found: list[PastGame] = []
        for name, device_game in games.registered().items():
            entries = self._journal.sheet_entries(name)
            starts = [i for i, entry in enumerate(entries) if entry["kind"] == "setup"]
            for n, start in enumerate(starts):
                end = starts[n + 1] if n + 1 < len(starts) else len(entries)
                newest = n + 1 == len(starts)
                past = _read_sheet(self._journal, name, device_game.sheet, entries[:end])
                if past is None or (newest and not past.over):
                    continue
                segment = entries[start:end]
                if past.over:
                    outcome: Outcome = "ended_early" if past.ended_early else "finished"
                else:
                    outcome = "abandoned"
                found.append(
                    PastGame(
                        ref=f"{SHEET_REF}{segment[0]['id']}",
                        kind="sheet",
                        game=name,
                        title=_title(name),
                        started=segment[0]["at"],
                        ended=segment[-1]["at"],
                        outcome=outcome,
                        seats=[
                            SeatResult(
                                seat,
                                (past.names[seat] if seat < len(past.names) else None)
                                or default_name(seat),  # unnamed: nobody, for standings
                                past.scores[seat] if seat < len(past.scores) else None,
                                seat in past.winners,
                            )
                            for seat in range(len(past.names))
                        ],
                    )
                )
        return found


class _SheetAsOf:
    """The journal as one sheet's page saw it: that sheet's entries only up to a point
    (so its `state()` reads a past sheet as the newest); everything else as it is."""

    def __init__(self, journal: Journal, sheet: str, entries: list[dict[str, Any]]) -> None:
        self._journal = journal
        self._sheet = sheet
        self._entries = entries

    def sheet_entries(self, sheet: str) -> list[dict[str, Any]]:
        return list(self._entries) if sheet == self._sheet else self._journal.sheet_entries(sheet)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._journal, name)


def _read_sheet(
    journal: Journal, name: str, factory: Callable[[SheetTools], Any], entries: list[dict[str, Any]]
) -> Any:
    """The outcome of the sheet the newest of `entries` belong to; None if it cannot
    be read (an entry an older release wrote that this one no longer folds)."""
    as_of: Any = _SheetAsOf(journal, name, entries)
    try:
        sheet = factory(SheetTools.on(as_of, lambda: None))
        return sheet.outcome(sheet.state())
    except Exception as err:
        log.warning("history: a %s score sheet cannot be read (%s)", name, type(err).__name__)
        return None


def _seat_names(
    db: Any, ids: list[int]
) -> tuple[dict[int, dict[int, str]], dict[int, dict[int, str]]]:
    """Each game's name per seat: its seat's holder, else the last who held it (a seat
    freed and left empty), from the seat log; and each game's bot seats with their
    level (the seats' kind and the seat log's level, never their names)."""
    if not ids:
        return {}, {}
    marks = ", ".join("?" * len(ids))
    names: dict[int, dict[int, str]] = {}
    bots: dict[int, dict[int, str]] = {}

    def held(game_id: int, seat: int, name: str, level: str | None) -> None:
        names.setdefault(game_id, {})[seat] = name
        if level is None:
            bots.get(game_id, {}).pop(seat, None)
        else:
            bots.setdefault(game_id, {})[seat] = level

    for game_id, seat, name, level in db.execute(
        f"SELECT game_id, seat, name, level FROM seat_log WHERE game_id IN ({marks}) ORDER BY id",
        ids,
    ):
        held(game_id, seat, name, level)
    for game_id, seat, name, kind, level in db.execute(
        f"SELECT game_id, seat, name, kind, level FROM seats WHERE game_id IN ({marks})", ids
    ):
        held(game_id, seat, name, (level or "normal") if kind == "bot" else None)
    return names, bots


def _title(engine: str) -> str:
    try:
        return str(engines.info(engine)["title"])
    except (KeyError, ValueError):
        return engine  # a game this release no longer has
