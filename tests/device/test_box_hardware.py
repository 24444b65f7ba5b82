"""The box with every part: health, mute, idle dimming, tones, and the LED ring.

The box is stepped on the test's thread with a fake clock (tests/device/box_rig.py),
so dimming takes no real time. The ring runs against the fake controller on a pty
pair (tests/hardware), plugged in and out through a symlink the way a USB controller
comes and goes; the parts' own threads (the ring's worker, retries) run for real,
and only those are waited for.
"""

from __future__ import annotations

import errno
import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from luma.core.device import dummy
from PIL import Image

from device.box import DIMMED_PIXEL, FAULT_COLOUR, LIT_PIXEL, STATUS_COLOURS, oled_png
from device.seat_lights import seat_lights
from device.sounds import MELODIES
from hardware import SeatLight
from hardware.config import HardwareConfig
from hardware.part import Backoff
from tests.device.box_rig import Rig
from tests.hardware.fake_controller import FakeController, Port
from tests.hardware.fakes import wait_until
from tests.interludes import read_summary

FAST = Backoff(first=0.02, ceiling=0.1)
PARTS = {"backoff": FAST}


def expected_lights(rig: Rig) -> list[tuple[str, str]]:
    status = rig.table.status()
    view = rig.table.view(None) if status["phase"] in ("playing", "over") else None
    return [(light.hex, light.effect.upper()) for light in seat_lights(status, view)]


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path, build=PARTS)
    yield made
    made.close()


def test_health_lists_every_part_and_the_mute_switch(rig: Rig) -> None:
    health = rig.box.health()
    assert health == {
        "simulated": True,
        "display": {"healthy": True, "error": None},
        "buttons": {"healthy": True, "error": None},
        "leds": {"healthy": True, "error": None},
        "buzzer": {"healthy": True, "error": None},
        "muted": False,
    }
    rig.box.set_muted(True)
    assert rig.box.health()["muted"] is True and rig.box.muted
    assert rig.hw.buzzer.play(MELODIES["your_turn"]) is False
    rig.box.set_muted(False)
    assert rig.box.health()["muted"] is False


def test_muted_in_the_config_starts_muted(tmp_path: Path) -> None:
    rig = Rig(tmp_path, HardwareConfig(muted=True))
    try:
        assert rig.box.health()["muted"] is True
    finally:
        rig.close()


def test_a_part_failing_and_recovering_in_the_background_shows_on_the_status_led(
    tmp_path: Path,
) -> None:
    broken = True

    def open_display() -> Any:
        if broken:
            raise OSError(errno.ENXIO, "No such device or address")
        return dummy(width=128, height=64, mode="1")

    # The render thread runs: only the part's retry thread tells the box.
    rig = Rig(tmp_path, render_thread=True, build={**PARTS, "open_display": open_display})
    try:
        versions: list[int] = []
        rig.box.subscribe(versions.append)
        assert rig.box.leds()["status"] == pytest.approx(FAULT_COLOUR)
        assert rig.box.health()["display"]["healthy"] is False
        broken = False  # no table change, no button: only the retry thread notices
        assert wait_until(lambda: rig.box.leds()["status"] == pytest.approx(STATUS_COLOURS["idle"]))
        assert versions  # the web pages were told
        assert rig.box.health()["display"]["healthy"] is True
    finally:
        rig.close()


def test_the_oled_dims_when_idle_and_wakes_on_a_button_or_a_table_change(tmp_path: Path) -> None:
    rig = Rig(tmp_path, dim_after=0.2)
    try:
        display = rig.hw.display
        bright = rig.box.frame_png()
        versions: list[int] = []
        rig.box.subscribe(versions.append)
        assert not display.dimmed
        assert rig.box.next_wake() == pytest.approx(0.2)  # the render thread wakes to dim
        rig.run_for(0.19)
        assert not display.dimmed
        rig.run_for(0.01)
        assert display.dimmed
        assert versions  # the web's picture dims with it
        assert rig.box.frame_png() != bright
        assert rig.box.next_wake() is None  # dimmed: nothing more to time

        rig.click("B")  # a press wakes it
        assert not display.dimmed
        rig.run_for(0.2)
        assert display.dimmed

        rig.table.open_lobby("cena", 3, {})  # so does a phone changing the table
        rig.flush()
        assert not display.dimmed
        rig.run_for(0.2)
        assert display.dimmed
    finally:
        rig.close()


def test_no_dimming_when_dim_after_is_zero(rig: Rig) -> None:
    assert rig.box.next_wake() is None
    rig.run_for(3600)
    assert not rig.hw.display.dimmed


def test_tones_follow_the_game_and_never_hold_up_a_move(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[str] = []
    names = {melody: name for name, melody in MELODIES.items()}
    play = rig.hw.buzzer.play

    def recording_play(melody: Any) -> bool:
        played.append(names[tuple(melody)])
        return play(melody)

    monkeypatch.setattr(rig.hw.buzzer, "play", recording_play)
    rig.start_game()
    assert played == ["your_turn"]
    slowest_step = 0.0
    while rig.table.phase == "playing":
        seat = rig.table.to_act()[0]
        rig.table.act(seat, rig.table.legal_actions(seat)[0])
        read_summary(rig.table)
        started = time.monotonic()
        rig.flush()
        slowest_step = max(slowest_step, time.monotonic() - started)
    assert "trick_won" in played
    assert played[-1] == "game_end"
    # The game-end tune lasts 0.66 s: it plays on the buzzer's thread, not the box's.
    assert slowest_step < 0.5


def test_the_led_ring_follows_the_game_through_an_unplug(tmp_path: Path) -> None:
    port = Port(tmp_path / "ttyACM-ring")
    first = port.plug(FakeController(seats=6))
    config = HardwareConfig(serial_port=str(port.path), hold_time=0.15, debounce=0.0)
    rig = Rig(tmp_path, config, build=PARTS)
    try:
        rig.start_game()
        assert first.wait_for(lambda c: c.shown()[:3] == expected_lights(rig))
        assert rig.box.health()["serial"]["healthy"] is True
        rig.play(10)
        assert first.wait_for(lambda c: c.shown()[:3] == expected_lights(rig))

        port.unplug(first)  # the cable comes out in the middle of the game
        started = time.monotonic()
        rig.play(10)  # the game goes on, and the box draws each move
        assert time.monotonic() - started < 2.0
        assert wait_until(lambda: rig.box.health()["serial"]["healthy"] is False)
        rig.flush()
        assert rig.box.leds()["status"] == pytest.approx(FAULT_COLOUR)
        rig.play(5)

        second = port.plug(FakeController(seats=6))  # plugged back in
        assert wait_until(lambda: rig.box.health()["serial"]["healthy"] is True)
        assert second.wait_for(lambda c: c.shown()[:3] == expected_lights(rig))
        rig.flush()
        assert rig.box.leds()["status"] == pytest.approx(STATUS_COLOURS["playing"])

        rig.play(1000)  # to the end: the winners blink
        assert rig.table.phase == "over"
        winner = SeatLight((255, 180, 0), "blink")
        assert second.wait_for(lambda c: (winner.hex, "BLINK") in c.shown())
        assert second.wait_for(lambda c: c.shown()[:3] == expected_lights(rig))
        port.unplug(second)
    finally:
        rig.close()


def test_the_oled_png_shows_exactly_the_lit_pixels_in_the_oled_colour(rig: Rig) -> None:
    rig.table.open_lobby("cena", 3, {})
    rig.flush()
    frame = rig.box.frame()
    picture = Image.open(io.BytesIO(rig.box.frame_png(scale=3))).convert("RGB")
    assert picture.size == (384, 192)
    expected = Image.composite(
        Image.new("RGB", frame.size, LIT_PIXEL), Image.new("RGB", frame.size), frame.convert("L")
    ).resize((384, 192), Image.Resampling.NEAREST)
    assert picture.tobytes() == expected.tobytes()
    dimmed = Image.open(io.BytesIO(oled_png(frame, dimmed=True))).convert("RGB")
    colours = dimmed.getcolors()
    assert colours is not None
    assert {colour for _count, colour in colours} == {(0, 0, 0), DIMMED_PIXEL}
