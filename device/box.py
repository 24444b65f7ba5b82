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

Buttons: A select/confirm, B next (long: back / end), C action.
"""

from __future__ import annotations

import io
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

import engines
from device.screens import message_screen, screen_for
from device.screens.menu import menu_screen
from device.seat_lights import seat_lights
from device.sounds import MELODIES, cue_for
from device.table import Table, TableError
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
    ) -> None:
        self.table = table
        self.hardware = hardware
        self.base_url = base_url.rstrip("/")
        self.simulated = simulated
        self._notice_seconds = notice_seconds
        self._dim_after = dim_after  # 0: never dim
        self._last_activity = time.monotonic()
        self._last_view: dict[str, Any] | None = None
        self._cues_armed = False  # the first refresh only notes what the table shows
        self._lock = threading.RLock()
        self._menu: Menu | None = None
        self._page = 0
        self._show_join = False
        self._last_phase = ""
        self._notice: tuple[str, list[str]] | None = None
        self._notice_timer: threading.Timer | None = None
        self._frame: Image.Image | None = None
        self._leds: dict[str, Any] = {}
        self._version = 0
        self._subscribers: list[Callable[[int], None]] = []
        self._dirty = threading.Event()
        self._stopping = threading.Event()
        self._worker = threading.Thread(target=self._render_loop, name="box-render", daemon=True)
        self._unsubscribers: list[Callable[[], None]] = []

    # --- life cycle -----------------------------------------------------------------

    def start(self) -> None:
        self.hardware.buttons.on_press = self.on_button
        self._unsubscribers = [
            self.table.subscribe(self._on_table_change),
            self.hardware.health_signal.subscribe(self._dirty.set),
        ]
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
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

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

    def on_button(self, name: str, kind: str) -> None:
        """One accepted press: `kind` is "short" or "long" (decided on release)."""
        self._last_activity = time.monotonic()
        with self._lock:
            try:
                self._handle(name, kind)
            except TableError as err:
                self._show_notice("Not now", [str(err)])
        self._dirty.set()

    def _handle(self, name: str, kind: str) -> None:
        if self._menu is not None:
            self._handle_menu(name, kind)
            return
        phase = self.table.phase
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
            elif name == "C":
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
        return Menu(
            title="New game",
            labels=[g["title"] for g in games],
            values=[g["name"] for g in games],
            on_choose=self._open_players_menu,
        )

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

    def _render_loop(self) -> None:
        while True:
            woken = self._dirty.wait(timeout=self._seconds_until_dim())
            if self._stopping.is_set():
                return
            try:
                if woken:
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
        with self._lock:
            status = self.table.status()
            if status["phase"] != self._last_phase:  # a new phase starts on its first page
                self._last_phase, self._page, self._show_join = status["phase"], 0, False
            view = self.table.view(None) if status["phase"] in ("playing", "over") else None
            cue = cue_for(self._last_view, view) if self._cues_armed else None
            self._last_view, self._cues_armed = view, True
            image = self._choose_screen(status, view)
            leds = self._led_state(status, view)
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
            version, subscribers = self._version, list(self._subscribers)
        for callback in subscribers:
            try:
                callback(version)
            except Exception:
                log.exception("a box subscriber failed")

    def _choose_screen(self, status: dict[str, Any], view: dict[str, Any] | None) -> Image.Image:
        if self._notice is not None:
            return message_screen(*self._notice)
        if self._menu is not None:
            menu = self._menu
            return menu_screen(menu.title, menu.labels, menu.selected)
        if status["phase"] == "idle":
            return screen_for(None, status, self.base_url)
        if status["phase"] == "playing" and self._show_join:
            return screen_for(None, {**status, "phase": "lobby"}, self.join_url)
        return screen_for(view, status, self.join_url, page=self._page)

    def _led_state(self, status: dict[str, Any], view: dict[str, Any] | None) -> dict[str, Any]:
        sticks = [False] * 5
        if status["phase"] == "playing" and view is not None:
            for seat in view["to_act"]:
                if seat < len(sticks):
                    sticks[seat] = True  # one LED per seat: whose move it is
        colour = STATUS_COLOURS[status["phase"]]
        if not self.hardware.healthy:
            colour = FAULT_COLOUR
        return {"sticks": sticks, "status": colour}
