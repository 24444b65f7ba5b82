"""The interlude: a pause after a deal, round or season until everyone has read it,
and the table's trick pause.

When an action finishes a deal (round, season, or the game), the engine's view gets
a new "summary" (engines.base.Game.summary). The Table then waits: every seated
player taps Continue on their phone (or the host skips the wait), and only then
does play go on. Meanwhile the Table refuses moves (TableError code "interlude")
and its status says who is still awaited.

Nothing is lost to a crash: the pause begins in the same journal transaction as the
action that made the summary, and each Continue is journaled before it counts. The
journal keeps them as entries of the sheet "interlude" (the table the dice-sticks'
throws also use), so no schema change: {"game": id, "key": summary key} for
"begin" and "skip", plus "seat" for "continue". Only the newest pause matters
(moves are refused while one waits), so beginning one drops the older entries.
A game resumed from a journal without a "begin" (an older release) never waits.

The trick pause is only a setting: engines have no clock, so the view says which
trick was last and who won it, and each page keeps it on screen until the next
trick's first card, and for at least this many seconds (sheet "interlude_settings").
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from device.journal import Journal
from engines import Game

SHEET = "interlude"
SETTINGS = "interlude_settings"  # the table's trick pause, its newest entry counts
TRICK_PAUSE = 3  # seconds a finished trick stays at least, by default
TRICK_PAUSE_MAX = 10


def summary_key(game: Game | None) -> str | None:
    """The key of the game's newest summary, or None when it has none yet."""
    summary = game.summary if game is not None else None
    return None if summary is None else str(summary["key"])


@dataclass(frozen=True)
class Pause:
    """A summary the table waits on: which game, which summary, who continued."""

    game_id: int
    key: str
    done: frozenset[int] = frozenset()


class Interlude:
    """The table's pause after a summary (call every method with the Table's lock held)."""

    def __init__(self, journal: Journal) -> None:
        self._journal = journal
        self._pause: Pause | None = None
        kept = journal.sheet_entries(SETTINGS)
        self._trick_pause = int(kept[-1]["body"]["seconds"]) if kept else TRICK_PAUSE

    # --- the trick pause: a table setting the pages read ------------------------------

    @property
    def trick_pause(self) -> int:
        """Seconds a finished trick stays on every screen at least, even when the next
        trick's first card comes sooner (it stays until that card in any case)."""
        return self._trick_pause

    def set_trick_pause(self, seconds: int) -> None:
        """ValueError unless a whole number of seconds from 0 to TRICK_PAUSE_MAX."""
        if isinstance(seconds, bool) or not isinstance(seconds, int):
            raise ValueError("the trick pause is a whole number of seconds")
        if not 0 <= seconds <= TRICK_PAUSE_MAX:
            raise ValueError(f"the trick pause is 0 to {TRICK_PAUSE_MAX} seconds")
        with self._journal.transaction():
            entry = self._journal.add_sheet_entry(SETTINGS, "trick_pause", {"seconds": seconds})
            self._journal.fold_sheet_entries(SETTINGS, entry - 1, {})
        self._trick_pause = seconds

    # --- the wait after a summary ----------------------------------------------------

    def clear(self) -> None:
        self._pause = None

    def restore(self, game_id: int, game: Game) -> None:
        """After a restart: the game's newest summary is still awaited if its pause was
        begun and neither skipped nor continued by everyone (checked against the seats
        when asked, as seats may change)."""
        self._pause = None
        key = summary_key(game)
        if key is None:
            return
        kinds: dict[str, set[int]] = {"begin": set(), "skip": set(), "continue": set()}
        for entry in self._journal.sheet_entries(SHEET):
            body = entry["body"]
            if body.get("game") == game_id and body.get("key") == key and entry["kind"] in kinds:
                kinds[entry["kind"]].add(int(body.get("seat", -1)))
        if kinds["begin"] and not kinds["skip"]:
            self._pause = Pause(game_id, key, frozenset(kinds["continue"]))

    def began(self, game_id: int, game: Game) -> float | None:
        """When the pause after the game's newest summary began (the journal's clock):
        what came before belongs to the deal before. None without a summary, or for a
        game journaled without its pause (an older release)."""
        key = summary_key(game)
        times = [
            float(entry["at"])
            for entry in self._journal.sheet_entries(SHEET)
            if entry["kind"] == "begin"
            and entry["body"].get("game") == game_id
            and entry["body"].get("key") == key
        ]
        return max(times) if key is not None and times else None

    def begin_if_new(self, game_id: int, before: str | None, game: Game) -> Pause | None:
        """Journal the start of a pause when the action just applied made a new summary
        (call inside the action's transaction); returns the pause for `adopt` once the
        transaction is committed, else None."""
        key = summary_key(game)
        if key is None or key == before:
            return None
        entry = self._journal.add_sheet_entry(SHEET, "begin", {"game": game_id, "key": key})
        if entry > 1:  # only the newest pause is ever read again: keep the journal small
            self._journal.fold_sheet_entries(SHEET, entry - 1, {})
        return Pause(game_id, key)

    def adopt(self, pause: Pause | None) -> None:
        if pause is not None:
            self._pause = pause

    def waiting(self, seated: Collection[int]) -> list[int]:
        """The seated players yet to continue; [] when nobody is awaited."""
        if self._pause is None:
            return []
        return sorted(set(seated) - self._pause.done)

    def holds(self, seated: Collection[int]) -> bool:
        """Whether play waits for someone to continue."""
        return bool(self.waiting(seated))

    def continue_from(self, seat: int, seated: Collection[int]) -> None:
        """One player has read the summary (journaled first); a second tap changes nothing."""
        pause = self._pause
        if pause is None or seat not in self.waiting(seated):
            return
        body = {"game": pause.game_id, "key": pause.key, "seat": seat}
        self._journal.add_sheet_entry(SHEET, "continue", body)
        self._pause = Pause(pause.game_id, pause.key, pause.done | {seat})

    def skip(self) -> None:
        """The host goes on without waiting for the others (journaled first)."""
        pause = self._pause
        if pause is None:
            return
        self._journal.add_sheet_entry(SHEET, "skip", {"game": pause.game_id, "key": pause.key})
        self._pause = None

    def status(self, seated: Collection[int], name: Callable[[int], str]) -> dict[str, Any] | None:
        """What every screen shows of the pause: the summary's key, who continued, who
        is still awaited (seat numbers and names); None when play is not waiting."""
        waiting = self.waiting(seated)
        if self._pause is None or not waiting:
            return None
        return {
            "key": self._pause.key,
            "done": sorted(self._pause.done & set(seated)),
            "waiting": waiting,
            "names": [name(seat) for seat in waiting],
        }
