"""The box's controls: a state machine from buttons, table and clock to what the box shows.

Events come in as method calls: a press (short or long), a button edge, the table
as just read (`see`), a throw of the roller, a refusal from the table, the passing
of time (`tick`). What the world must do comes out as commands
(`device.box.commands`): the table calls to make, a throw. What to show is the
state itself (a notice, a menu, a colour mode, a throw, the table's page), which
`device.box.look` turns into a frame and LEDs.

Time comes only from the injected clock. A notice expires, the OLED dims and a
throw animates when `tick()` finds that the moment has passed, and `next_wake()`
says when the next such moment is; no timers, threads, sleeps or hardware. It never
calls the table: the only outside reads are a colour mode's, of its own colours.
The box's render thread feeds it (`device.box.Box`); tests step it with a fake clock.

Buttons: A select/confirm, B next (long: back / end), C throws the dice-sticks
(long, in a game: the join QR again). In a menu, B moves, A chooses, long B goes
back; C does nothing. In a colour mode (`device.colour_round`) the mode has every
button. A notice covers the screen for `notice_seconds`; presses still count.
While the table reads a deal's summary, A goes on without waiting (the host's skip).
A score sheet on show (no digital game in its lobby or played): A its menu (entries,
the last entry again, its colours, its QR, put it away, a new game), B its next page,
long C its page's QR, C the sticks as ever. In an entry flow (`device.box.entry`) B
counts up, C down, A takes the number, long B steps back; nothing is recorded before
its final confirm.

The box follows the table: when the table's phase changes (a phone opened,
started, ended or abandoned a game, or opened the next one), a menu that no longer
fits, a colour mode, a notice and a throw on screen all give way at once, so the
next frame is the table's own screen (the lobby's QR, the game, the result). A
press that comes within `FOLLOW_GRACE` seconds of the box being taken out of a menu
or colour mode that way was meant for that screen: it is dropped, not applied to
the new one (an A meant for "No" must not clear a result or start a game).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from device.box.commands import (
    Command,
    ConfirmRelease,
    PassGameColours,
    ShowSheetQr,
    SkipWait,
    StartGame,
    ThrowSticks,
)
from device.box.entry import Done, EntryMode
from device.box.look import throw_label, turn_lights
from device.box.menus import (
    PLAYING,
    Menu,
    cancel_game,
    colours_menu,
    confirm,
    end_game,
    game_menu,
    next_game_menu,
    sheet_menu,
)
from device.colour_round import ColourMode, view_has_colours
from device.companion.scoreboard import OnShow
from device.hotspot import HotspotState
from device.i18n import N_
from device.table.notices import marked
from device.throw_show import THROWERS, ThrowShow

Clock = Callable[[], float]

FOLLOW_GRACE = 1.0  # seconds: presses meant for a screen the table took away are dropped


def notice_text(notice: Mapping[str, Any]) -> str:
    """A seat notice of the table, to be said in the table's language: by its template
    and params when it carries them (a bot's name marked short), else its English text."""
    template = notice.get("template")
    if not template:
        return str(notice["text"])
    return marked(template, notice.get("params") or {}, notice.get("bot"), short=True)


class Controls:
    def __init__(
        self,
        *,
        clock: Clock = time.monotonic,
        notice_seconds: float = 3.0,
        dim_after: float = 0.0,
        secret_colours: bool = False,
        wifi: bool = False,
    ) -> None:
        self._clock = clock
        self._notice_seconds = notice_seconds
        self._dim_after = dim_after  # 0: never dim
        self._secret_colours = secret_colours  # "Secret colours" ends the game menu
        self._wifi = wifi  # the box can make its own Wi-Fi (NetworkManager is there)
        self.wifi: HotspotState | None = None  # its Wi-Fi QR, shown until a press
        self.menu: Menu | None = None
        self.colour_mode: ColourMode | None = None  # passing the box to see secret colours
        self.entry: EntryMode | None = None  # a few numbers for a score sheet
        self._entry_done: Callable[[dict[str, int]], Command] | None = None
        self.sheet: OnShow | None = None  # the score sheet on show (no digital game)
        self._sheet_over_game: int | None = None  # its version when a digital game ended
        self.show_sheet_qr = False  # the sheet page's QR instead of the scoreboard
        self.notice: tuple[str, list[str]] | None = None
        self._notice_until = 0.0
        self.throw_show: ThrowShow | None = None  # a throw on the OLED and stick LEDs
        self.page = 0  # the game's screen (wrapped round by `screen_for`)
        self.show_join = False  # in a game: the join QR instead of the game
        self.phase = ""  # the table's, as last seen
        self._game_colours = False  # the game on the table has secret colours
        self._reading_summary = False  # play waits for the table to read a deal's summary
        self._stale_until = 0.0  # presses before this were meant for a screen now gone
        self._turn_lights: tuple[bool, ...] = (False,) * 5
        self._game_throws: int | None = None  # the game's throws already seen (view "throws")
        self._table_version: int | None = None
        self._seat_news: int | None = None  # the newest seat notice already shown
        self.problem: str | None = None  # a saved game an update could not resume: shown
        self._problem_seen: str | None = None  # until a press, once per problem
        self.rescued = False  # the problem is a damaged journal moved aside at start
        self._release_asked: tuple[int, Any] | None = None  # the request to free a seat shown
        self._release_menu: Menu | None = None  # the box's own "Free seat N?", while asked
        self._last_activity = clock()

    def now(self) -> float:
        return self._clock()

    # --- events -----------------------------------------------------------------------

    def see(
        self,
        status: Mapping[str, Any],
        view: Mapping[str, Any] | None,
        sheet: OnShow | None = None,
    ) -> None:
        """The table as just read: `view` is its public view while a game is shown;
        `sheet` the score sheet on show, read while no digital game is open or played."""
        now = self.now()
        if status.get("version") != self._table_version:
            self._table_version = status.get("version")
            self._last_activity = now  # a table change wakes a dimmed OLED
        if status["phase"] != self.phase:  # a new phase starts on its first page
            self.phase, self.page, self.show_join = status["phase"], 0, False
            self._follow_table(now)
            # A digital game's result comes first; a sheet changed since takes over.
            self._sheet_over_game = sheet.version if sheet is not None else None
        self._see_sheet(sheet)
        self._game_colours = self.phase == "playing" and view_has_colours(view)
        self._reading_summary = self.phase == "playing" and bool(status.get("interlude"))
        if self.colour_mode is not None and not self.colour_mode.active():
            self.colour_mode = None  # revealed, or the game it was for has ended
        self._note_game_throw(status, view, now)
        self._turn_lights = turn_lights(status, view)
        self._announce_seat_changes(status)
        problem = status.get("problem") or status.get("rescued_journal")
        if problem != self._problem_seen:
            self._problem_seen, self.problem = problem, problem
        self.rescued = bool(status.get("rescued_journal")) and self.problem is not None

    def _see_sheet(self, sheet: OnShow | None) -> None:
        """Which sheet the scoreboard shows: only while no digital game is in its lobby
        or played; after a digital game's result, once a sheet changes again."""
        if self.phase not in ("idle", "over") or (
            self.phase == "over" and sheet is not None and sheet.version == self._sheet_over_game
        ):
            sheet = None
        if sheet is None or self.sheet is None or sheet.game != self.sheet.game:
            self.show_sheet_qr = False  # another sheet starts on its standings
            if sheet is not None and self.sheet is None:
                self.page = 0
        self.sheet = sheet  # an entry open meanwhile stays: its record checks the version

    def start_entry(self, mode: EntryMode, done: Callable[[dict[str, int]], Command]) -> None:
        """An entry flow on the buttons; `done(answers)` is the command its confirm makes."""
        self.entry, self._entry_done = mode, done
        self._last_activity = self.now()

    def _follow_table(self, now: float) -> None:
        """The table moved to a new phase: what the box showed of the old one gives
        way, so the next frame is the table's screen. The box's own calls move it too
        (A in the lobby starts the game); a menu that fits the new phase stays (the
        game menu opened with the result cleared)."""
        taken_away = False
        if self.menu is not None and self.phase not in self.menu.phases:
            self.menu, taken_away = None, True
        if self.colour_mode is not None:  # a pass-around belongs to the phase it began in
            self.colour_mode, taken_away = None, True
        if self.entry is not None and self.phase not in ("idle", "over"):
            self.entry, taken_away = None, True
        self.notice = None  # it spoke of the old screen (a refusal, a seat)
        if self.throw_show is not None:
            self.throw_show.hide()
        if taken_away:
            self._stale_until = now + FOLLOW_GRACE

    def _announce_seat_changes(self, status: Mapping[str, Any]) -> None:
        """A seat freed or taken during play, or asked to be freed, shows on the OLED as
        on every phone: no hand changes eyes unseen. What the box saw at its start is
        old news."""
        notices = status.get("notices") or []
        newest = max((notice["id"] for notice in notices), default=0)
        if self._seat_news is not None and newest > self._seat_news:
            fresh = [notice_text(notice) for notice in notices if notice["id"] > self._seat_news]
            self.show_notice(N_("Seats"), fresh[-1:])  # the newest: the OLED fits one
        self._seat_news = newest
        release = status.get("release")
        asked = (release["seat"], release["by"]) if release else None
        if release and asked != self._release_asked:
            number = release["seat"] + 1
            if release.get("box_confirms"):  # too few people: the box's press decides
                question = (
                    N_("Seat {number} to a bot?", number=number)
                    if release.get("bot")
                    else N_("Free seat {number}?", number=number)
                )
                self.menu = self._release_menu = confirm(question, ConfirmRelease(), PLAYING)
            elif release.get("bot"):
                asks = N_("The host asks to give seat {number} to a bot", number=number)
                self.show_notice(N_("Free a seat?"), [asks])
            else:
                asks = N_("The host asks to free seat {number}", number=number)
                self.show_notice(N_("Free a seat?"), [asks])
        if not release and self._release_menu is not None:
            if self.menu is self._release_menu:
                self.menu = None  # answered elsewhere: the holder's phone, or withdrawn
            self._release_menu = None
        self._release_asked = asked

    def press(self, name: str, kind: str) -> list[Command]:
        """One accepted press: `kind` is "short" or "long" (decided on release)."""
        now = self._last_activity = self.now()
        if now < self._stale_until:
            return []  # meant for the menu the table just took away: the new screen shows
        if self.problem is not None:
            self.problem = None  # read: the first press only puts it away
            return []
        if self.wifi is not None and self.menu is None:
            self.wifi = None  # joined: the table's screen (its join QR) comes next
            return []
        if (name, kind) != ("C", "short") and self.throw_show is not None:
            self.throw_show.hide()  # show what the press does, not the old throw
        if self.menu is not None:
            return self._menu_press(name, kind)
        if self.colour_mode is not None:
            if not self.colour_mode.press(name, kind):
                self.colour_mode = None
            return []
        if self.entry is not None:
            return self._entry_press(name, kind)
        if name == "C" and kind == "short":
            return [ThrowSticks()]  # anywhere outside a menu; shown once thrown
        return self._table_press(name, kind)

    def edge(self, name: str, pressed: bool) -> None:
        """A button going down or up: only a colour mode listens (A shows while held)."""
        if self.colour_mode is None or self.menu is not None:
            return
        self._last_activity = self.now()
        self.colour_mode.edge(name, pressed)

    def thrown(self, throw: Mapping[str, Any], label: str) -> None:
        """The roller threw (button C, a phone, a score sheet): show it from now, a
        page's or the box's own name in the table's language, a player's as it is."""
        self._show_throw(throw, THROWERS.get(label, label), self._turn_lights, self.now())

    def refused(self, reason: str) -> None:
        """The table said no to a command: say why for a while."""
        self.show_notice(N_("Not now"), [reason])

    def show_notice(self, title: str, lines: list[str]) -> None:
        self.notice = (title, lines)
        self._notice_until = self.now() + self._notice_seconds

    def show_wifi(self, state: HotspotState) -> None:
        """The box's Wi-Fi QR, step one for a phone, until a press."""
        self.wifi = state

    def show_colour_rounds(self, labels: Sequence[str], values: Sequence[Any]) -> None:
        """The "Secret colours" menu, with the choices the colour rounds offer now."""
        self.menu = colours_menu(labels, values, back=self._game_menu())

    def start_colours(self, mode: ColourMode) -> None:
        self.colour_mode = mode

    def tick(self) -> None:
        """Let time pass: an expired notice goes, a throw that is over is forgotten."""
        now = self.now()
        if self.notice is not None and now >= self._notice_until:
            self.notice = None
        if self.throw_show is not None and self.throw_show.over(now):
            self.throw_show = None

    # --- what time will do ------------------------------------------------------------

    def dimmed(self) -> bool:
        """The OLED dims after `dim_after` seconds without a press or a table change."""
        return self._dim_after > 0 and self.now() - self._last_activity >= self._dim_after

    def next_wake(self) -> float | None:
        """Seconds until the picture changes by itself (a notice ends, the OLED dims,
        a throw's next frame), None if only an event can change it."""
        now = self.now()
        moments: list[float] = []
        if self.notice is not None:
            moments.append(self._notice_until)
        if self._dim_after > 0 and not self.dimmed():
            moments.append(self._last_activity + self._dim_after)
        waits = [max(0.0, moment - now) for moment in moments]
        if self.throw_show is not None:
            frame = self.throw_show.next_change(now)
            if frame is not None:
                waits.append(frame)
        return min(waits) if waits else None

    # --- the buttons' meanings --------------------------------------------------------

    def _menu_press(self, name: str, kind: str) -> list[Command]:
        menu = self.menu
        assert menu is not None
        if name == "B" and kind == "short":
            menu.next()
        elif name == "B" and kind == "long":
            self.menu = menu.back
        elif name == "A":
            outcome = menu.chosen()
            self.menu = outcome if isinstance(outcome, Menu) else None
            if isinstance(outcome, ShowSheetQr):
                self.show_sheet_qr = True  # the controls' own: no call to the world
            elif outcome is not None and not isinstance(outcome, Menu):
                return [outcome]
        return []

    def _entry_press(self, name: str, kind: str) -> list[Command]:
        assert self.entry is not None
        outcome = self.entry.press(name, kind)
        if outcome is True:
            return []
        done = self._entry_done
        self.entry, self._entry_done = None, None
        if isinstance(outcome, Done) and done is not None:
            return [done(outcome.answers)]
        return []  # stepped back past the first question: nothing recorded

    def _sheet_press(self, name: str, kind: str) -> list[Command]:
        """The scoreboard on screen: A its menu, B its next page, long C its QR."""
        assert self.sheet is not None
        press = (name, kind)
        if name == "A":
            self.show_sheet_qr = False
            self.menu = sheet_menu(self.sheet, back=self._game_menu())
        elif press == ("B", "short"):
            self.page += 1
            self.show_sheet_qr = False
        elif press == ("C", "long"):
            self.show_sheet_qr = not self.show_sheet_qr
        return []

    def _game_menu(self) -> Menu:
        unfinished = self.sheet.game if self.sheet is not None and not self.sheet.over else None
        return game_menu(self._secret_colours, self._wifi, unfinished)

    def _table_press(self, name: str, kind: str) -> list[Command]:
        press = (name, kind)
        if self.sheet is not None:
            return self._sheet_press(name, kind)
        if self.phase == "idle":
            if name == "A":
                self.menu = self._game_menu()
        elif self.phase == "lobby":
            if press == ("A", "short"):
                return [StartGame()]
            if press == ("B", "long"):
                self.menu = cancel_game()
        elif self.phase == "playing":
            if press == ("B", "short"):
                self.page += 1
                self.show_join = False
            elif press == ("B", "long"):
                self.menu = end_game()
            elif press == ("A", "short") and self._reading_summary:
                return [SkipWait()]  # as the host's "Skip the wait"
            elif press == ("A", "short") and self._game_colours:
                return [PassGameColours()]
            elif press == ("C", "long"):
                # The join QR again, for a phone that has to rejoin mid-game.
                self.show_join = not self.show_join
        elif self.phase == "over":
            if name == "A":
                self.menu = next_game_menu()  # play again, another game, or clear the table
            if press == ("B", "short"):
                self.page += 1  # result, then the game's own pages
        return []

    # --- throws -----------------------------------------------------------------------

    def _note_game_throw(
        self, status: Mapping[str, Any], view: Mapping[str, Any] | None, now: float
    ) -> None:
        """Show a throw the game made itself: its public view counts them in "throws"."""
        if view is None or not isinstance(view.get("throws"), int):
            self._game_throws = None
            return
        seen, self._game_throws = self._game_throws, view["throws"]
        throw = view.get("last_throw")
        if seen is not None and view["throws"] > seen and throw:
            self._show_throw(throw, throw_label(throw, status), turn_lights(status, view), now)

    def _show_throw(
        self, throw: Mapping[str, Any], label: str, lights: tuple[bool, ...], now: float
    ) -> None:
        """Its LEDs hold until the turn lights differ from `lights`."""
        self.throw_show = ThrowShow(tuple(throw["sticks"]), throw["count"], label, now, lights)
        self._last_activity = now
