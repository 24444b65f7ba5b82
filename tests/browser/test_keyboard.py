"""Playing by keyboard alone, and reading a waiting hand (issue 27).

* A Céna turn and a Sàrénà move played with Tab, Enter and the arrow keys only: the
  skip link leads from the header to the hand in two Tab stops, and after every
  update (this player's move, the others' moves) focus is still in the hand, on the
  same card or the next sensible control, never back on <body>.
* A waiting player's own hand keeps its text at 4.5:1 or more against what is
  behind it, with every opacity on the way applied.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from testkit.device_process import DeviceProcess, play_first_legal, seat_players
from tests.browser.conftest import PHONE, Contexts, asks_where

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

NEWER = "(v) => fetch('/api/status').then((r) => r.json()).then((s) => s.version > v)"
PLAYABLE_CARD = "[data-testid=hand-card]:not(:disabled)"
FOCUS_IN_HAND = "document.activeElement && document.activeElement.closest('#hand') !== null"


def seat_page(contexts: Contexts, token: str) -> Page:
    page = contexts.page(
        PHONE, init_script=f"localStorage.setItem('tablemate.token', {json.dumps(token)})"
    )
    page.goto("/seat")
    page.get_by_test_id("turn").first.wait_for()
    return page


def tabs_until(page: Page, selector: str, most: int = 80) -> int:
    """Tab presses from where focus is until it lands on `selector`."""
    for count in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(sel) => document.activeElement?.matches(sel) ?? false", selector):
            return count
    raise AssertionError(f"{selector} not reached in {most} Tab stops")


def via_skip_link(page: Page, selector: str) -> int:
    """The skip link, Enter, then Tab stops to `selector`; returns the Tab stops."""
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "hand"
    return 1 + tabs_until(page, selector)


def version(page: Page) -> int:
    return int(page.evaluate("fetch('/api/status').then((r) => r.json()).then((s) => s.version)"))


def focus_stays_after(page: Page, device: DeviceProcess, tokens: list[str], moves: int) -> None:
    """Others move through the box, one by one; focus stays in the hand after each."""
    for _ in range(moves):
        state = device.get("/api/state")
        if page.evaluate("document.querySelector('[data-testid=turn]').dataset.mine") == "true":
            return
        before = state["table"]["version"]
        play_first_legal(device, tokens)
        page.wait_for_function(NEWER, arg=before)
        page.wait_for_timeout(600)  # the stream's redraw
        assert page.evaluate(FOCUS_IN_HAND), "focus left the hand after another player moved"


def test_a_cena_turn_by_keyboard(device: DeviceProcess, contexts: Contexts) -> None:
    tokens = seat_players(device, "cena", 3)
    for _ in range(3):  # every seat reveals its public cards
        play_first_legal(device, tokens)
    seat = device.get("/api/state")["to_act"][0]
    page = seat_page(contexts, tokens[seat])
    expect(page.locator(PLAYABLE_CARD).first).to_be_visible()
    without = tabs_until(page, PLAYABLE_CARD)
    page.reload()
    page.locator(PLAYABLE_CARD).first.wait_for()
    with_skip = via_skip_link(page, PLAYABLE_CARD)
    print(f"Céna: Tab stops to the first playable card: {without}, by the skip link {with_skip}")
    assert with_skip == 2
    card = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    if asks_where(page, card):
        # The card is the pressed one; the seats are the group to choose from, and
        # focus is on the first seat's trick slot to place it before.
        picked = page.locator(f'#hand [data-card="{card}"]')
        expect(picked).to_have_attribute("aria-pressed", "true")
        expect(page.locator("[data-testid=seats][data-placing]")).to_have_attribute("role", "group")
        expect(page.get_by_test_id("place").first).to_be_focused()
        # Escape keeps it in hand, focus back on it; Enter asks again.
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("place")).to_have_count(0)
        expect(picked).not_to_have_attribute("aria-pressed", "true")
        expect(picked).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("place").first).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(0)
    page.wait_for_timeout(600)
    assert page.evaluate(FOCUS_IN_HAND), "focus left the hand after the move: " + page.evaluate(
        "document.activeElement?.outerHTML.slice(0, 200)"
    )
    focus_stays_after(page, device, tokens, moves=4)
    # The live region said whose turn it is: one region, still the same element.
    assert page.locator("[role=status][aria-live]").count() == 1


def test_a_sarena_move_by_keyboard(device: DeviceProcess, contexts: Contexts) -> None:
    tokens = seat_players(device, "sarena", 3)
    seat = device.get("/api/state")["to_act"][0]
    page = seat_page(contexts, tokens[seat])
    movable = "[data-testid=spot][data-source=true]"
    page.locator(movable).first.wait_for()
    without = tabs_until(page, movable)
    page.reload()
    page.locator(movable).first.wait_for()
    with_skip = via_skip_link(page, movable)
    print(f"Sàrénà: Tab stops to the first movable pile: {without}, by the skip link {with_skip}")
    assert with_skip == 2
    # Arrow keys walk the board and come back; Enter picks the pile, focus stays on it.
    start = page.evaluate("document.activeElement.dataset.square")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.square") != start
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.square") == start
    page.keyboard.press("Enter")
    square = page.locator(f'[data-testid=spot][data-square="{start}"]')
    expect(square).to_have_attribute("aria-pressed", "true")
    expect(square).to_be_focused()
    tabs_until(page, "[data-testid=move-to]")
    to = page.evaluate("document.activeElement.dataset.to")
    page.keyboard.press("Enter")
    expect(square).to_have_attribute("data-height", "0")
    # Focus followed the pile to its new circle.
    expect(page.locator(f'[data-testid=spot][data-square="{to}"]')).to_be_focused()
    focus_stays_after(page, device, tokens, moves=2)
    assert page.locator("[role=status][aria-live]").count() == 1


# The lowest contrast of any text in the seat's hand, each colour composited with the
# opacity of every element above it, against the colour behind it (likewise).
HAND_CONTRAST = """(selector) => {
  const rgba = (c) => {
    const n = c.match(/[\\d.]+/g).map(Number);
    return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1];
  };
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const over = (top, a, under) => top.slice(0, 3).map((v, i) => v * a + under[i] * (1 - a));
  const opacityFrom = (node) => {
    let a = 1;
    for (let n = node; n; n = n.parentElement) a *= Number(getComputedStyle(n).opacity);
    return a;
  };
  const page = rgba(getComputedStyle(document.documentElement).backgroundColor);
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.textContent.trim() || el.closest('.sr-only') || !el.getClientRects().length) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    let back = el;
    while (back && rgba(getComputedStyle(back).backgroundColor)[3] === 0) back = back.parentElement;
    const bgColour = back ? rgba(getComputedStyle(back).backgroundColor) : page;
    const aBack = back ? opacityFrom(back) : 1;
    const behind = over(bgColour, aBack * bgColour[3], page);
    const fg = rgba(getComputedStyle(el).color);
    const text = over(fg, fg[3] * opacityFrom(el) / aBack, behind);
    const [hi, lo] = [lum(text), lum(behind)].sort((x, y) => y - x);
    const ratio = (hi + 0.05) / (lo + 0.05);
    found.push({text: el.textContent.trim(), ratio, disabled: Boolean(el.closest(':disabled'))});
  }
  return found;
}"""

HAND_TEXT = "#hand .hand .card span, #hand .lz-hand .lz-piece span"


@pytest.mark.parametrize(("game", "players"), [("cena", 3), ("chanoyu", 3), ("lauzait", 3)])
def test_a_waiting_hand_stays_readable(
    game: str, players: int, device: DeviceProcess, contexts: Contexts
) -> None:
    # The seat that waits (every card of its hand unplayable now) and the seat to act
    # (its cards that cannot be played this turn): every word of the hand at 4.5:1.
    tokens = seat_players(device, game, players)
    for _ in range(players + 1):
        play_first_legal(device, tokens)
    to_act = device.get("/api/state")["to_act"]
    waiting = next(s for s in range(players) if s not in to_act)
    lowest: dict[str, float] = {}
    for role, seat in (("waiting", waiting), ("to act", to_act[0])):
        page = seat_page(contexts, tokens[seat])
        page.locator(HAND_TEXT).first.wait_for()
        page.wait_for_timeout(300)
        found = page.evaluate(HAND_CONTRAST, HAND_TEXT)
        assert found, f"{game} {role}: no text of the hand measured"
        low = [f for f in found if f["ratio"] < 4.5]
        assert not low, f"{game} {role}: {low}"
        lowest[role] = round(min(f["ratio"] for f in found), 2)
        page.close()
    print(f"{game}: the hand's lowest text contrast, opacity applied: {lowest}")
