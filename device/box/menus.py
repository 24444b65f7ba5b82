"""The box's menus as data: B moves, A chooses, long B goes back.

Choosing an item gives an outcome: another menu, a command for the world
(`device.box.commands`), or nothing. No menu calls the table itself, so the
controls can be tested without one.

Titles and items are `device.i18n.Text` (English strs that keep their message id):
`device.box.look` says them in the table's language when it draws, so a menu
follows a change of language while it is open. Names of games, people and
languages are data, except a game's title, which its engine marks for the catalogs.

Each menu names the table phases it belongs to: when a phone moves the table on
(opens a game, starts, ends or abandons it), the controls close a menu that no
longer fits, so the OLED follows the table instead of offering a stale choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import engines
from device import games as device_games
from device.box.commands import (
    BeginEntry,
    BeginSetup,
    ClearTable,
    CloseSheet,
    Command,
    EndGame,
    Hotspot,
    OpenLobby,
    PassSheetColours,
    Rematch,
    SetLanguage,
    ShowColourRounds,
    ShowSheetQr,
    StartColours,
)
from device.colour_round import MENU_ITEM, MENU_LABEL
from device.i18n import LANGUAGES, N_, Nn_

if TYPE_CHECKING:
    from device.companion.scoreboard import OnShow

EVERY_PHASE = frozenset({"idle", "lobby", "playing", "over"})
BETWEEN_GAMES = frozenset({"idle", "over"})  # where a new game can be opened
OVER = frozenset({"over"})  # a result on the table: the next game keeps its seats
LOBBY = frozenset({"lobby"})
PLAYING = frozenset({"playing"})


@dataclass
class Menu:
    """A list on the OLED; `choose(value)` says what picking an item leads to.
    `phases`: the table phases in which it still makes sense."""

    title: str  # a device.i18n.Text, or data (a game's title)
    labels: list[str]
    values: list[Any]
    choose: Callable[[Any], Menu | Command | None] = field(repr=False)
    selected: int = 0
    back: Menu | None = field(default=None, repr=False)
    phases: frozenset[str] = EVERY_PHASE

    def next(self) -> None:
        self.selected = (self.selected + 1) % len(self.labels)

    def chosen(self) -> Menu | Command | None:
        return self.choose(self.values[self.selected])


LANGUAGE_ITEM = "language"  # its value in the game menu, beside the engines' names
SCORE_ITEM = "score"
SCORE_LABEL = N_("Score a game on the table")
WIFI_ITEM = "wifi"
# In every language's words at once, so whoever reads the box finds it, whatever the
# box speaks now (a name, as the languages' own names in their menu).
LANGUAGE_LABEL = "Language / 言語"


def game_menu(secret_colours: bool, wifi: bool = False, unfinished: str | None = None) -> Menu:
    """Every engine, then scoring a game played with real pieces, (when the box keeps
    colour rounds) "Secret colours", the table's language, and (where NetworkManager
    runs) the box's own Wi-Fi. `unfinished`: the game of a score sheet not yet over,
    which a new game or sheet does not push aside without asking."""
    names = engines.names()
    labels, values = [device_games.title(name) for name in names], list(names)
    if scored_games():
        labels.append(SCORE_LABEL)
        values.append(SCORE_ITEM)
    if secret_colours:  # last: secret colours for a game on a real board
        labels.append(MENU_LABEL)
        values.append(MENU_ITEM)
    labels.append(LANGUAGE_LABEL)
    values.append(LANGUAGE_ITEM)
    if wifi:
        labels.append(N_("Box Wi-Fi"))
        values.append(WIFI_ITEM)

    def choose(game: str) -> Menu | Command:
        back = game_menu(secret_colours, wifi, unfinished)
        if game == MENU_ITEM:
            return ShowColourRounds()
        if game == LANGUAGE_ITEM:
            return language_menu(back=back)
        if game == WIFI_ITEM:
            return wifi_menu(back=back)
        if game == SCORE_ITEM:
            return score_menu(unfinished, back=back)
        if unfinished is not None:  # a digital game hides the sheet: ask first
            return players_menu(game, back=back, open_for=_over_sheet)
        return players_menu(game, back=back)

    return Menu(N_("New game"), labels, values, choose, phases=BETWEEN_GAMES)


def _over_sheet(game: str, players: int) -> Menu:
    return confirm(
        N_("Score sheet not finished: open anyway?"), OpenLobby(game, players), BETWEEN_GAMES
    )


def scored_games() -> list[str]:
    """The games the box can keep a score sheet of (each declares its `scoring`)."""
    return [name for name, game in device_games.registered().items() if game.scoring]


def score_menu(unfinished: str | None, back: Menu | None = None) -> Menu:
    """ "Score a game on the table": the game, then its player count; its sheet opens
    with every seat unnamed (a phone names them)."""
    names = scored_games()

    def players(game: str) -> Menu:
        def start(chosen: str, count: int) -> Menu | Command:
            if unfinished == chosen:  # that game's sheet is still under way
                return confirm(N_("Start a new sheet?"), BeginSetup(chosen, count), BETWEEN_GAMES)
            return BeginSetup(chosen, count)

        return players_menu(game, score_menu(unfinished, back), open_for=start)

    return Menu(
        SCORE_LABEL,
        [device_games.title(name) for name in names],
        names,
        players,
        back=back,
        phases=BETWEEN_GAMES,
    )


def sheet_menu(sheet: OnShow, back: Menu) -> Menu:
    """A on the scoreboard: what the buttons can enter now, the last entry again, the
    sheet's secret colours, its page's QR, putting it away, or another game."""
    declared = device_games.game(sheet.game)
    scoring = declared.scoring if declared is not None else None
    choices: list[tuple[str, Callable[[], Menu | Command | None]]] = []
    if scoring is not None:
        for entry in scoring.entries(sheet.state):
            choices.append((entry.label, partial(BeginEntry, sheet.game, entry, sheet.version)))
        correction = scoring.correction(sheet.state)
        if correction is not None:
            last = partial(BeginEntry, sheet.game, correction, sheet.version)
            choices.append((N_("Correct the last entry"), last))
        colours = scoring.colours(sheet.state)
        if colours is not None:
            choices.append((N_("Pass the box"), partial(PassSheetColours, colours)))
    choices.append((N_("Sheet on a phone (QR)"), ShowSheetQr))
    close = confirm(N_("Put the scoreboard away?"), CloseSheet(), BETWEEN_GAMES)
    choices.append((N_("Put the scoreboard away"), lambda: close))
    choices.append((N_("New game"), lambda: back))
    return Menu(
        device_games.title(sheet.game),
        [label for label, _ in choices],
        list(range(len(choices))),
        lambda index: choices[index][1](),
        phases=BETWEEN_GAMES,
    )


def language_menu(back: Menu | None = None) -> Menu:
    """The table's language (the OLED, the TV page), each named in its own words."""
    return Menu(
        N_("Language"),
        list(LANGUAGES.values()),
        list(LANGUAGES),
        SetLanguage,
        back=back,
        phases=BETWEEN_GAMES,
    )


def wifi_menu(back: Menu | None = None) -> Menu:
    """The box's own Wi-Fi for a table without one: phones scan its Wi-Fi QR, then the
    join QR. Starting it drops the box's own Wi-Fi connection: the choice says so."""
    start = Menu(
        N_("Start box Wi-Fi?"),
        [N_("No"), N_("Yes, drop Wi-Fi")],
        [False, True],
        lambda yes: Hotspot("start") if yes else None,
        phases=BETWEEN_GAMES,
    )
    choices: dict[str, Callable[[], Menu | Command]] = {
        N_("Show Wi-Fi QR"): lambda: Hotspot("show"),
        N_("Start"): lambda: start,
        N_("Stop"): lambda: Hotspot("stop"),
    }
    return Menu(
        N_("Box Wi-Fi"),
        list(choices),
        list(choices),
        lambda label: choices[label](),
        back=back,
        phases=BETWEEN_GAMES,
    )


def players_menu(
    game: str,
    back: Menu | None = None,
    *,
    open_for: Callable[[str, int], Menu | Command] = OpenLobby,
    phases: frozenset[str] = BETWEEN_GAMES,
) -> Menu:
    """The game's player counts; choosing one opens its lobby (`open_for`: a new
    table, or a rematch for the players already seated)."""
    info = engines.info(game)
    counts = list(range(info["min_players"], info["max_players"] + 1))
    return Menu(
        device_games.title(game),
        [Nn_("{count} player", "{count} players", n) for n in counts],
        counts,
        lambda n: open_for(game, n),
        back=back,
        phases=phases,
    )


def next_game_menu() -> Menu:
    """After a result (a game over or ended early): the next game for the same people
    (every phone keeps its seat), or clearing the table (every seat freed)."""
    choices: dict[str, Callable[[], Menu | Command]] = {
        N_("Play again"): Rematch,
        N_("Another game"): lambda: other_game_menu(back=next_game_menu()),
        N_("Clear the table"): lambda: confirm(N_("Free every seat?"), ClearTable(), OVER),
    }
    return Menu(
        N_("Next game"), list(choices), list(choices), lambda label: choices[label](), phases=OVER
    )


def other_game_menu(back: Menu | None = None) -> Menu:
    """Another game for the players at the table: its lobby opens with their seats."""
    names = engines.names()

    def players(game: str) -> Menu:
        return players_menu(game, other_game_menu(back), open_for=Rematch, phases=OVER)

    return Menu(
        N_("Another game"),
        [device_games.title(name) for name in names],
        list(names),
        players,
        back=back,
        phases=OVER,
    )


def colours_menu(labels: Sequence[str], values: Sequence[Any], back: Menu | None = None) -> Menu:
    """What to do with the colour rounds (`device.colour_round.round_choices`)."""

    def choose(choice: tuple[str, int]) -> Menu | Command:
        if choice[0] == "reveal":
            return confirm(N_("Reveal all colours?"), StartColours(choice), BETWEEN_GAMES)
        return StartColours(choice)

    return Menu(MENU_LABEL, list(labels), list(values), choose, back=back, phases=BETWEEN_GAMES)


def confirm(question: str, then: Command, phases: frozenset[str]) -> Menu:
    """Ask before anything that cannot be undone; "No" is selected first."""
    return Menu(
        question,
        [N_("No"), N_("Yes")],
        [False, True],
        lambda yes: then if yes else None,
        phases=phases,
    )


def cancel_game() -> Menu:
    """A lobby has no game to keep yet: cancelling it clears the table."""
    return confirm(N_("Cancel game?"), ClearTable(), LOBBY)


def end_game() -> Menu:
    """The game goes to its result (no winner) and every seat stays: the result's menu
    then offers Play again, Another game, or Clear the table."""
    return confirm(N_("End game?"), EndGame(), PLAYING)
