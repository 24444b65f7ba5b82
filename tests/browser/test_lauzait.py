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
from contextlib import nullcontext
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engines.lauzait import formation_points
from testkit.device_process import DeviceProcess
from tests.browser.conftest import PHONE, SCREEN, Contexts, drawer_opened, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

PLAYERS = 3
NAMES = ["Ana", "Bo", "Cy"]
MAX_TURNS = 10
WATER = ([0, 2], [1, 2], [3, 2], [4, 2], [2, 0], [2, 1], [2, 3], [2, 4])
GOVERNMENT: list[list[Any]] = [
    ["G1", "G2", "G3"],
    ["W5", "W5", "W5"],
    ["G7", "G8", {"piece": "J", "as": "G9"}],
]


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
    page.get_by_test_id("new-game-toggle").click()  # one tap away
    page.get_by_test_id("setup-game").select_option("lauzait")
    page.get_by_test_id("setup-players").select_option(str(PLAYERS))
    page.get_by_test_id("new-name").fill(NAMES[0])
    page.get_by_test_id("new-open").click()
    expect(page).to_have_url(re.compile(r"/host$"))
    page.get_by_test_id("opt-luminous").check()
    # Saved once the box has answered (the test reads the status right after).
    with page.expect_response("**/api/host/configure") as saved:
        page.get_by_test_id("host-save").click()
    assert saved.value.ok


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
                # On a phone the last throw sits in the drawer, one tap on Scores away.
                with drawer_opened(page) if page is not table else nullcontext():
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
    final = device.get("/api/state")
    assert final["ended_early"] is True
    # Issue 28: stopped before anyone scored, nobody won (not a win shared by all).
    assert (final["winners"] == []) == (not any(final["scores"]))
    said = {0: "No winner", 1: "Winner"}.get(len(final["winners"]), "Shared victory")
    expect(phones[1].get_by_test_id("result")).to_contain_text(said)


def choose(page: Page, department: Any, pieces: list[str], role: str | None = None) -> None:
    """Fill a department's three piece selects (and a wild's role)."""
    selects = department.get_by_test_id("lz-slot-piece")
    for index, piece in enumerate(pieces):
        selects.nth(index).select_option(piece)
    if role is not None:
        department.get_by_test_id("lz-slot-role").select_option(role)


def test_the_bank_and_score_sheet_for_a_game_with_real_pieces(
    device: DeviceProcess, contexts: Contexts
) -> None:
    page = contexts.page(PHONE)
    page.goto("/companion/lauzait")
    page.get_by_test_id("sheet-players").select_option("3")
    for seat, name in enumerate(NAMES):
        page.locator(f'[data-testid="sheet-name"][data-seat="{seat}"]').fill(name)
    page.get_by_test_id("sheet-start").click()
    expect(page.get_by_test_id("lz-season-now")).to_contain_text("starts; play goes")

    # Ana reveals G2 G3 and a wild as G4: the bank pays 1; dissolving pays it back.
    page.locator('[data-testid="lz-sheet-form-open"][data-seat="0"]').click()
    ana = page.locator('[data-testid="lz-ledger"][data-seat="0"]')
    choose(page, ana, ["G2", "G3", "J"], role="G4")
    ana.get_by_test_id("lz-sheet-form").click()
    expect(page.locator('[data-testid="lz-sheet-score"][data-seat="0"]')).to_have_text("1 point")
    ana.get_by_test_id("lz-sheet-dissolve").click()
    expect(page.locator('[data-testid="lz-sheet-score"][data-seat="0"]')).to_have_text("0 points")

    # The calculator: Bo's nine pieces, every formation part, then recorded for him.
    calculator = page.get_by_test_id("lz-calculator")
    rows = calculator.get_by_test_id("lz-calc-department")
    choose(page, rows.nth(0), ["G1", "G2", "G3"])
    choose(page, rows.nth(1), ["W5", "W5", "W5"])
    choose(page, rows.nth(2), ["G7", "G8", "J"], role="G9")
    calculator.get_by_test_id("lz-calc-go").click()
    expected = formation_points(GOVERNMENT)
    expect(calculator.get_by_test_id("lz-calc-total")).to_have_text(str(expected["total"]))
    calculator.get_by_test_id("lz-calc-seat").select_option("1")
    page.once("dialog", lambda dialog: dialog.accept())
    calculator.get_by_test_id("lz-calc-record").click()
    expect(page.locator('[data-testid="lz-sheet-score"][data-seat="1"]')).to_have_text(
        f"{expected['total']} points"
    )
    expect(page.get_by_test_id("lz-season-row")).to_have_count(2)  # season 2 has begun

    # A mistake: the dissolve is struck out (Ana keeps her bonus), and it is logged.
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('[data-testid="lz-log"] li[data-kind="dissolve"]').get_by_test_id(
        "lz-void"
    ).click()
    expect(page.locator('[data-testid="lz-sheet-score"][data-seat="0"]')).to_have_text("1 point")
    expect(page.get_by_test_id("sheet-corrections")).to_contain_text("struck out")

    # The sheet throws the box's sticks too.
    page.get_by_test_id("throw-sticks").click()
    expect(page.get_by_test_id("sticks-by")).to_have_text("#1 by Score sheet")
    save_screenshot(page, "lauzait-sheet.png", full_page=True)
