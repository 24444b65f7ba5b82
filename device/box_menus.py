"""The box's menus as data: B moves, A chooses, long B goes back.

Choosing an item gives an outcome: another menu, a command for the world
(`device.box_commands`), or nothing. No menu calls the table itself, so the
controls can be tested without one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import engines
from device.box_commands import (
    Command,
    EndGame,
    OpenLobby,
    ShowColourRounds,
    StartColours,
)
from device.colour_round import MENU_ITEM, MENU_LABEL


@dataclass
class Menu:
    """A list on the OLED; `choose(value)` says what picking an item leads to."""

    title: str
    labels: list[str]
    values: list[Any]
    choose: Callable[[Any], Menu | Command | None] = field(repr=False)
    selected: int = 0
    back: Menu | None = field(default=None, repr=False)

    def next(self) -> None:
        self.selected = (self.selected + 1) % len(self.labels)

    def chosen(self) -> Menu | Command | None:
        return self.choose(self.values[self.selected])


def game_menu(secret_colours: bool) -> Menu:
    """Every engine, then (when the box keeps colour rounds) "Secret colours"."""
    games = [engines.info(name) for name in engines.names()]
    labels, values = [g["title"] for g in games], [g["name"] for g in games]
    if secret_colours:  # last: secret colours for a game on a real board
        labels.append(MENU_LABEL)
        values.append(MENU_ITEM)

    def choose(game: str) -> Menu | Command:
        if game == MENU_ITEM:
            return ShowColourRounds()
        return players_menu(game, back=game_menu(secret_colours))

    return Menu("New game", labels, values, choose)


def players_menu(game: str, back: Menu | None = None) -> Menu:
    info = engines.info(game)
    counts = list(range(info["min_players"], info["max_players"] + 1))
    labels = [f"{n} players" for n in counts]
    return Menu(info["title"], labels, counts, lambda n: OpenLobby(game, n), back=back)


def colours_menu(labels: Sequence[str], values: Sequence[Any], back: Menu | None = None) -> Menu:
    """What to do with the colour rounds (`device.colour_round.round_choices`)."""

    def choose(choice: tuple[str, int]) -> Menu | Command:
        if choice[0] == "reveal":
            return confirm("Reveal all colours?", StartColours(choice))
        return StartColours(choice)

    return Menu(MENU_LABEL, list(labels), list(values), choose, back=back)


def confirm(question: str, then: Command) -> Menu:
    """Ask before anything that cannot be undone; "No" is selected first."""
    return Menu(question, ["No", "Yes"], [False, True], lambda yes: then if yes else None)


def cancel_game() -> Menu:
    return confirm("Cancel game?", EndGame())


def end_game() -> Menu:
    return confirm("End game?", EndGame())
