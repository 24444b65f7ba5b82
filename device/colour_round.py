"""The box's secret-colour mode: pass the box round the table, hold A to see your colour.

Between looks the OLED shows only whose turn it is to look and the status LED is
dark. While A is held, and only then, the OLED shows that player's colour and the
status LED glows in it; letting go of A blanks both at once. B passes the box to
the next seat; a long B leaves the mode. Once the colours are revealed the box
shows everyone's.

The colours come from a `ColourSource`: a round of `device.companion.colours`
(a game on a real board) or the game on the table, when its engine holds secret
colours (its views carry "colour"). The box reads one seat's colour, for that
seat's player holding A, and nothing else of a seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from PIL import Image

from device.companion.colours import MAX_PLAYERS, MIN_PLAYERS, ColourRounds
from device.i18n import N_, Nn_, say
from device.screens.colours import colour_screen, pass_screen, reveal_screen
from device.screens.render import seat_name
from device.table import Table
from hardware.leds import STICK_COUNT, Colour

LED_COLOURS: dict[str, Colour] = {
    "R": (1.0, 0.0, 0.0),
    "B": (0.0, 0.0, 1.0),
    "Y": (1.0, 0.6, 0.0),  # full green with red reads as lime on most RGB LEDs
    "G": (0.0, 1.0, 0.0),
}
DARK: Colour = (0.0, 0.0, 0.0)
MENU_LABEL = N_("Secret colours")
MENU_ITEM = "secret-colours"  # its value in the box's game menu, beside the engines' names


class ColourSource(Protocol):
    """Where a pass-around's colours come from."""

    def names(self) -> list[str]: ...

    def colour_of(self, seat: int) -> str: ...

    def active(self) -> bool:
        """False once the colours are no longer secret (revealed, game over) or gone."""
        ...

    def code(self) -> str | None:
        """The code a phone types to claim its seat, when only the box shows it."""
        ...


class RoundColours:
    """The colours of one round drawn for a game on a real board."""

    def __init__(self, rounds: ColourRounds, round_id: int) -> None:
        self._rounds = rounds
        self.round_id = round_id

    def names(self) -> list[str]:
        """Each seat's name; an unnamed seat (a sheet set up on the box) is "Seat N",
        said in the table's language when drawn."""
        drawn = self._rounds.get(self.round_id)
        return [
            drawn.names[seat]
            if seat < len(drawn.names) and drawn.names[seat]
            else N_("Seat {number}", number=seat + 1)
            for seat in range(drawn.players)
        ]

    def colour_of(self, seat: int) -> str:
        return self._rounds.get(self.round_id).colours[seat]

    def active(self) -> bool:
        found = self._rounds.rounds().get(self.round_id)
        return found is not None and not found.revealed

    def code(self) -> str | None:
        return self._rounds.box_code(self.round_id)


class GameColours:
    """The colours of the game on the table, as the engine gives each seat its own."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self._room = table.status()["room"]

    def names(self) -> list[str]:
        status = self._table.status()
        return [seat_name(status, seat) for seat in range(status["players"])]

    def colour_of(self, seat: int) -> str:
        colour = self._table.view(seat).get("colour")
        if not isinstance(colour, str):
            raise ValueError(f"seat {seat + 1} has no secret colour in this game")
        return colour

    def active(self) -> bool:
        return game_has_colours(self._table) and self._table.status()["room"] == self._room

    def code(self) -> str | None:
        return None  # each phone already holds its seat, and so its colour


def game_has_colours(table: Table) -> bool:
    """A game in play whose views carry a secret colour (its public view has the key)."""
    return table.phase == "playing" and view_has_colours(table.view(None))


def view_has_colours(view: Mapping[str, Any] | None) -> bool:
    """Whether a game's public view says its seats hold secret colours."""
    return view is not None and "colour" in view


class ColourMode(Protocol):
    """What the box asks of a colour mode: it owns the buttons, the OLED and the LEDs.

    `edge` and `press` only change the mode's own state; `screen`, `leds` and
    `active` read its colours (from the table or the colour rounds)."""

    def edge(self, name: str, pressed: bool) -> None: ...

    def press(self, name: str, kind: str) -> bool:
        """One short or long press; False when it ends the mode."""
        ...

    def screen(self, lang: str | None = None) -> Image.Image:
        """The OLED frame, in the table's language `lang`."""
        ...

    def leds(self) -> dict[str, Any]: ...

    def active(self) -> bool: ...


class PassAround:
    """Each player in turn holds A to see their own colour; B passes the box on."""

    def __init__(self, source: ColourSource) -> None:
        self.source = source
        self.players = len(source.names())  # read once: a press only counts seats
        self.seat = 0
        self.holding = False

    def edge(self, name: str, pressed: bool) -> None:
        if name == "A":
            self.holding = pressed

    def press(self, name: str, kind: str) -> bool:
        if name == "B" and kind == "long":
            return False
        if name == "B":
            self.holding = False  # the next player starts hidden, whatever A does
            self.seat = (self.seat + 1) % self.players
        return True

    def screen(self, lang: str | None = None) -> Image.Image:
        names = [str(say(name, lang)) for name in self.source.names()]
        if self.holding:
            return colour_screen(names[self.seat], self.source.colour_of(self.seat), lang=lang)
        return pass_screen(names[self.seat], self.seat, len(names), self.source.code(), lang=lang)

    def leds(self) -> dict[str, Any]:
        sticks = [seat == self.seat for seat in range(STICK_COUNT)]
        colour = LED_COLOURS[self.source.colour_of(self.seat)] if self.holding else DARK
        return {"sticks": sticks, "status": colour}

    def active(self) -> bool:
        return self.source.active()


class Reveal:
    """Everyone's colour, once revealed; any press puts it away."""

    def __init__(self, names: list[str], colours: list[str]) -> None:
        self.names = names
        self.colours = colours

    def edge(self, name: str, pressed: bool) -> None:
        return None

    def press(self, name: str, kind: str) -> bool:
        return False

    def screen(self, lang: str | None = None) -> Image.Image:
        return reveal_screen([str(say(n, lang)) for n in self.names], self.colours, lang=lang)

    def leds(self) -> dict[str, Any]:
        return {"sticks": [False] * STICK_COUNT, "status": DARK}

    def active(self) -> bool:
        return True


def round_choices(rounds: ColourRounds) -> tuple[list[str], list[Any]]:
    """The "Secret colours" menu: what to do with the latest round, then a new round."""
    labels: list[str] = []
    values: list[Any] = []
    current = rounds.current()
    if current is not None and not current.revealed:
        labels += [N_("Pass the box"), N_("Reveal all")]
        values += [("pass", current.id), ("reveal", current.id)]
    elif current is not None:
        labels.append(N_("Show the reveal"))
        values.append(("show", current.id))
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        labels.append(Nn_("New: {count} player", "New: {count} players", players))
        values.append(("new", players))
    return labels, values


def mode_for(rounds: ColourRounds, choice: tuple[str, int]) -> ColourMode:
    """The mode a "Secret colours" menu choice starts (a new round is drawn here)."""
    what, number = choice
    if what == "new":
        return PassAround(RoundColours(rounds, rounds.start(number).id))
    if what == "pass":
        return PassAround(RoundColours(rounds, number))
    drawn = rounds.reveal(number) if what == "reveal" else rounds.get(number)
    return Reveal(RoundColours(rounds, drawn.id).names(), drawn.colours)
