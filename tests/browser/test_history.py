"""The evening's end in Chromium (issue 16): two phones play a short Sàrénà to its end,
tapping every move on their boards; then /history lists the game with its players,
scores and winner, its replay steps from both seats and says the deal is verified,
and the game's CSV downloads with one row per player. /history fits a phone and a
desktop screen without sideways scrolling."""

from __future__ import annotations

import csv
import io
import os
import re
import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from testkit.device_process import DeviceProcess
from tests.browser.conftest import PHONE, Contexts, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]

NAMES = ["Ana", "Bo"]
MAX_MOVES = 54  # the most a Sàrénà game on the standard board can last
DESKTOP: ViewportSize = {"width": 1280, "height": 720}
LANDSCAPE: ViewportSize = {"width": 844, "height": 390}
TV: ViewportSize = {"width": 1920, "height": 1080}


def spot(page: Page, square: str) -> Locator:
    return page.locator(f'[data-testid="spot"][data-square="{square}"]')


def key(square: list[int]) -> str:
    return f"{square[0]},{square[1]}"


def token_of(page: Page) -> str:
    return str(page.evaluate("localStorage.getItem('tablemate.token')"))


def open_and_join(device: DeviceProcess, contexts: Contexts) -> list[Page]:
    """Ana opens a two-player Sàrénà on the front page; Bo joins through the QR link."""
    host = contexts.page(PHONE)
    host.goto("/")
    host.get_by_test_id("new-game-toggle").click()  # one tap away
    host.get_by_test_id("setup-game").select_option("sarena")
    host.get_by_test_id("setup-players").select_option("2")
    host.get_by_test_id("new-name").fill(NAMES[0])
    host.get_by_test_id("new-open").click()
    expect(host).to_have_url(re.compile(r"/host$"))
    code = device.get("/api/status")["room"]
    other = contexts.page(PHONE)
    other.goto(f"/J/{code}")
    other.get_by_test_id("join-name").fill(NAMES[1])
    other.get_by_test_id("join-submit").click()
    expect(other).to_have_url(re.compile(r"/seat$"))
    host.get_by_test_id("host-start").click()
    expect(host).to_have_url(re.compile(r"/seat$"))
    return [host, other]


def play_on_the_phones(device: DeviceProcess, phones: list[Page]) -> None:
    """Every move tapped on the board of the phone whose turn it is: a pile, then
    where it goes (the first legal one, for a short game)."""
    tokens = [token_of(page) for page in phones]
    for _ in range(MAX_MOVES + 1):
        public = device.get("/api/state")
        if public["phase"] == "over":
            return
        seat = public["turn"]
        page = phones[seat]
        move = device.get("/api/state", tokens[seat])["legal"][0]
        source, target = key(move["from"]), key(move["to"])
        # The box has the move before this phone's stream does: tap once it shows the turn.
        expect(page.get_by_test_id("turn")).to_have_attribute("data-mine", "true")
        expect(spot(page, source)).to_have_attribute("data-source", "true")
        spot(page, source).click()
        expect(page.locator('[data-testid="spot"][data-target="true"]').first).to_be_visible()
        spot(page, target).click()
        expect(spot(page, source)).to_have_attribute("data-height", "0")
    raise AssertionError("the game did not end")


def fits_sideways(page: Page) -> None:
    """No horizontal page scroll: nothing reaches past the viewport's width."""
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"/history scrolls sideways: {widths}"


def test_after_a_sarena_game_history_replay_csv_and_verified_deal(
    device: DeviceProcess, contexts: Contexts
) -> None:
    phones = open_and_join(device, contexts)
    short = device.get("/api/status")["fingerprint"]["short"]
    for page in phones:  # the seal is on every screen from the start
        expect(page.get_by_test_id("fingerprint")).to_have_text(f"Deal {short}")
    play_on_the_phones(device, phones)
    final = device.get("/api/state")
    assert final["phase"] == "over"
    scores, winners = final["scores"], final["winners"]

    # --- the game in history, from the front page's link -------------------------------
    ana = phones[0]
    ana.goto("/")
    ana.get_by_test_id("link-history").click()
    expect(ana).to_have_url(re.compile(r"/history$"))
    card = ana.get_by_test_id("history-game-1")
    expect(card).to_be_visible()
    expect(card.get_by_test_id("outcome")).to_have_text("finished")
    rows = card.get_by_test_id("history-player")
    expect(rows).to_have_count(2)
    for seat, row in enumerate(rows.all()):
        expect(row).to_have_attribute("data-seat", str(seat))
        expect(row).to_contain_text(NAMES[seat])
        expect(row.get_by_test_id("history-score")).to_have_text(str(scores[seat]))
        expect(row).to_have_attribute("data-winner", "true" if seat in winners else "false")
    save_screenshot(ana, "history-phone.png", full_page=True)

    # --- the game's CSV -----------------------------------------------------------------
    with ana.expect_download() as downloaded:
        card.get_by_test_id("export-game-csv").click()
    download = downloaded.value
    assert download.suggested_filename == "tablemate-sarena-1.csv"
    path = download.path()
    assert path is not None
    table = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [row["player"] for row in table] == NAMES
    assert [row["score"] for row in table] == [str(s) for s in scores]
    assert [row["winner"] for row in table] == ["yes" if s in winners else "no" for s in (0, 1)]
    assert {row["game"] for row in table} == {"Sàrénà"}
    assert {row["outcome"] for row in table} == {"finished"}

    # --- the host's backup: the whole journal; nobody else is offered it ------------------
    with ana.expect_download() as downloaded:
        ana.get_by_test_id("host-tools").get_by_test_id("backup").click()
    backup = downloaded.value
    assert re.fullmatch(r"tablemate-journal-[0-9-]+\.sqlite3", backup.suggested_filename)
    backup_path = backup.path()
    assert backup_path is not None
    assert backup_path.read_bytes().startswith(b"SQLite format 3\x00")
    bo = phones[1]
    bo.goto("/history")
    expect(bo.get_by_test_id("history-game-1")).to_be_visible()
    expect(bo.get_by_test_id("host-tools")).to_be_hidden()
    bo.goto("/host")
    expect(bo.get_by_test_id("link-history-host")).to_be_visible()
    expect(bo.get_by_test_id("backup")).to_have_count(0)
    ana.goto("/host")
    expect(ana.get_by_test_id("host-backup-slot").get_by_test_id("backup")).to_be_visible()
    ana.goto("/history")
    card = ana.get_by_test_id("history-game-1")

    # --- its replay, stepped from both seats, verified ----------------------------------
    card.get_by_test_id("replay-link").click()
    expect(ana).to_have_url(re.compile(r"/history/1/replay$"))
    verdict = ana.get_by_test_id("replay-verdict")
    expect(verdict).to_have_attribute("data-ok", "true")
    expect(verdict).to_contain_text("Verified")
    expect(ana.get_by_test_id("replay-fingerprint")).to_have_text(short)
    where = ana.get_by_test_id("replay-where")
    steps = device.get("/api/replay/1")["steps"]
    expect(where).to_have_attribute("data-step", "0")
    expect(ana.get_by_test_id("replay-first")).to_be_disabled()
    at = 0
    for seat in (0, 1):  # three moves forward and one back, as each seat saw them
        ana.get_by_test_id("replay-audience").select_option(str(seat))
        for _ in range(3):
            ana.get_by_test_id("replay-forward").click()
            at += 1
            expect(where).to_have_attribute("data-step", str(at))
            expect(ana.get_by_test_id("replay-hand")).to_have_attribute("data-seat", str(seat))
        ana.get_by_test_id("replay-back").click()
        at -= 1
        expect(where).to_have_attribute("data-step", str(at))
    save_screenshot(ana, "history-replay-phone.png")
    ana.get_by_test_id("replay-last").click()
    expect(where).to_have_attribute("data-step", str(steps))
    tv = contexts.page(TV)
    tv.goto("/history/1/replay?audience=public&step=6")
    expect(tv.get_by_test_id("replay-where")).to_have_attribute("data-step", "6")
    expect(tv.get_by_test_id("replay-verdict")).to_have_attribute("data-ok", "true")
    save_screenshot(tv, "history-replay-tv.png")

    # --- a journaled move altered behind the box's back: the replay says so -------------
    db = sqlite3.connect(device.data_dir / "journal.sqlite3", timeout=5)
    with db:
        db.execute("UPDATE games SET seed = seed + 1 WHERE id = 1")
    db.close()
    tv.reload()
    expect(tv.get_by_test_id("replay-verdict")).to_have_attribute("data-ok", "false")
    expect(tv.get_by_test_id("replay-verdict")).to_contain_text("Not verified")
    seal_check = tv.locator('[data-testid="replay-check"][data-name="seal"]')
    expect(seal_check).to_have_attribute("data-ok", "false")
    expect(seal_check).to_contain_text(short)

    # --- /history fits a phone and a desktop screen -------------------------------------
    for viewport in (PHONE, LANDSCAPE, DESKTOP):
        page = contexts.page(viewport)
        page.goto("/history")
        expect(page.get_by_test_id("history-game-1")).to_be_visible()
        expect(page.get_by_test_id("player-card")).to_have_count(2)
        fits_sideways(page)
        if viewport == DESKTOP:
            save_screenshot(page, "history-desktop.png")
        shot(page, f"history-{viewport['width']}x{viewport['height']}.png")


def shot(page: Page, name: str) -> None:
    """Screenshots to look at while working on the page (TABLEMATE_SHOTS=DIR)."""
    folder = os.environ.get("TABLEMATE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)
