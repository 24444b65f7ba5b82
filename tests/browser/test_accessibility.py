"""axe-core on the pages of play (issue 27): no critical or serious violation.

For every game: the seat page of the player to act and of one who waits, and the TV
page, each in English and Japanese, a few moves into a game; and the host's page
during play. The rules are WCAG 2.1 A and AA and axe's best practices
(tests/browser/axe.py).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

import engines
from testkit.device_process import (
    DeviceProcess,
    continue_summary,
    play_first_legal,
    seat_players,
)
from tests.browser.axe import serious_violations
from tests.browser.conftest import PHONE, PICK, SCREEN, Contexts

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

LANGUAGES = ("en", "ja")


def opened(contexts: Contexts, path: str, lang: str, *, token: str | None = None) -> Page:
    script = f"localStorage.setItem('tablemate.token', {json.dumps(token)})" if token else None
    page = contexts.page(SCREEN if path == "/table" else PHONE, init_script=script)
    page.goto(f"{path}?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    return page


def settle(page: Page) -> None:
    """The game drawn and the trick pause over, so axe sees the page as it stays."""
    page.get_by_test_id("turn").first.wait_for()
    page.wait_for_timeout(400)


# At 200 % text: what is cut off inside each region, whether the header's links
# overlap, and whether the page scrolls sideways.
ENLARGED = """() => {
  const cut = (sel) => {
    const e = document.querySelector(sel);
    return e ? e.scrollHeight - e.clientHeight : 0;
  };
  const links = [...document.querySelectorAll('.bar a')]
    .map((a) => a.getBoundingClientRect()).filter((r) => r.width);
  const overlaps = links.some((a, i) => links.slice(i + 1).some((b) =>
    a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1));
  const banner = document.querySelector('[data-testid=turn]').getBoundingClientRect();
  return {
    large: document.documentElement.classList.contains('text-large'),
    top: cut('#board-top'), hand: cut('#hand'), overlaps,
    sideways: document.scrollingElement.scrollWidth - innerWidth,
    bannerShown: banner.height > 0 && banner.width > 0,
  };
}"""


def check_enlarged_text(contexts: Contexts, game: str, token: str) -> None:
    """200 % text on a phone: the page scrolls, nothing is clipped or overlaps."""
    page = opened(contexts, "/seat", "en", token=token)
    settle(page)
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    page.wait_for_function("document.documentElement.classList.contains('text-large')")
    m = page.evaluate(ENLARGED)
    label = f"{game} at 200 % text"
    # A lowered (unplayable) card may reach a few pixels below the hand: not a cut.
    assert m["top"] <= 8 and m["hand"] <= 8, f"{label}: a region clips its content {m}"
    assert not m["overlaps"], f"{label}: the header's links overlap"
    assert m["sideways"] <= 1, f"{label}: the page scrolls sideways by {m['sideways']} px"
    assert m["bannerShown"], f"{label}: no turn banner"
    page.close()


@pytest.mark.parametrize("game", engines.names())
def test_pages_of_play_have_no_serious_violation(
    game: str, device: DeviceProcess, contexts: Contexts
) -> None:
    players = engines.info(game)["min_players"]
    tokens = seat_players(device, game, players)
    for _ in range(players + 1):
        play_first_legal(device, tokens)
    continue_summary(device, tokens)
    to_act = device.get("/api/state")["to_act"]
    waiting = [s for s in range(players) if s not in to_act]
    seats = {"to act": to_act[0], **({"waiting": waiting[0]} if waiting else {})}
    check_enlarged_text(contexts, game, tokens[to_act[0]])
    found: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        for role, seat in seats.items():
            page = opened(contexts, "/seat", lang, token=tokens[seat])
            settle(page)
            found[f"{game} seat {role} ({lang})"] = serious_violations(page)
            pick = page.locator(PICK)
            if role == "to act" and pick.count():
                # A choice under way: a card or piece picked (Céna's places on the trick).
                pick.first.click()
                page.wait_for_timeout(300)
                found[f"{game} seat choosing ({lang})"] = serious_violations(page)
            page.close()
        page = opened(contexts, "/table", lang)
        settle(page)
        found[f"{game} TV ({lang})"] = serious_violations(page)
        page.close()
    assert {where: v for where, v in found.items() if v} == {}


def test_host_page_has_no_serious_violation(device: DeviceProcess, contexts: Contexts) -> None:
    # While seats fill (the seat-swap selects) and during play.
    host = device.post("/api/lobby", {"game": "cena", "players": 4, "options": {}, "name": "Ann"})
    room = device.get("/api/status")["room"]
    tokens = [host["token"]] + [
        device.post("/api/join", {"code": room, "name": name})["token"]
        for name in ("Bo", "Cy", "Di")
    ]
    found: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        page = opened(contexts, "/host", lang, token=tokens[0])
        page.get_by_test_id("swap-first").wait_for()
        found[f"/host in the lobby ({lang})"] = serious_violations(page)
        page.close()
    device.post("/api/host/start", {}, token=tokens[0])
    play_first_legal(device, tokens)
    for lang in LANGUAGES:
        page = opened(contexts, "/host", lang, token=tokens[0])
        page.get_by_test_id("host-seat").first.wait_for()
        found[f"/host during play ({lang})"] = serious_violations(page)
        page.close()
    assert {where: v for where, v in found.items() if v} == {}
