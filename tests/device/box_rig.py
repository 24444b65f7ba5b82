"""A box on simulated hardware, stepped by the test on a fake clock: no sleeps.

The buttons' debouncer and the box share one `FakeClock`, so a long press is the
clock moved between the pin going down and up. The box runs without its render
thread unless asked: `flush()` does on the test's thread what that thread does on
waking, and `run_for()` moves the clock from one of its wake-ups to the next. Each
frame the box sends to the display is noted (`Rig.oled`).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any
from unittest import mock

from PIL import Image

import hardware
from device.box import Box
from device.companion.colours import ColourRounds
from device.journal import Journal
from device.sticks import StickRoller
from device.table import Table
from hardware.buttons import Buttons
from hardware.config import HardwareConfig
from tests.hardware.fakes import FakeClock
from tests.interludes import read_summary

HOLD = 0.15  # the config's hold time: a press this long is long
CONFIG = HardwareConfig(hold_time=HOLD, debounce=0.0)
URL = "http://10.0.0.2:8000"


@contextmanager
def buttons_on(clock: FakeClock) -> Iterator[None]:
    """Buttons built in here debounce and time presses on `clock`."""
    with mock.patch.object(hardware, "Buttons", partial(Buttons, clock=clock)):
        yield


class Frames:
    """Each frame the box hands the display: when (on the fake clock), and on which
    thread. (The display sends it on, maybe from a thread of its own.)"""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.frames: list[tuple[float, bytes]] = []
        self.threads: list[str] = []

    def recorder(self, show: Callable[[Image.Image], None]) -> Callable[[Image.Image], None]:
        def recording_show(image: Image.Image) -> None:
            self.frames.append((self.clock(), image.tobytes()))
            self.threads.append(threading.current_thread().name)
            show(image)

        return recording_show

    def pictures(self, since: int = 0) -> list[bytes]:
        return [frame for _at, frame in self.frames[since:]]


class Rig:
    """A table on a journal, hardware built from a config, and a started box; a dice-
    stick roller and colour rounds when asked for."""

    def __init__(
        self,
        tmp_path: Path,
        config: HardwareConfig = CONFIG,
        *,
        render_thread: bool = False,
        sticks: bool = False,
        colours: bool = False,
        build: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.clock = FakeClock()
        self.journal = Journal(tmp_path / "journal.sqlite3")
        self.table = Table(self.journal)
        self.roller = StickRoller(self.journal, rng=random.Random(7)) if sticks else None
        self.rounds = (
            ColourRounds(self.journal, self.table.touch, rng=random.Random(11)) if colours else None
        )
        with buttons_on(self.clock):
            self.hw = hardware.build(config, simulate=True, **(build or {}))
        self.oled = Frames(self.clock)
        self.hw.display.show = self.oled.recorder(self.hw.display.show)  # type: ignore[method-assign, assignment]
        self.box = Box(
            self.table,
            self.hw,
            base_url=URL,
            simulated=True,
            clock=self.clock,
            sleep=self.clock.advance,
            sticks=self.roller,
            colours=self.rounds,
            **options,
        )
        self.box.start(render_thread=render_thread)

    def close(self) -> None:
        self.box.close()
        self.journal.close()
        # gpiozero's hold threads poll every 0.1 s, so closing the buttons takes up to
        # 0.3 s; no test waits for that (each build has pins of its own).
        threading.Thread(target=self.hw.close, name="closing test hardware").start()

    # --- stepping -------------------------------------------------------------------

    def flush(self) -> None:
        self.box.flush()

    def click(self, name: str, long: bool = False) -> None:
        """Press and release through the real (mock) pin, then let the box draw."""
        self.box.press(name, True)
        if long:
            self.clock.advance(HOLD + 0.05)
        self.box.press(name, False)
        self.flush()

    def hold(self, name: str) -> None:
        self.box.press(name, True)
        self.flush()

    def release(self, name: str) -> None:
        self.box.press(name, False)
        self.flush()

    def run_for(self, seconds: float) -> None:
        """Let `seconds` pass as the render thread would see them: woken at each of
        its own wake-ups, drawing each time."""
        end = self.clock.now + seconds
        self.flush()  # what is queued wakes it at once
        for _ in range(100_000):  # a box that never stops asking to be woken fails here
            wait = self.box.next_wake()
            if wait is None or self.clock.now + wait > end:
                break
            self.clock.advance(max(wait, 1e-9))
            self.flush()
        else:
            raise AssertionError("the box keeps waking with nothing to do")
        self.clock.now = end
        self.flush()

    # --- reading back ---------------------------------------------------------------

    def frame(self) -> bytes:
        return self.box.frame().tobytes()

    def status_led(self) -> tuple[float, ...]:
        return tuple(self.box.leds()["status"])

    def pins(self) -> list[bool]:
        """What the five stick LED pins drive."""
        return [bool(self.hw.factory.pin(pin).state) for pin in CONFIG.stick_pins]

    # --- the table --------------------------------------------------------------------

    def fill_seats(self, names: tuple[str, ...] = ()) -> None:
        room = self.table.status()["room"]
        for seat in range(self.table.status()["players"]):
            self.table.join(room, names[seat] if seat < len(names) else f"P{seat + 1}")
        self.flush()

    def start_game(self, game: str = "cena", players: int = 3, names: tuple[str, ...] = ()) -> None:
        self.table.open_lobby(game, players, {})
        self.fill_seats(names)
        self.table.start()
        self.flush()

    def play(self, actions: int) -> None:
        """Each seat's first legal action, `actions` times (or to the end), drawn each time."""
        for _ in range(actions):
            if self.table.phase != "playing":
                return
            seat = self.table.to_act()[0]
            self.table.act(seat, self.table.legal_actions(seat)[0])
            read_summary(self.table)
            self.flush()
