"""What the box's controls ask of the world: table calls, a throw, a colour mode.

`device.box.controls.Controls` decides and returns these; `device.box.Box` carries
them out on its render thread and reports back a refusal (a `TableError`) or what
it fetched (a colour round's choices, a colour mode).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from device.companion.scoring import Entry


@dataclass(frozen=True)
class StartGame:
    """`table.start()`: every seat is taken."""


@dataclass(frozen=True)
class EndGame:
    """`table.end_game()`: end the game in play, the table (seats, room) kept."""


@dataclass(frozen=True)
class ClearTable:
    """`table.clear_table()`: cancel a lobby or clear a result, every seat freed."""


@dataclass(frozen=True)
class OpenLobby:
    """`table.open_lobby(game, players, {})`."""

    game: str
    players: int


@dataclass(frozen=True)
class Rematch:
    """`table.rematch(...)` after a result: the next game for the same people, every
    phone keeping its seat. No game: "play again" (same game, dealt at once when every
    seat is held); a game and player count: its lobby opens for them."""

    game: str | None = None
    players: int | None = None


@dataclass(frozen=True)
class SkipWait:
    """`table.skip_interlude()`: play goes on after a deal's summary without waiting
    for every phone's Continue (as the host's "Skip the wait")."""


@dataclass(frozen=True)
class ThrowSticks:
    """The box's own throw of the dice-sticks (button C)."""


@dataclass(frozen=True)
class ShowColourRounds:
    """Open the "Secret colours" menu: it lists what can be done with the rounds kept."""


@dataclass(frozen=True)
class StartColours:
    """Start the colour mode a "Secret colours" choice stands for (may draw a round)."""

    choice: tuple[str, int]


@dataclass(frozen=True)
class PassGameColours:
    """Pass the box round for the secret colours of the game on the table."""


@dataclass(frozen=True)
class SetLanguage:
    """`table.set_language(language)`: what the OLED and the TV page speak."""

    language: str


@dataclass(frozen=True)
class ConfirmRelease:
    """`table.confirm_release_on_box()`: with fewer than three people, a press on the
    box (in sight of the table) frees the seat the host asks to free."""


@dataclass(frozen=True)
class Hotspot:
    """The box's own Wi-Fi (device/hotspot.py): "start" (after the warning that it
    drops the box's Wi-Fi connection), "stop", or "show" its QR again."""

    action: str


@dataclass(frozen=True)
class BeginSetup:
    """Score a game played with real pieces: set its sheet up for `players` unnamed
    seats (after the game's own set-up questions, if it has any)."""

    game: str
    players: int


@dataclass(frozen=True)
class OpenSheet:
    """`Scoreboard.open`: the sheet set up with the set-up questions' answers."""

    game: str
    players: int
    answers: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class BeginEntry:
    """Start an entry flow on the sheet shown (`version`: as it was when chosen)."""

    game: str
    entry: Entry = field(compare=False)
    version: int


@dataclass(frozen=True)
class RecordEntry:
    """`Scoreboard.record`: the entry confirmed, unless the sheet changed since."""

    game: str
    entry: Entry = field(compare=False)
    answers: tuple[tuple[str, int], ...]
    version: int


@dataclass(frozen=True)
class CloseSheet:
    """`Scoreboard.close`: the scoreboard put away until a sheet changes again."""


@dataclass(frozen=True)
class PassSheetColours:
    """Pass the box round for the secret colours of the sheet shown."""

    round_id: int


@dataclass(frozen=True)
class ShowSheetQr:
    """The QR of the shown sheet's page on the OLED (the controls' own)."""


Command = (
    StartGame
    | EndGame
    | ClearTable
    | OpenLobby
    | Rematch
    | SkipWait
    | ThrowSticks
    | ShowColourRounds
    | StartColours
    | PassGameColours
    | SetLanguage
    | Hotspot
    | ConfirmRelease
    | BeginSetup
    | OpenSheet
    | BeginEntry
    | RecordEntry
    | CloseSheet
    | PassSheetColours
    | ShowSheetQr
)

# The commands that change the table: made only while the table is still in the
# phase the controls last saw (`device.box.Box` checks), else the press was meant
# for a screen that is gone.
TABLE_CALLS = (StartGame, EndGame, ClearTable, OpenLobby, Rematch, SkipWait, ConfirmRelease)
# What changes a score sheet: made only while no digital game has the table.
SHEET_CALLS = (OpenSheet, RecordEntry, CloseSheet)
