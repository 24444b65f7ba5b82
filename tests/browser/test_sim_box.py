"""The simulated box in a browser: its OLED picture, its three buttons, its lights.

A person with only /sim open can open a Céna lobby from the buttons, be asked
before cancelling it, start the game once three phones joined, and see the stick
lights follow whose move it is. Every OLED check compares the picture the page
shows with the screen the box's own drawing code makes for that moment.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import engines
from device.box.menus import LANGUAGE_LABEL, SCORE_LABEL
from device.colour_round import MENU_LABEL as COLOURS_MENU_LABEL
from device.screens import lobby_screen, menu_screen
from hardware.config import HardwareConfig
from testkit.device_process import DeviceProcess, play_first_legal
from tests.browser.conftest import SCREEN, TIMEOUT_MS, Contexts, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

OLED_SCALE = 4  # /sim/oled.png is the 128x64 frame, 4x
STICKS = 5
# A finger keeps a button down longer than the debounce, and lifts it for longer
# between presses; faster edges are contact bounce to the box and are ignored.
TAP_MS = 120
GAP_MS = int(HardwareConfig.debounce * 1000) * 3
HOLD_MS = int(HardwareConfig.hold_time * 1000) + 250  # a long press


class SimBox:
    def __init__(self, page: Page, device: DeviceProcess) -> None:
        self.page = page
        self.device = device
        self.oled = page.get_by_test_id("oled")

    def frame(self) -> Image.Image:
        """What the OLED shows, as the box's 1-bit frame (lit = 255)."""
        response = self.page.request.get("/sim/oled.png")
        assert response.ok, response.status
        picture = Image.open(io.BytesIO(response.body())).convert("L")
        frame = picture.resize(
            (picture.width // OLED_SCALE, picture.height // OLED_SCALE), Image.Resampling.NEAREST
        )
        return frame.point(lambda v: 255 if v > 0 else 0).convert("1")

    def version(self) -> str:
        return str(self.oled.get_attribute("data-version"))

    def shows(self, expected: Image.Image) -> None:
        """Wait until the OLED picture is `expected`, checking after each box update."""
        want = expected.convert("L")
        for _ in range(20):  # a few box updates at most; each wait is bounded
            version = self.version()
            if ImageChops.difference(self.frame().convert("L"), want).getbbox() is None:
                return
            try:
                self.page.wait_for_function(
                    "v => document.querySelector('[data-testid=oled]').dataset.version !== v",
                    arg=version,
                    timeout=TIMEOUT_MS,
                )
            except PlaywrightTimeoutError:
                break
        raise AssertionError("the OLED does not show the expected screen")

    def press(self, name: str, *, hold_ms: int = TAP_MS) -> None:
        """Press and release a button with the mouse, as a person clicks or holds it."""
        self.page.wait_for_timeout(GAP_MS)  # the finger's time off the button
        button = self.page.get_by_test_id(f"sim-button-{name}")
        button.hover()
        self.page.mouse.down()
        expect(button).to_have_class(re.compile(r"\bdown\b"))
        self.page.wait_for_timeout(hold_ms)  # the press itself: how long is the point
        self.page.mouse.up()
        expect(button).not_to_have_class(re.compile(r"\bdown\b"))

    def sticks(self) -> list[bool]:
        lights = self.page.get_by_test_id("led-stick")
        return [lights.nth(i).get_attribute("data-on") == "true" for i in range(STICKS)]

    def expect_sticks(self, lit: set[int]) -> None:
        for i in range(STICKS):
            light = self.page.locator(f'[data-testid="led-stick"][data-index="{i}"]')
            expect(light).to_have_attribute("data-on", "true" if i in lit else "false")


def status(device: DeviceProcess) -> dict[str, Any]:
    result: dict[str, Any] = device.get("/api/status")
    return result


def test_the_simulated_box_opens_cancels_and_starts_a_game(
    device: DeviceProcess, contexts: Contexts
) -> None:
    page = contexts.page(SCREEN)
    page.goto("/sim")
    box = SimBox(page, device)

    # The OLED picture is there and live (the stream has stamped its version).
    expect(box.oled).to_be_visible()
    expect(box.oled).to_have_attribute("data-version", re.compile(r"^\d+$"))
    loaded = page.wait_for_function(
        "() => { const i = document.querySelector('[data-testid=oled]');"
        " return i.complete && i.naturalWidth; }"
    )
    assert loaded.json_value() == 128 * OLED_SCALE  # the picture loaded, at its 4x size
    idle = box.frame()
    box.expect_sticks(set())
    assert status(device)["phase"] == "idle"

    # A short press on A opens the game menu: the picture changes to it.
    version = box.version()
    box.press("A")
    expect(box.oled).not_to_have_attribute("data-version", version)
    # Every game, scoring one played with real pieces, secret colours, the language.
    titles = [engines.info(name)["title"] for name in engines.names()]
    titles.extend([SCORE_LABEL, COLOURS_MENU_LABEL, LANGUAGE_LABEL])
    assert box.frame() != idle
    box.shows(menu_screen("New game", titles, 0))

    # B moves through the items and wraps around; A chooses Céna, then 3 players.
    for step in range(1, len(titles) + 1):
        box.press("B")
        box.shows(menu_screen("New game", titles, step % len(titles)))
    assert titles[0] == "Céna"
    box.press("A")
    info = engines.info("cena")
    counts = range(info["min_players"], info["max_players"] + 1)
    box.shows(menu_screen("Céna", [f"{n} players" for n in counts], 0))
    box.press("A")
    expect(page.get_by_test_id("led-status")).to_have_attribute("data-rgb", "0.6,0.4,0")
    lobby = status(device)
    assert lobby["phase"] == "lobby" and lobby["game"] == "cena" and lobby["players"] == 3
    join_url = f"{device.url}/J/{lobby['room']}".upper()
    box.shows(lobby_screen(lobby, join_url))

    # A long press on B asks before cancelling; "No" is chosen first and keeps the lobby.
    box.press("B", hold_ms=HOLD_MS)
    box.shows(menu_screen("Cancel game?", ["No", "Yes"], 0))
    box.press("A")
    box.shows(lobby_screen(status(device), join_url))
    assert status(device)["phase"] == "lobby"

    # Three phones join through the API; A starts the game; every seat must choose.
    tokens = [
        device.post("/api/join", {"code": lobby["room"], "name": name})["token"]
        for name in ("Ana", "Bo", "Cy")
    ]
    box.press("A")
    expect(page.get_by_test_id("led-status")).to_have_attribute("data-rgb", "0,0.5,0")
    assert status(device)["phase"] == "playing"
    box.expect_sticks({0, 1, 2})

    # Each seat's light goes out once it has chosen its public cards.
    for seat in range(3):
        play_first_legal(device, tokens)  # the first seat still choosing
        box.expect_sticks(set(range(seat + 1, 3)) or set(device.get("/api/state")["to_act"]))
    # Then only the player to play is lit, and the light moves on with each card.
    for _ in range(3):
        to_act = device.get("/api/state")["to_act"]
        assert len(to_act) == 1
        box.expect_sticks(set(to_act))
        assert box.sticks().count(True) == 1
        play_first_legal(device, tokens)
    save_screenshot(page, "web-sim.png")
