"""Secret colours on the box, without phones: pass it round, hold A to look, B to pass on.

Every press goes through the real (mock) button pins, so the edges come from the
real debouncer. The OLED frames and the RGB status LED are read back from the
hardware: while A is up they never show a colour; while it is held they show the
holder's colour and nobody else's. The box is stepped on the test's thread
(tests/device/box_rig.py): `hold` and `release` queue the edge and let the box
handle it, as its render thread does the moment the edge is queued; the last test
runs that thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import engines
from device.box.menus import LANGUAGE_LABEL
from device.colour_round import DARK, LED_COLOURS
from device.companion.colours import ColourRounds
from device.screens import screen_for
from device.screens.colours import colour_screen, pass_screen, reveal_screen
from device.screens.menu import menu_screen
from engines.sarena.chips import COLOURS
from tests.device.box_rig import Rig


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path, colours=True, notice_seconds=60)
    yield made
    made.close()


def rounds_of(rig: Rig) -> ColourRounds:
    assert rig.rounds is not None
    return rig.rounds


def code_of(rig: Rig) -> str | None:
    """The code the OLED shows for the round the box drew, for phones to claim with."""
    current = rounds_of(rig).current()
    assert current is not None
    return rounds_of(rig).box_code(current.id)


def every_colour_frame(names: list[str]) -> set[bytes]:
    """Every picture of a colour the box could draw for these players."""
    return {colour_screen(name, colour).tobytes() for name in names for colour in COLOURS}


def choose_from_game_menu(rig: Rig, label: str) -> None:
    rig.click("A")  # idle: open the game menu
    for _ in range(10):
        menu = rig.box.controls.menu
        if menu is not None and menu.labels[menu.selected] == label:
            rig.click("A")
            return
        rig.click("B")
    raise AssertionError(f"{label!r} is not in the menu")


def start_round(rig: Rig, players: int) -> list[str]:
    """Secret colours -> New: n players. Returns the colours drawn."""
    choose_from_game_menu(rig, "Secret colours")
    choose_from_game_menu_item(rig, f"New: {players} players")
    drawn = rounds_of(rig).current()
    assert drawn is not None and drawn.players == players
    return drawn.colours


def choose_from_game_menu_item(rig: Rig, label: str) -> None:
    menu = rig.box.controls.menu
    assert menu is not None, "no menu open"
    while menu.labels[menu.selected] != label:
        rig.click("B")
    rig.click("A")


# --- the menu ----------------------------------------------------------------------------


def test_secret_colours_follows_the_games_in_the_game_menu(rig: Rig) -> None:
    rig.click("A")
    menu = rig.box.controls.menu
    assert menu is not None
    # The games, "Secret colours", then the table's language (device/box/menus.py).
    assert menu.labels[-2:] == ["Secret colours", LANGUAGE_LABEL]
    assert menu.labels[:-3] == [engines.info(name)["title"] for name in engines.names()]


def test_without_a_colour_keeper_the_menu_has_no_secret_colours(tmp_path: Path) -> None:
    plain = Rig(tmp_path)
    try:
        plain.click("A")
        menu = plain.box.controls.menu
        assert menu is not None and "Secret colours" not in menu.labels
    finally:
        plain.close()


def test_the_colours_menu_offers_a_player_count_and_draws_a_round(rig: Rig) -> None:
    choose_from_game_menu(rig, "Secret colours")
    labels = ["New: 2 players", "New: 3 players", "New: 4 players"]
    assert rig.frame() == menu_screen("Secret colours", labels, 0).tobytes()
    rig.click("B", long=True)  # back to the game menu
    menu = rig.box.controls.menu
    assert menu is not None and menu.title == "New game"
    rig.click("A")  # the game menu remembers nothing: Céna is selected
    assert rounds_of(rig).current() is None, "looking at menus draws nothing"


# --- passing the box -----------------------------------------------------------------------


def test_hold_a_shows_your_colour_on_the_oled_and_the_led_and_release_blanks_both(
    rig: Rig,
) -> None:
    colours = start_round(rig, 3)
    names = ["Seat 1", "Seat 2", "Seat 3"]
    waiting = pass_screen(names[0], 0, 3, code_of(rig)).tobytes()
    assert code_of(rig) is not None, "phones claim the box's round with the code it shows"
    assert rig.frame() == waiting
    assert rig.status_led() == pytest.approx(DARK)
    assert rig.box.leds()["sticks"] == [True, False, False, False, False]  # seat 1 holds the box

    rig.hold("A")  # the edge alone: no press is decided until the release
    assert rig.frame() == colour_screen(names[0], colours[0]).tobytes()
    assert rig.status_led() == pytest.approx(LED_COLOURS[colours[0]])
    rig.release("A")
    assert rig.frame() == waiting
    assert rig.status_led() == pytest.approx(DARK)


def test_b_passes_the_box_and_each_seat_sees_only_its_own_colour(rig: Rig) -> None:
    colours = start_round(rig, 4)
    names = [f"Seat {n}" for n in range(1, 5)]
    for seat in range(4):
        assert rig.frame() == pass_screen(names[seat], seat, 4, code_of(rig)).tobytes()
        assert rig.box.leds()["sticks"][seat] is True
        rig.hold("A")
        assert rig.frame() == colour_screen(names[seat], colours[seat]).tobytes()
        assert rig.status_led() == pytest.approx(LED_COLOURS[colours[seat]])
        rig.release("A")
        rig.click("B")
    first = pass_screen(names[0], 0, 4, code_of(rig)).tobytes()
    assert rig.frame() == first, "after the last seat, the first"


def test_the_oled_never_shows_a_colour_while_a_is_released(rig: Rig) -> None:
    start_round(rig, 4)
    colour_frames = every_colour_frame([f"Seat {n}" for n in range(1, 5)])
    released_from = len(rig.oled.frames)
    for step in range(12):
        # Frames sent while A was up: no colour.
        assert not colour_frames & set(rig.oled.pictures(released_from))
        assert rig.status_led() == pytest.approx(DARK)
        rig.hold("A")
        assert rig.frame() in colour_frames
        if step % 3 == 1:
            rig.click("C")  # other buttons while A is held show nothing new
        rig.release("A")
        released_from = len(rig.oled.frames) - 1  # the frame that blanked it, and all after
        assert rig.oled.pictures(released_from)[0] not in colour_frames
        if step % 2:
            rig.click("B")
        rig.run_for(0.01)  # the render thread may wake and draw in between
    assert not colour_frames & set(rig.oled.pictures(released_from))


def test_a_press_and_release_queued_together_never_draw_the_colour(rig: Rig) -> None:
    """The render thread was busy while A went down and up: it draws the outcome only."""
    start_round(rig, 2)
    colour_frames = every_colour_frame(["Seat 1", "Seat 2"])
    before = len(rig.oled.frames)
    rig.box.press("A", True)
    rig.box.press("A", False)
    rig.flush()
    assert not colour_frames & set(rig.oled.pictures(before))
    assert rig.status_led() == pytest.approx(DARK)


def test_b_while_a_is_held_passes_the_box_hidden(rig: Rig) -> None:
    start_round(rig, 2)
    rig.hold("A")
    rig.click("B")  # seat 2 must not see seat 1's colour, nor its own without pressing
    assert rig.frame() == pass_screen("Seat 2", 1, 2, code_of(rig)).tobytes()
    assert rig.status_led() == pytest.approx(DARK)
    rig.release("A")


def test_long_b_leaves_and_the_round_can_be_passed_again(rig: Rig) -> None:
    colours = start_round(rig, 2)
    rig.click("B", long=True)
    assert rig.frame() == screen_for(None, rig.table.status(), rig.box.base_url).tobytes()
    choose_from_game_menu(rig, "Secret colours")
    menu = rig.box.controls.menu
    assert menu is not None and menu.labels[:2] == ["Pass the box", "Reveal all"]
    rig.click("A")  # pass the box: the same round, from seat 1
    rig.hold("A")
    assert rig.frame() == colour_screen("Seat 1", colours[0]).tobytes()
    rig.release("A")


def test_reveal_all_asks_first_then_shows_everyone_and_ends_the_round(rig: Rig) -> None:
    colours = start_round(rig, 3)
    rig.click("B", long=True)
    choose_from_game_menu(rig, "Secret colours")
    choose_from_game_menu_item(rig, "Reveal all")
    menu = rig.box.controls.menu
    assert menu is not None and menu.title == "Reveal all colours?"
    assert rig.frame() == menu_screen("Reveal all colours?", ["No", "Yes"], 0).tobytes()
    rig.click("A")  # "No" first
    assert not rounds_of(rig).rounds()[max(rounds_of(rig).rounds())].revealed
    choose_from_game_menu(rig, "Secret colours")
    choose_from_game_menu_item(rig, "Reveal all")
    rig.click("B")
    rig.click("A")  # "Yes"
    names = ["Seat 1", "Seat 2", "Seat 3"]
    assert rig.frame() == reveal_screen(names, colours).tobytes()
    current = rounds_of(rig).current()
    assert current is not None and current.revealed
    rig.click("A")  # put it away
    assert rig.frame() == screen_for(None, rig.table.status(), rig.box.base_url).tobytes()
    choose_from_game_menu(rig, "Secret colours")
    menu = rig.box.controls.menu
    assert menu is not None and menu.labels[0] == "Show the reveal"


def test_a_reveal_from_a_phone_ends_the_pass_around(rig: Rig) -> None:
    start_round(rig, 2)
    current = rounds_of(rig).current()
    assert current is not None
    rounds_of(rig).reveal(current.id)  # the score sheet's result, from a phone
    rig.flush()
    assert rig.frame() == screen_for(None, rig.table.status(), rig.box.base_url).tobytes()


# --- in a Sàrénà game ------------------------------------------------------------------------

NAMES = ("Ann", "Bob", "Cat", "Dan")


def test_a_sarena_game_passes_the_box_for_the_games_own_colours(rig: Rig) -> None:
    rig.start_game("sarena", 3, NAMES)
    game_screen = rig.frame()
    rig.click("A")
    assert rig.frame() == pass_screen("Ann", 0, 3).tobytes()
    for seat, name in enumerate(["Ann", "Bob", "Cat"]):
        colour = rig.table.view(seat)["colour"]
        rig.hold("A")
        assert rig.frame() == colour_screen(name, colour).tobytes()
        assert rig.status_led() == pytest.approx(LED_COLOURS[colour])
        rig.release("A")
        assert rig.status_led() == pytest.approx(DARK)
        rig.click("B")
    rig.click("B", long=True)  # back to the game, still on
    assert rig.table.phase == "playing"
    assert rig.frame() == game_screen


def test_the_pass_around_ends_with_the_game(rig: Rig) -> None:
    rig.start_game("sarena", 2, NAMES)
    rig.click("A")
    while rig.table.phase == "playing":
        seat = rig.table.to_act()[0]
        rig.table.act(seat, rig.table.legal_actions(seat)[0])
    rig.flush()
    view, status = rig.table.view(None), rig.table.status()
    assert rig.frame() == screen_for(view, status, rig.box.join_url).tobytes()  # the result
    assert view["colours"] is not None
    assert rig.box.controls.colour_mode is None


def test_a_game_without_colours_ignores_a(rig: Rig) -> None:
    rig.start_game("cena", 3, NAMES)
    before = rig.frame()
    rig.click("A")
    assert rig.frame() == before
    assert rig.box.controls.colour_mode is None


# --- with the render thread, as on the device ----------------------------------------------


def test_letting_go_of_a_blanks_the_oled_at_once_from_the_render_thread(tmp_path: Path) -> None:
    rig = Rig(tmp_path, colours=True, render_thread=True)
    try:
        colours = start_round(rig, 2)
        shown = threading.Condition()
        rig.box.subscribe(lambda _version: _notify(shown))

        def wait_for_frame(expected: bytes) -> float:
            with shown:
                assert shown.wait_for(lambda: rig.frame() == expected, timeout=5)
            return time.perf_counter()

        rig.box.press("A", True)  # as gpiozero's thread would: it only queues the edge
        wait_for_frame(colour_screen("Seat 1", colours[0]).tobytes())
        let_go = time.perf_counter()
        rig.box.press("A", False)
        blanked = wait_for_frame(pass_screen("Seat 1", 0, 2, code_of(rig)).tobytes())
        # The LEDs follow the frame in the same render step: on a busy machine the
        # test may read them between the two.
        deadline = time.monotonic() + 2
        while rig.status_led() != pytest.approx(DARK) and time.monotonic() < deadline:
            time.sleep(0.005)
        assert rig.status_led() == pytest.approx(DARK)
        assert rig.oled.threads[-1] == "box-render"
        # A thread hand-over and one frame: well under a millisecond when idle. The
        # bound only catches a render thread that waits for something else first.
        assert blanked - let_go < 0.5
    finally:
        rig.close()


def _notify(condition: threading.Condition) -> None:
    with condition:
        condition.notify_all()
