"""Old news stays old (issue 28, point 7): a phone reopened after its screen slept
replayed how the last take-back ended and the last trick's full overlay, as if they
had just happened. Each page remembers per seat what it has shown (js/news.js) and
the box drops news of a deal before (device/table/news.py).

A Céna table of three, played through the API; seat 1's phone (390x844) watches. A
refused take-back shows its result, which goes after its seconds; a finished trick
shows full, then shrinks to its line. The phone's tab is then closed and the seat
reopened in a new one (a phone waking to a discarded tab): neither comes back in
full. A new take-back and a new trick after that are shown as news again.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from testkit.device_process import DeviceProcess
from tests.browser.conftest import Contexts
from tests.browser.test_moments import PORTRAIT, open_table, play_until, step

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

# Counts every time the page draws a take-back result or a full trick overlay, from
# the page's first script on (a replay lasting a frame counts too).
WATCH = """
window.__news = { results: 0, fullTricks: 0 };
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (node.nodeType !== 1) continue;
      const all = [node, ...node.querySelectorAll('*')];
      const count = (selector) => all.filter((n) => n.matches(selector)).length;
      window.__news.results += count('[data-testid=take-back-result]');
      window.__news.fullTricks += count('[data-testid=trick-moment][data-full=true]');
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def reopen(page: Page) -> Page:
    """The seat's tab closed and opened again: storage of the browser kept, the page new."""
    fresh = page.context.new_page()
    page.close()
    fresh.goto("/seat")
    expect(fresh.get_by_test_id("seat-name")).to_be_visible()
    fresh.wait_for_timeout(1500)  # a replay would be drawn by now
    return fresh


def news(page: Page) -> dict[str, int]:
    found: dict[str, int] = page.evaluate("window.__news")
    return found


def refused_take_back(device: DeviceProcess, tokens: list[str]) -> None:
    """The seat to act moves, asks to take it back, and the next seat refuses."""
    seat = device.get("/api/state")["to_act"][0]
    legal = device.get("/api/state", token=tokens[seat])["legal"]
    device.post("/api/action", {"action": legal[0]}, token=tokens[seat])
    device.post("/api/take-back/ask", {"steps": 1}, token=tokens[seat])
    refuser = (seat + 1) % len(tokens)
    device.post("/api/take-back/answer", {"allow": False}, token=tokens[refuser])


def test_a_reopened_phone_does_not_replay_old_news(
    device: DeviceProcess, contexts: Contexts
) -> None:
    tokens = open_table(device, "cena", 3)
    device.post("/api/host/trick-pause", {"seconds": 1}, token=tokens[0])
    remember = f"localStorage.setItem('tablemate.token', '{tokens[0]}');"
    phone = contexts.page(PORTRAIT, init_script=remember + WATCH)
    phone.goto("/seat")
    expect(phone.get_by_test_id("seat-name")).to_be_visible()

    # A take-back's result: shown, then gone after its seconds.
    refused_take_back(device, tokens)
    result = phone.get_by_test_id("take-back-result")
    expect(result).to_have_attribute("data-kind", "refused")
    expect(result).to_have_count(0, timeout=15_000)
    phone = reopen(phone)
    expect(phone.get_by_test_id("take-back-result")).to_have_count(0)
    assert news(phone)["results"] == 0

    # A finished trick: in full, then its one line until the next trick's first card.
    rng = random.Random(5)
    assert play_until(device, tokens, rng, "trick_won")
    moment = phone.get_by_test_id("trick-moment")
    expect(moment).to_have_attribute("data-full", "true")
    expect(moment).to_have_attribute("data-full", "false", timeout=10_000)
    phone = reopen(phone)
    expect(phone.get_by_test_id("trick-moment")).to_have_attribute("data-full", "false")
    assert news(phone) == {"results": 0, "fullTricks": 0}
    phone.reload()  # a plain reload too
    expect(phone.get_by_test_id("seat-name")).to_be_visible()
    phone.wait_for_timeout(1500)
    assert news(phone) == {"results": 0, "fullTricks": 0}

    # News after that is news: the next trick in full, a new take-back's result.
    step(device, tokens, rng)
    assert play_until(device, tokens, rng, "trick_won")
    expect(phone.get_by_test_id("trick-moment")).to_have_attribute("data-full", "true")
    expect(phone.get_by_test_id("trick-moment")).to_have_attribute(
        "data-full", "false", timeout=10_000
    )
    assert news(phone)["fullTricks"] >= 1
    step(device, tokens, rng)  # the next trick's first card
    refused_take_back(device, tokens)
    expect(phone.get_by_test_id("take-back-result")).to_have_attribute("data-kind", "refused")
