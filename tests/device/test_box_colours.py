"""Secret colours on the box, without phones: pass it round, hold A to look, B to pass on.

Every press goes through the real (mock) button pins, so the edges come from the
real debouncer. The OLED frames and the RGB status LED are read back from the
hardware: while A is up they never show a colour; while it is held they show the
holder's colour and nobody else's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PIL import Image

import engines
import hardware
from device.box import Box
from device.colour_round import DARK, LED_COLOURS
from device.companion.colours import ColourRounds
from device.journal import Journal
from device.screens import screen_for
from device.screens.colours import colour_screen, pass_screen, reveal_screen
from device.screens.menu import menu_screen
from device.table import Table
from engines.sarena.chips import COLOURS
from hardware.config import HardwareConfig

HOLD = 0.15


@dataclass
class Shown:
    """Every frame the box sent to the OLED, with a mark where A was let go."""

    frames: list[bytes] = field(default_factory=list)


@pytest.fixture
def shown() -> Shown:
    return Shown()


@pytest.fixture
def box(tmp_path: Path, shown: Shown) -> Iterator[Box]:
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table(journal)
    rounds = ColourRounds(journal, table.touch, rng=random.Random(11))
    parts = hardware.build(HardwareConfig(hold_time=HOLD, debounce=0.0), simulate=True)
    real_show = parts.display.show

    def recording_show(image: Image.Image) -> None:
        shown.frames.append(image.tobytes())
        real_show(image)

    parts.display.show = recording_show  # type: ignore[method-assign]
    made = Box(
        table,
        parts,
        base_url="http://10.0.0.2:8000",
        simulated=True,
        notice_seconds=60,
        colours=rounds,
    )
    made.start()
    yield made
    made.close()
    parts.close()
    journal.close()


def rounds_of(box: Box) -> ColourRounds:
    assert box.colours is not None
    return box.colours


def click(box: Box, name: str, long: bool = False) -> None:
    box.press(name, True)
    if long:
        time.sleep(HOLD + 0.05)
    box.press(name, False)
    box.refresh_now()


def frame(box: Box) -> bytes:
    return box.frame().tobytes()


def status_led(box: Box) -> tuple[float, ...]:
    return tuple(box.leds()["status"])


def every_colour_frame(names: list[str]) -> set[bytes]:
    """Every picture of a colour the box could draw for these players."""
    return {colour_screen(name, colour).tobytes() for name in names for colour in COLOURS}


def choose_from_game_menu(box: Box, label: str) -> None:
    click(box, "A")  # idle: open the game menu
    for _ in range(10):
        if box._menu is not None and box._menu.labels[box._menu.selected] == label:
            click(box, "A")
            return
        click(box, "B")
    raise AssertionError(f"{label!r} is not in the menu")


def start_round(box: Box, players: int) -> list[str]:
    """Secret colours -> New: n players. Returns the colours drawn."""
    choose_from_game_menu(box, "Secret colours")
    choose_from_game_menu_item(box, f"New: {players} players")
    drawn = rounds_of(box).current()
    assert drawn is not None and drawn.players == players
    return drawn.colours


def choose_from_game_menu_item(box: Box, label: str) -> None:
    menu = box._menu
    assert menu is not None, "no menu open"
    while menu.labels[menu.selected] != label:
        click(box, "B")
    click(box, "A")


# --- the menu ----------------------------------------------------------------------------


def test_secret_colours_is_the_last_item_of_the_game_menu(box: Box) -> None:
    click(box, "A")
    menu = box._menu
    assert menu is not None
    assert menu.labels[-1] == "Secret colours"
    assert menu.labels[:-1] == [engines.info(name)["title"] for name in engines.names()]


def test_without_a_colour_keeper_the_menu_has_no_secret_colours(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    parts = hardware.build(HardwareConfig(hold_time=HOLD, debounce=0.0), simulate=True)
    plain = Box(Table(journal), parts, base_url="http://x", simulated=True)
    plain.start()
    try:
        click(plain, "A")
        assert plain._menu is not None and "Secret colours" not in plain._menu.labels
    finally:
        plain.close()
        parts.close()
        journal.close()


def test_the_colours_menu_offers_a_player_count_and_draws_a_round(box: Box) -> None:
    choose_from_game_menu(box, "Secret colours")
    labels = ["New: 2 players", "New: 3 players", "New: 4 players"]
    assert frame(box) == menu_screen("Secret colours", labels, 0).tobytes()
    click(box, "B", long=True)  # back to the game menu
    assert box._menu is not None and box._menu.title == "New game"
    click(box, "A")  # the game menu remembers nothing: Céna is selected
    assert rounds_of(box).current() is None, "looking at menus draws nothing"


# --- passing the box -----------------------------------------------------------------------


def test_hold_a_shows_your_colour_on_the_oled_and_the_led_and_release_blanks_both(
    box: Box,
) -> None:
    colours = start_round(box, 3)
    names = ["Player 1", "Player 2", "Player 3"]
    waiting = pass_screen(names[0], 0, 3).tobytes()
    assert frame(box) == waiting
    assert status_led(box) == pytest.approx(DARK)
    assert box.leds()["sticks"] == [True, False, False, False, False]  # seat 1 holds the box

    box.press("A", True)  # no refresh_now here: the edge itself redraws
    assert frame(box) == colour_screen(names[0], colours[0]).tobytes()
    assert status_led(box) == pytest.approx(LED_COLOURS[colours[0]])
    box.press("A", False)
    assert frame(box) == waiting
    assert status_led(box) == pytest.approx(DARK)


def test_b_passes_the_box_and_each_seat_sees_only_its_own_colour(box: Box) -> None:
    colours = start_round(box, 4)
    names = [f"Player {n}" for n in range(1, 5)]
    for seat in range(4):
        assert frame(box) == pass_screen(names[seat], seat, 4).tobytes()
        assert box.leds()["sticks"][seat] is True
        box.press("A", True)
        assert frame(box) == colour_screen(names[seat], colours[seat]).tobytes()
        assert status_led(box) == pytest.approx(LED_COLOURS[colours[seat]])
        box.press("A", False)
        click(box, "B")
    assert frame(box) == pass_screen(names[0], 0, 4).tobytes(), "after the last seat, the first"


def test_the_oled_never_shows_a_colour_while_a_is_released(box: Box, shown: Shown) -> None:
    start_round(box, 4)
    colour_frames = every_colour_frame([f"Player {n}" for n in range(1, 5)])
    released_from = len(shown.frames)
    for step in range(12):
        # Frames sent while A was up (from this thread or the render thread): no colour.
        assert not colour_frames & set(shown.frames[released_from:])
        assert status_led(box) == pytest.approx(DARK)
        box.press("A", True)
        assert frame(box) in colour_frames
        if step % 3 == 1:
            click(box, "C")  # other buttons while A is held show nothing new
        box.press("A", False)
        released_from = len(shown.frames) - 1  # the frame that blanked it, and all after
        assert shown.frames[released_from] not in colour_frames
        if step % 2:
            click(box, "B")
        time.sleep(0.01)  # let the render thread draw too
    assert not colour_frames & set(shown.frames[released_from:])


def test_b_while_a_is_held_passes_the_box_hidden(box: Box) -> None:
    start_round(box, 2)
    box.press("A", True)
    click(box, "B")  # seat 2 must not see seat 1's colour, nor its own without pressing
    assert frame(box) == pass_screen("Player 2", 1, 2).tobytes()
    assert status_led(box) == pytest.approx(DARK)
    box.press("A", False)


def test_long_b_leaves_and_the_round_can_be_passed_again(box: Box) -> None:
    colours = start_round(box, 2)
    click(box, "B", long=True)
    assert frame(box) == screen_for(None, box.table.status(), box.base_url).tobytes()
    choose_from_game_menu(box, "Secret colours")
    menu = box._menu
    assert menu is not None and menu.labels[:2] == ["Pass the box", "Reveal all"]
    click(box, "A")  # pass the box: the same round, from seat 1
    box.press("A", True)
    assert frame(box) == colour_screen("Player 1", colours[0]).tobytes()
    box.press("A", False)


def test_reveal_all_asks_first_then_shows_everyone_and_ends_the_round(box: Box) -> None:
    colours = start_round(box, 3)
    click(box, "B", long=True)
    choose_from_game_menu(box, "Secret colours")
    choose_from_game_menu_item(box, "Reveal all")
    assert box._menu is not None and box._menu.title == "Reveal all colours?"
    click(box, "A")  # "No" first
    assert not rounds_of(box).rounds()[max(rounds_of(box).rounds())].revealed
    choose_from_game_menu(box, "Secret colours")
    choose_from_game_menu_item(box, "Reveal all")
    click(box, "B")
    click(box, "A")  # "Yes"
    names = ["Player 1", "Player 2", "Player 3"]
    assert frame(box) == reveal_screen(names, colours).tobytes()
    current = rounds_of(box).current()
    assert current is not None and current.revealed
    click(box, "A")  # put it away
    assert frame(box) == screen_for(None, box.table.status(), box.base_url).tobytes()
    choose_from_game_menu(box, "Secret colours")
    assert box._menu is not None and box._menu.labels[0] == "Show the reveal"


def test_a_reveal_from_a_phone_ends_the_pass_around(box: Box) -> None:
    start_round(box, 2)
    current = rounds_of(box).current()
    assert current is not None
    rounds_of(box).reveal(current.id)  # the score sheet's result, from a phone
    box.refresh_now()
    assert frame(box) == screen_for(None, box.table.status(), box.base_url).tobytes()


# --- in a Sàrénà game ------------------------------------------------------------------------


def start_game(box: Box, game: str, players: int) -> None:
    box.table.open_lobby(game, players, {})
    room = box.table.status()["room"]
    for name in ("Ann", "Bob", "Cat", "Dan")[:players]:
        box.table.join(room, name)
    box.table.start()
    box.refresh_now()


def test_a_sarena_game_passes_the_box_for_the_games_own_colours(box: Box) -> None:
    start_game(box, "sarena", 3)
    game_screen = frame(box)
    click(box, "A")
    assert frame(box) == pass_screen("Ann", 0, 3).tobytes()
    for seat, name in enumerate(["Ann", "Bob", "Cat"]):
        colour = box.table.view(seat)["colour"]
        box.press("A", True)
        assert frame(box) == colour_screen(name, colour).tobytes()
        assert status_led(box) == pytest.approx(LED_COLOURS[colour])
        box.press("A", False)
        assert status_led(box) == pytest.approx(DARK)
        click(box, "B")
    click(box, "B", long=True)  # back to the game, still on
    assert box.table.phase == "playing"
    assert frame(box) == game_screen


def test_the_pass_around_ends_with_the_game(box: Box) -> None:
    start_game(box, "sarena", 2)
    click(box, "A")
    while box.table.phase == "playing":
        seat = box.table.to_act()[0]
        box.table.act(seat, box.table.legal_actions(seat)[0])
    box.refresh_now()
    view, status = box.table.view(None), box.table.status()
    assert frame(box) == screen_for(view, status, box.join_url).tobytes()  # the result
    assert view["colours"] is not None


def test_a_game_without_colours_ignores_a(box: Box) -> None:
    start_game(box, "cena", 3)
    before = frame(box)
    click(box, "A")
    assert frame(box) == before
    assert box._colour_mode is None
