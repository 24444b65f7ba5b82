"""The box: buttons (through gpiozero's mock pins) drive menus; OLED and LEDs follow the table."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import pytest
from PIL import Image

import hardware
from device.box import FAULT_COLOUR, STATUS_COLOURS, Box
from device.journal import Journal
from device.screens import screen_for
from device.table import Table
from hardware.config import HardwareConfig

HOLD = 0.15  # a short hold time keeps long presses quick in tests


@pytest.fixture
def box(tmp_path: Path):
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table(journal)
    parts = hardware.build(HardwareConfig(hold_time=HOLD, debounce=0.0), simulate=True)
    box = Box(table, parts, base_url="http://10.0.0.2:8000", simulated=True, notice_seconds=60)
    box.start()
    yield box
    box.close()
    parts.close()
    journal.close()


def click(box: Box, name: str, long: bool = False) -> None:
    """Press and release through the real (mock) pin, then let the box redraw."""
    box.press(name, True)
    if long:
        time.sleep(HOLD + 0.05)
    box.press(name, False)
    box.refresh_now()


def fill_seats(box: Box) -> None:
    room = box.table.status()["room"]
    for i in range(box.table.status()["players"]):
        box.table.join(room, f"P{i + 1}")
    box.refresh_now()


def test_idle_box_shows_the_address(box: Box) -> None:
    assert box.frame().tobytes() == screen_for(None, box.table.status(), box.base_url).tobytes()
    assert box.leds()["status"] == pytest.approx(STATUS_COLOURS["idle"])


def test_menus_open_a_lobby(box: Box) -> None:
    click(box, "A")  # idle -> game menu
    first = box.frame().tobytes()
    click(box, "B")  # next game
    assert box.frame().tobytes() != first
    click(box, "B", long=True)  # long B on the top menu: closes it
    click(box, "A")  # open again: Céna is first
    click(box, "A")  # choose Céna -> players menu
    click(box, "B")  # 3 -> 4 players
    click(box, "A")
    status = box.table.status()
    assert status["phase"] == "lobby" and status["game"] == "cena" and status["players"] == 4
    assert box.frame().tobytes() == screen_for(None, status, box.join_url).tobytes()
    assert box.leds()["status"] == pytest.approx(STATUS_COLOURS["lobby"])


def test_long_b_in_players_menu_goes_back_to_games(box: Box) -> None:
    click(box, "A")
    games_menu = box.frame().tobytes()
    click(box, "A")  # into Céna's players menu
    click(box, "B", long=True)
    assert box.frame().tobytes() == games_menu


def test_join_url_is_upper_case_for_the_qr(box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    room = box.table.status()["room"]
    assert box.join_url == f"HTTP://10.0.0.2:8000/J/{room}"


def test_start_before_seats_are_full_shows_why(box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    box.refresh_now()
    lobby = box.frame().tobytes()
    click(box, "A")
    assert box.table.phase == "lobby"
    assert box.frame().tobytes() != lobby  # a notice: waiting for seats


def test_a_starts_the_game_and_leds_show_whose_turn(box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    fill_seats(box)
    click(box, "A")
    assert box.table.phase == "playing"
    leds = box.leds()
    assert leds["sticks"] == [True, True, True, False, False]  # everyone chooses public cards
    assert leds["status"] == pytest.approx(STATUS_COLOURS["playing"])
    view = box.table.view(None)
    assert box.frame().tobytes() == screen_for(view, box.table.status(), box.join_url).tobytes()


def test_b_pages_through_the_game_screens_and_long_c_shows_the_join_code(box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    fill_seats(box)
    box.table.start()
    box.refresh_now()
    table_page = box.frame().tobytes()
    click(box, "B")
    assert box.frame().tobytes() != table_page
    click(box, "B")
    assert box.frame().tobytes() == table_page
    click(box, "C", long=True)  # a short C throws the sticks (tests/device/test_box_sticks.py)
    lobby_like = screen_for(None, {**box.table.status(), "phase": "lobby"}, box.join_url)
    assert box.frame().tobytes() == lobby_like.tobytes()


def test_long_b_asks_before_ending_the_game(box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    fill_seats(box)
    box.table.start()
    click(box, "B", long=True)
    click(box, "A")  # "No" is selected first
    assert box.table.phase == "playing"
    click(box, "B", long=True)
    click(box, "B")
    click(box, "A")  # "Yes"
    assert box.table.phase == "idle"


def test_redraw_only_on_change(box: Box) -> None:
    box.table.open_lobby("cena", 3, {})
    box.refresh_now()
    sent, version = box.hardware.display.frames_sent, box.version
    box.table.touch()  # a change that does not alter the screen
    box.refresh_now()
    assert box.hardware.display.frames_sent == sent
    assert box.version == version


def test_table_changes_reach_the_oled_without_a_button(box: Box) -> None:
    moved = threading.Event()
    box.subscribe(lambda _version: moved.set())
    box.table.open_lobby("cena", 3, {})  # from a phone, on another thread
    assert moved.wait(5)
    status = box.table.status()
    assert box.frame().tobytes() == screen_for(None, status, box.join_url).tobytes()


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


def test_a_display_fault_turns_the_status_led_red(box: Box, monkeypatch) -> None:
    monkeypatch.setattr(type(box.hardware.display), "healthy", property(lambda _self: False))
    box.table.touch()
    box.refresh_now()
    assert box.leds()["status"] == pytest.approx(FAULT_COLOUR)
    assert box.health()["display"]["healthy"] is False
