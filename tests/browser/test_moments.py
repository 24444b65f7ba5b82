"""What just happened, in Chromium: the finished trick and the deal's summary.

Moves go through the API (as the phones would send them) so the tests reach a
trick's end and a deal's end quickly; the phones and the TV only watch, and the
players tap Continue on their own phones. Every overlay is checked to fit its
screen with no scroll and buttons of at least 44 px, at 390x844, 844x390,
1280x720 and 1920x1080. TABLEMATE_REVIEW_SHOTS=<dir> saves each screen there.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

import engines
from testkit.device_process import DeviceProcess
from tests.browser.conftest import Contexts, drawer_opened, save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

PORTRAIT: ViewportSize = {"width": 390, "height": 844}
LANDSCAPE: ViewportSize = {"width": 844, "height": 390}
TV: ViewportSize = {"width": 1280, "height": 720}
BIG_TV: ViewportSize = {"width": 1920, "height": 1080}
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eve"]
REVIEW = os.environ.get("TABLEMATE_REVIEW_SHOTS")

# The overlay fits the viewport, nothing in it scrolls, and every button is big enough.
FITS = """
() => {
  const panel = document.querySelector('.summary-panel, .trick-moment');
  const box = panel.getBoundingClientRect();
  const inside = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight + 0.5
    && box.right <= innerWidth + 0.5;
  const scrolls = [...panel.querySelectorAll('*'), panel].some(
    (n) => n.scrollHeight > n.clientHeight + 1 && getComputedStyle(n).overflowY !== 'visible');
  const small = [...panel.querySelectorAll('button')].filter((b) => {
    const r = b.getBoundingClientRect();
    return r.height < 44 || r.width < 44;
  }).length;
  const pageScrolls = document.scrollingElement.scrollHeight > innerHeight
    && getComputedStyle(document.body).overflow !== 'hidden';
  const open = document.body.classList.contains('summary-open');
  return { inside, scrolls, small, pageScrolls: open ? pageScrolls : false };
}
"""


def minus(number: int) -> str:
    """A number as summaries write it: a true minus sign, never a hyphen."""
    return str(number).replace("-", "\u2212")


def shot(page: Page, name: str) -> None:
    if REVIEW:
        Path(REVIEW).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(REVIEW) / f"{name}.png"))


def check_fits(page: Page, what: str) -> None:
    found = page.evaluate(FITS)
    assert found == {"inside": True, "scrolls": False, "small": 0, "pageScrolls": False}, (
        what,
        found,
    )


def open_table(device: DeviceProcess, game: str, players: int) -> list[str]:
    tokens = [
        device.post(
            "/api/lobby", {"game": game, "players": players, "options": {}, "name": NAMES[0]}
        )["token"]
    ]
    room = device.get("/api/status")["room"]
    for name in NAMES[1:players]:
        tokens.append(device.post("/api/join", {"code": room, "name": name})["token"])
    device.post("/api/host/start", {}, token=tokens[0])
    return tokens


def phone(contexts: Contexts, token: str, viewport: ViewportSize = PORTRAIT) -> Page:
    remember = f"localStorage.setItem('tablemate.token', '{token}')"
    page = contexts.page(viewport, init_script=remember)
    page.goto("/seat")
    expect(page.get_by_test_id("seat-name")).to_be_visible()
    return page


def tv(contexts: Contexts, viewport: ViewportSize = TV) -> Page:
    page = contexts.page(viewport)
    page.goto("/table")
    expect(page.get_by_test_id("table-room")).to_be_visible()
    return page


def step(device: DeviceProcess, tokens: list[str], rng: random.Random) -> list[dict[str, Any]]:
    """One random legal move by the seat the game waits for (declaring whenever one
    can, never ending early); returns its events."""
    seat = device.get("/api/state")["to_act"][0]
    legal = device.get("/api/state", token=tokens[seat])["legal"]

    def of(*kinds: str) -> list[dict[str, Any]]:
        return [a for a in legal if a["type"] in kinds]

    # Towards the end of a deal or season: build, declare, form rather than dissolve.
    preferred = of("declare", "build") or of("form") or of("play", "place", "hire", "move")
    preferred = preferred or legal
    events: list[dict[str, Any]] = device.post(
        "/api/action", {"action": rng.choice(preferred)}, token=tokens[seat]
    )["events"]
    return events


def play_until(
    device: DeviceProcess, tokens: list[str], rng: random.Random, stop: str, most: int = 3000
) -> bool:
    """Random moves until one answers an event of type `stop` (continuing meanwhile);
    False after `most` moves without one."""
    for _ in range(most):
        pause = device.get("/api/status")["interlude"]
        for seat in pause["waiting"] if pause else []:
            device.post("/api/continue", {}, token=tokens[seat])
        if any(event["type"] == stop for event in step(device, tokens, rng)):
            return True
    return False


def seasons_end(device: DeviceProcess, players: int, rng: random.Random) -> list[str]:
    """A Lauzait Cep table at its first season's end. Random play finds one within a
    few hundred moves for most deals (the box draws the seed); a deal that runs longer
    is abandoned and another dealt, so the test never waits on a long tail."""
    for _ in range(20):
        tokens = open_table(device, "lauzait", players)
        if play_until(device, tokens, rng, "season_over", most=400):
            return tokens
        device.post("/api/host/end", {}, token=tokens[0])
    raise AssertionError("twenty deals without a declaration")


def test_a_trick_stays_with_its_winner_and_every_phone_continues_to_the_next_deal(
    device: DeviceProcess, contexts: Contexts
) -> None:
    tokens = open_table(device, "cena", 3)
    phones = [phone(contexts, token) for token in tokens]
    table = tv(contexts)
    rng = random.Random(3)

    assert play_until(device, tokens, rng, "trick_won")
    trick = device.get("/api/state")["last_trick"]
    winners = [NAMES[s] for s in trick["seats"]]
    for page in [*phones, table]:
        moment = page.get_by_test_id("trick-moment")
        expect(moment).to_be_visible()
        for name in winners:
            expect(page.get_by_test_id("moment-winner")).to_contain_text(name)
    check_fits(phones[0], "trick pause, phone")
    shot(phones[0], "cena-trick-390x844")
    save_screenshot(phones[0], "web-trick-pause.png")  # for the README
    # The next trick's first card: the finished trick goes once its moment is over.
    step(device, tokens, rng)
    for page in phones:
        expect(page.get_by_test_id("trick-moment")).to_have_count(0, timeout=15_000)

    assert play_until(device, tokens, rng, "deal_scored")
    state = device.get("/api/state")
    summary = state["summary"]
    assert state["table"]["interlude"]["waiting"] == [0, 1, 2]
    for page in [*phones, table]:
        overlay = page.get_by_test_id("summary")
        expect(overlay).to_be_visible()
        expect(overlay).to_have_attribute("data-key", "deal-1")
        points = page.get_by_test_id("summary-seat-points")
        expect(points).to_have_text([f"+{p}" if p > 0 else minus(p) for p in summary["points"]])
        totals = page.get_by_test_id("summary-seat-total")
        expect(totals).to_have_text([minus(t) for t in summary["totals"]])
        expect(page.get_by_test_id("summary-alliance-score")).to_have_text(
            [minus(a["score"]) for a in summary["alliances"]]
        )
    check_fits(phones[0], "summary, phone")
    check_fits(table, "summary, tv")
    shot(phones[0], "cena-summary-390x844")
    save_screenshot(phones[0], "web-summary.png")
    shot(table, "cena-summary-1280x720")
    expect(table.get_by_test_id("summary-continue")).to_have_count(0)  # a TV only watches
    expect(phones[1].get_by_test_id("summary-skip")).to_have_count(0)  # only the host skips

    # Nobody plays while the table reads: the box says why.
    mine = device.get("/api/state", token=tokens[0])
    assert mine["legal"] == []  # nothing is offered meanwhile
    reveal = {"type": "reveal", "cards": mine["hand"][:3]}  # what the rules would allow
    status, answer = device.request("POST", "/api/action", {"action": reveal}, tokens[0])
    assert status == 409 and answer["code"] == "interlude", answer

    for number, page in enumerate(phones):
        page.get_by_test_id("summary-continue").click()
        if number < len(phones) - 1:
            expect(page.get_by_test_id("summary-continued")).to_be_visible()
            expect(table.get_by_test_id("summary-waiting")).not_to_contain_text(NAMES[number])
    for page in [*phones, table]:
        expect(page.get_by_test_id("summary")).to_have_count(0)
    for page in phones:
        with drawer_opened(page):
            expect(page.get_by_test_id("deal-info")).to_contain_text("Deal 2 of 3")
    assert device.get("/api/status")["interlude"] is None


def test_the_host_skips_the_wait(device: DeviceProcess, contexts: Contexts) -> None:
    tokens = open_table(device, "chanoyu", 3)
    host = phone(contexts, tokens[0])
    assert play_until(device, tokens, random.Random(5), "round_scored")
    expect(host.get_by_test_id("summary")).to_be_visible()
    host.get_by_test_id("summary-skip").click()
    expect(host.get_by_test_id("summary")).to_have_count(0)
    assert device.get("/api/status")["interlude"] is None
    # The host sets the trick pause on /host; every screen reads it from the status.
    host.goto("/host")
    host.get_by_test_id("trick-pause-seconds").select_option("0")
    expect(host.get_by_test_id("trick-pause-seconds")).to_have_value("0")
    # The select shows 0 at once; its POST may still be on its way to the box.
    deadline = time.monotonic() + 10
    while device.get("/api/status")["trick_pause"] != 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert device.get("/api/status")["trick_pause"] == 0
    shot(host, "host-trick-pause-390x844")
    # With no pause the finished trick shrinks to one line at once, until the next card.
    host.goto("/seat")
    expect(host.get_by_test_id("seat-name")).to_be_visible()
    assert play_until(device, tokens, random.Random(6), "trick_won")
    moment = host.get_by_test_id("trick-moment")
    expect(moment).to_have_attribute("data-full", "false")
    check_fits(host, "brief trick, phone")
    shot(host, "chanoyu-trick-brief-390x844")


GAMES = [("cena", 3, "deal_scored"), ("chanoyu", 3, "round_scored")]
GAMES += [("lauzait", 3, "season_over"), ("sarena", 3, "game_over")]
GAMES += [("cena", 5, "deal_scored"), ("chanoyu", 5, "round_scored"), ("sarena", 4, "game_over")]


@pytest.mark.parametrize(("game", "players", "end"), GAMES, ids=[f"{g}-{n}" for g, n, _ in GAMES])
def test_every_game_shows_its_moments_on_every_screen_size(
    device: DeviceProcess, contexts: Contexts, game: str, players: int, end: str
) -> None:
    rng = random.Random(11)
    # A season's end is found first (see seasons_end); the other games reach theirs surely.
    tokens = (
        seasons_end(device, players, rng)
        if game == "lauzait"
        else open_table(device, game, players)
    )
    screens = {
        "390x844": phone(contexts, tokens[0], PORTRAIT),
        "844x390": phone(contexts, tokens[1], LANDSCAPE),
        "1280x720": phone(contexts, tokens[2], TV),
        "table-1280x720": tv(contexts, TV),
        "table-1920x1080": tv(contexts, BIG_TV),
    }
    if engines.info(game)["tricks"]:
        assert play_until(device, tokens, rng, "trick_won")
        for name, page in screens.items():
            expect(page.get_by_test_id("trick-moment")).to_be_visible()
            check_fits(page, f"{game} trick, {name}")
            shot(page, f"{game}{players}-trick-{name}")
    if game != "lauzait":
        assert play_until(device, tokens, rng, end)
    for name, page in screens.items():
        expect(page.get_by_test_id("summary")).to_be_visible()
        check_fits(page, f"{game} summary, {name}")
        shot(page, f"{game}{players}-summary-{name}")
