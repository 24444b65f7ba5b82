"""A mixed table (issue 15): one phone in Japanese, two in English, the TV and the box
in the table's language, Japanese.

A Céna game of three is played from the phones, as people would tap them, from the
first reveal to the game's end. At each moment a Japanese reader meets (the lobby, the
reveal, a turn, a finished trick, a deal's summary, the scores drawer, the rules card,
the host's page, the game over) the Japanese phone's whole visible text is read and
must hold no English word but data (names, the room code, card codes, the sealed
deal's digits) and the few proper names the catalog keeps (the brand, the suits as
printed on Céna's cards, the languages' own names). The English phones never show a
Japanese character, except the names people typed and the switch's "日本語".

The same illegal move is refused in each reader's language with the same code, and
the box's OLED is drawn in the table's language. Lauzait Cep gets the same scan for a
few turns, on a phone that chose Japanese with the page's switch.
"""

from __future__ import annotations

import json
import re
import socket
import time
import urllib.request
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from testkit.device_process import DeviceProcess, play_first_legal
from tests.browser.conftest import PHONE, SCREEN, TIMEOUT_MS, Contexts, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
# Proper names a Japanese page keeps in Latin letters: the brand, the languages' own
# names in the switch, Céna's suits as printed on its cards (the Japanese rulebook
# says "aleスート" too), and "tablemate restore", a command typed as it is.
KEPT = {"tablemate", "english", "ale", "cider", "wine", "mead", "restore", "qr", "sd"}
FINGERPRINT = re.compile(r"\b[0-9A-F]{4}(?: [0-9A-F]{4}){2}\b")

NAMES = ["花子", "Bo", "Cy"]  # phone A reads Japanese, B and C English
PLAYERS = 3
HAND = 12
SHOWN = 3  # public cards each deal


# The box's network name as pages show it (tablemate.local, or this machine's): data.
BOX_NAME = re.compile(re.escape(socket.gethostname().split(".")[0]) + r"\.local\b")


def english_words(text: str, data: set[str]) -> set[str]:
    """The English words in a Japanese page's text: Latin words that are neither data
    (names, the room code, the box's name: `data`) nor a kept proper name."""
    text = BOX_NAME.sub(" ", FINGERPRINT.sub(" ", text))
    found = set()
    for word in WORD.findall(text):
        if word in data or word.lower() in KEPT:
            continue
        found.add(word)
    return found


@dataclass
class Reader:
    """A phone's page and what its text must (not) hold."""

    page: Page
    lang: str
    data: set[str]  # words that are data on this table (names, the room code)
    seen: dict[str, set[str]]  # moment -> English words found (Japanese reader)

    def text(self) -> str:
        return str(self.page.evaluate("document.body.innerText"))

    def scan(self, moment: str) -> None:
        """Read the whole visible page now; English readers must not see Japanese (but
        the Japanese names and the switch's own "日本語"), Japanese readers no English."""
        expect(self.page.locator("html")).to_have_attribute("lang", self.lang)
        text = self.text()
        if self.lang == "ja":
            assert JAPANESE.search(text), f"{moment}: no Japanese at all: {text!r}"
            words = english_words(text, self.data)
            if words:
                self.seen.setdefault(moment, set()).update(words)
        else:
            stripped = text.replace("日本語", "")
            for name in self.data:
                stripped = stripped.replace(name, "")
            japanese = JAPANESE.findall(stripped)
            assert not japanese, f"{moment}: Japanese on an English phone: {japanese} in {text!r}"

    def report(self) -> None:
        assert not self.seen, f"English left on the Japanese phone: {self.seen}"


def with_token(contexts: Contexts, token: str, *, locale: str, viewport: Any = PHONE) -> Page:
    """A phone holding `token`, whose browser speaks `locale` (its Accept-Language)."""
    context = contexts.browser.new_context(
        base_url=contexts.base_url, viewport=viewport, service_workers="block", locale=locale
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    if token:
        context.add_init_script(f"localStorage.setItem('tablemate.token', {json.dumps(token)})")
    contexts.opened.append(context)
    return context.new_page()


def oled(device: DeviceProcess) -> bytes:
    with urllib.request.urlopen(device.url + "/sim/oled.png", timeout=10) as response:
        return bytes(response.read())


def wait_for(check: Any, what: str, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def act_from_page(page: Page, token: str, action: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST an action from inside the phone's page, so it goes with that browser's own
    Accept-Language and cookies, as the page's own requests do."""
    answer = page.evaluate(
        """async ([token, action]) => {
          const r = await fetch("/api/action", {method: "POST", body: JSON.stringify({action}),
            headers: {"Content-Type": "application/json", "X-Tablemate-Token": token}});
          return [r.status, await r.json()];
        }""",
        [token, action],
    )
    return int(answer[0]), dict(answer[1])


def legal_cards(page: Page) -> Locator:
    return page.locator('[data-testid="hand-card"][data-legal="true"]')


def reveal(page: Page) -> None:
    cards = page.get_by_test_id("hand-card")
    expect(cards).to_have_count(HAND)
    for i in range(SHOWN):
        cards.nth(i).click()
    page.get_by_test_id("reveal").click()


def play_one(page: Page) -> None:
    """Tap the first card this phone may play, and its first place if asked."""
    before = page.get_by_test_id("hand-card").count()
    legal_cards(page).first.click()
    places = page.get_by_test_id("place")
    deadline = time.monotonic() + 5
    while page.get_by_test_id("hand-card").count() == before:
        if places.count():
            places.first.click()
            break
        assert time.monotonic() < deadline, "the card neither went down nor asked where"
        page.wait_for_timeout(30)
    # One card fewer, or (the deal's last card) the next deal's hand.
    expect(page.get_by_test_id("hand-card")).not_to_have_count(before)


def test_a_mixed_table_plays_cena_each_phone_in_its_language(
    device: DeviceProcess, contexts: Contexts
) -> None:
    opened = device.post(
        "/api/lobby", {"game": "cena", "players": PLAYERS, "options": {}, "name": NAMES[0]}
    )
    room = device.get("/api/status")["room"]
    tokens = [opened["token"]] + [
        device.post("/api/join", {"code": room, "name": name})["token"] for name in NAMES[1:]
    ]
    data = {room, *NAMES}
    seen: dict[str, set[str]] = {}
    a = Reader(with_token(contexts, tokens[0], locale="ja-JP"), "ja", data, seen)
    b = Reader(with_token(contexts, tokens[1], locale="en-US"), "en", data, seen)
    c = Reader(with_token(contexts, tokens[2], locale="en-GB"), "en", data, seen)
    phones = [a, b, c]
    for phone in phones:
        phone.page.goto("/seat")
        expect(phone.page.get_by_test_id("lobby")).to_be_visible()
        phone.scan("lobby")

    # The host (phone A) sets the table's language on /host; the OLED follows.
    oled_en = oled(device)
    a.page.goto("/host")
    expect(a.page.get_by_test_id("table-language")).to_be_visible()
    a.scan("host lobby")
    a.page.get_by_test_id("table-language-select").select_option("ja")
    wait_for(lambda: device.get("/api/status")["language"] == "ja", "the table's language")
    oled_ja = wait_for(lambda: (png := oled(device)) != oled_en and png, "a Japanese OLED")
    assert oled_ja != oled_en
    tv = Reader(with_token(contexts, "", locale="en-US", viewport=SCREEN), "ja", data, seen)
    tv.page.goto("/table")  # an English browser: the TV speaks the table's language
    expect(tv.page.get_by_test_id("join-qr")).to_be_visible()
    tv.scan("tv lobby")

    # A finished trick stays until the next trick's first card: no extra seconds.
    device.post("/api/host/trick-pause", {"seconds": 0}, token=tokens[0])
    device.post("/api/host/start", {}, token=tokens[0])
    a.page.goto("/seat")
    for phone in phones:
        expect(phone.page.get_by_test_id("hand-card")).to_have_count(HAND)
        phone.scan("reveal")
    save_screenshot(a.page, "ja-cena-reveal.png")
    assert oled(device) != oled_en

    checked: set[object] = set()  # the refusals already tried
    for deal in (1, 2, 3):
        for phone in phones:
            reveal(phone.page)
        expect(a.page.get_by_test_id("turn")).to_have_attribute("data-turn", re.compile(r"^\d$"))
        if deal == 1:
            a.scan("first turn")
            tv.scan("tv play")
            save_screenshot(tv.page, "ja-cena-tv.png")
        for play in range(PLAYERS * HAND):
            seat = device.get("/api/state")["to_act"][0]
            if deal == 1 and seat < 2 and seat not in checked:  # A or B to play
                check_not_in_hand(device, phones[seat], seat, tokens)
                checked.add(seat)
            if deal == 1 and seat == 2 and "turn" not in checked:
                check_out_of_turn(device, a, b, tokens)
                checked.add("turn")
            play_one(phones[seat].page)
            if deal == 1 and play == 1:
                a.scan("trick")
            if deal == 1 and play == PLAYERS - 1:  # stays until the next trick's first card
                for phone in phones:
                    expect(phone.page.get_by_test_id("trick-moment")).to_be_visible()
                    phone.scan("finished trick")
            if deal == 1 and seat == 0 and "take back" not in checked:
                take_back_refused(a, b, c)
                checked.add("take back")
            if deal == 1 and play == 7:
                a.page.get_by_test_id("drawer-toggle").click()
                expect(a.page.get_by_test_id("drawer")).to_be_visible()
                a.scan("drawer open")
                save_screenshot(a.page, "ja-cena-drawer.png")
                a.page.get_by_test_id("drawer-toggle").click()
                a.page.get_by_test_id("rules-open").click()
                expect(a.page.get_by_test_id("rules-card")).to_be_visible()
                a.scan("rules card")
                a.page.get_by_test_id("rules-close").click()
        if deal == 1:
            assert checked == {0, 1, "turn", "take back"}, checked
        for phone in phones:
            expect(phone.page.get_by_test_id("summary")).to_be_visible()
            phone.scan(f"summary of deal {deal}")
        if deal == 1:
            tv.scan("tv summary")
            save_screenshot(a.page, "ja-cena-summary.png")
        for phone in phones:
            phone.page.get_by_test_id("summary-continue").click()

    for phone in phones:
        expect(phone.page.get_by_test_id("game-over")).to_be_visible()
        phone.scan("game over")
    tv.scan("tv game over")
    assert device.get("/api/status")["phase"] == "over"
    print("English found on Japanese pages:", seen)
    a.report()


def take_back_refused(a: Reader, b: Reader, c: Reader) -> None:
    """A has just played and asks to take it back: A waits, B and C are asked (in
    English); B refuses, and A is told so in Japanese."""
    a.page.get_by_test_id("take-back-undo").click()
    for phone in (b, c):
        expect(phone.page.get_by_test_id("take-back-refuse")).to_be_visible()
        phone.scan("take-back asked")
    expect(a.page.get_by_test_id("take-back-banner")).to_be_visible()
    a.scan("take-back asked")
    b.page.get_by_test_id("take-back-refuse").click()
    expect(a.page.get_by_test_id("take-back-result")).to_be_visible()
    a.scan("take-back refused")
    save_screenshot(a.page, "ja-take-back-refused.png")


def hand_of(device: DeviceProcess, token: str) -> list[str]:
    return list(device.get("/api/state", token=token)["hand"])


def refused(reader: Reader, token: str, action: dict[str, Any]) -> dict[str, Any]:
    status, body = act_from_page(reader.page, token, action)
    assert status == 422, (status, body)
    in_japanese = bool(JAPANESE.search(body["error"]))
    assert in_japanese == (reader.lang == "ja"), body
    return body


def check_out_of_turn(device: DeviceProcess, a: Reader, b: Reader, tokens: list[str]) -> None:
    """C is to play: A and B each try a card of their own. The same code, each reason
    in its reader's words."""
    by_a = refused(a, tokens[0], {"type": "play", "card": hand_of(device, tokens[0])[0], "to": 0})
    by_b = refused(b, tokens[1], {"type": "play", "card": hand_of(device, tokens[1])[0], "to": 1})
    assert by_a["code"] == by_b["code"] == "not_your_turn", (by_a, by_b)
    assert by_a["error"] == "あなたの手番ではありません。", by_a
    assert by_b["error"] == "it is not your turn", by_b


def check_not_in_hand(device: DeviceProcess, me: Reader, seat: int, tokens: list[str]) -> None:
    """On its turn, a phone plays a card it does not hold (its neighbour's)."""
    other = hand_of(device, tokens[(seat + 1) % PLAYERS])[0]
    body = refused(me, tokens[seat], {"type": "play", "card": other, "to": seat})
    assert body["code"] == "not_in_hand" and body["params"] == {"card": other}, body
    assert other in body["error"], body
    if me.lang == "ja":
        assert body["error"] == f"{other} は手札にありません。", body
    else:
        assert body["error"] == f"{other} is not in your hand", body


def test_lauzait_cep_on_a_phone_switched_to_japanese(
    device: DeviceProcess, contexts: Contexts
) -> None:
    opened = device.post(
        "/api/lobby", {"game": "lauzait", "players": 2, "options": {}, "name": "太郎"}
    )
    room = device.get("/api/status")["room"]
    tokens = [opened["token"], device.post("/api/join", {"code": room, "name": "Bo"})["token"]]
    device.post("/api/host/start", {}, token=tokens[0])
    seen: dict[str, set[str]] = {}
    data = {room, "太郎", "Bo"}
    # An English browser whose player picks 日本語 in the drawer: the phone keeps it.
    a = Reader(with_token(contexts, tokens[0], locale="en-US"), "ja", data, seen)
    b = Reader(with_token(contexts, tokens[1], locale="en-US"), "en", data, seen)
    a.page.goto("/seat")
    expect(a.page.locator("html")).to_have_attribute("lang", "en")
    a.page.get_by_test_id("drawer-toggle").click()  # during play the switch is in the drawer
    a.page.get_by_test_id("drawer-languages-ja").click()
    expect(a.page.locator("html")).to_have_attribute("lang", "ja")
    a.page.goto("/seat")  # the cookie remembers it
    b.page.goto("/seat")
    for turn in range(8):
        now = device.get("/api/state")
        for phone in (a, b):
            expect(phone.page.get_by_test_id("turn")).to_have_attribute(
                "data-turn", str(now["turn"])
            )
            phone.scan(f"turn {turn + 1}")
        if turn == 2:
            a.page.get_by_test_id("drawer-toggle").click()
            a.scan("drawer open")
            a.page.get_by_test_id("drawer-toggle").click()
            a.page.get_by_test_id("rules-open").click()
            expect(a.page.get_by_test_id("rules-card")).to_be_visible()
            a.scan("rules card")
            save_screenshot(a.page, "ja-rules-card-lauzait.png")
            a.page.get_by_test_id("rules-close").click()
        if turn == 5:
            save_screenshot(a.page, "ja-lauzait-turn.png")
        play_first_legal(device, tokens)
    print("English found on the Japanese Lauzait Cep phone:", seen)
    a.report()
