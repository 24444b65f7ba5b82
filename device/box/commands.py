"""What the box's controls ask of the world: table calls, a throw, a colour mode.

`device.box.controls.Controls` decides and returns these; `device.box.Box` carries
them out on its render thread and reports back a refusal (a `TableError`) or what
it fetched (a colour round's choices, a colour mode).
"""

from __future__ import annotations

from dataclasses import dataclass


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
class Hotspot:
    """The box's own Wi-Fi (device/hotspot.py): "start" (after the warning that it
    drops the box's Wi-Fi connection), "stop", or "show" its QR again."""

    action: str


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
)

# The commands that change the table: made only while the table is still in the
# phase the controls last saw (`device.box.Box` checks), else the press was meant
# for a screen that is gone.
TABLE_CALLS = (StartGame, EndGame, ClearTable, OpenLobby, Rematch, SkipWait)
