"""The Céna score sheet page (/companion/cena) in a browser: set up, a deal entered as
counts, a refusal shown below the button, a correction in the log, and a
new sheet after a confirmation. The page's shared parts (webui/static/js/sheet.js)
are the other sheet pages' too."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

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


@pytest.mark.parametrize(
    "viewport",
    [{"width": 360, "height": 640}, {"width": 390, "height": 844}, {"width": 844, "height": 390}],
    ids=["360x640", "390x844", "844x390"],
)
def test_the_card_pickers_are_tap_targets_and_a_saved_deal_shows(
    device: DeviceProcess, contexts: Contexts, viewport: ViewportSize, tmp_path: Path
) -> None:
    # Issue 28: the pickers were ~28 px wide, and after Save the new score was out of view.
    page = contexts.page(viewport)
    page.goto("/companion/cena")
    by = page.get_by_test_id
    by("sheet-players").select_option("3")
    for seat, name in enumerate(NAMES):
        page.locator(f'[data-testid="sheet-name"][data-seat="{seat}"]').fill(name)
    by("sheet-start").click()
    expect(by("sheet-alliance")).to_have_count(3)
    sizes = page.eval_on_selector_all(
        "[data-testid=picker-card]",
        "cards => cards.map((c) => c.getBoundingClientRect()).map((r) => [r.width, r.height])",
    )
    assert len(sizes) == 3 * 40
    assert min(w for w, _ in sizes) >= 44 and min(h for _, h in sizes) >= 44, sizes[:3]
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")  # no sideways
    page.screenshot(path=str(tmp_path / "picker.png"))

    # Alliance 1 picks its cards; the others enter counts; Save, far down the page.
    first = page.locator('[data-testid="sheet-alliance"][data-alliance="0"]')
    for card in first.get_by_test_id("picker-card").all()[:10]:
        card.click()
    for k, count in ((1, 14), (2, 12)):
        alliance = page.locator(f'[data-testid="sheet-alliance"][data-alliance="{k}"]')
        alliance.locator('input[type="radio"][value="count"]').check()
        alliance.get_by_test_id("sheet-count").fill(str(count))
    by("sheet-save").click()
    row = page.locator('[data-testid="sheet-deal-row"][data-deal="1"]')
    expect(row).to_be_in_viewport()
    expect(row).to_have_class("just-saved")
    expect(by("sheet-total").first).to_be_in_viewport()
    page.screenshot(path=str(tmp_path / "saved.png"))
    shots = Path(os.environ.get("TABLEMATE_REVIEW_SHOTS", ""))
    if shots.name:
        shots.mkdir(parents=True, exist_ok=True)
        for name in ("picker", "saved"):
            (shots / f"cena-sheet-{name}-{viewport['width']}x{viewport['height']}.png").write_bytes(
                (tmp_path / f"{name}.png").read_bytes()
            )
