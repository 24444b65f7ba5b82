"""Debian's Chromium as the browser tests, the phone bench and the page renders drive it
(Playwright), with one set of flags: headless, no sandbox (CI runs as root), and none of
the background traffic (updates, sync, QUIC) that would add noise to a measured page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch(playwright: Playwright, **options: Any) -> Browser:
    """Debian's Chromium with the shared flags; `options` go to Playwright's launch."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True, **options
    )
