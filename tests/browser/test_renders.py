"""One render per move (issue 28, point 10), counted by the pages themselves.

Each seat page counts its draws by region in window.__renders (js/renders.js). The
phone that moves gets the new state twice (its move's answer and the stream) and
must draw it once, its hand included; the other phones draw it once; a stick throw
or a score sheet saved on the box changes the table's version but not the game, and
redraws the sticks strip or nothing.

Before this test's change, a Céna card tapped on the mover's phone drew the page
twice and the hand four times; a stick throw or a sheet edit drew every page again.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from testkit.device_process import DeviceProcess, seat_players
from tests.browser.conftest import PHONE, Contexts, asks_where

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

PLAYERS = 3
QUIET_MS = 600  # after the expected draw, time enough for a needless second one


def renders(page: Page) -> dict[str, int]:
    counts: dict[str, int] = page.evaluate("() => ({ ...(window.__renders || {}) })")
    return counts


def drawn_since(page: Page, before: dict[str, int]) -> dict[str, int]:
    after = renders(page)
    return {
        region: n - before.get(region, 0)
        for region, n in after.items()
        if n != before.get(region, 0)
    }


def wait_for_version(pages: list[Page], version: int) -> None:
    """Every page has drawn (or skipped) the table's `version`, then stays quiet a while."""
    for page in pages:
        expect(page.get_by_test_id("seat-name")).to_be_visible()
        page.wait_for_function("(v) => window.__seenVersion >= v", arg=version)
    pages[0].wait_for_timeout(QUIET_MS)


def newer_than(device: DeviceProcess, version: int) -> int:
    """The table's version once the move sent from a page has been applied."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        now: int = device.get("/api/state")["table"]["version"]
        if now > version:
            return now
        time.sleep(0.05)
    raise AssertionError("the move never reached the box")


# Notes the newest table version each page received (the stream's state events), so the
# test knows when a page has had its chance to draw.
SEEN_VERSION = """
(() => {
  window.__seenVersion = -1;
  const Source = window.EventSource;
  window.EventSource = function (...args) {
    const source = new Source(...args);
    source.addEventListener("state", (e) => {
      window.__seenVersion = Math.max(window.__seenVersion, JSON.parse(e.data).table.version);
    });
    return source;
  };
  window.EventSource.prototype = Source.prototype;
  Object.assign(window.EventSource, { CONNECTING: 0, OPEN: 1, CLOSED: 2 });
})();
"""


def test_a_move_is_drawn_once_and_a_throw_or_sheet_edit_redraws_no_game(
    device: DeviceProcess, contexts: Contexts
) -> None:
    tokens = seat_players(device, "cena", PLAYERS)
    for token in tokens:  # the reveal, through the API: the play is what is measured
        mine = device.get("/api/state", token=token)
        device.post(
            "/api/action", {"action": {"type": "reveal", "cards": mine["hand"][:3]}}, token=token
        )
    pages = []
    for token in tokens:
        page = contexts.page(
            PHONE, init_script=SEEN_VERSION + f"localStorage.setItem('tablemate.token', '{token}');"
        )
        page.goto("/seat")
        expect(page.get_by_test_id("hand")).to_be_visible()
        pages.append(page)
    wait_for_version(pages, device.get("/api/state")["table"]["version"])

    # --- a card played on the mover's phone ---------------------------------------------
    for _ in range(3):
        state: dict[str, Any] = device.get("/api/state")
        mover = state["to_act"][0]
        phone = pages[mover]
        before = [renders(page) for page in pages]
        card = phone.locator("[data-testid=hand-card][data-legal=true]").first
        played = card.get_attribute("data-card")
        card.click()
        if asks_where(phone, str(played)):
            # The card asks where it goes (a draw of the hand): that tap sends the move.
            before[mover] = renders(phone)
            phone.get_by_test_id("place").first.click()
        wait_for_version(pages, newer_than(device, state["table"]["version"]))
        for seat, page in enumerate(pages):
            drawn = drawn_since(page, before[seat])
            assert drawn.get("page") == 1, (seat, mover, drawn)
            assert drawn.get("hand") == 1, (seat, mover, drawn)

    # --- a stick throw: only the strip --------------------------------------------------
    before = [renders(page) for page in pages]
    device.post("/api/sticks/throw", {})
    wait_for_version(pages, device.get("/api/state")["table"]["version"])
    for page, counts in zip(pages, before, strict=True):
        assert drawn_since(page, counts) == {"sticks": 1}
        expect(page.get_by_test_id("sticks-strip")).to_be_visible()

    # --- a score sheet saved on the box: nothing ------------------------------------------
    before = [renders(page) for page in pages]
    version = device.get("/api/state")["table"]["version"]
    device.post("/api/companion/chanoyu/setup", {"players": 3, "names": ["A", "B", "C"]})
    assert device.get("/api/state")["table"]["version"] > version
    wait_for_version(pages, device.get("/api/state")["table"]["version"])
    for page, counts in zip(pages, before, strict=True):
        assert drawn_since(page, counts) == {}


# Each region of the seat page as text, attributes in name order (a region redrawn in
# place may list a changed attribute last; the page shows the same).
REGIONS = """() => {
  const text = (n) => n.nodeType === 3 ? n.data : n.nodeType !== 1 ? "" :
    `<${n.tagName}${[...n.attributes].map((a) => ` ${a.name}=${JSON.stringify(a.value)}`)
      .sort().join("")}>${[...n.childNodes].map(text).join("")}</${n.tagName}>`;
  return Object.fromEntries(["header", "moments", "board-top", "hand", "take-back", "board"]
    .map((id) => [id, [...document.getElementById(id).childNodes].map(text).join("")]));
}"""


def test_a_page_redrawn_in_place_shows_what_a_fresh_page_shows(
    device: DeviceProcess, contexts: Contexts
) -> None:
    """The hand, the board's top, the drawer and the finished trick are redrawn in place
    (js/dom.js morph): the cards a move did not change are the same elements, and the
    page shows exactly what a page opened afresh on the same state shows."""
    tokens = seat_players(device, "cena", PLAYERS)
    for token in tokens:
        mine = device.get("/api/state", token=token)
        device.post(
            "/api/action", {"action": {"type": "reveal", "cards": mine["hand"][:3]}}, token=token
        )
    init = SEEN_VERSION + f"localStorage.setItem('tablemate.token', '{tokens[0]}');"
    phone = contexts.page(PHONE, init_script=init)
    phone.goto("/seat")
    expect(phone.get_by_test_id("hand")).to_be_visible()
    moves = 0
    while moves < 3:
        state: dict[str, Any] = device.get("/api/state")
        mover = state["to_act"][0]
        if mover != 0:
            mine = device.get("/api/state", token=tokens[mover])
            play = next(a for a in mine["legal"] if a["type"] == "play")
            device.post("/api/action", {"action": play}, token=tokens[mover])
            continue
        wait_for_version([phone], state["table"]["version"])
        cards = phone.locator("[data-testid=hand-card]")
        held = cards.count()
        cards.evaluate_all("(all) => all.forEach((card) => { card.__before = true; })")
        card = phone.locator("[data-testid=hand-card][data-legal=true]").first
        played = card.get_attribute("data-card")
        card.click()
        if asks_where(phone, str(played)):
            phone.get_by_test_id("place").first.click()
        wait_for_version([phone], newer_than(device, state["table"]["version"]))
        # Every card but the one played is the element it was.
        assert cards.evaluate_all("(all) => all.filter((card) => card.__before).length") == held - 1
        phone.mouse.click(1, 1)  # focus out of the hand: a fresh page has none there
        # A finished trick shows in full for the table's pause counted from when this
        # phone first showed it (js/news.js keeps that in the phone's storage): the fresh
        # page is the same phone's (its context), opened once the pause is over, so the
        # two are never either side of its end.
        expect(phone.locator("[data-testid=trick-moment][data-full=true]")).to_have_count(0)
        fresh = phone.context.new_page()
        fresh.goto("/seat")
        expect(fresh.get_by_test_id("hand")).to_be_visible()
        wait_for_version([fresh], device.get("/api/state")["table"]["version"])
        assert phone.evaluate(REGIONS) == fresh.evaluate(REGIONS)
        fresh.close()
        moves += 1
