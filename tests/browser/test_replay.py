"""The replay page (/history/<id>/replay) in Chromium: a game's fingerprint on the
seat and table pages at its start, then, once it is over, its replay stepped
through as the table, as a seat and with every hand open, and its deal verified.
Screenshots at 390x844 and 1280x720 with TABLEMATE_SHOTS=DIR (the README's are
tests/browser/test_history.py's)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from testkit.device_process import DeviceProcess, seat_players
from tests.browser.conftest import PHONE, Contexts

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDE: ViewportSize = {"width": 1280, "height": 720}


def play_out(device: DeviceProcess, tokens: list[str], rng: random.Random) -> None:
    for _ in range(400):
        state = device.get("/api/state")
        if state["table"]["phase"] != "playing":
            return
        pause = state["table"]["interlude"]
        for waiting in pause["waiting"] if pause else []:
            device.post("/api/continue", {}, token=tokens[waiting])
        seat = device.get("/api/state")["to_act"][0]
        mine = device.get("/api/state", token=tokens[seat])
        device.post("/api/action", {"action": rng.choice(mine["legal"])}, token=tokens[seat])
    raise AssertionError("the game did not end")


def sign_in(page: Page, token: str) -> None:
    page.goto("/")
    page.evaluate("token => localStorage.setItem('tablemate.token', token)", token)


def test_a_sarena_game_replays_from_two_seats_and_verifies(
    device: DeviceProcess, contexts: Contexts
) -> None:
    tokens = seat_players(device, "sarena", 2)
    short = device.get("/api/status")["fingerprint"]["short"]
    phone = contexts.page(PHONE)
    sign_in(phone, tokens[1])
    phone.goto("/seat")
    expect(phone.get_by_test_id("fingerprint")).to_have_text(f"Deal {short}")
    shot(phone, "seat-fingerprint.png")
    tv = contexts.page(WIDE)
    tv.goto("/table")
    expect(tv.get_by_test_id("fingerprint")).to_have_text(f"Deal {short}")
    shot(tv, "table-fingerprint.png")
    status, body = device.request("GET", "/api/replay/1")
    assert status == 409 and body["code"] == "game_in_progress"
    tv.goto("/history/1/replay")
    expect(tv.get_by_test_id("replay-refused")).to_contain_text("still being played")
    play_out(device, tokens, random.Random(11))
    status, body = device.request("GET", "/api/status")
    assert status == 200 and body["phase"] == "over"

    phone.goto("/history/1/replay")
    expect(phone.get_by_test_id("replay-verdict")).to_have_attribute("data-ok", "true")
    expect(phone.get_by_test_id("replay-fingerprint")).to_have_text(short)
    where = phone.get_by_test_id("replay-where")
    expect(where).to_have_attribute("data-step", "0")
    phone.get_by_test_id("replay-forward").click()
    expect(where).to_have_attribute("data-step", "1")
    phone.get_by_test_id("replay-forward").click()
    expect(where).to_have_attribute("data-step", "2")
    phone.get_by_test_id("replay-back").click()
    expect(where).to_have_attribute("data-step", "1")
    phone.get_by_test_id("replay-audience").select_option("0")
    expect(phone.get_by_test_id("replay-hand")).to_have_attribute("data-seat", "0")
    phone.get_by_test_id("replay-audience").select_option("1")
    expect(phone.get_by_test_id("replay-hand")).to_have_attribute("data-seat", "1")
    # Step 1: the second seat's move. A past game names whose turn it was, never "Your turn".
    turn = phone.get_by_test_id("turn").first
    expect(turn).to_have_attribute("data-mine", "false")
    expect(turn).not_to_contain_text("Your turn")
    shot(phone, "replay-phone.png")
    phone.get_by_test_id("replay-last").click()
    steps = device.get("/api/replay/1")["steps"]
    expect(where).to_have_attribute("data-step", str(steps))

    tv.goto("/history/1/replay?audience=all&step=3")
    expect(tv.get_by_test_id("replay-where")).to_have_attribute("data-step", "3")
    expect(tv.get_by_test_id("replay-hands").get_by_test_id("replay-hand")).to_have_count(2)
    shot(tv, "replay-tv.png")
    phone.goto("/history/1/replay?audience=all&step=3")
    expect(phone.get_by_test_id("replay-hands").get_by_test_id("replay-hand")).to_have_count(2)
    shot(phone, "replay-phone-all.png", full_page=True)


def shot(page: Page, name: str, *, full_page: bool = False) -> None:
    """Screenshots to look at while working on the page (TABLEMATE_SHOTS=DIR)."""
    folder = os.environ.get("TABLEMATE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=full_page)
