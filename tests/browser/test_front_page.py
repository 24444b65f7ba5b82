"""The front page of an idle table (issue 28, point 12): it was ~3,000 px tall, the
new-game form (every option of the game) before the tools. Joining comes first; the
form is one tap away. At 360x640, 390x844 and 844x390."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import ViewportSize, expect

from testkit.device_process import DeviceProcess
from tests.browser.conftest import Contexts

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

SIZES: list[ViewportSize] = [
    {"width": 360, "height": 640},
    {"width": 390, "height": 844},
    {"width": 844, "height": 390},
]


@pytest.mark.parametrize("viewport", SIZES, ids=lambda v: f"{v['width']}x{v['height']}")
def test_join_first_and_the_new_game_form_one_tap_away(
    device: DeviceProcess, contexts: Contexts, viewport: ViewportSize
) -> None:
    page = contexts.page(viewport)
    page.goto("/")
    by = page.get_by_test_id
    expect(by("new-game-toggle")).to_be_visible()
    expect(by("new-game-form")).to_be_hidden()
    join = by("join-code").bounding_box()
    toggle = by("new-game-toggle").bounding_box()
    assert join is not None and toggle is not None and join["y"] < toggle["y"]  # join first
    assert toggle["height"] >= 44
    height = page.evaluate("document.scrollingElement.scrollHeight")
    assert height <= 1700, height  # was ~3,000 px (the tools list is most of it now)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    shots = os.environ.get("TABLEMATE_REVIEW_SHOTS")
    size = f"{viewport['width']}x{viewport['height']}"
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/front-{size}.png", full_page=True)

    by("new-game-toggle").click()  # one tap
    expect(by("new-game-form")).to_be_visible()
    expect(by("new-game-toggle")).to_have_count(0)
    expect(by("setup-game")).to_be_focused()
    by("setup-game").select_option("sarena")
    by("new-name").fill("Ana")
    if shots:
        page.screenshot(path=f"{shots}/front-open-{size}.png", full_page=True)
    by("new-open").click()
    expect(page).to_have_url(f"{device.url}/host")
