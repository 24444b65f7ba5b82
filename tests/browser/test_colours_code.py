"""Secret colours for a real board, in Chromium: the phone that draws the colours
shows the round code; the others type it (or follow its link) to take their seat;
only the owner reveals, or enters the score sheet's end.
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from testkit.device_process import DeviceProcess
from tests.browser.conftest import PHONE, Contexts

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NAMES = ["Ana", "Bo"]
SHOTS = os.environ.get("TABLEMATE_COLOUR_SHOTS")  # a folder: screenshots to look at


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


def phone(contexts: Contexts) -> Page:
    page = contexts.page(PHONE)
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def seat(page: Page, number: int) -> None:
    page.locator(f'[data-testid="colour-seat"][data-seat="{number}"]').click()


def test_the_sheets_phone_shows_the_code_and_the_others_need_it(
    device: DeviceProcess, contexts: Contexts
) -> None:
    sheet = phone(contexts)
    sheet.goto("/companion/sarena")
    sheet.get_by_test_id("sheet-players").select_option("2")
    for number, name in enumerate(NAMES):
        sheet.get_by_test_id("sheet-name").nth(number).fill(name)
    sheet.get_by_test_id("sheet-start").click()
    expect(sheet.get_by_test_id("colour-seat")).to_have_count(2)
    code = sheet.get_by_test_id("colours-code").inner_text().strip()
    assert len(code) == 4 and code.isalpha()
    assert code not in str(device.get("/api/colours")), "the code is the owner's alone"
    expect(sheet.get_by_test_id("colour-code")).to_have_count(0)  # its phone has the code
    shot(sheet, "sheet-owner.png")

    other = phone(contexts)
    other.goto("/colours")
    expect(other.get_by_test_id("colours-code")).to_have_count(0)
    seat(other, 1)  # no code typed: refused on the phone, nothing sent
    expect(other.get_by_test_id("error")).to_contain_text("round code")
    other.get_by_test_id("colour-code").fill("QQQQ" if code != "QQQQ" else "ZZZZ")
    seat(other, 1)
    expect(other.get_by_test_id("error")).to_contain_text("not this round's code")
    assert device.get("/api/colours")["claimed"] == [False, False]
    shot(other, "colours-wrong-code.png")

    link = str(sheet.get_by_test_id("colours-code-link").get_attribute("href"))
    other.goto(link)
    expect(other.get_by_test_id("colour-code")).to_have_value(code)
    seat(other, 1)
    expect(other.get_by_test_id("colour-you")).to_have_text(f"This phone is {NAMES[1]}'s.")
    expect(sheet.locator('[data-testid="colour-seat"][data-seat="1"]')).to_be_disabled()
    seat(sheet, 0)  # the owner's own phone has the code filled in
    expect(sheet.get_by_test_id("colour-you")).to_have_text(f"This phone is {NAMES[0]}'s.")
    expect(other.get_by_test_id("colours-reveal")).to_have_count(0)
    expect(other.get_by_test_id("colours-reveal-elsewhere")).to_be_visible()

    # Only the sheet's phone enters the end; the other's sheet page says so.
    other.goto("/companion/sarena")
    expect(other.get_by_test_id("sheet-owner-only")).to_be_visible()
    expect(other.get_by_test_id("sheet-score")).to_have_count(0)
    shot(other, "sheet-other.png")
    sheet.get_by_test_id("mode-counts").check()
    sheet.get_by_test_id("count-chips").nth(0).fill("3")
    sheet.get_by_test_id("count-chips").nth(1).fill("5")
    sheet.get_by_test_id("sheet-score").click()
    expect(sheet.get_by_test_id("sheet-winners")).to_have_text(f"Winner: {NAMES[1]}")
    expect(sheet.get_by_test_id("colours-code")).to_have_count(0)
    expect(other.get_by_test_id("sheet-result")).to_be_visible()
    assert device.get("/api/colours")["revealed"] is True


def test_a_round_drawn_on_colours_is_revealed_by_its_phone_alone(
    device: DeviceProcess, contexts: Contexts
) -> None:
    owner = phone(contexts)
    owner.goto("/colours")
    owner.get_by_test_id("colours-players").select_option("2")
    owner.get_by_test_id("colours-start").click()
    code = owner.get_by_test_id("colours-code").inner_text().strip()
    expect(owner.get_by_test_id("colours-reveal")).to_be_visible()
    shot(owner, "colours-owner.png")

    player = phone(contexts)
    player.goto(f"/colours?code={code.lower()}")
    expect(player.get_by_test_id("colour-code")).to_have_value(code)
    seat(player, 0)
    expect(player.get_by_test_id("colour-you")).to_be_visible()
    expect(player.get_by_test_id("colours-reveal")).to_have_count(0)
    shot(player, "colours-player.png")

    owner.reload()  # the owner's phone keeps its code and its right to reveal
    expect(owner.get_by_test_id("colours-code")).to_have_text(code)
    owner.get_by_test_id("colours-reveal").click()
    rows = player.get_by_test_id("colour-reveal-row")
    expect(rows).to_have_count(2)
    expect(owner.get_by_test_id("colours-code-panel")).to_have_count(0)
