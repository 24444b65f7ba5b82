"""The Céna score sheet page (/companion/cena) in a browser: set up, a deal entered as
counts, a refusal shown below the button, a correction in the log, and a
new sheet after a confirmation. The page's shared parts (webui/static/js/sheet.js)
are the other sheet pages' too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engines.cena.scoring import seat_scores
from testkit.device_process import DeviceProcess
from tests.browser.conftest import PHONE, Contexts

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

NAMES = ["Ann", "Bo", "Cy"]


def enter_counts(page: Page, counts: list[int]) -> None:
    """Each alliance's won cards as a count (no penalty cards among them)."""
    for k, count in enumerate(counts):
        alliance = page.locator(f'[data-testid="sheet-alliance"][data-alliance="{k}"]')
        alliance.locator('input[type="radio"][value="count"]').check()
        alliance.get_by_test_id("sheet-count").fill(str(count))


def totals(page: Page) -> list[int]:
    return [int(cell.inner_text()) for cell in page.get_by_test_id("sheet-total").all()]


def test_the_cena_sheet_takes_a_deal_a_refusal_and_a_correction(
    device: DeviceProcess, contexts: Contexts
) -> None:
    page = contexts.page(PHONE)
    page.goto("/companion/cena")
    by = page.get_by_test_id
    expect(by("sheet-setup")).to_contain_text("Set up the sheet")
    by("sheet-players").select_option("3")
    expect(by("sheet-name")).to_have_count(3)
    for seat, name in enumerate(NAMES):
        page.locator(f'[data-testid="sheet-name"][data-seat="{seat}"]').fill(name)
    by("sheet-start").click()
    expect(by("sheet-alliance")).to_have_count(3)
    expect(by("sheet-scores")).to_contain_text("Ann")

    # 3 players hold 12 cards each: alliances that won 35 in all are refused.
    enter_counts(page, [10, 13, 12])
    by("sheet-save").click()
    expect(by("sheet-error")).to_contain_text("35 cards")  # below the button
    expect(by("sheet-deal-row")).to_have_count(0)

    enter_counts(page, [10, 14, 12])
    by("sheet-save").click()
    expect(by("sheet-deal-row")).to_have_count(1)
    expect(by("sheet-error")).to_have_count(0)
    first = seat_scores([10, 14, 12])
    assert totals(page) == first

    # Correct deal 1: the log shows what changed.
    by("sheet-deal").select_option("1")
    expect(by("sheet-save")).to_have_text("Save the correction")
    enter_counts(page, [12, 12, 12])
    by("sheet-save").click()
    second = seat_scores([12, 12, 12])
    expect(by("sheet-corrections")).to_contain_text(
        f"{' / '.join(map(str, first))} became {' / '.join(map(str, second))}"
    )
    assert totals(page) == second
    sheet = device.get("/api/companion/cena")
    assert sheet["names"] == NAMES and len(sheet["corrections"]) == 1

    # A new sheet, once confirmed: the names typed before are offered again.
    page.once("dialog", lambda dialog: dialog.accept())
    by("sheet-setup").locator("summary").click()
    by("sheet-players").select_option("4")
    expect(page.locator('[data-testid="sheet-name"][data-seat="0"]')).to_have_value("Ann")
    by("sheet-start").click()
    expect(by("sheet-alliance")).to_have_count(4)
    expect(by("sheet-corrections")).to_have_count(0)
    assert device.get("/api/companion/cena")["names"] == [*NAMES, None]  # unnamed: "Seat 4"
