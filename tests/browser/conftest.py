"""Browser tests: the real device as a subprocess, driven through Debian's Chromium.

Playwright never downloads a browser here: it launches /usr/bin/chromium (Debian's
`chromium` package, which scripts/setup installs), headless and with every
background connection switched off, because the machine only has loopback.
Each phone is its own browser context, so each keeps its own seat token in
localStorage, as separate phones would.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)

from testkit.chromium import CHROMIUM, launch
from testkit.device_process import DeviceProcess

TIMEOUT_MS = 10_000  # any one expectation; a whole test is bounded by pytest-timeout
SCREENS_DIR = Path(__file__).resolve().parents[2] / "docs" / "screens"

PHONE: ViewportSize = {"width": 390, "height": 844}
SCREEN: ViewportSize = {"width": 1280, "height": 800}

expect.set_options(timeout=TIMEOUT_MS)


@contextmanager
def drawer_opened(page: Page) -> Iterator[Locator]:
    """A phone's Scores drawer, opened as its player taps Scores and closed after: a
    closed drawer is not drawn (js/pages/seat.js), so scores and history are read in it."""
    toggle = page.get_by_test_id("drawer-toggle")
    toggle.click()
    drawer = page.get_by_test_id("drawer")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(drawer).to_be_visible()
    yield drawer
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")


def continue_summary_on_phones(device: DeviceProcess, phones: dict[int, Page]) -> None:
    """Each phone the table waits for (by seat) taps Continue on the summary, as its
    player would; then no phone shows the summary."""
    pause = device.get("/api/status")["interlude"]
    for seat in pause["waiting"] if pause else []:
        phones[seat].get_by_test_id("summary-continue").click()
    for page in phones.values():
        expect(page.get_by_test_id("summary")).to_have_count(0)


# What a seat taps first to choose a move: a card, or a Lauzait Cep piece to discard.
PICK = "#hand button.card:not([disabled]), #hand button.lz-piece:not([disabled])"


# Céna: a card tapped (or chosen with Enter) either goes at once (the hand is marked
# busy while the move is sent, then the card is gone) or asks where it goes (the seats'
# trick slots offer the places); the page draws that question in the task after the
# tap's (js/moves.js redraw).
ASKED_OR_SENT = """(card) => document.querySelector('[data-testid=place]')
  || document.querySelector('#hand[aria-busy=true]')
  || !document.querySelector(`#hand [data-card="${card}"]`)"""


def asks_where(page: Page, card: str) -> bool:
    """After a Céna card was tapped: whether the page asks where it goes (else it went)."""
    page.wait_for_function(ASKED_OR_SENT, arg=card, timeout=TIMEOUT_MS)
    return page.get_by_test_id("place").count() > 0


def screenshots_wanted() -> bool:
    """Screenshots for docs/screens only on request, so CI never rewrites the docs."""
    return os.environ.get("TABLEMATE_SCREENSHOTS") == "1"


def save_screenshot(page: Page, name: str, *, full_page: bool = False) -> None:
    if screenshots_wanted():
        SCREENS_DIR.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS_DIR / name), full_page=full_page)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip(
            f"needs Chromium at {CHROMIUM}: install Debian's `chromium` package "
            "(scripts/setup dev does)"
        )
    with sync_playwright() as playwright:
        launched = launch(playwright, timeout=30_000)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def device(browser: Browser, tmp_path: Path) -> Iterator[DeviceProcess]:
    """A fresh simulated box on loopback, always stopped afterwards.

    It asks for the browser first, so without Chromium the test skips before the
    box starts."""
    process = DeviceProcess(tmp_path / "data")
    try:
        yield process.start()
    finally:
        process.stop()


class Contexts:
    """Browser contexts (one per phone or screen), all closed at the end of the test."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.opened: list[BrowserContext] = []

    def page(self, viewport: ViewportSize, *, init_script: str | None = None) -> Page:
        context = self.browser.new_context(
            base_url=self.base_url, viewport=viewport, service_workers="block"
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        if init_script:
            context.add_init_script(init_script)
        self.opened.append(context)
        return context.new_page()

    def close(self) -> None:
        # Pages first, without their unload handlers, then their contexts: a context
        # closed with a page still holding a live stream once hung past the timeout.
        for context in reversed(self.opened):
            for page in context.pages:
                page.close(run_before_unload=False)
            context.close()


@pytest.fixture
def contexts(browser: Browser, device: DeviceProcess) -> Iterator[Contexts]:
    opened = Contexts(browser, device.url)
    try:
        yield opened
    finally:
        opened.close()
