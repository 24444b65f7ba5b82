"""A whole first Céna deal, played by three phones in a browser, watched on a TV.

Phone 1 opens the game on the front page and hosts; phones 2 and 3 join through
the QR link; the host starts. Every card then goes down through the seat pages
only, as people would tap them, and the table page follows each one. The test
proves that a deal can be played end to end from the pages, that the scores the
pages show add up, and that no phone ever shows a card from another phone's hand.
"""

from __future__ import annotations

import re
from contextlib import nullcontext
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Locator, Page, expect

from engines.cena.objectives import matches
from testkit.device_process import DeviceProcess
from tests.browser.conftest import (
    PHONE,
    SCREEN,
    Contexts,
    continue_summary_on_phones,
    drawer_opened,
    save_screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

PLAYERS = 3
HAND = 12  # cards per hand with three players
PLAYS = PLAYERS * HAND
RELOAD_AT = 19  # the play (counting from 0) before which the phone to act reloads
SCREENSHOT_AT = 10  # trick 4, one card down: the seat page mid-trick
NAMES = ["Ana", "Bo", "Cy"]

# Runs in every page before its own scripts: notes each card code ever drawn as a
# hand card, with the deal it was drawn in (the hand's data-deal, drawn with the cards),
# in sessionStorage (so a reload keeps the record).
WATCH_HAND_CARDS = """
(() => {
  const KEY = "tablemate.test.handCards";
  let seen;
  try { seen = new Set(JSON.parse(sessionStorage.getItem(KEY) || "[]")); } catch { return; }
  const note = (node) => {
    const deal = node.closest("[data-deal]")?.getAttribute("data-deal") ?? "?";
    seen.add(`${deal}|${node.getAttribute("data-card")}`);
  };
  const scan = (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (node.matches('[data-testid="hand-card"]')) note(node);
    node.querySelectorAll('[data-testid="hand-card"]').forEach(note);
  };
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === "attributes") scan(m.target);
      else m.addedNodes.forEach(scan);
    }
    sessionStorage.setItem(KEY, JSON.stringify([...seen]));
  }).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-card"],
  });
})();
"""
SEEN_HAND_CARDS = "JSON.parse(sessionStorage.getItem('tablemate.test.handCards') || '[]')"


@dataclass
class Phone:
    page: Page
    name: str
    seat: int
    hands: dict[int, list[str]] = field(default_factory=dict)  # deal -> cards dealt
    played: int = 0

    def by(self, testid: str) -> Locator:
        return self.page.get_by_test_id(testid)

    def hand_cards(self) -> list[str]:
        return [str(c.get_attribute("data-card")) for c in self.by("hand-card").all()]

    def seen_hand_cards(self) -> set[tuple[str, str]]:
        """(deal, card) for each card drawn in the hand ("?": a card of no deal)."""
        seen = set()
        for entry in self.page.evaluate(SEEN_HAND_CARDS):
            deal, card = entry.split("|")
            seen.add((deal, card))
        return seen


def public_cards(page: Page) -> Locator:
    return page.locator('[data-testid="public-cards"] [data-card]')


def suit(card: str) -> str:
    return card[0]


def open_game(page: Page, name: str) -> None:
    """The front page, with the table idle: open a 3-player Céna game."""
    page.goto("/")
    page.get_by_test_id("new-game-toggle").click()  # one tap away
    page.get_by_test_id("setup-game").select_option("cena")
    page.get_by_test_id("setup-players").select_option(str(PLAYERS))
    page.get_by_test_id("new-name").fill(name)
    page.get_by_test_id("new-open").click()
    expect(page).to_have_url(re.compile(r"/host$"))
    expect(page.get_by_test_id("host-settings")).to_be_visible()


def join_by_qr_link(page: Page, code: str, name: str) -> None:
    page.goto(f"/J/{code}")  # what the box's QR code encodes: upper case
    expect(page.get_by_test_id("join-room")).to_have_text(code)
    expect(page.get_by_test_id("join-code")).to_have_value(code)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-submit").click()
    expect(page).to_have_url(re.compile(r"/seat$"))


def reveal_first_three(phone: Phone, *, last: bool) -> list[str]:
    """Tap three cards, then Reveal. They stay locked (and hidden from others) until
    the last player reveals, which starts the play."""
    cards = phone.by("hand-card")
    chosen = [str(cards.nth(i).get_attribute("data-card")) for i in range(3)]
    for i in range(3):
        expect(phone.by("reveal")).to_have_text(f"Reveal {i}/3 cards")
        expect(phone.by("reveal")).to_be_disabled()
        cards.nth(i).click()
    expect(phone.by("reveal")).to_have_text("Reveal 3/3 cards")
    phone.by("reveal").click()
    if last:
        expect(phone.by("turn")).to_have_attribute("data-turn", re.compile(r"^\d$"))
    else:
        expect(phone.by("reveal-locked")).to_be_visible()
        # Issue 28: while Undo is offered the cards are chosen, not "locked in".
        undo = phone.by("take-back-undo")
        expect(undo).to_be_visible()
        expect(phone.by("reveal-locked")).to_have_attribute("data-undoable", "true")
        expect(phone.by("reveal-locked")).not_to_contain_text("locked in")
        expect(phone.by("reveal-locked")).to_contain_text("take them back")
        locked = phone.page.locator('[data-testid="hand-card"].locked')
        assert sorted(str(c.get_attribute("data-card")) for c in locked.all()) == sorted(chosen)
    return chosen


def deal_row_numbers(row: Locator) -> tuple[list[int], list[int]]:
    """(alliance scores, seat scores) as a deal-score row shows them."""
    alliances = [int(n) for n in re.findall(r"-?\d+", str(row.locator("small").text_content()))]
    seats = [int(str(cell.text_content())) for cell in row.locator("td.num").all()]
    return alliances, seats


def test_three_phones_play_a_whole_deal(device: DeviceProcess, contexts: Contexts) -> None:
    # --- a game opens, people join, the host starts --------------------------------
    host_page = contexts.page(PHONE, init_script=WATCH_HAND_CARDS)
    open_game(host_page, NAMES[0])

    table = contexts.page(SCREEN, init_script=WATCH_HAND_CARDS)
    table.goto("/table")
    expect(table.get_by_test_id("join-qr")).to_be_visible()
    code = table.get_by_test_id("room-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z]{4}", code), code

    phones = [Phone(host_page, NAMES[0], 0)]
    for seat in (1, 2):
        page = contexts.page(PHONE, init_script=WATCH_HAND_CARDS)
        join_by_qr_link(page, code, NAMES[seat])
        phones.append(Phone(page, NAMES[seat], seat))
    for phone in phones[1:]:
        expect(phone.by("seat-name")).to_have_text(f"{phone.name} · seat {phone.seat + 1}")
        expect(phone.by("lobby")).to_be_visible()
    expect(table.locator('[data-testid="lobby-seat"][data-taken="true"]')).to_have_count(PLAYERS)

    start = host_page.get_by_test_id("host-start")
    expect(start).to_have_text("Start the game")
    start.click()
    expect(host_page).to_have_url(re.compile(r"/seat$"))
    expect(phones[0].by("seat-name")).to_have_text(f"{NAMES[0]} · seat 1")
    expect(phones[0].by("host-link")).to_be_visible()
    for phone in phones[1:]:
        expect(phone.by("host-link")).to_have_count(0)

    # --- the deal: each phone holds its own 12 cards, nothing is public yet ---------
    for phone in phones:
        expect(phone.by("hand-card")).to_have_count(HAND)
        phone.hands[1] = phone.hand_cards()
    dealt = [card for phone in phones for card in phone.hands[1]]
    assert len(set(dealt)) == PLAYERS * HAND, "hands overlap"
    objective = device.get("/api/state")["objective"]  # the public view, for the sums
    # Pages write the penalty with a true minus sign (−10), the engine's English text a hyphen.
    shown = objective["text"].replace("-", "\u2212")
    expect(table.get_by_test_id("objective")).to_have_text(f"Objective: {shown}")

    every_page = [table] + [phone.page for phone in phones]
    for page in every_page:
        expect(page.get_by_test_id("public-cards")).to_have_count(PLAYERS)
        expect(public_cards(page)).to_have_count(0)
    for phone in phones:
        expect(phone.by("turn")).to_have_attribute("data-mine", "true")

    chosen: dict[int, list[str]] = {}
    for phone in phones[:2]:
        chosen[phone.seat] = reveal_first_three(phone, last=False)
        expect(phone.by("turn")).to_have_attribute("data-mine", "false")
    # Two of three have chosen: every page knows (it waits for Cy alone), none shows a card.
    expect(table.get_by_test_id("turn")).to_have_text(
        f"Choosing public cards: waiting for {NAMES[2]}"
    )
    for phone in phones[:2]:
        expect(phone.by("turn")).to_have_text(f"Choosing public cards: waiting for {NAMES[2]}")
    for page in every_page:
        expect(public_cards(page)).to_have_count(0)
    chosen[2] = reveal_first_three(phones[2], last=True)

    # Everyone has chosen: all public cards show at once, everywhere.
    for page in every_page:
        for seat in range(PLAYERS):
            shown = page.locator(f'[data-testid="public-cards"][data-seat="{seat}"] [data-card]')
            expect(shown).to_have_count(3)
            assert sorted(str(c.get_attribute("data-card")) for c in shown.all()) == sorted(
                chosen[seat]
            )

    # --- 36 plays, each tapped on the phone whose turn it is -------------------------
    table_turn = table.get_by_test_id("turn")
    expect(table_turn).to_have_attribute("data-turn", re.compile(r"^\d$"))
    trick: list[tuple[str, int]] = []  # (card, placed before seat) this trick
    won: list[list[str]] = [[] for _ in range(PLAYERS)]  # cards won per alliance
    token_before_reload = ""
    retapped = False  # a card asking where, tapped again once (kept in hand)
    for play in range(PLAYS):
        seat = int(str(table_turn.get_attribute("data-turn")))
        phone = phones[seat]
        for other in phones:
            mine = "true" if other is phone else "false"
            expect(other.by("turn")).to_have_attribute("data-mine", mine)
        expect(phone.by("hand-card")).to_have_count(HAND - phone.played)

        if play == RELOAD_AT:
            token_before_reload = phone.page.evaluate("localStorage.getItem('tablemate.token')")
            phone.page.reload()
            expect(phone.by("seat-name")).to_have_text(f"{phone.name} · seat {phone.seat + 1}")
            expect(phone.by("turn")).to_have_attribute("data-mine", "true")
            expect(phone.by("hand-card")).to_have_count(HAND - phone.played)
            played_cards = {card for card, _ in trick} | {c for cards in won for c in cards}
            assert phone.hand_cards() == [c for c in phone.hands[1] if c not in played_cards]
            assert phone.page.evaluate("localStorage.getItem('tablemate.token')") == (
                token_before_reload
            )

        # Only legal cards can be tapped: the lead suit when the hand holds it.
        legal = phone.page.locator('[data-testid="hand-card"][data-legal="true"]')
        expect(legal.first).to_be_enabled()
        hand = phone.hand_cards()
        legal_cards = [str(c.get_attribute("data-card")) for c in legal.all()]
        if trick and any(suit(c) == suit(trick[0][0]) for c in hand):
            assert legal_cards == [c for c in hand if suit(c) == suit(trick[0][0])]
        else:
            assert legal_cards == hand
        expect(
            phone.page.locator('[data-testid="hand-card"][data-legal="false"]:enabled')
        ).to_have_count(0)

        if play == SCREENSHOT_AT:
            save_screenshot(phone.page, "web-seat.png", full_page=True)
            save_screenshot(table, "web-table.png")

        card = legal_cards[0]
        legal.first.click()
        free = [s for s in range(PLAYERS) if s not in {to for _, to in trick}]
        if len(free) > 1:
            # The places are the free seats' trick slots, each a button over its slot.
            places = phone.by("place")
            expect(places).to_have_count(len(free))
            assert sorted(int(str(p.get_attribute("data-to"))) for p in places.all()) == free
            slots = phone.page.locator("[data-testid=trick-slot]:has([data-testid=place])")
            assert sorted(int(str(s.get_attribute("data-seat"))) for s in slots.all()) == free
            if not retapped:
                # The card tapped again stays in hand: no places, then asked again.
                retapped = True
                legal.first.click()
                expect(places).to_have_count(0)
                expect(phone.by("hand-card")).to_have_count(HAND - phone.played)
                legal.first.click()
                expect(places).to_have_count(len(free))
            to = int(str(places.first.get_attribute("data-to")))
            places.first.click()
        else:
            expect(phone.by("place")).to_have_count(0)
            to = free[0]
        phone.played += 1
        trick.append((card, to))

        # The TV follows: the card lies before its seat, or the trick was taken.
        if len(trick) < PLAYERS:
            slot = table.locator(f'[data-testid="trick-slot"][data-seat="{to}"]')
            expect(slot).to_have_attribute("data-card", card)
        elif play < PLAYS - 1:
            last = table.get_by_test_id("last-trick")
            for taken, _ in trick:
                expect(last.locator(f'[data-card="{taken}"]')).to_have_count(1)
            alliance = int(str(last.get_attribute("data-alliance")))
            won[alliance] += [taken for taken, _ in trick]
            expect(table.locator('[data-testid="trick-slot"][data-card=""]')).to_have_count(PLAYERS)
            trick = []
        else:
            # The deal's last trick: the deal is scored and the next one dealt.
            expect(table.get_by_test_id("deal-info")).to_contain_text("Deal 2 of 3")
            expect(table.get_by_test_id("last-trick")).to_have_count(0)
    assert token_before_reload, "the reload never happened"
    assert retapped, "no card asked where it goes"

    # --- the deal is scored, the same everywhere, and it adds up ----------------------
    # Each phone reads the deal's summary and continues, then looks in its drawer.
    continue_summary_on_phones(device, {phone.seat: phone.page for phone in phones})
    rows = []
    for page in every_page:
        # On a phone the scores sit in the drawer, one tap on Scores away.
        with drawer_opened(page) if page is not table else nullcontext():
            row = page.locator('[data-testid="deal-score"][data-deal="1"]')
            expect(row).to_be_visible()
            rows.append(deal_row_numbers(row))
    assert all(numbers == rows[0] for numbers in rows), rows
    alliances, seats = rows[0]
    assert len(alliances) == PLAYERS and len(seats) == PLAYERS
    for s in range(PLAYERS):
        # Seat s sits in alliance s (with its left neighbour) and s-1 (its right).
        assert seats[s] == alliances[s] + alliances[(s - 1) % PLAYERS], (alliances, seats)
    # The 11 tricks the TV showed being taken, plus the last one (whichever alliance
    # took it), give each alliance 1 point a card minus the objective's penalties.
    last_cards = [card for card, _ in trick]
    assert sum(map(len, won)) + len(last_cards) == PLAYS

    def score(cards: list[str]) -> int:
        return len(cards) - objective["penalty"] * sum(matches(c, objective) for c in cards)

    possible = [
        [score(cards + last_cards) if k == winner else score(cards) for k, cards in enumerate(won)]
        for winner in range(PLAYERS)
    ]
    assert alliances in possible, (alliances, possible)
    for page in every_page:
        with drawer_opened(page) if page is not table else nullcontext():
            for s in range(PLAYERS):
                expect(page.locator(f'[data-testid="score"][data-seat="{s}"]')).to_have_text(
                    str(seats[s])
                )

    # --- no phone ever showed a card from someone else's hand --------------------------
    for phone in phones:
        with drawer_opened(phone.page):
            expect(phone.by("deal-info")).to_contain_text("Deal 2 of 3")
        expect(phone.by("hand-card")).to_have_count(HAND)  # deal 2 is dealt
        phone.hands[2] = phone.hand_cards()
    assert not table.evaluate(SEEN_HAND_CARDS), "the table page drew hand cards"
    for phone in phones:
        seen = phone.seen_hand_cards()
        assert {deal for deal, _ in seen} <= {"1", "2"}, seen
        for deal in (1, 2):
            strangers = {card for d, card in seen if d == str(deal)} - set(phone.hands[deal])
            assert not strangers, f"{phone.name} showed others' cards in deal {deal}: {strangers}"
        assert {card for d, card in seen if d == "1"} == set(phone.hands[1])
