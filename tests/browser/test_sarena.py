"""A whole Sàrénà game played by three phones in a browser, watched on a TV.

Phone 1 opens the game on the front page and hosts; phones 2 and 3 join through
the QR link. Each player holds the button to see their secret colour: it is in
the page only while held, and the hidden panel is the same on every phone. Every
move is then tapped on the board of the phone whose turn it is: a pile, then one
of the circles that light up, which must be exactly that pile's legal moves. The
table page follows each move. At the end, every page reveals the colours the
players saw, and the result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

from testkit.device_process import DeviceProcess
from tests.browser.conftest import PHONE, SCREEN, Contexts, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

PLAYERS = 3
NAMES = ["Ana", "Bo", "Cy"]
MAX_MOVES = 54  # the most a game on the standard board can last (docs/rules/sarena.md)
SCREENSHOT_AT = 6
COLOURS = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}


@dataclass
class Phone:
    page: Page
    name: str
    seat: int

    def by(self, testid: str) -> Locator:
        return self.page.get_by_test_id(testid)

    @property
    def token(self) -> str:
        return str(self.page.evaluate("localStorage.getItem('tablemate.token')"))


def spot(page: Page, square: str) -> Locator:
    return page.locator(f'[data-testid="spot"][data-square="{square}"]')


def key(square: list[int]) -> str:
    return f"{square[0]},{square[1]}"


def name_of(square: list[int]) -> str:
    return f"{chr(65 + square[0])}{square[1] + 1}"


def open_game(page: Page, name: str) -> None:
    page.goto("/")
    page.get_by_test_id("new-game-toggle").click()  # one tap away
    page.get_by_test_id("setup-game").select_option("sarena")
    page.get_by_test_id("setup-players").select_option(str(PLAYERS))
    expect(page.get_by_test_id("options-sarena")).to_be_visible()
    page.get_by_test_id("new-name").fill(name)
    page.get_by_test_id("new-open").click()
    expect(page).to_have_url(re.compile(r"/host$"))


def join_by_qr_link(page: Page, code: str, name: str) -> None:
    page.goto(f"/J/{code}")
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-submit").click()
    expect(page).to_have_url(re.compile(r"/seat$"))


def look_at_my_colour(phone: Phone, hidden_panel: str, *, tally: bool = True) -> str:
    """Hold the button, read the colour, let go; the colour is in the page only meanwhile.
    In a game the phone also tells what the colour would collect now (the tally)."""
    shown = phone.by("secret-shown")
    button = phone.by("hold-reveal")
    button.scroll_into_view_if_needed()
    assert shown.inner_html() == hidden_panel
    assert phone.page.locator("[data-testid=hold-box] [data-colour]").count() == 0
    box = button.bounding_box()
    assert box is not None
    phone.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.page.mouse.down()
    swatch = shown.locator("[data-colour]")
    expect(swatch).to_have_count(1)
    colour = str(swatch.get_attribute("data-colour"))
    expect(shown).to_contain_text(COLOURS[colour], ignore_case=True)
    if tally:
        expect(phone.by("tally")).to_be_visible()
    if phone.seat == 0:
        save_screenshot(phone.page, "web-sarena-colour.png")
    phone.page.mouse.up()
    expect(swatch).to_have_count(0)
    assert shown.inner_html() == hidden_panel, "something of the colour stayed in the page"
    assert phone.page.locator("[data-testid=tally]").count() == 0
    return colour


def test_three_phones_play_a_whole_game(device: DeviceProcess, contexts: Contexts) -> None:
    # --- a game opens, people join, the host starts --------------------------------
    host_page = contexts.page(PHONE)
    open_game(host_page, NAMES[0])
    table = contexts.page(SCREEN)
    table.goto("/table")
    code = table.get_by_test_id("room-code").inner_text().strip()
    phones = [Phone(host_page, NAMES[0], 0)]
    for seat in (1, 2):
        page = contexts.page(PHONE)
        join_by_qr_link(page, code, NAMES[seat])
        phones.append(Phone(page, NAMES[seat], seat))
    expect(table.locator('[data-testid="lobby-seat"][data-taken="true"]')).to_have_count(PLAYERS)
    host_page.get_by_test_id("host-start").click()
    expect(host_page).to_have_url(re.compile(r"/seat$"))
    for page in [table] + [phone.page for phone in phones]:
        expect(page.get_by_test_id("sarena-board")).to_be_visible()
        expect(page.locator('[data-testid="spot"][data-height="1"]')).to_have_count(36)

    # --- each player looks at their own colour, hidden from the others --------------
    hidden_panels = {phone.by("secret-shown").inner_html() for phone in phones}
    assert len(hidden_panels) == 1, "the hidden panel differs between phones: it gives a hint"
    hidden_panel = hidden_panels.pop()
    seen = [look_at_my_colour(phone, hidden_panel) for phone in phones]
    assert len(set(seen)) == PLAYERS
    for phone, colour in zip(phones, seen, strict=True):
        assert device.get("/api/state", phone.token)["colour"] == colour
    expect(table.get_by_test_id("hold-reveal")).to_have_count(0)

    # --- every move tapped on the board of the phone whose turn it is ----------------
    table_turn = table.get_by_test_id("turn")
    moves = 0
    while moves <= MAX_MOVES:
        public = device.get("/api/state")
        if public["phase"] == "over":
            break
        seat = public["turn"]
        expect(table_turn).to_have_attribute("data-turn", str(seat))
        expect(table.get_by_test_id("moves-left")).to_have_attribute(
            "data-moves", str(public["legal_moves"])
        )
        phone = phones[seat]
        for other in phones:
            expect(other.by("turn")).to_have_attribute(
                "data-mine", "true" if other is phone else "false"
            )
        legal = device.get("/api/state", phone.token)["legal"]
        sources = sorted({key(m["from"]) for m in legal})
        # Pick a different pile each move, to try many of them.
        source = sources[(moves * 7) % len(sources)]
        targets = sorted(key(m["to"]) for m in legal if key(m["from"]) == source)
        expect(phone.page.locator('[data-testid="spot"][data-source="true"]')).to_have_count(
            len(sources)
        )

        spot(phone.page, source).click()
        lit = phone.page.locator('[data-testid="spot"][data-target="true"]')
        expect(lit).to_have_count(len(targets))
        assert sorted(str(s.get_attribute("data-square")) for s in lit.all()) == targets
        expect(phone.by("move-to")).to_have_count(len(targets))
        if moves == SCREENSHOT_AT:
            save_screenshot(phone.page, "web-sarena-seat.png", full_page=True)
            save_screenshot(table, "web-sarena-table.png")
        target = targets[moves % len(targets)]
        before = device.get("/api/state")["board"]
        r, c = map(int, source.split(","))
        tr, tc = map(int, target.split(","))
        moving, onto = before[r][c], before[tr][tc]
        if moves % 4 == 3:
            phone.page.locator(f'[data-testid="move-to"][data-to="{target}"]').click()
        else:
            spot(phone.page, target).click()
        moves += 1

        # The TV follows: the move is named, the pile stands where it went.
        text = f"moved {name_of([r, c])} → {name_of([tr, tc])}"
        expect(table.get_by_test_id("last-move")).to_contain_text(text)
        if onto:
            expected = moving + onto
        else:  # onto an empty arrow circle: the whole pile flips
            expected = ["/".join(reversed(chip.split("/"))) for chip in reversed(moving)]
        expect(spot(table, target)).to_have_attribute("data-pile", " ".join(expected))
        expect(spot(table, source)).to_have_attribute("data-height", "0")
    assert device.get("/api/state")["phase"] == "over", f"no end after {moves} moves"

    # --- the end: the colours the players saw, revealed everywhere, and the result ----
    final = device.get("/api/state")
    assert final["colours"] == seen
    for page in [table] + [phone.page for phone in phones]:
        rows = page.get_by_test_id("reveal-row")
        expect(rows).to_have_count(PLAYERS)
        assert [row.get_attribute("data-colour") for row in rows.all()] == seen
        scores = [int(cell.inner_text()) for cell in page.get_by_test_id("score").all()]
        assert scores == final["scores"]
        names = [NAMES[s] for s in final["winners"]]
        winners = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        expect(page.get_by_test_id("winners")).to_contain_text(winners)
        expect(page.get_by_test_id("hold-reveal")).to_be_hidden()
    save_screenshot(table, "web-sarena-over.png")


def test_secret_colours_for_a_real_board_on_two_phones(
    device: DeviceProcess, contexts: Contexts
) -> None:
    """The score sheet draws the colours; each phone takes its seat on /colours and
    holds to look; the entered piles score the game and reveal the colours live."""
    sheet = contexts.page(PHONE)
    sheet.on("dialog", lambda dialog: dialog.accept())
    sheet.goto("/companion/sarena")
    sheet.get_by_test_id("sheet-players").select_option("2")
    for seat, name in enumerate(NAMES[:2]):
        sheet.get_by_test_id("sheet-name").nth(seat).fill(name)
    sheet.get_by_test_id("sheet-start").click()
    expect(sheet.get_by_test_id("colour-seat")).to_have_count(2)

    other = contexts.page(PHONE)
    other.on("dialog", lambda dialog: dialog.accept())
    code = sheet.get_by_test_id("colours-code").inner_text().strip()
    other.goto(f"/colours?code={code}")
    other.locator('[data-testid="colour-seat"][data-seat="1"]').click()
    expect(other.get_by_test_id("colour-you")).to_have_text(f"This phone is {NAMES[1]}'s.")
    # The sheet's phone hears that seat 2 is taken, and takes seat 1.
    expect(sheet.locator('[data-testid="colour-seat"][data-seat="1"]')).to_be_disabled()
    sheet.locator('[data-testid="colour-seat"][data-seat="0"]').click()

    colours = []
    for page, seat in ((sheet, 0), (other, 1)):
        phone = Phone(page, NAMES[seat], seat)
        hidden = phone.by("secret-shown").inner_html()
        colours.append(look_at_my_colour(phone, hidden, tally=False))
        claim = page.evaluate("JSON.parse(localStorage.getItem('tablemate.colour'))")
        mine = device.get(f"/api/colours/mine?round={claim['round']}", claim["token"])
        assert mine == {"round": claim["round"], "seat": seat, "colour": colours[seat]}
    assert device.get("/api/colours")["colours"] is None

    # One pile topped by Bo's colour, two chips high: Bo wins 2 to 0.
    spare = next(c for c in COLOURS if c not in colours)
    for chip in (f"{colours[1]}/{spare}", f"{colours[0]}/{colours[1]}"):
        sheet.locator(f'[data-testid="chip-button"][data-chip="{chip}"]').click()
    sheet.get_by_test_id("pile-done").click()
    expect(sheet.get_by_test_id("entered-pile")).to_have_count(1)
    sheet.get_by_test_id("sheet-score").click()
    expect(sheet.get_by_test_id("sheet-winners")).to_have_text(f"Winner: {NAMES[1]}")
    chips = [cell.inner_text() for cell in sheet.get_by_test_id("sheet-chips").all()]
    assert chips == ["0", "2"]
    rows = other.get_by_test_id("colour-reveal-row")
    expect(rows).to_have_count(2)  # the other phone shows the reveal without a reload
    assert [row.get_attribute("data-colour") for row in rows.all()] == colours
