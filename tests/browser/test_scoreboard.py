"""A score sheet on the box, the phones and the TV at once: a phone names a seat and
enters a Céna deal, and at once the simulated box's OLED (/sim) shows the new totals
(the very frame the box's drawing code makes for them), its stick LEDs the next host,
and the TV page (/table) the sheet at ten-foot size."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from device import games
from device.screens.scoreboard import standings_screen
from testkit.device_process import DeviceProcess
from tests.browser.conftest import Contexts, save_screenshot
from tests.browser.test_sim_box import SimBox

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

PHONE: ViewportSize = {"width": 390, "height": 844}
TV: ViewportSize = {"width": 1920, "height": 1080}
SIM: ViewportSize = {"width": 1280, "height": 720}


def phone_post(page: Page, path: str, body: Any) -> Any:
    """A POST as the sheet page makes it (same origin, JSON)."""
    answer = page.evaluate(
        """async ([path, body]) => {
            const headers = {"Content-Type": "application/json"};
            const r = await fetch(path, {method: "POST", headers, body: JSON.stringify(body)});
            return {status: r.status, body: await r.json()};
        }""",
        [path, body],
    )
    assert answer["status"] == 200, answer
    return answer["body"]


def expected_oled(device: DeviceProcess) -> Any:
    """The standings page the box draws for the sheet as it is now (the table's
    language: English here)."""
    state = device.get("/api/companion/cena")
    scoring = games.registered()["cena"].scoring
    assert scoring is not None
    return standings_screen("Céna", scoring.board(state), state["names"], None)


def test_a_phones_entry_redraws_the_oled_the_leds_and_the_tv(
    device: DeviceProcess, contexts: Contexts
) -> None:
    phone = contexts.page(PHONE)
    phone.goto("/companion/cena")
    expect(phone.get_by_test_id("sheet-setup")).to_be_visible()
    phone_post(phone, "/api/companion/cena/setup", {"players": 4, "names": ["", "", "", ""]})
    phone.reload()
    sim = contexts.page(SIM)
    sim.goto("/sim")
    box = SimBox(sim, device)
    box.shows(expected_oled(device))
    box.expect_sticks({0})  # seat 1 hosts deal 1
    tv = contexts.page(TV)
    tv.goto("/table")
    expect(tv.get_by_test_id("scoreboard")).to_be_visible()
    expect(tv.get_by_test_id("scoreboard-stage")).to_have_text("Deal 1/3")

    # The phone names seat 1 with the sheet page's own form ...
    rename = phone.get_by_test_id("sheet-rename")
    expect(rename).to_have_attribute("open", "")
    phone.get_by_test_id("rename-name").fill("Ann")
    phone.get_by_test_id("rename-save").click()
    expect(tv.get_by_test_id("scoreboard-seat").first).to_contain_text("Ann")
    box.shows(expected_oled(device))

    # ... and enters deal 1: the OLED, the LEDs and the TV follow at once.
    objective = device.get("/api/companion/cena")["objectives"][0]
    alliances = [
        {"count": 12, "penalty_count": 1},
        {"count": 9, "penalty_count": 0},
        {"count": 11, "penalty_count": 2},
        {"count": 8, "penalty_count": 1},
    ]
    phone_post(
        phone,
        "/api/companion/cena/deal",
        {"deal": 1, "objective": objective, "alliances": alliances},
    )
    box.shows(expected_oled(device))
    box.expect_sticks({1})  # seat 2 hosts deal 2
    totals = tv.get_by_test_id("scoreboard-total")
    expect(totals).to_have_text(["0", "11", "0", "-11"])
    expect(tv.get_by_test_id("scoreboard-stage")).to_have_text("Deal 2/3")
    save_screenshot(tv, "tv-scoreboard.png")
    tv.screenshot(path="/tmp/tv-scoreboard.png")
    small = contexts.page(SIM)
    small.goto("/table")
    expect(small.get_by_test_id("scoreboard")).to_be_visible()
    small.screenshot(path="/tmp/tv-scoreboard-720.png")
