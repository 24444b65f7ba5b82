"""The box itself: three buttons drive menus, the OLED and LEDs follow the Table.

Its parts, one job each:

* `device.box.controls`: what the buttons mean, menus, notices, dimming, throws and
  secret colours, as a state machine on an injected clock (no threads, no hardware);
* `device.box.menus`, `device.box.commands`: its menus, and the calls it asks for;
* `device.box.look`: the OLED picture and LEDs for that state and the table;
* `device.box.outputs`: sends them to the parts, only what changed, and plays tones;
* `device.box.inbox`: the queue from every other thread to the render thread;
* this module: the wiring, the render thread, and what the web pages read.

Buttons arrive on gpiozero's callback thread, table changes on whichever thread made
them, throws on the thrower's, health changes on the parts' retry threads. They all
only queue an event. One render thread takes everything queued, feeds it to the
controls, carries out the table calls they ask for, and draws: nothing else draws,
and no caller waits for the display. It sleeps until the next event or until the
controls' next moment (a notice ending, dimming, a throw's next frame), so nothing
polls.

Secret colours: letting go of A must blank the OLED and the status LED at once. The
release queues an edge, and the queue wakes the render thread straight away: one
thread hand-over, then the drawing the button's thread used to do itself. On the
simulated box, release to the blank frame handed to the display measured 0.9 ms
median, 3 ms p99, as when the button's thread drew it; an SSD1306 then takes 23 ms
to show it. A press and release queued together are drawn as one frame, so a
colour is never drawn after its release.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from device import interpreter
from device.box.commands import (
    SHEET_CALLS,
    TABLE_CALLS,
    BeginEntry,
    BeginSetup,
    ClearTable,
    CloseSheet,
    Command,
    ConfirmRelease,
    EndGame,
    Hotspot,
    OpenLobby,
    OpenSheet,
    PassGameColours,
    PassSheetColours,
    RecordEntry,
    Rematch,
    SetLanguage,
    ShowColourRounds,
    SkipWait,
    StartColours,
    StartGame,
    ThrowSticks,
)
from device.box.controls import Clock, Controls
from device.box.entry import EntryMode
from device.box.inbox import Edge, Event, HealthChanged, Inbox, Press, TableChanged, Thrown
from device.box.look import (
    DIMMED_PIXEL,
    FAULT_COLOUR,
    LIT_PIXEL,
    STATUS_COLOURS,
    join_url,
    led_state,
    oled_picture,
    oled_png,
    throw_label,
    turn_lights,
)
from device.box.outputs import Outputs
from device.colour_round import GameColours, PassAround, RoundColours, mode_for, round_choices
from device.companion.colours import ColourRounds
from device.companion.scoreboard import OnShow, Scoreboard, scoring_of
from device.companion.sheet import Refusal
from device.games import title as device_games_title
from device.hotspot import Hotspot as BoxWifi
from device.hotspot import HotspotError, HotspotState
from device.i18n import N_, Text
from device.network import rebase
from device.sticks import StickRoller, ThrowRecord
from device.table import Table, TableError
from hardware import Hardware

__all__ = [
    "BUTTON_NAMES",
    "DIMMED_PIXEL",
    "FAULT_COLOUR",
    "LIT_PIXEL",
    "STATUS_COLOURS",
    "Box",
    "oled_png",
    "throw_label",
    "turn_lights",
]

log = logging.getLogger(__name__)

BUTTON_NAMES = ("A", "B", "C")


class Box:
    def __init__(
        self,
        table: Table,
        hardware: Hardware,
        *,
        base_url: str,
        simulated: bool,
        notice_seconds: float = 3.0,
        dim_after: float = 0.0,
        sticks: StickRoller | None = None,
        colours: ColourRounds | None = None,
        wifi: BoxWifi | None = None,
        follow_wifi: bool = True,
        box_name: str | None = None,
        scoreboard: Scoreboard | None = None,
        clock: Clock = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.table = table
        self.scoreboard = scoreboard  # score sheets of games played with real pieces
        self.sticks = sticks  # the dice-stick roller that button C throws
        self.colours = colours  # secret colours for a game on a real board
        self.hardware = hardware
        self.wifi = wifi  # the box's own access point, where NetworkManager runs
        self._follow_wifi = follow_wifi  # no public_url configured: QRs use its address
        self.base_url = base_url.rstrip("/")
        self.box_name = box_name  # tablemate.local: phones find the box by name too
        self.simulated = simulated
        self._clock = clock
        self._sleep = sleep  # a simulated release held back (press), on the same clock
        self._pressed_at: dict[str, float] = {}  # a simulated button's press, by name
        self.controls = Controls(
            clock=clock,
            notice_seconds=notice_seconds,
            dim_after=dim_after,
            secret_colours=colours is not None,
            wifi=wifi is not None,
        )
        self._outputs = Outputs(hardware)
        self._inbox = Inbox()
        self._stepping = threading.Lock()  # one step at a time: the render thread's or flush's
        self._worker = threading.Thread(target=self._render_loop, name="box-render", daemon=True)
        self._unsubscribers: list[Callable[[], None]] = []
        self._board_heard: tuple[str, Any, Any, bool] | None = None  # for the buzzer

    # --- life cycle -----------------------------------------------------------------

    def start(self, *, render_thread: bool = True) -> None:
        """Listen to the buttons, the table, the roller and the parts' health; draw the
        first frame before returning. Without the render thread (tests), what comes
        next is handled and drawn only by `flush()`."""
        self.hardware.buttons.on_press = self.on_button
        self.hardware.buttons.on_edge = self.on_edge
        self._unsubscribers = [
            self.table.subscribe(lambda version: self._inbox.put(TableChanged(version))),
            self.hardware.health_signal.subscribe(lambda: self._inbox.put(HealthChanged())),
        ]
        if self.sticks is not None:
            self._unsubscribers.append(self.sticks.subscribe(self._on_throw))
        self.flush()
        if render_thread:
            self._worker.start()

    def close(self) -> None:
        for unsubscribe in self._unsubscribers:
            unsubscribe()
        self._inbox.close()
        if self._worker.is_alive():
            self._worker.join(timeout=2)

    def flush(self) -> None:
        """Handle everything queued and draw, on the calling thread, as the render
        thread would; then whatever that queued in turn (a throw, a table change).
        Tests step the box with it, moving a fake clock in between."""
        self._step()
        while len(self._inbox):
            self._step()

    def next_wake(self) -> float | None:
        """Seconds until the render thread wakes by itself, None if only an event wakes it."""
        with self._stepping:
            return self.controls.next_wake()

    # --- what the web pages read ------------------------------------------------------

    @property
    def join_url(self) -> str:
        """The join link the QR encodes: upper case, so the QR can use alphanumeric mode."""
        return join_url(self.base_url, self.table.status())

    @property
    def version(self) -> int:
        return self._outputs.version

    @property
    def running(self) -> bool:
        """The render thread is alive (the watchdog asks)."""
        return self._worker.is_alive()

    @property
    def muted(self) -> bool:
        return self.hardware.buzzer.muted

    def set_muted(self, muted: bool) -> None:
        """The host's sound toggle: mute stops a tone already playing."""
        self.hardware.buzzer.set_muted(muted)

    def subscribe(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """callback(version) after each new OLED frame or LED change (on the render thread)."""
        return self._outputs.subscribe(callback)

    def frame(self) -> Image.Image:
        frame = self._outputs.frame
        return Image.new("1", (128, 64)) if frame is None else frame.copy()

    def frame_png(self, scale: int = 4) -> bytes:
        """The current frame as the OLED shows it: light pixels on black, scaled up."""
        return oled_png(self.frame(), scale=scale, dimmed=self.hardware.display.dimmed)

    def leds(self) -> dict[str, Any]:
        return self.hardware.leds.state()

    def press(self, name: str, down: bool, held: float | None = None) -> None:
        """Simulated box only: drive the button's real (mock) pin, as a finger would.

        `held`, on a release: how long the finger held the button (seconds, timed where
        it was pressed). A release that reaches the box sooner after its press (the
        press's request came late) waits for the rest, or the debouncer would take a
        tap for contact bounce and a long press for a short one. Ignored on a press."""
        if not self.simulated:
            raise RuntimeError("buttons can only be pressed from the web on a simulated box")
        if name not in BUTTON_NAMES:
            raise ValueError(f"there is no button {name!r}")
        pin = self.hardware.buttons.pin(name)
        if down:
            self._pressed_at[name] = self._clock()
            pin.drive_low()  # pull-up button: pressed = low
            return
        pressed_at = self._pressed_at.pop(name, None)
        if held is not None and pressed_at is not None:
            rest = held - (self._clock() - pressed_at)
            if rest > 0:
                self._sleep(rest)
        pin.drive_high()

    def health(self) -> dict[str, Any]:
        """Each part's {"healthy", "error"} (the serial link's only when configured),
        plus facts: simulated, muted."""
        return {
            "simulated": self.simulated,
            **self.hardware.health(),
            "muted": self.hardware.buzzer.muted,
        }

    # --- what other threads tell the box: queued, never handled there ------------------

    def on_button(self, name: str, kind: str) -> None:
        """One accepted press: `kind` is "short" or "long" (decided on release)."""
        self._inbox.put(Press(name, kind))

    def on_edge(self, name: str, pressed: bool) -> None:
        """A button going down or up (a colour mode shows A's colour while it is held)."""
        self._inbox.put(Edge(name, pressed))

    def _on_throw(self, throw: ThrowRecord) -> None:
        self._inbox.put(Thrown(throw))

    # --- the render thread --------------------------------------------------------------

    def _render_loop(self) -> None:
        interpreter.run_behind_others()  # a frame can wait while the phones get theirs
        while self._inbox.wait(self.next_wake()):
            try:
                self._step()
            except Exception:
                log.exception("could not refresh the box")

    def _step(self) -> None:
        """Let time pass, read the table, handle the queued events in order, draw."""
        with self._stepping:
            events = self._inbox.take()
            self.controls.tick()  # first: a failing step below must not leave a wake-up due
            status, view, sheet = self._read_table()
            self.controls.see(status, view, sheet)
            acted = False
            for event in events:
                try:
                    acted = self._handle(event) or acted
                except Exception:  # one bad event must not lose the others
                    log.exception("the box could not handle %s", event)
            if acted:  # the table may have moved: draw what it is now
                status, view, sheet = self._read_table()
                self.controls.see(status, view, sheet)
            self._sound_sheet(self.controls.sheet)
            self._draw(status, view)

    def _read_table(self) -> tuple[dict[str, Any], dict[str, Any] | None, OnShow | None]:
        status = self.table.status()
        view = self.table.view(None) if status["phase"] in ("playing", "over") else None
        sheet = None
        if self.scoreboard is not None and status["phase"] in ("idle", "over"):
            try:
                sheet = self.scoreboard.shown()
            except Exception:  # a sheet that cannot be read must not stop the box
                log.exception("the box could not read the score sheet")
        return status, view, sheet

    def _sound_sheet(self, sheet: OnShow | None) -> None:
        """The buzzer marks a round recorded on the sheet shown and its end, from the
        box or a phone (a rename changes neither totals nor stage: no sound)."""
        heard = None
        if sheet is not None:
            board = sheet.board
            heard = (sheet.game, str(board.stage), tuple(board.totals), board.over)
        before, self._board_heard = self._board_heard, heard
        if before is None or heard is None or before[0] != heard[0] or before == heard:
            return
        self._outputs.play("game_end" if heard[3] and not before[3] else "recorded")

    def _handle(self, event: Event) -> bool:
        """Feed one event to the controls; True if it made a call to the world."""
        if isinstance(event, Press):
            commands = self.controls.press(event.name, event.kind)
            for command in commands:
                self._carry_out(command)
            return bool(commands)
        if isinstance(event, Edge):
            self.controls.edge(event.name, event.pressed)
        elif isinstance(event, Thrown):
            self.controls.thrown(event.throw, event.throw["by"])
            self._outputs.play("throw")
        # TableChanged, HealthChanged: each step reads the table and the parts anyway.
        return False

    def _carry_out(self, command: Command) -> None:
        """Make the call the controls asked for; a refusal becomes a notice.

        A table call is made only while the table is in the phase the controls last
        saw: a phone may have moved it on since (opened a game while the box's menu
        was choosing one). Then the press was meant for a screen that is gone; the
        step reads the table again and the box shows where it is now, with no
        "a game is already open" for a choice nobody can see any more."""
        if isinstance(command, TABLE_CALLS) and self._moved_on():
            return
        if isinstance(command, SHEET_CALLS) and self.table.phase not in ("idle", "over"):
            return  # a phone opened a digital game meanwhile: the sheet is not on show
        try:
            if isinstance(command, StartGame):
                self.table.start()
            elif isinstance(command, EndGame):
                self.table.end_game()
            elif isinstance(command, ClearTable):
                self.table.clear_table()
            elif isinstance(command, OpenLobby):
                self.table.open_lobby(command.game, command.players, {})
            elif isinstance(command, Rematch):
                self.table.rematch(command.game, command.players, start=command.game is None)
            elif isinstance(command, SkipWait):
                self.table.skip_interlude()
            elif isinstance(command, ThrowSticks):
                if self.sticks is not None:
                    self.sticks.throw("Box")  # shown when the roller tells us (_on_throw)
            elif isinstance(command, SetLanguage):
                self.table.set_language(command.language)
            elif isinstance(command, PassGameColours):
                self.controls.start_colours(PassAround(GameColours(self.table)))
            elif isinstance(command, Hotspot):
                self._hotspot(command.action)
            elif isinstance(command, ConfirmRelease):
                self.table.confirm_release_on_box()
            elif isinstance(command, ShowColourRounds | StartColours):
                self._colour_rounds(command)
            else:
                self._sheet_call(command)
        except (TableError, Refusal) as err:
            if not (isinstance(command, TABLE_CALLS) and self._moved_on()):
                # Worded when drawn, in the table's language (its template and params).
                self.controls.refused(Text(err.template, err.params))

    def _sheet_call(self, command: Command) -> None:
        """A score sheet's command: set one up, an entry flow, record, close, colours."""
        board = self.scoreboard
        assert board is not None  # only a box with score sheets offers them
        if isinstance(command, BeginSetup):
            self._begin_setup(board, command)
        elif isinstance(command, OpenSheet):
            shown = board.open(command.game, command.players, dict(command.answers))
            self._pass_sheet_colours(shown)  # Sàrénà's colours: looked at first
        elif isinstance(command, BeginEntry):
            entry, game = command.entry, command.game

            def preview(answers: Any) -> tuple[Any, Any]:
                after = board.preview(game, entry, answers)
                return after.board, after.names

            def record(answers: dict[str, int]) -> Command:
                return RecordEntry(game, entry, tuple(answers.items()), command.version)

            mode = EntryMode(entry.label, entry.asks, preview, warning=entry.warning)
            self.controls.start_entry(mode, record)
        elif isinstance(command, RecordEntry):
            board.record(command.game, command.entry, dict(command.answers), command.version)
        elif isinstance(command, CloseSheet):
            board.close()
        elif isinstance(command, PassSheetColours) and self.colours is not None:
            self.controls.start_colours(PassAround(RoundColours(self.colours, command.round_id)))

    def _begin_setup(self, board: Scoreboard, command: BeginSetup) -> None:
        """The game's set-up questions (Chanoyu's first host) on the buttons, if any."""
        scoring = scoring_of(command.game)
        asks = scoring.setup_asks(command.players) if scoring is not None else ()
        if not asks:
            self._sheet_call(OpenSheet(command.game, command.players))
            return
        mode = EntryMode(device_games_title(command.game), lambda answers: asks, None)
        self.controls.start_entry(
            mode, lambda answers: OpenSheet(command.game, command.players, tuple(answers.items()))
        )

    def _pass_sheet_colours(self, shown: OnShow) -> None:
        scoring = scoring_of(shown.game)
        held = scoring.colours(shown.state) if scoring is not None else None
        if held is not None and self.colours is not None:
            self.controls.start_colours(PassAround(RoundColours(self.colours, held)))

    def _hotspot(self, action: str) -> None:
        """Start, stop or show the box's own Wi-Fi; NetworkManager's refusal is shown
        in its own words (data: it names the interface, the driver...)."""
        assert self.wifi is not None  # only a box with NetworkManager offers it
        try:
            if action == "stop":
                self.wifi.stop()
                self.controls.show_notice(N_("Box Wi-Fi"), [N_("Stopped")])
                return
            state = self.wifi.start() if action == "start" else self.wifi.status()
        except HotspotError as err:
            self.controls.show_notice(N_("Box Wi-Fi failed"), [str(err)])
            return
        if not state.active:
            self.controls.show_notice(N_("Box Wi-Fi"), [N_("Off: choose Start first")])
            return
        self._follow(state)
        self.controls.show_wifi(state)

    def _follow(self, state: HotspotState) -> None:
        """Phones on the box's own Wi-Fi reach it at its address there: the join QR
        follows (unless the config names a public address)."""
        if self._follow_wifi and state.address:
            self.base_url = rebase(self.base_url, state.address)

    def _moved_on(self) -> bool:
        """The table's phase is no longer the one the controls last saw."""
        return self.table.phase != self.controls.phase

    def _colour_rounds(self, command: ShowColourRounds | StartColours) -> None:
        assert self.colours is not None  # only a box with colour rounds offers them
        if isinstance(command, ShowColourRounds):
            self.controls.show_colour_rounds(*round_choices(self.colours))
        else:
            self.controls.start_colours(mode_for(self.colours, command.choice))

    def _draw(self, status: Mapping[str, Any], view: Mapping[str, Any] | None) -> None:
        now = self.controls.now()
        image = oled_picture(
            self.controls, status, view, now, base_url=self.base_url, box_name=self.box_name
        )
        leds = led_state(self.controls, status, view, now, healthy=self.hardware.healthy)
        self._outputs.show(image, leds, status, view, dimmed=self.controls.dimmed())
