"""The rules card (issue 15, item 5): one tap from the play screen, in the phone's
own language, over the page (which still does not scroll), closed back to play; a
line opens the fuller rules at its section. Also from the table page's header bar and
from the host's settings while the game is chosen."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from testkit.device_process import DeviceProcess, play_first_legal
from tests.browser.conftest import PHONE, Contexts, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
FITS = """() => {
  const card = document.querySelector('[data-testid=rules-card]').getBoundingClientRect();
  return {scroll: document.scrollingElement.scrollHeight, inner: innerHeight,
          top: card.top, bottom: card.bottom, right: card.right, width: innerWidth};
}"""


def cena_table(device: DeviceProcess, players: int = 4) -> list[str]:
    """A Céna game with the simplified rule, a few cards into it."""
    lobby = {"game": "cena", "players": players, "options": {"simplified": True}, "name": "Host"}
    tokens = [device.post("/api/lobby", lobby)["token"]]
    room = device.get("/api/status")["room"]
    for i in range(1, players):
        tokens.append(device.post("/api/join", {"code": room, "name": f"P{i + 1}"})["token"])
    device.post("/api/host/start", {}, token=tokens[0])
    for _ in range(players + 2):  # every reveal, then the first cards of a trick
        play_first_legal(device, tokens)
    return tokens


def seat_page(contexts: Contexts, token: str, lang: str) -> Page:
    page = contexts.page(
        PHONE, init_script=f"localStorage.setItem('tablemate.token', {json.dumps(token)})"
    )
    page.goto(f"/seat?lang={lang}")
    page.get_by_test_id("turn").first.wait_for()
    return page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_card_opens_from_a_seat_in_its_language_and_closes(
    lang: str, device: DeviceProcess, contexts: Contexts
) -> None:
    tokens = cena_table(device)
    page = seat_page(contexts, tokens[1], lang)
    page.get_by_test_id("rules-open").click()
    card = page.get_by_test_id("rules-card")
    expect(card).to_be_visible()
    expect(card.get_by_test_id("rules-title")).to_have_text("Céna" if lang == "en" else "チェーナ")
    expect(card.get_by_test_id("rules-turn").get_by_test_id("rules-line")).to_have_count(5)
    options = card.get_by_test_id("rules-options").get_by_test_id("rules-line")
    simplified = "Simplified rule" if lang == "en" else "簡易ルール"
    expect(options.first).to_contain_text(simplified)  # this table's option, not the default
    lines = card.get_by_test_id("rules-line").all_inner_texts()
    assert len(lines) >= 10
    for line in lines:
        assert bool(JAPANESE.search(line)) == (lang == "ja"), f"{lang}: {line!r}"
    m = page.evaluate(FITS)
    assert m["scroll"] <= m["inner"], f"the page scrolls with the card open: {m}"
    assert m["top"] >= 0 and m["bottom"] <= m["inner"] and m["right"] <= m["width"], m
    save_screenshot(page, f"rules-card-{lang}.png")
    card.get_by_test_id("rules-close").click()
    expect(card).to_be_hidden()
    expect(page.get_by_test_id("hand-area")).to_be_visible()  # back to play, same page
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")


def test_a_line_opens_the_fuller_rules_at_its_section(
    device: DeviceProcess, contexts: Contexts
) -> None:
    tokens = cena_table(device)
    page = seat_page(contexts, tokens[0], "en")
    page.get_by_test_id("rules-open").click()
    line = page.locator("[data-testid=rules-line][data-section=who-wins-a-trick]").first
    with page.context.expect_page() as opened:
        line.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules/cena#who-wins-a-trick")
    heading = rules.locator("#who-wins-a-trick")
    expect(heading).to_be_in_viewport()
    expect(heading).to_have_text("Who wins a trick")
    # The seat page stayed where it was, the card still open over it.
    expect(page.get_by_test_id("rules-card")).to_be_visible()


def test_the_table_page_and_the_host_settings_show_the_card(
    device: DeviceProcess, contexts: Contexts
) -> None:
    # The host, choosing a game in the lobby: the card follows the options on the form.
    lobby = {"game": "lauzait", "players": 2, "options": {}, "name": "Host"}
    host = device.post("/api/lobby", lobby)["token"]
    page = contexts.page(
        PHONE, init_script=f"localStorage.setItem('tablemate.token', {json.dumps(host)})"
    )
    page.goto("/host")
    settings = page.get_by_test_id("host-settings")
    settings.get_by_test_id("rules-open").click()
    card = page.get_by_test_id("rules-card")
    expect(card.get_by_test_id("rules-title")).to_have_text("Lauzait Cep")
    expect(card.get_by_test_id("rules-options")).to_contain_text("Layered bridges score 2")
    card.get_by_test_id("rules-close").click()
    settings.get_by_test_id("setup-game").select_option("sarena")
    settings.get_by_test_id("rules-open").click()
    expect(card.get_by_test_id("rules-title")).to_have_text("Sàrénà")
    card.get_by_test_id("rules-close").click()
    # The TV: a button in its header bar once a game is open.
    tv = contexts.page({"width": 1280, "height": 720})
    tv.goto("/table?lang=ja")
    tv.get_by_test_id("rules-open").click()
    expect(tv.get_by_test_id("rules-title")).to_have_text("ラウツァイト・セプ")
    m = tv.evaluate(FITS)
    assert m["scroll"] <= m["inner"] and m["bottom"] <= m["inner"], m
    save_screenshot(tv, "rules-card-tv-ja.png")
