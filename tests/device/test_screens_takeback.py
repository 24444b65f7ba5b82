"""The box while a take-back waits: its OLED page (rendered on luma's dummy device and
checked by its pixels) and the stick LEDs lighting the seats whose answer is awaited."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from device.box import Box
from device.screens.render import HEIGHT, WIDTH
from device.screens.takeback import AGREED_BOX, ASKER_BOX, WAITING_BOX, take_back_screen
from tests.device.box_rig import Rig

SEATS = [{"seat": s, "name": n, "taken": True} for s, n in enumerate(["Ann", "Bo", "Cy", "Di"])]
STATUS: dict[str, Any] = {"phase": "playing", "seats": SEATS}


def request(**changes: Any) -> dict[str, Any]:
    made = {"seat": 1, "name": "Bo", "steps": 1, "agreed": [], "waiting": [0, 2, 3]}
    return {**made, **changes}


def lit(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    left, top, right, bottom = box
    return image.crop((left, top, right + 1, bottom + 1)).histogram()[255]


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def test_the_page_says_who_asks_who_agreed_and_who_is_awaited(tmp_path: Path) -> None:
    image = take_back_screen(request(), STATUS)
    assert image.size == (WIDTH, HEIGHT) and image.mode == "1"
    for box in (ASKER_BOX, AGREED_BOX, WAITING_BOX):
        assert lit(image, box) > 0, box
    title = image.crop((0, 0, WIDTH, 12))
    assert title.histogram()[255] > WIDTH * 12 // 2  # the inverted title bar
    agreed = take_back_screen(request(agreed=[0], waiting=[2, 3]), STATUS)
    assert not same(image, agreed)
    assert lit(agreed, WAITING_BOX) < lit(image, WAITING_BOX)  # fewer names awaited
    assert not same(image, take_back_screen(request(steps=2), STATUS))
    assert not same(image, take_back_screen(request(seat=2), STATUS))
    image.resize((WIDTH * 4, HEIGHT * 4)).save(tmp_path / "take-back.png")


def test_long_names_stay_inside_the_screen() -> None:
    seats = [{"seat": s, "name": "Bartholomew" + str(s), "taken": True} for s in range(5)]
    image = take_back_screen(request(waiting=[0, 2, 3, 4]), {"phase": "playing", "seats": seats})
    assert image.getbbox() is not None
    assert lit(image, (0, 13, 1, HEIGHT - 1)) == 0  # the left margin stays dark


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path, notice_seconds=60)
    yield made
    made.close()


def test_the_box_shows_the_request_and_lights_the_seats_to_answer(rig: Rig) -> None:
    box: Box = rig.box
    rig.start_game("sarena", 2, ("Ann", "Bo"))
    seat = rig.table.to_act()[0]
    playing = rig.frame()
    rig.table.act(seat, rig.table.legal_actions(seat)[0])
    rig.flush()
    rig.table.request_take_back(seat)
    rig.flush()
    pending = rig.table.status()["take_back"]["request"]
    assert box.frame().tobytes() == take_back_screen(pending, rig.table.status()).tobytes()
    lights = [False] * 5
    lights[1 - seat] = True  # the other player's answer is awaited, not a move
    assert box.leds()["sticks"] == lights
    rig.table.answer_take_back(1 - seat, True)
    rig.flush()
    assert rig.frame() == playing  # the same position as before the move
    assert box.frame().tobytes() != take_back_screen(pending, rig.table.status()).tobytes()
    assert box.leds()["sticks"][seat] is True  # back to the move taken back
