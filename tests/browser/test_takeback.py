"""A mis-tap taken back on three phones, the table page watching.

Phone 1 (portrait) opens a Sàrénà game with take-backs asked for; phone 2
(portrait) and phone 3 (landscape) join. The player whose turn it is moves a pile
to the wrong place: only that phone offers "Undo my last move". One tap asks; every
phone and the table page show the request, the two others Approve on theirs, and
the board is back as it was, the same player to move. Then a refused request keeps
the move. Screenshots of the banner at 390x844, 844x390 and 1280x720.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import FloatRect, Locator, Page, ViewportSize, expect

from testkit.device_process import DeviceProcess
from tests.browser.conftest import PHONE, SCREENS_DIR, Contexts, screenshots_wanted
from tests.browser.test_sarena import join_by_qr_link, key, spot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NAMES = ["Ana", "Bo", "Cy"]
LANDSCAPE: ViewportSize = {"width": 844, "height": 390}
TV: ViewportSize = {"width": 1280, "height": 720}


def open_game(page: Page, name: str) -> None:
    page.goto("/")
    page.get_by_test_id("new-game-toggle").click()  # one tap away
    page.get_by_test_id("setup-game").select_option("sarena")
    page.get_by_test_id("setup-players").select_option("3")
    page.get_by_test_id("setup-take-backs").select_option("ask")
    page.get_by_test_id("new-name").fill(name)
    page.get_by_test_id("new-open").click()
    expect(page).to_have_url(re.compile(r"/host$"))


def token_of(page: Page) -> str:
    return str(page.evaluate("localStorage.getItem('tablemate.token')"))


def mis_tap(device: DeviceProcess, page: Page) -> None:
    """The player whose turn it is moves their first pile to its first target."""
    legal = device.get("/api/state", token_of(page))["legal"]
    source = key(legal[0]["from"])
    target = sorted(key(m["to"]) for m in legal if key(m["from"]) == source)[0]
    spot(page, source).click()
    spot(page, target).click()
    expect(spot(page, source)).to_have_attribute("data-height", "0")


def shoot(page: Page, name: str, out: Path) -> None:
    """Where the test run can look at it, and in docs/screens on request; animations
    finished, so the banner is drawn as it stays."""
    page.screenshot(path=str(out / name), animations="disabled")
    if screenshots_wanted():
        SCREENS_DIR.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS_DIR / name), animations="disabled")


def settled_box(page: Page, locator: Locator) -> FloatRect | None:
    """Where `locator` stands once it stopped moving: the request sheet slides up, and
    a box read mid-slide sits lower than the one the player ends up seeing."""
    box = locator.bounding_box()
    for _ in range(40):
        page.wait_for_timeout(50)
        again = locator.bounding_box()
        if again == box:
            return box
        box = again
    return box


def test_a_mis_tap_is_taken_back_on_three_phones(
    device: DeviceProcess, contexts: Contexts, tmp_path: Path
) -> None:
    host = contexts.page(PHONE)
    open_game(host, NAMES[0])
    table = contexts.page(TV)
    table.goto("/table")
    code = table.get_by_test_id("room-code").inner_text().strip()
    phones = [host]
    for seat, viewport in ((1, PHONE), (2, LANDSCAPE)):
        page = contexts.page(viewport)
        join_by_qr_link(page, code, NAMES[seat])
        phones.append(page)
    assert device.get("/api/status")["take_back"]["mode"] == "ask"
    # The host's lobby settings set it too.
    settings = host.get_by_test_id("host-settings")
    choice = settings.get_by_test_id("setup-take-backs")
    expect(choice).to_have_value("ask")
    shoot(host, "web-take-back-setting.png", tmp_path)
    for mode in ("free", "ask"):
        choice.select_option(mode)
        with host.expect_response("**/api/host/configure") as saved:
            host.get_by_test_id("host-save").click()
        assert saved.value.ok
        assert device.get("/api/status")["take_back"]["mode"] == mode
    host.get_by_test_id("host-start").click()
    expect(host).to_have_url(re.compile(r"/seat$"))
    for page in [table, *phones]:
        expect(page.get_by_test_id("sarena-board")).to_be_visible()

    # --- a mis-tap: only the phone that moved offers to undo it --------------------
    before = device.get("/api/state")
    mover = before["turn"]
    mis_tap(device, phones[mover])
    after = device.get("/api/state")
    assert after["board"] != before["board"]
    undo = phones[mover].get_by_test_id("take-back-undo")
    expect(undo).to_be_visible()
    expect(undo).to_have_text(re.compile("Undo my last move"))
    # The page redraws on every update: measure the button once it has settled.
    undo.wait_for(state="visible")
    box = None
    for _ in range(50):
        box = undo.bounding_box()
        if box is not None:
            break
        phones[mover].wait_for_timeout(100)
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    for seat, page in enumerate(phones):
        if seat != mover:
            expect(page.get_by_test_id("take-back-undo")).to_have_count(0)

    shoot(phones[mover], "web-take-back-undo.png", tmp_path)

    # --- one tap asks; every screen shows the request ------------------------------
    undo.click()
    others = [s for s in range(3) if s != mover]
    for page in [table, *phones]:
        banner = page.get_by_test_id("take-back-banner")
        expect(banner).to_be_visible()
        expect(banner).to_have_attribute("data-seat", str(mover))
        expect(page.get_by_test_id("take-back-undo")).to_have_count(0)
    expect(phones[mover].get_by_test_id("take-back-withdraw")).to_be_visible()
    expect(phones[mover].get_by_test_id("take-back-approve")).to_have_count(0)
    expect(table.get_by_test_id("take-back-approve")).to_have_count(0)
    for seat in others:
        for testid in ("take-back-approve", "take-back-refuse"):
            button = phones[seat].get_by_test_id(testid)
            expect(button).to_be_visible()
            size = settled_box(phones[seat], button)
            assert size is not None and size["height"] >= 44
            # Inside the screen: the phone never scrolls to reach it.
            screen = phones[seat].viewport_size
            assert screen is not None
            assert size["y"] + size["height"] <= screen["height"]
            assert size["x"] + size["width"] <= screen["width"]
    expect(table.get_by_test_id("take-back-banner")).to_contain_text(
        f"{NAMES[mover]} asks to take back their last move"
    )
    portrait = next(s for s in others if s != 2)
    shoot(phones[portrait], "web-take-back-phone.png", tmp_path)
    shoot(phones[2] if mover != 2 else phones[portrait], "web-take-back-landscape.png", tmp_path)
    shoot(table, "web-take-back-table.png", tmp_path)
    # The game waits: the box refuses a move meanwhile.
    assert device.get("/api/state")["board"] == after["board"]

    # --- both others approve: the board is back, the same player to move -----------
    phones[others[0]].get_by_test_id("take-back-approve").click()
    answers = table.get_by_test_id("take-back-answers")
    expect(answers).to_contain_text(f"Agreed: {NAMES[others[0]]}")
    expect(answers).to_contain_text(f"Waiting for {NAMES[others[1]]}")
    expect(phones[others[0]].get_by_test_id("take-back-approve")).to_have_count(0)
    phones[others[1]].get_by_test_id("take-back-approve").click()
    for page in [table, *phones]:
        expect(page.get_by_test_id("take-back-banner")).to_have_count(0)
        result = page.get_by_test_id("take-back-result")
        expect(result).to_have_text(f"{NAMES[mover]}'s move was taken back")
    shoot(phones[mover], "web-take-back-done.png", tmp_path)
    restored = device.get("/api/state")
    assert restored["board"] == before["board"]
    assert restored["turn"] == mover
    for page in [table, *phones]:
        for square in {
            key(m["from"]) for m in device.get("/api/state", token_of(phones[mover]))["legal"]
        }:
            r, c = map(int, square.split(","))
            expect(spot(page, square)).to_have_attribute(
                "data-height", str(len(before["board"][r][c]))
            )

    # --- a refusal keeps the move ---------------------------------------------------
    mis_tap(device, phones[mover])
    moved = device.get("/api/state")
    phones[mover].get_by_test_id("take-back-undo").click()
    expect(phones[others[1]].get_by_test_id("take-back-refuse")).to_be_visible()
    phones[others[1]].get_by_test_id("take-back-refuse").click()
    expect(phones[mover].get_by_test_id("take-back-result")).to_have_attribute(
        "data-kind", "refused"
    )
    expect(phones[mover].get_by_test_id("take-back-result")).to_contain_text(
        f"{NAMES[others[1]]} refused"
    )
    expect(phones[mover].get_by_test_id("take-back-banner")).to_have_count(0)
    assert device.get("/api/state")["board"] == moved["board"]

    # --- a seat nobody holds: the host answers for it on their phone -----------------
    turn = device.get("/api/state")["turn"]
    empty = 2 if turn != 2 else 1  # neither the host (seat 0) nor the player to move
    third = next(s for s in range(3) if s not in (turn, empty))
    device.post("/api/host/release", {"seat": empty}, token=token_of(host))
    device.post("/api/host/release/answer", {"allow": True}, token=token_of(phones[empty]))
    assert not device.get("/api/status")["seats"][empty]["taken"]
    mis_tap(device, phones[turn])
    phones[turn].get_by_test_id("take-back-undo").click()
    answer_for = host.locator(f'[data-testid="take-back-for"][data-seat="{empty}"]')
    expect(answer_for).to_contain_text("nobody holds that seat")
    shoot(host, "web-take-back-host.png", tmp_path)
    phones[third].get_by_test_id("take-back-approve").click()
    expect(phones[turn].get_by_test_id("take-back-answers")).to_contain_text(
        f"Agreed: {NAMES[third]}"
    )
    answer_for.get_by_role("button", name="Approve").click()
    expect(phones[turn].get_by_test_id("take-back-result")).to_have_attribute(
        "data-kind", "taken_back"
    )
    assert device.get("/api/state")["turn"] == turn
