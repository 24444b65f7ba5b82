"""A hand busy with a move takes no tap (js/moves.js).

From the tap that sends a move until the box answers, the hand is marked busy
(aria-busy) and keeps showing the move as made. A tap on another piece meanwhile, as
an impatient finger does, changes nothing and sends nothing; once the box answers,
the move is drawn and the hand takes taps again. The box's answer is held back here
(Playwright's routing) so that the moment lasts as long as the test needs.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Route, expect

from testkit.device_process import DeviceProcess, seat_players
from tests.browser.conftest import PHONE, Contexts

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]


def test_a_hand_takes_no_tap_while_its_move_is_on_its_way(
    device: DeviceProcess, contexts: Contexts
) -> None:
    tokens = seat_players(device, "lauzait", 2)
    seat = device.get("/api/state")["to_act"][0]
    version = device.get("/api/state")["table"]["version"]
    page = contexts.page(
        PHONE, init_script=f"localStorage.setItem('tablemate.token', {json.dumps(tokens[seat])})"
    )
    held: list[Route] = []
    page.route("**/api/action?*", lambda route: held.append(route))
    page.goto("/seat")
    hand = page.locator("#hand")
    summary = page.get_by_test_id("lz-hire-summary")

    # A hire up to its confirmation, then Hire: the move is on its way, held.
    page.locator('#hand button.lz-piece[data-legal="true"]').first.click()
    page.locator('#hand [data-mark="mover"]').first.click()
    page.locator('#hand [data-mark="target"]').first.click()
    with page.expect_request("**/api/action?*"):
        page.get_by_test_id("lz-hire-confirm").click()
    expect(hand).to_have_attribute("aria-busy", "true")
    for _ in range(50):  # the route's handler runs as Playwright takes its events
        if held:
            break
        page.wait_for_timeout(20)
    assert len(held) == 1

    # A real tap (hit-tested, as a finger's) on another piece that may be discarded.
    pieces = page.locator('#hand button.lz-piece[data-legal="true"]')
    unpicked = [
        i for i in range(pieces.count()) if pieces.nth(i).get_attribute("aria-pressed") == "false"
    ]
    other = pieces.nth(unpicked[0])
    box = other.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(300)
    expect(other).to_have_attribute("aria-pressed", "false")
    expect(summary).to_be_visible()  # still the hire as made
    assert len(held) == 1  # and nothing more was sent

    # The box answers: the move is drawn, and the hand is free again.
    held[0].continue_()
    expect(hand).not_to_have_attribute("aria-busy", "true")
    expect(summary).to_have_count(0)
    assert device.get("/api/state")["table"]["version"] > version
