"""The score sheet the box shows (its OLED, LEDs and the TV page), and the box's
entries on it.

Which sheet: the one opened from the box, else the one changed last, from any phone;
closing the scoreboard on the box puts every sheet away until one changes again. That
choice is a setting of the journal ("scoreboard": {"open": game | None, "closed": the
newest entry id when it was closed}), so a restart shows what was shown. Whether a
digital game hides it (in its lobby or in play) is the box's and the page's to judge.

An entry from the buttons is first made on a scratch copy of the sheet (`preview`):
the sheet's own record_* method on the journal's entries plus a scratch list, so the
final confirm shows exactly the scores the entry will give (or the sheet's refusal)
and the journal gets nothing until then. `record` makes it for real, refused if the
sheet changed meanwhile (a phone's entry), so the box never overwrites what it has
not shown.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from device import games
from device.companion import SheetTools
from device.companion.scoring import Answers, Board, Entry, Scoring
from device.companion.sheet import SheetError
from device.journal import Journal

FOCUS = "scoreboard"  # the journal setting of which sheet is on show


@dataclass(frozen=True)
class OnShow:
    """A sheet as the scoreboard shows it."""

    game: str
    version: int  # its newest entry's id: a new one is a change
    state: dict[str, Any]
    board: Board
    over: bool

    @property
    def names(self) -> list[str | None]:
        return list(self.state.get("names") or [])


class Scoreboard:
    """The sheets' scoreboard: which is shown, its board, the box's entries on it."""

    def __init__(
        self,
        journal: Journal,
        sheets: Any,  # device.companion.Sheets
        on_change: Callable[[], None] = lambda: None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._journal = journal
        self._sheets = sheets
        self._on_change = on_change
        self._clock = clock  # the time of a scratch entry (a preview's)

    # --- which games -------------------------------------------------------------------

    def games(self) -> list[str]:
        """The games whose sheet the box can keep: a sheet and a `scoring` declared."""
        return [name for name in self._sheets.names() if scoring_of(name) is not None]

    # --- which sheet --------------------------------------------------------------------

    def shown_game(self) -> str | None:
        """The sheet opened on the box, else the newest changed since the scoreboard
        was last closed; None: no sheet to show."""
        focus = self._journal.setting(FOCUS) or {}
        versions = {g: v for g, v in self._journal.sheet_versions().items() if g in self.games()}
        opened = focus.get("open")
        if opened in versions:
            return str(opened)
        newest = max(versions, key=lambda g: versions[g], default=None)
        if newest is None or versions[newest] <= int(focus.get("closed", 0)):
            return None
        return newest

    def shown(self) -> OnShow | None:
        game = self.shown_game()
        return None if game is None else self.read(game)

    def read(self, game: str) -> OnShow | None:
        """One game's sheet in use as a scoreboard; None before its first setup."""
        sheet = self._sheets.get(game)
        state = sheet.state()
        if not state.get("players"):
            return None
        return OnShow(
            game=game,
            version=self._journal.sheet_versions().get(game, 0),
            state=state,
            board=_scoring(game).board(state),
            over=sheet.outcome(state).over,
        )

    def unfinished(self) -> OnShow | None:
        """The sheet on show while its game is not over: opening a digital game asks."""
        found = self.shown()
        return found if found is not None and not found.over else None

    # --- the box's calls ---------------------------------------------------------------

    def open(self, game: str, players: int, answers: Answers) -> OnShow:
        """A new sheet set up from the box (every seat unnamed), shown from now."""
        _scoring(game).setup(self._sheets.get(game), players, answers)
        self._focus(game)
        found = self.read(game)
        assert found is not None
        return found

    def show(self, game: str) -> None:
        """Show this game's sheet in use (opened again from the box's menu)."""
        self._focus(game)

    def close(self) -> None:
        """Put the scoreboard away (the sheet stays, and history keeps it once over)
        until a sheet changes again."""
        newest = max(self._journal.sheet_versions().values(), default=0)
        self._journal.set_setting(FOCUS, {"open": None, "closed": newest})
        self._on_change()

    def preview(self, game: str, entry: Entry, answers: Answers) -> OnShow:
        """What the sheet would be after this entry; the sheet's SheetError if it
        refuses it. Nothing is written."""
        scratch = _Scratch(self._journal, self._clock)
        factory = games.registered()[game].sheet
        sheet = factory(SheetTools.on(cast(Journal, scratch), lambda: None))
        entry.record(sheet, answers)
        state = sheet.state()
        return OnShow(game, 0, state, _scoring(game).board(state), sheet.outcome(state).over)

    def record(self, game: str, entry: Entry, answers: Answers, version: int) -> OnShow:
        """Make the entry on the sheet (its own record_* method), unless the sheet has
        changed since `version` was shown: then nothing is overwritten unseen."""
        if self._journal.sheet_versions().get(game, 0) != version:
            raise SheetError(
                "the sheet changed on a phone meanwhile: check it and enter again",
                "sheet_moved",
            )
        entry.record(self._sheets.get(game), answers)
        self._focus(game)
        found = self.read(game)
        assert found is not None
        return found

    def _focus(self, game: str) -> None:
        focus = self._journal.setting(FOCUS) or {}
        self._journal.set_setting(FOCUS, {"open": game, "closed": focus.get("closed", 0)})
        self._on_change()


def scoring_of(game: str) -> Scoring | None:
    declared = games.game(game)
    return declared.scoring if declared is not None else None


def _scoring(game: str) -> Scoring:
    found = scoring_of(game)
    if found is None:
        raise SheetError("this game cannot be scored on the box", "sheet_no_scoring")
    return found


class _Scratch:
    """The journal with entries added in memory only: a sheet built on it makes an
    entry exactly as it would, and nobody ever sees it."""

    _FIRST_ID = 10**15  # beyond any real entry: an entry that voids one names it

    def __init__(self, journal: Journal, clock: Callable[[], float]) -> None:
        self._journal = journal
        self._clock = clock
        self._added: dict[str, list[dict[str, Any]]] = {}
        self._next = self._FIRST_ID

    def sheet_entries(self, sheet: str) -> list[dict[str, Any]]:
        return self._journal.sheet_entries(sheet) + list(self._added.get(sheet, []))

    def add_sheet_entry(self, sheet: str, kind: str, body: dict[str, Any]) -> int:
        self._next += 1
        entry = {"id": self._next, "kind": kind, "body": json.loads(json.dumps(body))}
        self._added.setdefault(sheet, []).append({**entry, "at": self._clock()})
        return self._next

    def __getattr__(self, name: str) -> Any:
        return getattr(self._journal, name)
