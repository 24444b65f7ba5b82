"""What the box's controls ask of the world: table calls, a throw, a colour mode.

`device.box_controls.Controls` decides and returns these; `device.box.Box` carries
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
    """`table.end_game()`: cancel a lobby, abandon a game, clear a result."""


@dataclass(frozen=True)
class OpenLobby:
    """`table.open_lobby(game, players, {})`."""

    game: str
    players: int


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


Command = (
    StartGame
    | EndGame
    | OpenLobby
    | ThrowSticks
    | ShowColourRounds
    | StartColours
    | PassGameColours
)
