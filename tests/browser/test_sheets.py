"""Score sheet pages (/companion/<game>) on a phone: correcting a past Céna deal opens
with that deal's entries filled in, a refusal shows right below the button that sent
it (in view, not at the top of a long page), and a Lauzait declaration entered again
stays in the log, struck through, saying what replaced it.

TABLEMATE_SCREENSHOTS=1 saves the corrected deal and a refusal to docs/screens.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from engines.lauzait import formation_points
from testkit.device_process import DeviceProcess
from tests.browser.conftest import PHONE, Contexts, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

NAMES = ["Ann", "Bo", "Cy"]
CENA = "/api/companion/cena"
LAUZAIT = "/api/companion/lauzait"
# Deal 1 (objective: every 6 costs 10): the first alliance's cards one by one, the
# others as a count with the penalty cards among them. 3 players hold 36 cards.
CLUBS = [f"C{n}" for n in range(1, 11)]
DEAL_1: list[dict[str, Any]] = [
    {"cards": CLUBS},
    {"count": 14, "penalty_cards": ["A6", "M6"]},
    {"count": 12, "penalty_cards": []},
]
DEAL_2: list[dict[str, Any]] = [{"count": 12}, {"count": 12}, {"count": 12}]
GOVERNMENT: list[list[Any]] = [["G1", "G2", "G3"], ["W5", "W5", "W5"], ["G7", "G8", "G9"]]
OTHER: list[list[Any]] = [["W1", "W2", "W3"]] * 3


def alliance(page: Page, k: int) -> Locator:
    return page.locator(f'[data-testid="sheet-alliance"][data-alliance="{k}"]')


def pressed_cards(picker: Locator) -> list[str]:
    cards = picker.locator('[data-testid="picker-card"][aria-pressed="true"]')
    return [str(card.get_attribute("data-card")) for card in cards.all()]


def in_view(page: Page, node: Locator) -> bool:
    box = node.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def right_below(node: Locator, button: Locator) -> bool:
    """The node comes straight after the button's row of buttons (or the button)."""
    return bool(
        node.evaluate(
            "(error, button) => error.previousElementSibling === "
            "(button.closest('.actions, .row, li') || button)",
            button.element_handle(),
        )
    )


def test_correcting_a_past_cena_deal_opens_with_its_entries(
    device: DeviceProcess, contexts: Contexts
) -> None:
    device.post(f"{CENA}/setup", {"players": 3, "names": NAMES})
    six = device.get(CENA)["objectives"][0]  # "every 6 costs 10", as the sheet keeps it
    device.post(f"{CENA}/deal", {"deal": 1, "alliances": DEAL_1, "objective": six})
    device.post(f"{CENA}/deal", {"deal": 2, "alliances": DEAL_2})
    page = contexts.page(PHONE)
    page.goto("/companion/cena")
    by = page.get_by_test_id
    expect(by("sheet-deal-form").locator("h2")).to_have_text("Enter deal 3")

    by("sheet-deal").select_option("1")
    form = by("sheet-deal-form")
    expect(form.locator("h2")).to_have_text("Correct deal 1")
    minus = six["text"].replace("-", "\u2212")  # pages write a true minus sign
    expect(by("sheet-objective").locator("option:checked")).to_have_text(minus)
    first = alliance(page, 0)
    expect(first.locator('input[value="cards"]')).to_be_checked()
    expect(first).to_contain_text("10 cards picked")
    assert sorted(pressed_cards(first.get_by_test_id("sheet-cards"))) == sorted(CLUBS)
    second = alliance(page, 1)
    expect(second.locator('input[value="count"]')).to_be_checked()
    expect(second.get_by_test_id("sheet-count")).to_have_value("14")
    assert sorted(pressed_cards(second.get_by_test_id("sheet-penalty"))) == ["A6", "M6"]
    expect(alliance(page, 2).get_by_test_id("sheet-count")).to_have_value("12")
    form.locator("h2").evaluate("(heading) => heading.scrollIntoView({ block: 'start' })")
    save_screenshot(page, "sheet-cena-correct.png")

    # One change, the rest as entered: only the change is sent as new.
    second.get_by_test_id("sheet-count").fill("13")
    alliance(page, 2).get_by_test_id("sheet-count").fill("13")
    by("sheet-save").click()
    expect(by("sheet-corrections").locator("li")).to_have_count(1)
    deal = device.get(CENA)["deals"][0]
    assert deal["objective"] == six and deal["alliances"][0]["cards"] == CLUBS
    assert (deal["alliances"][1]["count"], deal["alliances"][1]["penalty_cards"]) == (
        13,
        ["A6", "M6"],
    )

    # Deal 2 again: its own entries, not deal 1's.
    by("sheet-deal").select_option("2")
    expect(alliance(page, 0).locator('input[value="count"]')).to_be_checked()
    expect(alliance(page, 0).get_by_test_id("sheet-count")).to_have_value("12")


def test_a_refusal_shows_right_below_the_button_that_sent_it(
    device: DeviceProcess, contexts: Contexts
) -> None:
    device.post(f"{CENA}/setup", {"players": 3, "names": NAMES})
    page = contexts.page(PHONE)
    page.goto("/companion/cena")
    by = page.get_by_test_id
    for k, count in enumerate([10, 13, 12]):  # 35 cards: one short
        alliance(page, k).locator('input[value="count"]').check()
        alliance(page, k).get_by_test_id("sheet-count").fill(str(count))
    save = by("sheet-save")
    save.click()
    error = by("sheet-error")
    expect(error).to_contain_text("35 cards")
    expect(by("error")).to_be_hidden()  # not the line at the top of the page
    assert right_below(error, save) and in_view(page, error) and in_view(page, save)
    save_screenshot(page, "sheet-error.png")

    for k, count in enumerate([10, 14, 12]):
        alliance(page, k).get_by_test_id("sheet-count").fill(str(count))
    save.click()
    expect(by("sheet-deal-row")).to_have_count(1)
    expect(by("sheet-error")).to_have_count(0)  # gone with the entry the box took

    # The same on another sheet, for a button in the middle of a long page.
    device.post(f"{LAUZAIT}/setup", {"players": 3, "names": NAMES})
    page.goto("/companion/lauzait")
    calculate = by("lz-calc-go")
    calculate.click()  # no pieces entered: not a government
    expect(by("sheet-error")).to_be_visible()
    assert right_below(by("sheet-error"), calculate) and in_view(page, by("sheet-error"))


def test_a_corrected_lauzait_entry_is_marked_replaced_in_the_log(
    device: DeviceProcess, contexts: Contexts
) -> None:
    device.post(f"{LAUZAIT}/setup", {"players": 3, "names": NAMES})
    device.post(f"{LAUZAIT}/declare", {"seat": 0, "departments": GOVERNMENT})
    device.post(f"{LAUZAIT}/declare", {"seat": 2, "departments": OTHER, "season": 1})
    state = device.post(f"{LAUZAIT}/form", {"seat": 1, "pieces": ["G4", "G5", "G6"]})
    form = state["log"][0]["id"]
    device.post(f"{LAUZAIT}/void", {"entry": form})
    page = contexts.page(PHONE)
    page.goto("/companion/lauzait")
    log = page.get_by_test_id("lz-log")
    declarations = log.locator('li[data-kind="declare"]')
    expect(declarations).to_have_count(2)
    newest, oldest = declarations.nth(0), declarations.nth(1)
    before, after = formation_points(GOVERNMENT)["total"], formation_points(OTHER)["total"]
    expect(oldest).to_have_attribute("data-replaced", "true")
    expect(oldest.locator("del")).to_contain_text(f"Ann declared in season 1: {before}")
    expect(oldest.get_by_test_id("lz-log-replaced")).to_contain_text(
        f"by: Cy declared in season 1: {after}"
    )
    expect(newest.locator("del")).to_have_count(0)
    struck = log.locator(f'li[data-id="{form}"]')
    expect(struck.locator("del")).to_contain_text("Bo revealed")
    expect(struck.get_by_test_id("lz-log-replaced")).to_contain_text("struck out at")
    expect(struck.get_by_test_id("lz-void")).to_have_count(0)  # nothing left to strike
    log.evaluate("(list) => list.scrollIntoView({ block: 'center' })")
    save_screenshot(page, "sheet-lauzait-log.png")
