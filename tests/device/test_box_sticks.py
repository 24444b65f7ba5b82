"""Button C and the dice-sticks on the box: a short press throws anywhere outside a
menu, a long one shows the join QR in a game; every throw (the box's, a phone's, a
game's water throw) tumbles on the OLED, drawn at no more than 15 frames a second
and for under a second, and the stick LEDs show the dark sticks.

Frames are recorded as luma's dummy display receives them, stamped with the fake
clock; the box is woken as its render thread would be (`Rig.run_for`). The LEDs are
read back from gpiozero's mock pins.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from device.screens import screen_for
from device.screens.sticks import sticks_screen
from device.sticks import StickRoller
from device.throw_show import (
    ANIMATION_SECONDS,
    CLOCK_SLACK,
    FRAMES,
    LED_SECONDS,
    MIN_FRAME_SECONDS,
    RESULT_SECONDS,
)
from tests.device.box_rig import Rig


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path, sticks=True)
    yield made
    made.close()


def roller(rig: Rig) -> StickRoller:
    assert rig.roller is not None
    return rig.roller


def result_frame(thrown: dict[str, Any], label: str) -> bytes:
    return sticks_screen(thrown, label).tobytes()


def animation(thrown: dict[str, Any], label: str) -> dict[bytes, int]:
    """Each frame of a throw's animation, to its number (FRAMES: the result)."""
    return {sticks_screen(thrown, label, f).tobytes(): f for f in range(FRAMES + 1)}


def throw_on_screen(rig: Rig) -> dict[str, Any]:
    """Press C: the throw is on the OLED."""
    rig.click("C")
    assert roller(rig).history()["total"] == 1
    thrown = roller(rig).latest()
    assert thrown is not None
    assert rig.frame() in animation(thrown, "Box")
    return thrown


def test_short_c_throws_in_idle_lobby_and_game_but_not_in_a_menu(rig: Rig) -> None:
    rig.click("C")
    assert roller(rig).history()["total"] == 1
    rig.table.open_lobby("cena", 3, {})
    rig.click("C")
    assert roller(rig).history()["total"] == 2
    rig.table.end_game()
    rig.start_game("cena")
    rig.click("C")
    assert roller(rig).history()["total"] == 3
    assert [t["by"] for t in roller(rig).history()["recent"]] == ["Box"] * 3
    rig.table.end_game()
    rig.click("A")  # idle: the game menu opens
    rig.click("C")
    assert roller(rig).history()["total"] == 3


def test_a_throw_tumbles_at_most_15_fps_for_under_a_second_then_stays(rig: Rig) -> None:
    before = len(rig.oled.frames)
    rig.click("C")
    thrown = roller(rig).latest()
    assert thrown is not None
    result = result_frame(thrown, "Box")
    rig.run_for(ANIMATION_SECONDS + 0.1)
    assert rig.oled.frames[-1][1] == result
    sent = rig.oled.frames[before:]
    rig.run_for(0.3)  # the result stays: nothing more is sent
    assert len(rig.oled.frames) == before + len(sent)

    frames = animation(thrown, "Box")
    assert all(frame in frames for _, frame in sent), "only the throw was drawn"
    numbers = [frames[frame] for _, frame in sent]
    assert numbers == sorted(numbers) and numbers[-1] == FRAMES
    assert len(numbers) >= FRAMES // 2  # an animation, not a jump to the result
    times = [at for at, _ in sent]
    assert times[-1] - times[0] < 1.0
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert min(gaps) >= MIN_FRAME_SECONDS - CLOCK_SLACK  # never faster than 15 a second
    assert (len(times) - 1) / (times[-1] - times[0]) <= 15
    assert rig.frame() == result

    rig.run_for(RESULT_SECONDS)  # then the screen it covered comes back
    assert rig.frame() == screen_for(None, rig.table.status(), rig.box.base_url).tobytes()


def test_a_render_thread_woken_at_odd_moments_still_stays_under_15_fps(rig: Rig) -> None:
    """Table changes wake the render thread between the throw's own frames."""
    before = len(rig.oled.frames)
    rig.click("C")
    for step in range(40):
        rig.clock.advance(0.013 if step % 3 else 0.047)
        rig.table.touch()  # a phone's change: the box wakes and draws
        rig.flush()
    times = [at for at, _ in rig.oled.frames[before:]]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert min(gaps) >= MIN_FRAME_SECONDS - CLOCK_SLACK
    thrown = roller(rig).latest()
    assert thrown is not None
    assert rig.oled.frames[-1][1] == result_frame(thrown, "Box")


def test_the_stick_leds_show_the_dark_sticks_on_their_pins(rig: Rig) -> None:
    rig.click("C")
    thrown = roller(rig).latest()
    assert thrown is not None
    faces = [bool(face) for face in thrown["sticks"]]
    rig.run_for(ANIMATION_SECONDS + 0.1)
    assert rig.oled.frames[-1][1] == result_frame(thrown, "Box")
    assert rig.pins() == faces
    assert rig.box.leds()["sticks"] == faces
    # Idle, the turn lights are all dark: after a few seconds the LEDs go back to them.
    rig.run_for(LED_SECONDS - ANIMATION_SECONDS - 0.2)
    assert rig.pins() == faces
    rig.run_for(0.1)
    assert rig.pins() == [False] * 5
    assert rig.box.next_wake() is None  # the throw is over: nothing left to time


def test_the_throw_gives_way_to_the_turn_lights_when_the_turn_moves(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engines, "new_seed", lambda: 99)
    rig.start_game("lauzait")
    seat = rig.table.to_act()[0]
    assert rig.pins() == [s == seat for s in range(5)]
    roller(rig).throw("Ann")  # a phone throws
    thrown = roller(rig).latest()
    assert thrown is not None
    rig.run_for(ANIMATION_SECONDS + 0.1)
    assert rig.oled.frames[-1][1] == result_frame(thrown, "Ann")
    assert rig.pins() == [bool(face) for face in thrown["sticks"]]
    hire = next(a for a in rig.table.legal_actions(seat) if a["type"] == "hire" and not water(a))
    rig.table.act(seat, hire)
    rig.flush()
    after = rig.table.to_act()[0]
    assert rig.pins() == [s == after for s in range(5)]


def water(action: dict[str, Any]) -> bool:
    return action["to"] in ([0, 2], [1, 2], [3, 2], [4, 2], [2, 0], [2, 1], [2, 3], [2, 4])


def test_a_water_throw_of_the_game_is_shown_like_a_box_throw(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engines, "new_seed", lambda: 99)
    rig.start_game("lauzait")
    rig.run_for(0.2)  # the start of the game shows no throw
    assert (
        rig.frame()
        == screen_for(rig.table.view(None), rig.table.status(), rig.box.join_url).tobytes()
    )
    seat = rig.table.to_act()[0]
    hire = next(a for a in rig.table.legal_actions(seat) if a["type"] == "hire" and water(a))
    events = rig.table.act(seat, hire)
    thrown = next(event for event in events if event["type"] == "sticks")
    label = f"Water: P{seat + 1}"
    rig.flush()
    assert rig.frame() in animation(thrown, label)
    rig.run_for(ANIMATION_SECONDS + 0.1)
    assert rig.oled.frames[-1][1] == result_frame(thrown, label)
    assert rig.pins() == [bool(face) for face in thrown["sticks"]]
    assert roller(rig).history()["total"] == 0  # the game's throws are its own


def test_long_c_shows_the_join_qr_in_a_game_and_throws_nothing(rig: Rig) -> None:
    rig.start_game("cena")
    throw_on_screen(rig)  # a throw first: long C takes it off the screen
    rig.click("C", long=True)
    lobby_like = screen_for(None, {**rig.table.status(), "phase": "lobby"}, rig.box.join_url)
    assert rig.frame() == lobby_like.tobytes()
    assert roller(rig).history()["total"] == 1
    rig.click("C", long=True)  # and again: back to the game
    game = screen_for(rig.table.view(None), rig.table.status(), rig.box.join_url)
    assert rig.frame() == game.tobytes()


def test_another_button_takes_the_throw_off_the_screen(rig: Rig) -> None:
    rig.start_game("cena")
    throw_on_screen(rig)
    rig.click("B")  # next page: shown at once, not after the throw
    page = screen_for(rig.table.view(None), rig.table.status(), rig.box.join_url, page=1)
    assert rig.frame() == page.tobytes()
