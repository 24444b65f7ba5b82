"""The box itself: three buttons drive menus, the OLED and LEDs follow the Table.

Button presses arrive on gpiozero's threads; table changes arrive on whichever
thread made them; hardware health changes on the parts' retry threads. All only
mark the box dirty: one render thread waits on that event, picks the screen, and
sends a frame only when it changed (an SSD1306 frame costs ~23 ms of I2C), so
nothing polls and no caller waits for the display. The same thread dims the OLED
after `dim_after` seconds without a press or a table change (its wait times out
then) and wakes it on the next one.

Each refresh also sets the LED ring's seat lights (`device.seat_lights`) and plays
the tone the change deserves (`device.sounds`); both return at once.

Buttons: A select/confirm, B next (long: back / end), C throws the dice-sticks
(long, in a game: the join QR again). A throw (from C, a phone, or a game's own
throw, e.g. Lauzait Cep's water) tumbles on the OLED for under a second at ~12
fps, drawn by the same render thread, then stays a few seconds (`device.throw_show`).

Secret colours (`device.colour_round`): the box is passed round and A shows the
holder's colour only while held. That one case listens to press and release edges
and redraws on the button's own thread, so letting go of A blanks the OLED and the
status LED at once; frames are sent one at a time, in order (`_refresh_lock`).
"""

from __future__ import annotations

import io
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

import engines
from device import interpreter
from device.colour_round import (
    MENU_ITEM,
    MENU_LABEL,
    ColourMode,
    GameColours,
    PassAround,
    game_has_colours,
    mode_for,
    round_choices,
)
from device.companion.colours import ColourRounds
from device.listeners import Listeners
from device.screens import message_screen, screen_for
from device.screens.menu import menu_screen
from device.screens.render import seat_name
from device.screens.sticks import sticks_screen
from device.seat_lights import seat_lights
from device.sounds import MELODIES, cue_for
from device.sticks import StickRoller, ThrowRecord
from device.table import Table, TableError
from device.throw_show import ThrowShow
from hardware import Hardware

log = logging.getLogger(__name__)

BUTTON_NAMES = ("A", "B", "C")
STATUS_COLOURS: dict[str, tuple[float, float, float]] = {
    "idle": (0.0, 0.0, 0.3),  # dim blue: waiting for someone to open a game
    "lobby": (0.6, 0.4, 0.0),  # amber: seats filling
    "playing": (0.0, 0.5, 0.0),  # green
    "over": (0.5, 0.0, 0.5),  # purple: result on screen
}
FAULT_COLOUR = (1.0, 0.0, 0.0)  # some part is not working: the host page says which
LIT_PIXEL = (170, 230, 255)  # the OLED's colour, for the picture on the web pages
DIMMED_PIXEL = (60, 80, 90)


_PIXEL_INDEX = bytes([0]) + bytes([1]) * 255  # an "L" pixel, 0 or 255, to palette index 0 or 1


def oled_png(image: Image.Image, *, scale: int = 4, dimmed: bool = False) -> bytes:
    """A mode "1" frame as a PNG of the OLED: lit pixels on black, `scale` times larger.

    A 1-bit palette PNG: the same picture as an RGB one, several times faster to
    encode (well under a millisecond for a 512x256 frame on a desktop machine).
    """
    if not 1 <= scale <= 8:
        raise ValueError("scale must be 1 to 8")
    pixels = image.convert("L").tobytes().translate(_PIXEL_INDEX)
    picture = Image.frombytes("P", image.size, pixels).resize(
        (image.width * scale, image.height * scale), Image.Resampling.NEAREST
    )
    picture.putpalette([0, 0, 0, *(DIMMED_PIXEL if dimmed else LIT_PIXEL)])
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", bits=1)
    return buffer.getvalue()


@dataclass
class Menu:
    """A list on the OLED: B moves, A chooses, long B goes back."""

    title: str
    labels: list[str]
    values: list[Any]
    on_choose: Callable[[Any], object]  # what it returns is not used
    selected: int = 0
    back: Menu | None = field(default=None, repr=False)

    def next(self) -> None:
        self.selected = (self.selected + 1) % len(self.labels)


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
    ) -> None:
        self.table = table
        self.sticks = sticks  # the dice-stick roller that button C throws
        self.colours = colours  # secret colours for a game on a real board
        self.hardware = hardware
        self.base_url = base_url.rstrip("/")
        self.simulated = simulated
        self._notice_seconds = notice_seconds
        self._dim_after = dim_after  # 0: never dim
        self._last_activity = time.monotonic()
        self._last_view: dict[str, Any] | None = None
        self._cues_armed = False  # the first refresh only notes what the table shows
        self._lock = threading.RLock()
        self._refresh_lock = threading.Lock()  # one frame at a time, shown in order
        self._menu: Menu | None = None
        self._colour_mode: ColourMode | None = None  # passing the box to see secret colours
        self._page = 0
        self._show_join = False
        self._last_phase = ""
        self._notice: tuple[str, list[str]] | None = None
        self._notice_timer: threading.Timer | None = None
        self._throw_show: ThrowShow | None = None  # a throw on the OLED and stick LEDs
        self._turn_lights: tuple[bool, ...] = (False,) * 5
        self._game_throws: int | None = None  # the game's throws already seen (view "throws")
        self._frame: Image.Image | None = None
        self._leds: dict[str, Any] = {}
        self._version = 0
        self._subscribers: Listeners[int] = Listeners("box subscriber")
        self._dirty = threading.Event()
        self._stopping = threading.Event()
        self._worker = threading.Thread(target=self._render_loop, name="box-render", daemon=True)
        self._unsubscribers: list[Callable[[], None]] = []

    # --- life cycle -----------------------------------------------------------------

    def start(self) -> None:
        self.hardware.buttons.on_press = self.on_button
        self.hardware.buttons.on_edge = self.on_edge
        self._unsubscribers = [
            self.table.subscribe(self._on_table_change),
            self.hardware.health_signal.subscribe(self._dirty.set),
        ]
        if self.sticks is not None:
            self._unsubscribers.append(self.sticks.subscribe(self._on_throw))
        self._worker.start()
        self.refresh_now()

    def close(self) -> None:
        self._stopping.set()
        self._dirty.set()
        for unsubscribe in self._unsubscribers:
            unsubscribe()
        if self._worker.is_alive():
            self._worker.join(timeout=2)
        if self._notice_timer:
            self._notice_timer.cancel()

    # --- what the web pages read ------------------------------------------------------

    @property
    def join_url(self) -> str:
        """The join link the QR encodes: upper case, so the QR can use alphanumeric mode."""
        room = self.table.status()["room"]
        return f"{self.base_url}/J/{room}".upper() if room else self.base_url

    @property
    def version(self) -> int:
        return self._version

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
        """callback(version) after each new OLED frame or LED change."""
        return self._subscribers.subscribe(callback)

    def frame(self) -> Image.Image:
        with self._lock:
            if self._frame is None:
                return Image.new("1", (128, 64))
            return self._frame.copy()

    def frame_png(self, scale: int = 4) -> bytes:
        """The current frame as the OLED shows it: light pixels on black, scaled up."""
        return oled_png(self.frame(), scale=scale, dimmed=self.hardware.display.dimmed)

    def leds(self) -> dict[str, Any]:
        return self.hardware.leds.state()

    def press(self, name: str, down: bool) -> None:
        """Simulated box only: drive the button's real (mock) pin, as a finger would."""
        if not self.simulated:
            raise RuntimeError("buttons can only be pressed from the web on a simulated box")
        if name not in BUTTON_NAMES:
            raise ValueError(f"there is no button {name!r}")
        pin = self.hardware.buttons.pin(name)
        if down:
            pin.drive_low()  # pull-up button: pressed = low
        else:
            pin.drive_high()

    def health(self) -> dict[str, Any]:
        """Each part's {"healthy", "error"} (the serial link's only when configured),
        plus facts: simulated, muted."""
        return {
            "simulated": self.simulated,
            **self.hardware.health(),
            "muted": self.hardware.buzzer.muted,
        }

    # --- buttons ----------------------------------------------------------------------

    def on_edge(self, name: str, pressed: bool) -> None:
        """A button going down or up: only a colour mode listens (A shows while held)."""
        with self._lock:
            mode = self._colour_mode
            if mode is None or self._menu is not None:
                return
            self._last_activity = time.monotonic()
            mode.edge(name, pressed)
        self.refresh_now()  # on this thread, at once: A let go, the colour is gone
        self._dirty.set()  # and the render thread wakes a dimmed screen

    def on_button(self, name: str, kind: str) -> None:
        """One accepted press: `kind` is "short" or "long" (decided on release)."""
        self._last_activity = time.monotonic()
        with self._lock:
            if (name, kind) != ("C", "short") and self._throw_show is not None:
                self._throw_show.hide()  # show what the press does, not the old throw
            try:
                self._handle(name, kind)
            except TableError as err:
                self._show_notice("Not now", [str(err)])
        self._dirty.set()

    def _handle(self, name: str, kind: str) -> None:
        if self._menu is not None:
            self._handle_menu(name, kind)
            return
        if self._colour_mode is not None:
            if not self._colour_mode.press(name, kind):
                self._colour_mode = None
            return
        phase = self.table.phase
        if name == "C" and kind == "short":
            if self.sticks is not None:
                self.sticks.throw("Box")  # shown when the roller tells us (_on_throw)
            return
        if phase == "idle":
            if name == "A":
                self._open_game_menu()
        elif phase == "lobby":
            if name == "A" and kind == "short":
                self.table.start()
            elif name == "B" and kind == "long":
                self._confirm("Cancel game?", self.table.end_game)
        elif phase == "playing":
            if name == "B" and kind == "short":
                self._page += 1  # screen_for wraps it around the game's pages
                self._show_join = False
            elif name == "B" and kind == "long":
                self._confirm("End game?", self.table.end_game)
            elif name == "A" and kind == "short" and game_has_colours(self.table):
                self._colour_mode = PassAround(GameColours(self.table))
            elif name == "C" and kind == "long":
                # The join QR again, for a phone that has to rejoin mid-game.
                self._show_join = not self._show_join
        elif phase == "over":
            if name == "A":
                self.table.end_game()
                self._open_game_menu()
            elif name == "B" and kind == "short":
                self._page += 1  # result, then the game's own pages

    def _handle_menu(self, name: str, kind: str) -> None:
        menu = self._menu
        assert menu is not None
        if name == "B" and kind == "short":
            menu.next()
        elif name == "B" and kind == "long":
            self._menu = menu.back
        elif name == "A":
            self._menu = None
            menu.on_choose(menu.values[menu.selected])

    def _open_game_menu(self) -> None:
        self._menu = self._game_menu()

    def _game_menu(self) -> Menu:
        games = [engines.info(name) for name in engines.names()]
        labels, values = [g["title"] for g in games], [g["name"] for g in games]
        if self.colours is not None:  # last: secret colours for a game on a real board
            labels.append(MENU_LABEL)
            values.append(MENU_ITEM)
        return Menu(title="New game", labels=labels, values=values, on_choose=self._choose_game)

    def _choose_game(self, game: str) -> None:
        if game == MENU_ITEM:
            self._open_colours_menu()
        else:
            self._open_players_menu(game)

    def _open_colours_menu(self) -> None:
        rounds = self.colours
        assert rounds is not None

        def choose(choice: tuple[str, int]) -> None:
            if choice[0] == "reveal":
                self._confirm("Reveal all colours?", lambda: self._set_colour_mode(choice))
            else:
                self._set_colour_mode(choice)

        labels, values = round_choices(rounds)
        self._menu = Menu(MENU_LABEL, labels, values, on_choose=choose, back=self._game_menu())

    def _set_colour_mode(self, choice: tuple[str, int]) -> None:
        assert self.colours is not None
        self._colour_mode = mode_for(self.colours, choice)

    def _open_players_menu(self, game: str) -> None:
        info = engines.info(game)
        counts = list(range(info["min_players"], info["max_players"] + 1))
        self._menu = Menu(
            title=info["title"],
            labels=[f"{n} players" for n in counts],
            values=counts,
            on_choose=lambda players: self.table.open_lobby(game, players, {}),
            back=self._game_menu(),
        )

    def _confirm(self, question: str, action: Callable[[], None]) -> None:
        """Ask before anything that cannot be undone; "No" is selected first."""
        self._menu = Menu(
            title=question,
            labels=["No", "Yes"],
            values=[False, True],
            on_choose=lambda yes: action() if yes else None,
        )

    def _show_notice(self, title: str, lines: list[str]) -> None:
        self._notice = (title, lines)
        if self._notice_timer:
            self._notice_timer.cancel()
        self._notice_timer = threading.Timer(self._notice_seconds, self._clear_notice)
        self._notice_timer.daemon = True
        self._notice_timer.start()

    def _clear_notice(self) -> None:
        with self._lock:
            self._notice = None
        self._dirty.set()

    # --- rendering --------------------------------------------------------------------

    def _on_table_change(self, _version: int) -> None:
        self._last_activity = time.monotonic()
        self._dirty.set()

    def _on_throw(self, throw: ThrowRecord) -> None:
        """The roller threw (button C, a phone, a score sheet): show it, sound it."""
        self._start_throw_show(throw, throw["by"])
        self.hardware.buzzer.play(MELODIES["throw"])

    def _start_throw_show(
        self, throw: Mapping[str, Any], label: str, lights: tuple[bool, ...] | None = None
    ) -> None:
        """Show a throw from now; its LEDs hold until the turn lights differ from `lights`
        (by default, the turn lights shown last)."""
        now = time.monotonic()
        with self._lock:
            baseline = self._turn_lights if lights is None else lights
            self._throw_show = ThrowShow(
                tuple(throw["sticks"]), throw["count"], label, now, baseline
            )
        self._last_activity = now
        self._dirty.set()

    def _note_game_throw(self, status: dict[str, Any], view: dict[str, Any] | None) -> None:
        """Show a throw the game made itself: its public view counts them in "throws"."""
        if view is None or not isinstance(view.get("throws"), int):
            self._game_throws = None
            return
        seen, self._game_throws = self._game_throws, view["throws"]
        throw = view.get("last_throw")
        if seen is not None and view["throws"] > seen and throw:
            self._start_throw_show(throw, throw_label(throw, status), turn_lights(status, view))

    def _next_wake(self) -> float | None:
        """Seconds the render thread may sleep: until dimming, or the throw's next frame."""
        dim = self._seconds_until_dim()
        show = self._throw_show
        frame = show.next_change(time.monotonic()) if show is not None else None
        waits = [wait for wait in (dim, frame) if wait is not None]
        return min(waits) if waits else None

    def _render_loop(self) -> None:
        interpreter.run_behind_others()  # a frame can wait while the phones get theirs
        while True:
            woken = self._dirty.wait(timeout=self._next_wake())
            if self._stopping.is_set():
                return
            try:
                if woken or self._throw_show is not None:
                    self._dirty.clear()
                    self.refresh_now()
                self._update_dimming()
            except Exception:
                log.exception("could not refresh the box")

    def _seconds_until_dim(self) -> float | None:
        if self._dim_after <= 0 or self.hardware.display.dimmed:
            return None  # nothing to time: wait for the next change
        return max(0.0, self._last_activity + self._dim_after - time.monotonic())

    def _update_dimming(self) -> None:
        idle = time.monotonic() - self._last_activity
        dim = self._dim_after > 0 and idle >= self._dim_after
        if dim != self.hardware.display.dimmed:
            self.hardware.display.set_dimmed(dim)
            self._announce()  # the web's picture of the OLED dims too

    def refresh_now(self) -> None:
        """Draw the current screen and set the LEDs; tell subscribers if anything moved."""
        with self._refresh_lock:  # else an older frame could reach the OLED after a newer one
            self._refresh()

    def _refresh(self) -> None:
        with self._lock:
            status = self.table.status()
            if self._colour_mode is not None and not self._colour_mode.active():
                self._colour_mode = None  # revealed, or the game it was for has ended
            if status["phase"] != self._last_phase:  # a new phase starts on its first page
                self._last_phase, self._page, self._show_join = status["phase"], 0, False
            view = self.table.view(None) if status["phase"] in ("playing", "over") else None
            self._note_game_throw(status, view)
            cue = cue_for(self._last_view, view) if self._cues_armed else None
            self._last_view, self._cues_armed = view, True
            image = self._choose_screen(status, view)
            leds = self._led_state(status, view)
            if self._throw_show is not None and self._throw_show.over(time.monotonic()):
                self._throw_show = None
            changed = self._frame is None or image.tobytes() != self._frame.tobytes()
            if changed:
                self._frame = image
            if leds != self._leds:
                self.hardware.leds.set_sticks(leds["sticks"])
                self.hardware.leds.set_status(leds["status"])
                self._leds = leds
                changed = True
        # Outside the lock: I2C is slow; the ring and the buzzer only queue their work.
        self.hardware.display.show(image)
        if self.hardware.serial is not None:
            self.hardware.serial.show(seat_lights(status, view))
        if cue is not None:
            self.hardware.buzzer.play(MELODIES[cue])
        if changed:
            self._announce()

    def _announce(self) -> None:
        """Tell subscribers (the web pages) that the frame or the LEDs changed."""
        with self._lock:
            self._version += 1
            version, subscribers = self._version, self._subscribers.snapshot()
        self._subscribers.tell(subscribers, version)

    def _choose_screen(self, status: dict[str, Any], view: dict[str, Any] | None) -> Image.Image:
        if self._notice is not None:
            return message_screen(*self._notice)
        if self._menu is not None:
            menu = self._menu
            return menu_screen(menu.title, menu.labels, menu.selected)
        if self._colour_mode is not None:
            return self._colour_mode.screen()
        show = self._throw_show
        now = time.monotonic()
        if show is not None and show.on_screen(now):
            throw = {"sticks": show.sticks, "count": show.count}
            return sticks_screen(throw, show.label, show.draw_frame(now))
        if status["phase"] == "idle":
            return screen_for(None, status, self.base_url)
        if status["phase"] == "playing" and self._show_join:
            return screen_for(None, {**status, "phase": "lobby"}, self.join_url)
        return screen_for(view, status, self.join_url, page=self._page)

    def _led_state(self, status: dict[str, Any], view: dict[str, Any] | None) -> dict[str, Any]:
        if self._colour_mode is not None:
            return self._colour_mode.leds()  # dark between looks; the colour while A is held
        self._turn_lights = turn_lights(status, view)
        sticks = list(self._turn_lights)
        if self._throw_show is not None:
            # A throw's dark sticks, until the turn lights change or a few seconds pass.
            thrown = self._throw_show.lights(time.monotonic(), sticks)
            sticks = thrown if thrown is not None else sticks
        colour = STATUS_COLOURS[status["phase"]]
        if not self.hardware.healthy:
            colour = FAULT_COLOUR
        return {"sticks": sticks, "status": colour}


def turn_lights(status: Mapping[str, Any], view: Mapping[str, Any] | None) -> tuple[bool, ...]:
    """The stick LEDs between throws: one per seat, lit while the game waits for it."""
    sticks = [False] * 5
    if status["phase"] == "playing" and view is not None:
        for seat in view["to_act"]:
            if seat < len(sticks):
                sticks[seat] = True  # one LED per seat: whose move it is
    return tuple(sticks)


def throw_label(throw: Mapping[str, Any], status: Mapping[str, Any]) -> str:
    """What a game's throw was for, and whose: "Water: Ann"."""
    purpose = {"water": "Water", "start": "Start", "direction": "Way"}.get(
        str(throw.get("purpose")), "Throw"
    )
    seat = throw.get("seat")
    return f"{purpose}: {seat_name(status, seat)}" if isinstance(seat, int) else purpose
