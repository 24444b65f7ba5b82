"""The box: buttons (through gpiozero's mock pins) drive menus; OLED and LEDs follow the table.

The box is stepped on the test's thread with a fake clock (tests/device/box_rig.py);
the last tests run its render thread, as the device does.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from device.box import FAULT_COLOUR, STATUS_COLOURS, Box
from device.screens import message_screen, screen_for
from device.screens.menu import menu_screen
from device.screens.seal import seal_screen
from hardware.config import HardwareConfig
from tests.device.box_rig import HOLD, Rig


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path, notice_seconds=60)
    yield made
    made.close()


@pytest.fixture
def box(rig: Rig) -> Box:
    return rig.box


def test_idle_box_shows_the_address(box: Box) -> None:
    assert box.frame().tobytes() == screen_for(None, box.table.status(), box.base_url).tobytes()
    assert box.leds()["status"] == pytest.approx(STATUS_COLOURS["idle"])


def test_menus_open_a_lobby(rig: Rig, box: Box) -> None:
    rig.click("A")  # idle -> game menu
    first = box.frame().tobytes()
    rig.click("B")  # next game
    assert box.frame().tobytes() != first
    rig.click("B", long=True)  # long B on the top menu: closes it
    rig.click("A")  # open again: Céna is first
    rig.click("A")  # choose Céna -> players menu
    rig.click("B")  # 3 -> 4 players
    rig.click("A")
    status = box.table.status()
    assert status["phase"] == "lobby" and status["game"] == "cena" and status["players"] == 4
    assert box.frame().tobytes() == screen_for(None, status, box.join_url).tobytes()
    assert box.leds()["status"] == pytest.approx(STATUS_COLOURS["lobby"])


def test_long_b_in_players_menu_goes_back_to_games(rig: Rig, box: Box) -> None:
    rig.click("A")
    games_menu = box.frame().tobytes()
    rig.click("A")  # into Céna's players menu
    rig.click("B", long=True)
    assert box.frame().tobytes() == games_menu


def test_join_url_is_upper_case_for_the_qr(box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    room = box.table.status()["room"]
    assert box.join_url == f"HTTP://10.0.0.2:8000/J/{room}"


def test_start_before_seats_are_full_shows_why(rig: Rig, box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    rig.flush()
    lobby = box.frame().tobytes()
    rig.click("A")
    assert box.table.phase == "lobby"
    notice = message_screen("Not now", ["waiting for seat 1, 2, 3"])
    assert box.frame().tobytes() == notice.tobytes()
    assert box.frame().tobytes() != lobby


def test_a_notice_goes_after_its_seconds_without_a_press(tmp_path: Path) -> None:
    rig = Rig(tmp_path, notice_seconds=3.0)
    try:
        rig.table.open_lobby("cena", 3, {})
        rig.click("A")
        notice = rig.frame()
        lobby = screen_for(None, rig.table.status(), rig.box.join_url).tobytes()
        assert notice != lobby
        assert rig.box.next_wake() == pytest.approx(3.0)  # the render thread's wake-up
        rig.clock.advance(2.9)
        rig.flush()
        assert rig.frame() == notice
        rig.clock.advance(0.1)
        rig.flush()
        assert rig.frame() == lobby
        assert rig.box.next_wake() is None  # nothing left to time
    finally:
        rig.close()


def test_a_starts_the_game_and_leds_show_whose_turn(rig: Rig, box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    rig.fill_seats()
    rig.click("A")
    assert box.table.phase == "playing"
    leds = box.leds()
    assert leds["sticks"] == [True, True, True, False, False]  # everyone chooses public cards
    assert leds["status"] == pytest.approx(STATUS_COLOURS["playing"])
    view = box.table.view(None)
    assert box.frame().tobytes() == screen_for(view, box.table.status(), box.join_url).tobytes()


def test_b_pages_through_the_game_screens_and_long_c_shows_the_join_code(
    rig: Rig, box: Box
) -> None:
    rig.start_game()
    table_page = box.frame().tobytes()
    rig.click("B")
    assert box.frame().tobytes() != table_page
    rig.click("B")  # the sealed deal's fingerprint (device/screens/seal.py)
    assert box.frame().tobytes() == seal_screen({}, box.table.status()).tobytes()
    rig.click("B")
    assert box.frame().tobytes() == table_page
    rig.click("C", long=True)  # a short C throws the sticks (tests/device/test_box_sticks.py)
    lobby_like = screen_for(None, {**box.table.status(), "phase": "lobby"}, box.join_url)
    assert box.frame().tobytes() == lobby_like.tobytes()


def test_long_b_asks_before_ending_the_game(rig: Rig, box: Box) -> None:
    rig.start_game()
    rig.click("B", long=True)
    assert box.frame().tobytes() == menu_screen("End game?", ["No", "Yes"], 0).tobytes()
    rig.click("A")  # "No" is selected first
    assert box.table.phase == "playing"
    rig.click("B", long=True)
    rig.click("B")
    rig.click("A")  # "Yes": the game goes to its result, every seat kept (issue 28)
    assert box.table.phase == "over"
    assert box.table.status()["ended_early"]


def test_redraw_only_on_change(rig: Rig, box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    rig.flush()
    sent, version = box.hardware.display.frames_sent, box.version
    box.table.touch()  # a change that does not alter the screen
    rig.flush()
    assert box.hardware.display.frames_sent == sent
    assert box.version == version


def test_a_burst_of_table_changes_is_one_step(rig: Rig, box: Box) -> None:
    versions: list[int] = []
    box.subscribe(versions.append)
    box.table.open_lobby("cena", 3, {})
    room = box.table.status()["room"]
    for name in ("Ann", "Bob", "Cat"):
        box.table.join(room, name)
    box.table.start()
    rig.flush()  # five table changes queued
    assert versions == [box.version]  # one new frame (and LEDs), not one per change


def test_the_buttons_thread_only_queues(rig: Rig, box: Box) -> None:
    """Pins call the box back on the thread that moved them (here the test's, on a Pi
    gpiozero's): nothing is drawn or decided there."""
    display = box.hardware.display
    sent, before = display.frames_sent, box.frame().tobytes()
    box.press("A", True)
    box.press("A", False)
    assert display.frames_sent == sent
    assert box.frame().tobytes() == before
    assert box.controls.menu is None
    rig.flush()
    assert box.controls.menu is not None and box.controls.menu.title == "New game"
    assert display.frames_sent == sent + 1


def test_a_release_that_comes_too_soon_waits_for_the_fingers_time(tmp_path: Path) -> None:
    # The simulated box's page times each press itself. A release that reaches the box
    # right after a late press (both requests held up) would be contact bounce to the
    # debouncer; it waits until the button has been down as long as the finger held it.
    rig = Rig(tmp_path, HardwareConfig(hold_time=HOLD, debounce=0.03))
    try:
        box = rig.box
        box.press("A", True)
        box.press("A", False)  # no time on the clock: bounce, the press not counted
        rig.flush()
        assert box.controls.menu is None
        box.press("A", True)
        box.press("A", False, held=0.12)  # a tap, as the page timed it
        rig.flush()
        assert box.controls.menu is not None and box.controls.menu.title == "New game"
        box.press("B", True)
        box.press("B", False, held=HOLD + 0.05)  # a long press, arrived as a short one
        rig.flush()
        assert box.controls.menu is None  # long B on the top menu closes it
    finally:
        rig.close()


def test_frame_png_is_the_oled_scaled(box: Box) -> None:
    picture = Image.open(io.BytesIO(box.frame_png(scale=4)))
    assert picture.size == (512, 256)
    with pytest.raises(ValueError):
        box.frame_png(scale=100)


def test_press_checks_the_button_name(box: Box) -> None:
    with pytest.raises(ValueError):
        box.press("Z", True)


def test_press_is_refused_on_a_real_box(box: Box) -> None:
    box.simulated = False
    with pytest.raises(RuntimeError):
        box.press("A", True)


def test_a_display_fault_turns_the_status_led_red(
    rig: Rig, box: Box, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(box.hardware.display), "healthy", property(lambda _self: False))
    box.table.touch()
    rig.flush()
    assert box.leds()["status"] == pytest.approx(FAULT_COLOUR)
    assert box.health()["display"]["healthy"] is False


# --- with the render thread, as on the device ------------------------------------------


@pytest.fixture
def threaded(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path, render_thread=True)
    yield made
    made.close()


def test_table_changes_reach_the_oled_without_a_button(threaded: Rig) -> None:
    box = threaded.box
    assert box.running
    moved = threading.Event()
    box.subscribe(lambda _version: moved.set())
    box.table.open_lobby("cena", 3, {})  # from a phone, on another thread
    assert moved.wait(5)
    status = box.table.status()
    assert box.frame().tobytes() == screen_for(None, status, box.join_url).tobytes()


def test_only_the_render_thread_draws(threaded: Rig, monkeypatch: pytest.MonkeyPatch) -> None:
    box = threaded.box
    drawn_on: list[str] = []
    show = box.hardware.display.show

    def recording_show(image: Image.Image) -> None:
        drawn_on.append(threading.current_thread().name)
        show(image)

    monkeypatch.setattr(box.hardware.display, "show", recording_show)
    menu = threading.Event()
    box.subscribe(lambda _version: menu.set())
    box.press("A", True)  # the pin's callback runs here, on the test's thread
    box.press("A", False)
    assert menu.wait(5)
    assert box.controls.menu is not None
    assert drawn_on and set(drawn_on) == {"box-render"}


def test_close_stops_the_render_thread(tmp_path: Path) -> None:
    rig = Rig(tmp_path, render_thread=True)
    assert rig.box.running
    rig.close()
    assert not rig.box.running
