"""Rematches that keep the table, in a browser (issue 13, items 3 and 4).

Three phones play Lauzait Cep to its end (a hire, then the table agrees to end it
early, the quickest way to a real result), the host taps Play again: every phone
lands in the new game on its own seat with no join step and no reload (a marker set
in each page before is still there), the last game's scores in the Scores drawer.
That game ends too, and the host picks another game (Sàrénà, the same three
players): every phone follows to its lobby, still seated, and the TV shows the last
result beside the join QR. A fourth phone opening the join link of that full game is
offered to watch, and the offer leads to the table view.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from testkit.device_process import DeviceProcess
from tests.browser.conftest import PHONE, SCREEN, Contexts, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NAMES = ["Ana", "Bo", "Cy"]
REVIEW = os.environ.get("TABLEMATE_REVIEW_SHOTS")  # a folder for screenshots to look at
MARK = "window.__sameDocument = true"  # lost if the page reloads or navigates


def shot(page: Page, name: str) -> None:
    save_screenshot(page, f"{name}.png")
    if REVIEW:
        Path(REVIEW).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(REVIEW) / f"{name}.png"))


def review(page: Page, name: str, sizes: list[tuple[int, int]]) -> None:
    """Screenshots at other sizes, only for a person to look at (TABLEMATE_REVIEW_SHOTS)."""
    if not REVIEW:
        return
    before = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(Path(REVIEW) / f"{name}-{width}x{height}.png"))
    if before is not None:
        page.set_viewport_size(before)


def token(page: Page) -> str:
    return str(page.evaluate("localStorage.getItem('tablemate.token')"))


def open_game(page: Page) -> None:
    page.goto("/")
    page.get_by_test_id("new-game-toggle").click()  # one tap away
    page.get_by_test_id("setup-game").select_option("lauzait")
    page.get_by_test_id("setup-players").select_option(str(len(NAMES)))
    page.get_by_test_id("new-name").fill(NAMES[0])
    page.get_by_test_id("new-open").click()
    expect(page).to_have_url(re.compile(r"/host$"))


def join(page: Page, code: str, name: str) -> None:
    page.goto(f"/J/{code}")
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-submit").click()
    expect(page).to_have_url(re.compile(r"/seat$"))


def play_to_the_end(device: DeviceProcess, host: Page, phones: list[Page]) -> None:
    """One hire by the seat to move, then the host ends the game with the table's
    agreement; every phone reads the final summary and sees the game-over panel."""
    tokens = [token(phone) for phone in phones]
    state = device.get("/api/state")
    seat = state["to_act"][0]
    mine = device.get("/api/state", token=tokens[seat])
    hire = next(action for action in mine["legal"] if action["type"] == "hire")
    device.post("/api/action", {"action": hire}, token=tokens[seat])
    host.goto("/host")
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_test_id("host-end-early").click()
    expect(host.get_by_test_id("host-result")).to_be_visible()
    host.goto("/seat")
    for phone in phones:
        expect(phone.get_by_test_id("game-over")).to_be_attached()
        if phone.get_by_test_id("summary-continue").count():
            phone.get_by_test_id("summary-continue").click()
        expect(phone.get_by_test_id("game-over")).to_be_visible()


def still_the_same_page(phone: Page, seat: int) -> None:
    assert phone.evaluate("window.__sameDocument === true"), "the page reloaded"
    expect(phone).to_have_url(re.compile(r"/seat$"))
    expect(phone.get_by_test_id("seat-name")).to_have_text(f"{NAMES[seat]} · seat {seat + 1}")


def test_play_again_then_another_game_keeps_every_phone_seated(
    device: DeviceProcess, contexts: Contexts
) -> None:
    host = contexts.page(PHONE)
    open_game(host)
    room = device.get("/api/status")["room"]
    phones = [host]
    for name in NAMES[1:]:
        phone = contexts.page(PHONE)
        join(phone, room, name)
        phones.append(phone)
    host.get_by_test_id("host-start").click()
    expect(host).to_have_url(re.compile(r"/seat$"))

    # --- the first game ends: the host may play again, the others wait -----------------
    play_to_the_end(device, host, phones)
    expect(host.get_by_test_id("play-again")).to_be_visible()
    expect(phones[1].get_by_test_id("play-again")).to_have_count(0)
    expect(phones[1].get_by_test_id("game-over")).to_contain_text("Ana (the host)")
    shot(host, "rematch-game-over")
    review(phones[1], "rematch-game-over-player", [(390, 844)])
    review(host, "rematch-game-over", [(844, 390), (1280, 720)])
    for phone in phones:
        phone.evaluate(MARK)

    # --- play again: every phone is in the new game on its seat, on its own ------------
    host.get_by_test_id("play-again").click()
    for seat, phone in enumerate(phones):
        expect(phone.get_by_test_id("game-over")).to_have_count(0)
        expect(phone.locator("body")).to_have_class(re.compile(r"\bseat-playing\b"))
        still_the_same_page(phone, seat)
        expect(phone.get_by_test_id("rejoin-notice")).to_have_count(0)
    status = device.get("/api/status")
    assert status["phase"] == "playing" and status["room"] == room
    assert [s["name"] for s in status["seats"]] == NAMES
    assert device.get("/api/state", token=token(phones[2]))["you"]["seat"] == 2
    # The last result is one tap away on every phone, in the Scores drawer.
    phones[2].get_by_test_id("drawer-toggle").click()
    last = phones[2].get_by_test_id("last-game")
    expect(last).to_be_visible()
    expect(last).to_contain_text("Last game: Lauzait Cep")
    expect(last.get_by_test_id("last-game-seat")).to_have_count(3)
    review(phones[2], "rematch-drawer", [(390, 844)])
    phones[2].get_by_test_id("drawer-toggle").click()

    # --- that game ends too; the host picks another game for the same players ----------
    play_to_the_end(device, host, phones)
    host.goto("/host")
    form = host.get_by_test_id("next-game-form")
    expect(form).to_be_visible()
    review(host, "rematch-host-over", [(390, 844), (844, 390), (1280, 720)])
    form.get_by_test_id("setup-game").select_option("sarena")
    form.get_by_test_id("setup-players").select_option("3")
    for phone in phones[1:]:
        phone.evaluate(MARK)
    form.get_by_test_id("next-game-open").click()
    expect(host.get_by_test_id("host-start")).to_be_enabled()  # every seat is held
    for seat, phone in enumerate(phones[1:], start=1):
        expect(phone.get_by_test_id("lobby")).to_contain_text("Sàrénà")
        expect(phone.get_by_test_id("last-game")).to_contain_text("Lauzait Cep")
        still_the_same_page(phone, seat)
    status = device.get("/api/status")
    assert status["phase"] == "lobby" and status["game"] == "sarena" and status["room"] == room
    review(phones[1], "rematch-lobby", [(390, 844), (844, 390)])

    # --- the TV shows the join QR and the last result; a fourth phone may watch --------
    tv = contexts.page(SCREEN)
    tv.goto("/table")
    expect(tv.get_by_test_id("table-lobby")).to_be_visible()
    expect(tv.get_by_test_id("last-game")).to_contain_text("Lauzait Cep")
    review(tv, "rematch-tv-lobby", [(1280, 720), (1920, 1080)])
    late = contexts.page(PHONE)
    late.goto(f"/j/{room}")
    offer = late.get_by_test_id("watch-offer")
    expect(offer).to_be_visible()
    expect(offer).to_have_attribute("data-why", "full")
    shot(late, "rematch-watch-offer")
    # Trying anyway is refused with the same offer, then the offer leads to the table.
    late.get_by_test_id("join-name").fill("Dee")
    late.get_by_test_id("join-submit").click()
    expect(late.get_by_test_id("error")).to_contain_text("every seat is taken")
    late.get_by_test_id("watch").click()
    expect(late).to_have_url(re.compile(r"/table$"))
    expect(late.get_by_test_id("table-lobby")).to_be_visible()

    # --- the game starts; a player who leaves goes to the front page -------------------
    host.get_by_test_id("host-start").click()
    expect(phones[1].get_by_test_id("board-top")).not_to_be_empty()
    assert device.get("/api/status")["phase"] == "playing"


def test_a_player_leaves_after_the_game_and_a_newcomer_takes_the_seat(
    device: DeviceProcess, contexts: Contexts
) -> None:
    host = contexts.page(PHONE)
    open_game(host)
    room = device.get("/api/status")["room"]
    phones = [host]
    for name in NAMES[1:]:
        phone = contexts.page(PHONE)
        join(phone, room, name)
        phones.append(phone)
    host.get_by_test_id("host-start").click()
    expect(host).to_have_url(re.compile(r"/seat$"))
    play_to_the_end(device, host, phones)

    # Cy leaves: the seat is freed, the phone goes to the front page.
    phones[2].once("dialog", lambda dialog: dialog.accept())
    phones[2].get_by_test_id("leave-table").click()
    expect(phones[2]).to_have_url(re.compile(r"/$"))
    expect(phones[2].get_by_test_id("rejoin-notice")).to_be_hidden()
    assert phones[2].evaluate("localStorage.getItem('tablemate.token')") is None
    expect(phones[0].get_by_test_id("notices")).to_contain_text("Cy left seat 3")

    # Play again: a seat is free, so the lobby opens; a newcomer joins with the code.
    host.get_by_test_id("play-again").click()
    expect(phones[1].get_by_test_id("lobby")).to_be_visible()
    dee = contexts.page(PHONE)
    join(dee, room, "Dee")
    expect(phones[1].get_by_test_id("lobby")).to_contain_text("Dee")
    host.goto("/host")
    host.get_by_test_id("host-start").click()
    expect(host).to_have_url(re.compile(r"/seat$"))
    assert [s["name"] for s in device.get("/api/status")["seats"]] == ["Ana", "Bo", "Dee"]
