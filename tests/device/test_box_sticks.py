"""Button C and the dice-sticks on the box: a short press throws anywhere outside a
menu, a long one shows the join QR in a game; every throw (the box's, a phone's, a
game's water throw) tumbles on the OLED, drawn on the render thread at no more than
15 frames a second and for under a second, and the stick LEDs show the dark sticks.

Frames are recorded as luma's dummy display receives them; the LEDs are read back
from gpiozero's mock pins.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from luma.core.device import dummy
from PIL import Image

import engines
import hardware
from device.box import Box
from device.journal import Journal
from device.screens import screen_for
from device.screens.sticks import sticks_screen
from device.sticks import StickRoller
from device.table import Table
from device.throw_show import FRAMES, LED_SECONDS
from hardware.config import HardwareConfig
from tests.hardware.fakes import wait_until

HOLD = 0.15
CONFIG = HardwareConfig(hold_time=HOLD, debounce=0.0)


class RecordingOled(dummy):
    """luma's in-memory display, noting when each frame arrived."""

    def __init__(self) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.frames: list[tuple[float, bytes]] = []

    def display(self, image: Image.Image) -> None:
        super().display(image)
        self.frames.append((time.monotonic(), image.tobytes()))


class Rig:
    def __init__(self, tmp_path: Path) -> None:
        self.journal = Journal(tmp_path / "j.sqlite3")
        self.table = Table(self.journal)
        self.roller = StickRoller(self.journal, rng=random.Random(7))
        self.oled = RecordingOled()
        self.hw = hardware.build(CONFIG, simulate=True, open_display=lambda: self.oled)
        self.box = Box(
            self.table, self.hw, base_url="http://10.0.0.2:8000", simulated=True, sticks=self.roller
        )
        self.box.start()

    def close(self) -> None:
        self.box.close()
        self.hw.close()
        self.journal.close()

    def press(self, name: str, long: bool = False) -> None:
        """Through the real (mock) pin; the render thread alone draws what follows."""
        self.box.press(name, True)
        if long:
            time.sleep(HOLD + 0.05)
        self.box.press(name, False)

    def pins(self) -> list[bool]:
        """What the five stick LED pins drive."""
        return [bool(self.hw.factory.pin(pin).state) for pin in CONFIG.stick_pins]

    def start_game(self, game: str = "lauzait", players: int = 3) -> None:
        self.table.open_lobby(game, players, {})
        room = self.table.status()["room"]
        for seat in range(players):
            self.table.join(room, f"P{seat + 1}")
        self.table.start()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path)
    yield made
    made.close()


def result_frame(thrown: dict[str, Any], label: str) -> bytes:
    return sticks_screen(thrown, label).tobytes()


def throw_on_screen(rig: Rig) -> None:
    """Press C and wait until the throw is on the OLED."""
    rig.press("C")
    assert wait_until(lambda: rig.roller.history()["total"] == 1)
    thrown = rig.roller.latest()
    assert thrown is not None
    frames = {sticks_screen(thrown, "Box", f).tobytes() for f in range(FRAMES + 1)}
    assert wait_until(lambda: rig.box.frame().tobytes() in frames)


def test_short_c_throws_in_idle_lobby_and_game_but_not_in_a_menu(rig: Rig) -> None:
    rig.press("C")
    assert wait_until(lambda: rig.roller.history()["total"] == 1)
    rig.table.open_lobby("cena", 3, {})
    rig.press("C")
    assert wait_until(lambda: rig.roller.history()["total"] == 2)
    rig.table.end_game()
    rig.start_game("cena")
    rig.press("C")
    assert wait_until(lambda: rig.roller.history()["total"] == 3)
    assert [t["by"] for t in rig.roller.history()["recent"]] == ["Box"] * 3
    rig.table.end_game()
    rig.press("A")  # idle: the game menu opens
    rig.press("C")
    time.sleep(0.1)
    assert rig.roller.history()["total"] == 3


def test_a_throw_tumbles_at_most_15_fps_for_under_a_second_then_stays(rig: Rig) -> None:
    before = len(rig.oled.frames)
    rig.press("C")
    assert wait_until(lambda: rig.roller.history()["total"] == 1)
    thrown = rig.roller.latest()
    assert thrown is not None
    result = result_frame(thrown, "Box")
    assert wait_until(lambda: rig.oled.frames[-1][1] == result, timeout=3)
    time.sleep(0.3)  # the result stays: nothing more is sent

    animation = {sticks_screen(thrown, "Box", f).tobytes(): f for f in range(FRAMES + 1)}
    sent = rig.oled.frames[before:]
    assert all(frame in animation for _, frame in sent), "only the throw was drawn"
    numbers = [animation[frame] for _, frame in sent]
    assert numbers == sorted(numbers) and numbers[-1] == FRAMES
    assert len(numbers) >= FRAMES // 2  # an animation, not a jump to the result
    times = [at for at, _ in sent]
    assert times[-1] - times[0] < 1.0
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert min(gaps) > 1 / 15 - 0.01  # never faster than ~15 frames a second
    assert (len(times) - 1) / (times[-1] - times[0]) <= 15
    assert rig.box.frame().tobytes() == result


def test_the_stick_leds_show_the_dark_sticks_on_their_pins(rig: Rig) -> None:
    rig.press("C")
    assert wait_until(lambda: rig.roller.history()["total"] == 1)
    thrown = rig.roller.latest()
    assert thrown is not None
    faces = [bool(face) for face in thrown["sticks"]]
    assert wait_until(lambda: rig.oled.frames[-1][1] == result_frame(thrown, "Box"), timeout=3)
    assert rig.pins() == faces
    assert rig.box.leds()["sticks"] == faces
    # Idle, the turn lights are all dark: after a few seconds the LEDs go back to them.
    assert wait_until(lambda: rig.pins() == [False] * 5, timeout=LED_SECONDS + 2)


def test_the_throw_gives_way_to_the_turn_lights_when_the_turn_moves(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engines, "new_seed", lambda: 99)
    rig.start_game()
    seat = rig.table.to_act()[0]
    assert wait_until(lambda: rig.pins() == [s == seat for s in range(5)])
    rig.roller.throw("Ann")  # a phone throws
    thrown = rig.roller.latest()
    assert thrown is not None
    assert wait_until(lambda: rig.oled.frames[-1][1] == result_frame(thrown, "Ann"), timeout=3)
    assert rig.pins() == [bool(face) for face in thrown["sticks"]]
    hire = next(a for a in rig.table.legal_actions(seat) if a["type"] == "hire" and not water(a))
    rig.table.act(seat, hire)
    after = rig.table.to_act()[0]
    assert wait_until(lambda: rig.pins() == [s == after for s in range(5)])


def water(action: dict[str, Any]) -> bool:
    return action["to"] in ([0, 2], [1, 2], [3, 2], [4, 2], [2, 0], [2, 1], [2, 3], [2, 4])


def test_a_water_throw_of_the_game_is_shown_like_a_box_throw(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engines, "new_seed", lambda: 99)
    rig.start_game()
    time.sleep(0.2)  # the start of the game shows no throw
    assert (
        rig.box.frame().tobytes()
        == screen_for(rig.table.view(None), rig.table.status(), rig.box.join_url).tobytes()
    )
    seat = rig.table.to_act()[0]
    hire = next(a for a in rig.table.legal_actions(seat) if a["type"] == "hire" and water(a))
    events = rig.table.act(seat, hire)
    thrown = next(event for event in events if event["type"] == "sticks")
    result = result_frame(thrown, f"Water: P{seat + 1}")
    assert wait_until(lambda: rig.oled.frames[-1][1] == result, timeout=3)
    assert rig.pins() == [bool(face) for face in thrown["sticks"]]
    assert rig.roller.history()["total"] == 0  # the game's throws are its own


def test_long_c_shows_the_join_qr_in_a_game_and_throws_nothing(rig: Rig) -> None:
    rig.start_game("cena")
    throw_on_screen(rig)  # a throw first: long C takes it off the screen
    rig.press("C", long=True)
    lobby_like = screen_for(None, {**rig.table.status(), "phase": "lobby"}, rig.box.join_url)
    assert wait_until(lambda: rig.box.frame().tobytes() == lobby_like.tobytes(), timeout=3)
    assert rig.roller.history()["total"] == 1
    rig.press("C", long=True)  # and again: back to the game
    game = screen_for(rig.table.view(None), rig.table.status(), rig.box.join_url)
    assert wait_until(lambda: rig.box.frame().tobytes() == game.tobytes(), timeout=3)


def test_another_button_takes_the_throw_off_the_screen(rig: Rig) -> None:
    rig.start_game("cena")
    throw_on_screen(rig)
    rig.press("B")  # next page: shown at once, not after the throw
    page = screen_for(rig.table.view(None), rig.table.status(), rig.box.join_url, page=1)
    assert wait_until(lambda: rig.box.frame().tobytes() == page.tobytes(), timeout=0.5)
