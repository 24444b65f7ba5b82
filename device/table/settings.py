"""The table's own settings that outlive a game, kept in the journal (its `settings`
table): the language of the OLED and the TV, whether phones may ask for a suggested
move, and how long a bot takes at least per move. Each setter checks its value and
writes it before taking it; the Table calls them under its lock and tells everyone."""

from __future__ import annotations

import sqlite3
from typing import Any

from device import i18n
from device.journal import Journal
from device.table.errors import TableError, not_saved

BOT_PACE = 1.0  # seconds a bot's move takes at least, from its turn: people follow
BOT_PACE_MAX = 10


class TableSettings:
    def __init__(self, journal: Journal, language: str) -> None:
        self._journal = journal
        # The one the host or the box last picked, else the configured one (device/i18n).
        self.language: str = i18n.valid(journal.setting("language")) or language
        self.hints: bool = journal.setting("hints") is True  # off unless the host allows
        kept = journal.setting("bot_pace")
        self.bot_pace: float = float(kept) if isinstance(kept, (int, float)) else BOT_PACE

    def set_language(self, language: str) -> None:
        if i18n.valid(language) is None:
            raise TableError(
                "there is no language {language}", "unknown_language", {"language": language}
            )
        self._keep("language", language, "language")
        self.language = language

    def set_hints(self, on: bool) -> None:
        self._keep("hints", bool(on), "hints")
        self.hints = bool(on)

    def set_bot_pace(self, seconds: Any) -> None:
        if (
            not isinstance(seconds, (int, float))
            or isinstance(seconds, bool)
            or not 1 <= seconds <= BOT_PACE_MAX
        ):
            raise TableError(
                "a bot's pace is 1 to {most} seconds", "invalid_field", {"most": BOT_PACE_MAX}
            )
        self._keep("bot_pace", seconds, "bot pace")
        self.bot_pace = float(seconds)

    def _keep(self, key: str, value: Any, what: str) -> None:
        try:
            self._journal.set_setting(key, value)
        except sqlite3.Error as err:
            raise not_saved(what, err) from None
