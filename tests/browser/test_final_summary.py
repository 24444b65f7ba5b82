"""The final summary names the real winners, in Chromium (issue 30).

* A sweep: the final summaries of many random games of every engine, each drawn by
  the pages' own js/summary.js on the table page; the rows marked as winners are
  exactly the engine's `winners`, and the sentence names every one of them.
* A Chanoyu final whose highest total loses, and a Sàrénà final decided by the
  tie-break, on real phones and the TV: the game is played on a box in this process
  (its seed fixed, so the ending is known), then the simulated box is started on
  that journal and resumes the wait on the final summary, as after a restart.

TABLEMATE_REVIEW_SHOTS=<dir> saves each screen there.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

import engines
from device.journal import Journal
from device.table import Table
from engines.base import Action, Game
from testkit.device_process import DeviceProcess
from tests.browser.conftest import Contexts
from tests.interludes import read_summary

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve"]
REVIEW = os.environ.get("TABLEMATE_REVIEW_SHOTS")
PHONE: ViewportSize = {"width": 390, "height": 844}
SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
TV: ViewportSize = {"width": 1920, "height": 1080}
SWEEP = {"cena": 15, "chanoyu": 40, "lauzait": 1, "sarena": 60}
# What each reason's sentence says, so a game's own wording is seen to be used.
WHY = {"most_points": "points", "fell_short": "reached 15 but", "highest": "or more:"}
WHY |= {"tie_to_host": "closest to the right", "most_chips": "chips"}
WHY |= {"tie_break": "the tie-break", "shared": "share the win"}

# Draw each state's summary with the page's own module and read what it marks, once
# the dialog shows it whole (it opens in steps, tasks after the state's: js/summary.js).
DRAW_ALL = """
async (states) => {
  const { showMoments } = await import("/static/js/summary.js");
  const tasks = (n) => new Promise((resolve) => {
    const next = (left) => (left ? setTimeout(() => next(left - 1)) : resolve());
    next(n);
  });
  const read = [];
  for (const state of states) {
    showMoments(state, { asSeat: false });
    await tasks(2);
    const rows = [...document.querySelectorAll('[data-testid="summary-points"] tbody tr')];
    const totals = [...document.querySelectorAll('[data-testid="summary-seat-total"]')];
    read.push({
      marked: rows.filter((r) => r.dataset.winner === "true").map((r) => Number(r.dataset.seat)),
      totals: totals.flatMap((td, seat) => (td.classList.contains("winner") ? [seat] : [])),
      outcome: document.querySelector('[data-testid="summary-outcome"]')?.textContent ?? null,
      whole: document.querySelector('dialog.summary-overlay.opening') === null,
    });
  }
  return read;
}
"""


def shot(page: Page, name: str) -> None:
    if REVIEW:
        Path(REVIEW).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(REVIEW) / f"{name}.png"))


def random_final(name: str, players: int, seed: int) -> tuple[Game, list[tuple[int, Action]]]:
    """A game played at random to its end (declaring when it can, never ending early),
    with the moves that got there."""
    game = engines.new(name, players=players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not game.finished:
        seat = rng.choice(game.to_act)
        legal = [a for a in game.legal_actions(seat) if a["type"] != "end_game"]
        action = rng.choice([a for a in legal if a["type"] == "declare"] or legal)
        game.apply(seat, action)
        moves.append((seat, action))
    return game, moves


def reading_state(game: Game) -> dict[str, Any]:
    """What /api/state answers the table page while everyone reads the final summary."""
    players = game.players
    seats = [{"seat": s, "name": NAMES[s], "taken": True} for s in range(players)]
    assert game.summary is not None
    pause: dict[str, Any] = {"key": game.summary["key"], "done": []}
    pause |= {"waiting": list(range(players)), "names": NAMES[:players]}
    table: dict[str, Any] = {"phase": "over", "title": game.title, "seats": seats, "host": 0}
    table |= {"interlude": pause, "trick_pause": 0, "notices": []}
    return {**game.view(None), "table": table}


def test_every_final_summary_marks_and_names_exactly_the_engines_winners(
    device: DeviceProcess, contexts: Contexts
) -> None:
    page = contexts.page(TV)
    page.goto("/table")
    expect(page.get_by_test_id("moments")).to_be_attached()
    for name, count in SWEEP.items():
        players = engines.info(name)["max_players"]
        games = [random_final(name, players, seed)[0] for seed in range(count)]
        drawn = page.evaluate(DRAW_ALL, [reading_state(game) for game in games])
        for game, shown in zip(games, drawn, strict=True):
            assert game.summary is not None
            assert shown["whole"], name
            assert shown["marked"] == game.winners, (name, game.summary)
            assert shown["totals"] == game.winners
            assert shown["outcome"], (name, game.summary)
            assert WHY[game.summary["outcome"]["reason"]] in shown["outcome"], shown
            for seat in game.winners:
                assert NAMES[seat] in shown["outcome"]


def find_final(name: str, players: int, reason: str) -> tuple[int, list[tuple[int, Action]]]:
    for seed in range(3000):
        game, moves = random_final(name, players, seed)
        if game.summary and game.summary["outcome"]["reason"] == reason:
            return seed, moves
    raise AssertionError(f"no {name} final decided by {reason}")


@pytest.fixture
def box_at_the_end(
    browser: Browser,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> Iterator[tuple[DeviceProcess, list[str], dict[str, Any]]]:
    """(box, seat tokens, final summary): a game played to its final summary on a
    Table in this process with a known seed, then the simulated box started on it."""
    name, players, reason = request.param
    seed, moves = find_final(name, players, reason)
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setattr(engines, "new_seed", lambda: seed)
    journal = Journal(data / "journal.sqlite3")
    table = Table(journal)
    opened = table.open_lobby(name, players, {}, host_name=NAMES[0])
    assert opened is not None
    tokens = [opened[1]]
    room = table.status()["room"]
    tokens += [table.join(room, NAMES[seat])[1] for seat in range(1, players)]
    table.start()
    for seat, action in moves:
        read_summary(table)
        table.act(seat, action)
    summary = table.view(None)["summary"]
    assert summary["final"] and table.status()["interlude"]["key"] == summary["key"]
    journal.close()
    box = DeviceProcess(data)
    try:
        yield box.start(), tokens, summary
    finally:
        box.stop()


def screens(box: DeviceProcess, browser: Browser, tokens: list[str]) -> Iterator[tuple[str, Page]]:
    contexts = Contexts(browser, box.url)
    try:
        pages = []
        for label, viewport in (("390x844", PHONE), ("360x640", SMALL_PHONE)):
            page = contexts.page(
                viewport, init_script=f"localStorage.setItem('tablemate.token', '{tokens[0]}')"
            )
            page.goto("/seat")
            pages.append((f"phone-{label}", page))
        tv = contexts.page(TV)
        tv.goto("/table")
        pages.append(("tv-1920x1080", tv))
        yield from pages
    finally:
        contexts.close()


@pytest.mark.parametrize("box_at_the_end", [("chanoyu", 3, "fell_short")], indirect=True)
def test_a_chanoyu_final_whose_highest_total_loses_names_the_others(
    browser: Browser, box_at_the_end: tuple[DeviceProcess, list[str], dict[str, Any]]
) -> None:
    box, tokens, summary = box_at_the_end
    top = summary["totals"].index(max(summary["totals"]))
    assert top not in summary["winners"]
    winners = [NAMES[s] for s in summary["winners"]]
    for label, page in screens(box, browser, tokens):
        overlay = page.get_by_test_id("summary")
        expect(overlay).to_be_visible()
        marked = overlay.locator('[data-testid="summary-points"] tr[data-winner="true"]')
        expect(marked).to_have_count(len(summary["winners"]))
        for seat in summary["winners"]:
            expect(overlay.locator(f'tr[data-seat="{seat}"][data-winner="true"]')).to_have_count(1)
        expect(overlay.locator(f'tr[data-seat="{top}"][data-winner="false"]')).to_have_count(1)
        outcome = page.get_by_test_id("summary-outcome")
        expect(outcome).to_contain_text(f"{NAMES[top]} reached 15 but")
        expect(outcome).to_contain_text(" and ".join(winners) if len(winners) == 2 else winners[0])
        expect(overlay).not_to_contain_text("Someone reached 15")
        shot(page, f"chanoyu-final-{label}")


@pytest.mark.parametrize("box_at_the_end", [("sarena", 2, "tie_break")], indirect=True)
def test_a_sarena_final_decided_by_the_tie_break_marks_only_its_winner(
    browser: Browser, box_at_the_end: tuple[DeviceProcess, list[str], dict[str, Any]]
) -> None:
    box, tokens, summary = box_at_the_end
    (winner,) = summary["winners"]
    loser = 1 - winner
    assert summary["totals"][winner] == summary["totals"][loser]
    sentence = (
        f"Tied on {summary['totals'][winner]} chips: {NAMES[winner]} wins the tie-break, "
        f"{summary['tiebreak'][winner]} to {summary['tiebreak'][loser]}."
    )
    for label, page in screens(box, browser, tokens):
        overlay = page.get_by_test_id("summary")
        expect(overlay).to_be_visible()
        expect(overlay.locator('tr[data-winner="true"]')).to_have_count(1)
        expect(overlay.locator(f'tr[data-seat="{winner}"][data-winner="true"]')).to_have_count(1)
        expect(page.get_by_test_id("summary-outcome")).to_have_text(sentence)
        # Chips beside the colour, where a player looks for them.
        expect(page.get_by_test_id("summary-chips")).to_have_text(
            [str(chips) for chips in summary["totals"]]
        )
        shot(page, f"sarena-final-{label}")
