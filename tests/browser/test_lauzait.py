"""Lauzait Cep played by three phones in a browser, watched on a TV, and the
dice-sticks page.

The host opens the game from the front page (with the luminous variant), two phones
join through the QR link, the host starts. Then turns are played only through the
seat pages, as people tap: a department is formed when a phone can form one, and a
hire moves a piece into the water, which throws the sticks for every screen to see.
Each phone shows its own pieces and no other's. The sticks page throws and counts;
the host ends the game early, the table agreeing.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, SCREEN, Contexts, save_screenshot
from tests.e2e.device_process import DeviceProcess

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

PLAYERS = 3
NAMES = ["Ana", "Bo", "Cy"]
MAX_TURNS = 10
WATER = ([0, 2], [1, 2], [3, 2], [4, 2], [2, 0], [2, 1], [2, 3], [2, 4])


def my_state(page: Page) -> dict[str, Any]:
    """What this phone's own seat may see, asked with its own token (as its page does)."""
    state: dict[str, Any] = page.evaluate(
        """async () => (await fetch("/api/state", {
             headers: {"X-Tablemate-Token": localStorage.getItem("tablemate.token")}})).json()"""
    )
    return state


def square(page: Page, at: list[int]) -> Any:
    return page.locator(f'[data-testid="lz-square"][data-row="{at[0]}"][data-col="{at[1]}"]')


def hand_pieces(page: Page) -> list[str]:
    return [str(p.get_attribute("data-piece")) for p in page.get_by_test_id("lz-hand-piece").all()]


def open_game(page: Page) -> None:
    page.goto("/")
    page.get_by_test_id("setup-game").select_option("lauzait")
    page.get_by_test_id("setup-players").select_option(str(PLAYERS))
    page.get_by_test_id("new-name").fill(NAMES[0])
    page.get_by_test_id("new-open").click()
    expect(page).to_have_url(re.compile(r"/host$"))
    page.get_by_test_id("opt-luminous").check()
    page.get_by_test_id("host-save").click()


def join(page: Page, code: str, name: str) -> None:
    page.goto(f"/J/{code}")
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-submit").click()
    expect(page).to_have_url(re.compile(r"/seat$"))


def form_a_department(page: Page, form: dict[str, Any]) -> None:
    """Through the guided turn: Form, tap the three pieces, reveal."""
    page.get_by_test_id("lz-form-start").click()
    for piece in form["pieces"]:
        page.locator(
            f'[data-testid="lz-hand-piece"][data-piece="{piece}"][aria-pressed="false"]'
        ).first.click()
    options = page.get_by_test_id("lz-form-option")
    expect(options.first).to_be_visible()
    wanted = " ".join(
        p if p != "J" else f"J as {r}" for p, r in zip(form["pieces"], form["roles"], strict=True)
    )
    page.get_by_test_id("lz-form-option").filter(
        has_text=re.compile(f"^Reveal {re.escape(wanted)}$")
    ).click()


def hire(page: Page, action: dict[str, Any]) -> None:
    """Through the guided turn: the discard, the piece to move, where it goes, confirm."""
    page.locator(
        f'[data-testid="lz-hand-piece"][data-piece="{action["discard"]}"][data-legal="true"]'
    ).first.click()
    expect(page.get_by_test_id("lz-prompt")).to_contain_text(f"Discarding {action['discard']}")
    movers = page.locator('[data-testid="lz-square"][data-mark="mover"]')
    expect(movers.first).to_be_visible()
    square(page, action["from"]).click()
    expect(square(page, action["from"])).to_have_attribute("data-mark", "picked")
    expect(square(page, action["to"])).to_have_attribute("data-mark", re.compile("target|picked"))
    square(page, action["to"]).click()
    summary = page.get_by_test_id("lz-hire-summary")
    expect(summary).to_be_visible()
    if action["to"] in WATER:
        expect(summary).to_contain_text("the sticks decide")
    page.get_by_test_id("lz-hire-confirm").click()


def test_three_phones_play_lauzait_turns_and_the_sticks_are_seen_everywhere(
    device: DeviceProcess, contexts: Contexts
) -> None:
    # --- the game opens, two phones join, the host starts ----------------------------
    host = contexts.page(PHONE)
    open_game(host)
    assert device.get("/api/status")["options"] == {"luminous": True, "layered_bridges": 2}
    code = device.get("/api/status")["room"]
    phones = [host]
    for name in NAMES[1:]:
        page = contexts.page(PHONE)
        join(page, code, name)
        phones.append(page)
    host.goto("/host")
    host.get_by_test_id("host-start").click()
    expect(host).to_have_url(re.compile(r"/seat$"))
    table = contexts.page(SCREEN)
    table.goto("/table")
    expect(table.get_by_test_id("lz-board")).to_be_visible()
    expect(table.get_by_test_id("lz-luminous")).to_be_visible()

    # Each phone shows exactly its own pieces.
    for page in phones:
        expect(page.get_by_test_id("lz-hand-piece")).to_have_count(9)
        assert hand_pieces(page) == my_state(page)["concealed"]

    # --- turns, tapped on the phone of the seat to act ---------------------------------
    formed = watered = False
    turns = 0
    while turns < MAX_TURNS and not (formed and watered and turns >= 4):
        public = device.get("/api/state")
        seat = public["turn"]
        phone = phones[seat]
        for index, page in enumerate(phones):
            expect(page.get_by_test_id("turn")).to_have_attribute(
                "data-mine", str(index == seat).lower()
            )
        mine = my_state(phone)
        forms = [a for a in mine["legal"] if a["type"] == "form"]
        if forms and not formed:
            form_a_department(phone, forms[0])
            expect(phone.get_by_test_id("lz-own-department")).to_have_count(1)
            shown = table.locator(f'[data-testid="lz-revealed"][data-seat="{seat}"]')
            expect(shown).to_have_count(1)
            expect(shown).to_contain_text(
                f"+{device.get('/api/state')['departments'][seat][0]['bonus']}"
            )
            formed = True
            mine = my_state(phone)
            if turns == 0:
                save_screenshot(phone, "lauzait-seat.png", full_page=True)
        hires = [a for a in mine["legal"] if a["type"] == "hire"]
        into_water = [a for a in hires if a["to"] in WATER]
        action = into_water[0] if into_water and not watered else hires[0]
        hire(phone, action)
        expect(table.get_by_test_id("turn")).not_to_have_attribute("data-turn", str(seat))
        after = device.get("/api/state")
        assert (
            after["last_hire"]["seat"] == seat
            and after["last_hire"]["discard"] == action["discard"]
        )
        # The TV's board is the board.
        for row in range(5):
            for col in range(5):
                expect(square(table, [row, col])).to_have_attribute(
                    "data-piece", after["board"][row][col] or ""
                )
        if action["to"] in WATER:
            faces = "".join(map(str, after["last_throw"]["sticks"]))
            for page in [table, *phones]:
                throw = page.locator('[data-testid="lz-last-throw"] [data-testid="sticks"]')
                expect(throw).to_have_attribute("data-faces", faces)
            watered = True
        assert hand_pieces(phone) == my_state(phone)["concealed"]
        turns += 1
    assert formed and watered, (formed, watered)
    save_screenshot(table, "lauzait-table.png", full_page=True)

    # --- the sticks page: a throw, counted, and every phone sees it -------------------
    sticks = contexts.page(PHONE)
    sticks.goto("/sticks")
    expect(sticks.get_by_test_id("sticks-frequencies")).to_be_visible()
    sticks.get_by_test_id("throw-sticks").click()
    expect(sticks.get_by_test_id("sticks-latest-text")).to_contain_text("Throw #1")
    history = device.get("/api/sticks")
    faces = "".join(map(str, history["recent"][0]["sticks"]))
    count = history["recent"][0]["count"]
    expect(
        sticks.locator(f'[data-testid="sticks-frequency"][data-count="{count}"]')
    ).to_have_attribute("data-seen", "1")
    for page in [table, *phones]:
        expect(
            page.locator('[data-testid="sticks-strip"] [data-testid="sticks"]')
        ).to_have_attribute("data-faces", faces)
    save_screenshot(sticks, "sticks-page.png", full_page=True)

    # --- the host ends the game early, the table agreeing -------------------------------
    host.goto("/host")
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_test_id("host-end-early").click()
    expect(host.get_by_test_id("host-result")).to_be_visible()
    for page in [table, *phones[1:]]:
        expect(page.get_by_test_id("result")).to_contain_text("agreed to end the game early")
    assert device.get("/api/state")["ended_early"] is True
