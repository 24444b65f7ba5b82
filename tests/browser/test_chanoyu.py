"""A whole first round of Chanoyu, played by three phones in a browser, watched on a TV.

Phone 1 opens the game on the front page and hosts; phones 2 and 3 join through
the QR link; the host starts. Every card then goes down, and every build is made,
through the seat pages only, as people would tap them; the table page follows
each move. The test proves that a round of ten tricks (with builds) can be played
end to end from the pages, that phones offer exactly the plays and placements the
rules allow, that the scores shown add up, and that no phone ever shows a card
from another phone's hand.
"""

from __future__ import annotations

import re
from contextlib import nullcontext
from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

from engines.chanoyu import tableau_points
from engines.chanoyu.cards import is_face, is_tsukumogami, number_of, suit_of
from testkit.device_process import DeviceProcess
from tests.browser.conftest import (
    PHONE,
    SCREEN,
    Contexts,
    continue_summary_on_phones,
    drawer_opened,
    save_screenshot,
)
from tests.browser.test_cena_deal import SEEN_HAND_CARDS, WATCH_HAND_CARDS, join_by_qr_link

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

PLAYERS = 3
NAMES = ["Ana", "Bo", "Cy"]
TRICKS = 10
MAX_PLACED_PER_BUILD = 2  # then "Done": so both ways of ending a build are used


@dataclass
class Phone:
    page: Page
    name: str
    seat: int
    token: str = ""

    def by(self, testid: str) -> Locator:
        return self.page.get_by_test_id(testid)

    def cards(self, testid: str, **attrs: str) -> list[str]:
        selector = f'[data-testid="{testid}"]' + "".join(f'[{k}="{v}"]' for k, v in attrs.items())
        return [str(c.get_attribute("data-card")) for c in self.page.locator(selector).all()]

    def seen_hand_cards(self) -> set[str]:
        return {entry.split("|")[1] for entry in self.page.evaluate(SEEN_HAND_CARDS)}


def open_game(page: Page, name: str) -> None:
    """The front page, with the table idle: open a 3-player Chanoyu game."""
    page.goto("/")
    page.get_by_test_id("new-game-toggle").click()  # one tap away
    page.get_by_test_id("setup-game").select_option("chanoyu")
    page.get_by_test_id("setup-players").select_option(str(PLAYERS))
    page.get_by_test_id("new-name").fill(name)
    page.get_by_test_id("new-open").click()
    expect(page).to_have_url(re.compile(r"/host$"))


def allowed_plays(hand: list[str], lead_suit: str | None) -> list[str]:
    """The rules, restated: follow the led suit if you can, else play anything."""
    following = [card for card in hand if lead_suit and suit_of(card) == lead_suit]
    return following or hand


def step_of(state: dict) -> str:
    """The turn banner's data-step for a state: it changes with every accepted action."""
    build = state["build"]
    placed = "" if build is None else str(len(build["placed"]))
    trick = state["trick"]
    return f"{state['round']}.{trick['number']}.{len(trick['cards'])}.{placed}.{state['phase']}"


def offered_placement(builder: int, action: dict) -> tuple:
    """An engine placement as the build screen offers it: (card, seat, value, end)."""
    return (
        action["card"],
        action.get("seat", builder),
        action.get("value", number_of(action["card"])),
        action.get("at", ""),
    )


def target_of(target: Locator) -> tuple:
    return (
        target.get_attribute("data-card"),
        int(str(target.get_attribute("data-seat"))),
        int(str(target.get_attribute("data-value"))),
        target.get_attribute("data-at"),
    )


def test_three_phones_play_a_whole_round(device: DeviceProcess, contexts: Contexts) -> None:
    # --- a game opens, people join, the host starts ----------------------------------
    host_page = contexts.page(PHONE, init_script=WATCH_HAND_CARDS)
    open_game(host_page, NAMES[0])
    table = contexts.page(SCREEN, init_script=WATCH_HAND_CARDS)
    table.goto("/table")
    code = table.get_by_test_id("room-code").inner_text().strip()
    phones = [Phone(host_page, NAMES[0], 0)]
    for seat in (1, 2):
        page = contexts.page(PHONE, init_script=WATCH_HAND_CARDS)
        join_by_qr_link(page, code, NAMES[seat])
        phones.append(Phone(page, NAMES[seat], seat))
    host_page.get_by_test_id("host-start").click()
    expect(host_page).to_have_url(re.compile(r"/seat$"))
    for phone in phones:
        expect(phone.by("hand-card")).to_have_count(5)
        phone.token = phone.page.evaluate("localStorage.getItem('tablemate.token')")

    # The first host is seat 0, so seat 2 (its right neighbour) leads the first trick.
    banner = table.get_by_test_id("turn")
    expect(banner).to_have_attribute("data-turn", "2")
    expect(banner).to_have_text(f"{NAMES[2]} leads")
    expect(table.get_by_test_id("round-info")).to_contain_text(
        f"Round 1 · hosted by {NAMES[0]} · trick 1 of 10"
    )

    # --- ten tricks and their builds, each tapped on the phone whose turn it is -------
    held: list[set[str]] = [set() for _ in phones]  # every card each seat held this round
    plays = placed = reloaded = 0
    for _ in range(200):
        public = device.get("/api/state")
        if public["round"] > 1 or public["phase"] == "over":
            break
        states = [device.get("/api/state", token=phone.token) for phone in phones]
        for seat, state in enumerate(states):
            held[seat] |= set(state["hand"])
        # Every page has drawn this state: the TV and all three phones.
        step = step_of(public)
        seat = public["to_act"][0]
        expect(banner).to_have_attribute("data-step", step)
        expect(banner).to_have_attribute("data-turn", str(seat))
        phone, mine = phones[seat], states[seat]
        for other in phones:
            expect(other.by("turn")).to_have_attribute("data-step", step)
            expect(other.by("turn")).to_have_attribute("data-mine", str(other is phone).lower())

        if public["phase"] == "play":
            # Exactly the cards the rules allow can be tapped.
            hand = phone.cards("hand-card")
            assert hand == mine["hand"]
            legal = phone.cards("hand-card", **{"data-legal": "true"})
            assert legal == allowed_plays(hand, public["trick"]["lead_suit"])
            expect(phone.page.locator('[data-testid="hand-card"]:enabled')).to_have_count(
                len(legal)
            )
            card = legal[0]
            phone.page.locator(f'[data-testid="hand-card"][data-card="{card}"]').click()
            plays += 1
            expect(banner).not_to_have_attribute("data-step", step)
            if device.get("/api/state")["round"] == 1:
                # The TV shows the card: in the seat's trick slot, or in the last trick.
                expect(table.locator(f'[data-card="{card}"]').first).to_be_visible()
            continue

        # --- the build: the winner's phone offers exactly the legal placements -------
        build = public["build"]
        panel = phone.by("build")
        expect(panel).to_be_visible()
        if not reloaded:
            phone.page.reload()  # a phone that sleeps mid-build finds its build again
            expect(phone.by("build")).to_be_visible()
            reloaded += 1
        places = [a for a in mine["legal"] if a["type"] == "place"]
        fitting = sorted({a["card"] for a in places})
        assert sorted(phone.cards("build-card", **{"data-fits": "true"})) == fitting
        done = phone.by("build-done")
        if not fitting or len(build["placed"]) >= MAX_PLACED_PER_BUILD:
            expect(done).to_be_visible()
            done.click()
        else:
            # Prefer a face card or a Tsukumogami: they name the value they stand for.
            card = next((c for c in fitting if is_face(c) or is_tsukumogami(c)), fitting[0])
            phone.page.locator(f'[data-testid="build-card"][data-card="{card}"]').click()
            targets = phone.page.locator(f'[data-testid="build-target"][data-card="{card}"]')
            expect(targets.first).to_be_visible()
            own_empty = not public["tableaux"][seat]
            expected = {
                offered_placement(seat, a)
                for a in places
                if a["card"] == card and not (own_empty and a.get("at") == "right")
            }
            offered = [target_of(t) for t in targets.all()]
            # A Tsukumogami's places show one tableau at a time: each other one opens
            # with its "+…" and offers its own.
            openers = phone.page.locator('[data-testid="build-open"]')
            for owner in [o.get_attribute("data-seat") for o in openers.all()]:
                openers.and_(phone.page.locator(f'[data-seat="{owner}"]')).click()
                shown = targets.and_(phone.page.locator(f'[data-seat="{owner}"]'))
                expect(shown.first).to_be_visible()
                offered += [target_of(t) for t in shown.all()]
            assert len(offered) == len(expected) and set(offered) == expected
            if len(build["placed"]) == 0 and build["may_stop"] is False:
                expect(done).to_have_count(0)
            if is_face(card) or is_tsukumogami(card):
                save_screenshot(phone.page, "web-chanoyu-build.png", full_page=True)
            chosen = targets.last if is_face(card) or is_tsukumogami(card) else targets.first
            _, owner, value, _ = target_of(chosen)
            chosen.click()
            placed += 1
            tableau = table.locator(f'[data-testid="tableau"][data-seat="{owner}"]')
            expect(banner).not_to_have_attribute("data-step", step)
            if device.get("/api/state")["round"] == 1:
                expect(tableau).to_have_attribute("data-values", re.compile(rf"(^| ){value}( |$)"))
                if not is_face(card) and not is_tsukumogami(card):
                    continue
                # A face card or Tsukumogami shows the value it stands for.
                stands = tableau.locator(f'[data-card="{card}"] [data-testid="stands-for"]')
                expect(stands).to_have_text(f"= {value}")
                save_screenshot(table, "web-chanoyu-table.png")
            continue
        expect(banner).not_to_have_attribute("data-step", step)
    else:
        raise AssertionError("the round did not end")

    # --- the round is over: 10 tricks were played, with builds --------------------------
    final = device.get("/api/state")
    assert plays == PLAYERS * TRICKS
    assert placed > 0 and reloaded == 1
    (scored,) = final["round_scores"]
    values = [[slot["value"] for slot in row] for row in scored["tableaux"]]
    assert scored["points"] == [tableau_points(v) for v in values]
    # Each phone reads the round's summary and continues, then looks in its drawer.
    continue_summary_on_phones(device, {phone.seat: phone.page for phone in phones})
    for page in [table, *(phone.page for phone in phones)]:
        # On a phone the scores sit in the drawer, one tap on Scores away.
        with drawer_opened(page) if page is not table else nullcontext():
            row = page.locator('[data-testid="round-score"][data-round="1"]')
            expect(row).to_be_visible()
            cells = row.locator("td.num").all()
            assert [int(str(c.text_content())) for c in cells] == scored["points"]
            for seat, total in enumerate(final["scores"]):
                score = page.locator(f'[data-testid="score"][data-seat="{seat}"]')
                expect(score).to_have_text(str(total))
    if final["phase"] == "over":
        expect(table.get_by_test_id("result")).to_be_visible()
    else:
        expect(table.get_by_test_id("round-info")).to_contain_text("Round 2")
        for phone in phones:
            expect(phone.by("hand-card")).to_have_count(5)
            held[phone.seat] |= set(phone.cards("hand-card"))

    # --- no phone ever showed a card from someone else's hand ---------------------------
    assert not table.evaluate(SEEN_HAND_CARDS), "the table page drew hand cards"
    for phone in phones:
        strangers = phone.seen_hand_cards() - held[phone.seat]
        assert not strangers, f"{phone.name} showed others' cards: {strangers}"


def test_the_score_sheet_takes_a_round_card_by_card_and_a_correction(
    device: DeviceProcess, contexts: Contexts
) -> None:
    page = contexts.page(PHONE)
    page.goto("/companion/chanoyu")
    by = page.get_by_test_id
    by("sheet-players").select_option("3")
    for seat, name in enumerate(NAMES):
        page.locator(f'[data-testid="sheet-name"][data-seat="{seat}"]').fill(name)
    by("sheet-host").select_option("1")
    by("sheet-start").click()
    expect(by("sheet-outcome")).to_contain_text(f"Round 1 is hosted by {NAMES[1]}")

    def pick(seat: int, card: str, value: int | None = None) -> None:
        tableau = page.locator(f'[data-testid="sheet-tableau"][data-seat="{seat}"]')
        edit = tableau.get_by_test_id("sheet-edit")
        if edit.count():
            edit.click()
        tableau.locator(f'[data-testid="sheet-pick"][data-card="{card}"]').click()
        if value is not None:
            expect(by("sheet-value-chooser")).to_contain_text("stands for")
            by("sheet-value-chooser").locator(f'[data-value="{value}"]').click()

    # Ana: 3, 4 and a queen standing for 5; cards sort themselves by value.
    for card in ("4S", "3S"):
        pick(0, card)
    pick(0, "QH", 5)
    ana = page.locator('[data-testid="sheet-tableau"][data-seat="0"]')
    expect(ana).to_have_attribute("data-values", "3 4 5")
    pick(1, "T1", 9)
    bo = page.locator('[data-testid="sheet-tableau"][data-seat="1"]')
    # A card in another tableau, or a value this tableau holds, cannot be picked again.
    expect(bo.locator('[data-testid="sheet-pick"][data-card="3S"]')).to_be_disabled()
    expect(bo.locator('[data-testid="sheet-pick"][data-card="9H"]')).to_be_disabled()
    pick(1, "10D")
    for card in ("AC", "2C"):
        pick(2, card)
    by("sheet-save").click()

    row = page.locator('[data-testid="sheet-round-row"][data-round="1"]')
    expect(row).to_be_visible()
    points = [tableau_points(v) for v in ([3, 4, 5], [9, 10], [1, 2])]
    assert [int(c.inner_text()) for c in row.locator("td.num").all()] == points == [5, 3, 3]
    expect(by("sheet-outcome")).to_contain_text(f"Round 2 is hosted by {NAMES[0]}")
    save_screenshot(page, "web-chanoyu-sheet.png", full_page=True)

    # Correct round 1: take the queen out of Ana's tableau.
    by("sheet-round").select_option("1")
    expect(ana).to_have_attribute("data-values", "3 4 5")
    ana.locator('[data-testid="sheet-slot"][data-card="QH"]').click()
    expect(ana).to_have_attribute("data-values", "3 4")
    by("sheet-save").click()
    expect(by("sheet-corrections")).to_contain_text("5 / 3 / 3 became 3 / 3 / 3")
    expect(page.locator('[data-testid="sheet-total"][data-seat="0"]')).to_have_text("3")
    # Everyone ties on 3: the seat closest to the right of host Bo (Ana) hosts next.
    expect(by("sheet-outcome")).to_contain_text(f"Round 2 is hosted by {NAMES[0]}")
    sheet = device.get("/api/companion/chanoyu")
    assert sheet["totals"] == [3, 3, 3] and len(sheet["corrections"]) == 1
