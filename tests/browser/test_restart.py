"""A page kept open while the box restarts (a power cut, an update) follows the new run
at once: the box's change count starts again from 0, and the status's "boot" tells the
page so (js/versions.js), instead of it waiting for the count to pass the old one."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testkit.device_process import DeviceProcess, play_first_legal, seat_players
from tests.browser.conftest import Contexts

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def test_an_open_tv_follows_the_game_after_the_box_restarts(
    device: DeviceProcess, contexts: Contexts
) -> None:
    tokens = seat_players(device, "sarena", 2)
    tv = contexts.page({"width": 1280, "height": 720})
    tv.goto("/table")
    moves_left = tv.get_by_test_id("moves-left")
    for _ in range(8):  # the box's count well past where a new run starts
        play_first_legal(device, tokens)
    before = device.get("/api/status")["version"]
    expect(moves_left).to_have_attribute("data-moves", str(device.get("/api/state")["legal_moves"]))
    port = int(device.url.rsplit(":", 1)[1].strip("/"))
    device.kill()  # a power cut
    device.start(port=port)
    play_first_legal(device, tokens)
    assert device.get("/api/status")["version"] < before  # the new run counts from 0
    expect(moves_left).to_have_attribute("data-moves", str(device.get("/api/state")["legal_moves"]))
