"""A cheap phone: what one seat's page costs on a slow CPU (issue 28, point 11).

Starts the device (simulated hardware) as a subprocess and drives one seat's page in
Debian's Chromium through Playwright as a phone (a touch screen: taps), with
Chromium's CPU throttling (6x by default stands in for a low-end Android). The other
seats play through the API. Measured:

- ``first_load``: /seat opened in a fresh browser (requests, bytes transferred as
  the network saw them, compressed where compressed), and the same page opened again
  later from the browser's cache (a phone waking up).
- ``own_move``: each tap of the phone's own moves, as main-thread time (the CPU time
  of the renderer main thread's tasks from the tap until the page is quiet again,
  throttling included) and its tasks over 50 ms: a Céna card (the tap that plays it)
  and a Lauzait Cep hire (each step of the guided hire: discard, piece to move,
  where, confirm).
- ``others_move``: the same while another seat moves.
- ``summary``: the move that ends a Céna deal, as the phone draws the deal's summary.
- ``own_move_continue``: the phone's Continue on that summary, the last seat's (the
  tap that ends the pause and shows the next deal).
- ``state_bytes``: the size of this seat's /api/state (the same JSON as each stream
  event) during play, per game.
- ``renders``: the page's own render counter (window.__renders, by region) per move.

    .venv/bin/python bench/phone.py [--rate 6] [--moves 8] [--seed N]

With --seed the box deals the same games on every run (bench/seeded), so old and
new code compare on the same deals: a deal changes a move's cost by more than most
changes do (a run's median of a Céna card went 140-226 ms on the same code).

Measured without a tracer: the main thread's time is Chromium's own counter
(``Performance.getMetrics``' TaskDuration, in thread time) and its tasks over 50 ms
are the page's Long Tasks and the rendering of its Long Animation Frames (the web's
PerformanceObserver, wall time: on a loaded machine they also count the time other
processes took, so a run prints the machine's load average beside them). A DevTools
trace, which this bench read before, costs the page itself: Céna cards on one deal,
traced and untraced alternately, measured 169 ms against 103 (medians). A tracer's
task-by-task view is for finding where the time goes, not for the figures.

Prints JSON. Targets (issue 28): own move <= 150 ms of main thread with no task over
50 ms; first load <= 15 requests and <= 100 KB; a seat's state <= 3 KB in play.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, CDPSession, Page, ViewportSize, sync_playwright

from testkit.chromium import launch
from testkit.device_process import DeviceProcess, seat_players

PHONE: ViewportSize = {"width": 390, "height": 844}
# A phone, as Playwright's phone descriptors make one: a touch screen, the mobile
# viewport, two device pixels a CSS pixel. A tap is a finger's (touch events, then the
# pointer and mouse events a phone derives from them), not a desktop mouse's, whose
# moves restyle hover on the way and cost a tap 10-20 ms at 6x that no phone spends.
AS_A_PHONE: dict[str, Any] = {
    "viewport": PHONE,
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
    "service_workers": "block",
}
QUIET_MS = 400  # the page is done with a move when nothing changed for this long

# Every task over 50 ms (the Long Tasks API's bound, and the target's), from the page's
# own observers (installed before its scripts). The Long Tasks API reports a frame's
# rendering (style, layout, paint) only when the frame ran a script (a
# requestAnimationFrame callback); Long Animation Frames report each long frame with
# the time its rendering started, so a frame whose rendering alone took over 50 ms is
# counted too, once (a long task that started as that rendering did is the same).
LONG_TASKS = """window.__longTasks = [];
window.__longFrames = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask" });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const rendering = entry.startTime + entry.duration - entry.renderStart;
    if (entry.renderStart > 0 && rendering > 50) {
      window.__longFrames.push([entry.renderStart, rendering]);
    }
  }
}).observe({ type: "long-animation-frame" });"""
# The durations (ms) of the tasks over 50 ms since the last call, each once.
TAKE_LONG_TASKS = """() => {
  const tasks = window.__longTasks.splice(0);
  const frames = window.__longFrames.splice(0)
    .filter(([start]) => !tasks.some(([begun]) => Math.abs(begun - start) < 2));
  return [...tasks, ...frames].map(([, ms]) => ms);
}"""

# window.__quiet resolves once nothing in the page changed for QUIET_MS (at most 10 s),
# counted from now, or from the page's first change: armed so before a measured tap,
# the measurement holds none of this script.
QUIET = """([quiet, fromChange]) => {
  window.__quiet = new Promise((resolve) => {
    let timer = null;
    const done = () => { observer.disconnect(); clearTimeout(cap); resolve(); };
    const again = () => { clearTimeout(timer); timer = setTimeout(done, quiet); };
    const observer = new MutationObserver(again);
    observer.observe(document.body,
      { subtree: true, childList: true, attributes: true, characterData: true });
    const cap = setTimeout(done, 10000);
    if (!fromChange) again();
  });
}"""
QUIETENED = "() => window.__quiet"


# The middle of the nth element a selector finds, scrolled into view, or null. Found
# with the page's own DOM calls: Playwright's locators would load its injected script
# into the page, whose capture listeners on every pointer and mouse event then run in
# each measured tap (10-20 ms of a tap's task at 6x that no phone has).
WHERE = """([selector, nth]) => {
  const element = document.querySelectorAll(selector)[nth];
  if (!element) return null;
  element.scrollIntoView({ block: "nearest", inline: "nearest" });
  const box = element.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""


def shown(page: Page, selector: str, timeout_s: float = 30.0) -> None:
    """Waits until the page shows an element (without Playwright's injected script: see
    WHERE)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate("(s) => document.querySelector(s) !== null", selector):
        if time.monotonic() > deadline:
            raise TimeoutError(selector)
        time.sleep(0.05)


def settle(page: Page) -> None:
    """Waits until nothing in the page changed for QUIET_MS."""
    page.evaluate(QUIET, [QUIET_MS, False])
    page.evaluate(QUIETENED)


def summarise(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """Median, p95 and max of the main thread's CPU ms over moves, and their tasks over
    50 ms (how many, in how many moves, the longest: wall time, which on a loaded
    machine also counts the time other processes took)."""
    if not samples:
        return {"moves": 0}
    busy = sorted(s["cpu_ms"] for s in samples)
    p95 = busy[min(len(busy) - 1, round(0.95 * (len(busy) - 1)))]
    long = [task for s in samples for task in s["long_tasks"]]
    return {
        "moves": len(samples),
        "cpu": {
            "median_ms": round(statistics.median(busy), 1),
            "p95_ms": round(p95, 1),
            "max_ms": round(busy[-1], 1),
        },
        "tasks_over_50ms": {
            "count": len(long),
            "moves_with_one": sum(1 for s in samples if s["long_tasks"]),
            "longest_ms": round(max(long), 1) if long else None,
        },
    }


class Phone:
    """One seat's page in its own browser context, CPU-throttled, its main thread measured."""

    def __init__(self, browser: Browser, url: str, token: str, rate: float) -> None:
        self.context = browser.new_context(base_url=url, **AS_A_PHONE)
        self.context.add_init_script(
            f"localStorage.setItem('tablemate.token', {json.dumps(token)})"
        )
        self.context.add_init_script(LONG_TASKS)
        self.page: Page = self.context.new_page()
        self.cdp: CDPSession = self.context.new_cdp_session(self.page)
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        self.cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
        self.page.goto("/seat")
        shown(self.page, "[data-testid=hand]")
        self.settle()

    def settle(self) -> None:
        settle(self.page)

    def where(self, selector: str, nth: int = 0) -> tuple[float, float]:
        """The middle of an element, found before a measurement starts."""
        at: list[float] | None = self.page.evaluate(WHERE, [selector, nth])
        assert at is not None, selector
        return at[0], at[1]

    def tap(self, at: tuple[float, float]) -> None:
        """A finger's tap (no script of Playwright's runs in the page meanwhile, so
        only the page's own work is measured)."""
        self.page.touchscreen.tap(*at)

    def renders(self) -> dict[str, int]:
        counts: dict[str, int] = self.page.evaluate("() => ({ ...(window.__renders || {}) })")
        return counts

    def main_thread_ms(self) -> float:
        """The CPU time the page's main thread has spent in tasks so far (throttling
        included: Chromium's throttle keeps the thread busy)."""
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        seconds = next(m["value"] for m in metrics if m["name"] == "TaskDuration")
        return float(seconds) * 1000

    @contextmanager
    def measured(self, into: list[dict[str, Any]]) -> Iterator[None]:
        """Main-thread time and tasks over 50 ms of what happens inside, until the
        page is quiet again."""
        before = self.renders()
        self.page.evaluate(QUIET, [QUIET_MS, True])
        self.page.evaluate(TAKE_LONG_TASKS)  # none before the tap
        start = self.main_thread_ms()
        yield
        self.page.evaluate(QUIETENED)
        spent = self.main_thread_ms() - start
        long: list[float] = self.page.evaluate(TAKE_LONG_TASKS)
        after = self.renders()
        into.append(
            {
                "cpu_ms": spent,
                "long_tasks": long,
                "renders": {
                    k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)
                },
            }
        )

    def close(self) -> None:
        self.page.close(run_before_unload=False)
        self.context.close()


def first_load(browser: Browser, url: str, token: str, rate: float) -> dict[str, Any]:
    """/seat in a fresh browser, then opened again from its cache (a phone waking)."""
    context = browser.new_context(base_url=url, **AS_A_PHONE)
    context.add_init_script(f"localStorage.setItem('tablemate.token', {json.dumps(token)})")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    cdp.send("Network.enable")
    seen: dict[str, dict[str, Any]] = {}

    def sent(event: dict[str, Any]) -> None:
        seen.setdefault(
            event["requestId"], {"url": event["request"]["url"], "bytes": 0, "status": None}
        )

    def from_cache(event: dict[str, Any]) -> None:
        if event["requestId"] in seen:
            seen[event["requestId"]]["cached"] = True

    def answered(event: dict[str, Any]) -> None:
        if event["requestId"] in seen:
            seen[event["requestId"]]["status"] = event["response"]["status"]
            response = event["response"]
            cached = response.get("fromDiskCache") or response.get("fromMemoryCache")
            seen[event["requestId"]]["cached"] = seen[event["requestId"]].get("cached") or cached

    def received(event: dict[str, Any]) -> None:
        if event["requestId"] in seen:
            seen[event["requestId"]]["bytes"] += event.get("encodedDataLength", 0)

    def finished(event: dict[str, Any]) -> None:
        if event["requestId"] in seen:  # the total, headers included
            seen[event["requestId"]]["bytes"] = event["encodedDataLength"]

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.responseReceived", answered)
    cdp.on("Network.requestServedFromCache", from_cache)
    cdp.on("Network.dataReceived", received)
    cdp.on("Network.loadingFinished", finished)

    def load() -> dict[str, Any]:
        seen.clear()
        started = time.perf_counter()
        page.goto("/seat")
        shown(page, "[data-testid=hand]")
        settle(page)
        ready_ms = (time.perf_counter() - started) * 1000 - QUIET_MS
        network = [r for r in seen.values() if not r.get("cached")]
        return {
            "requests": len(seen),
            "requests_on_network": len(network),
            "revalidated_304": sum(1 for r in seen.values() if r["status"] == 304),
            "bytes_transferred": sum(r["bytes"] for r in network),
            "ready_ms": round(ready_ms),
        }

    cold = load()
    page.goto("about:blank")
    warm = load()
    context.close()
    return {"cold": cold, "warm_from_cache": warm}


def state_size(device: DeviceProcess, token: str, path: str = "/api/state?compact=1") -> int:
    """Bytes of the seat's state as its page asks for it (and as its stream sends it),
    uncompressed JSON; a box that does not know ?compact=1 answers the full view."""
    request = urllib.request.Request(device.url + path)
    request.add_header("X-Tablemate-Token", token)
    with urllib.request.urlopen(request, timeout=10) as response:
        return len(response.read())


def sized(samples: list[int]) -> dict[str, float]:
    return {"median": statistics.median(samples), "max": max(samples)}


def other_seats_move(
    device: DeviceProcess, tokens: list[str], choose: Callable[[dict[str, Any]], dict[str, Any]]
) -> bool:
    """The first seat the game waits for (not seat 0) moves; False when seat 0 is to act."""
    state = device.get("/api/state")
    pause = state["table"]["interlude"]
    for waiting in pause["waiting"] if pause else []:
        device.post("/api/continue", {}, token=tokens[waiting])
        return True
    waiting = [s for s in state["to_act"] if s != 0]
    if not waiting:
        return False
    seat = waiting[0]
    mine = device.get("/api/state", token=tokens[seat])
    device.post("/api/action", {"action": choose(mine)}, token=tokens[seat])
    return True


def bench_cena(
    browser: Browser, device: DeviceProcess, tokens: list[str], rate: float, moves: int
) -> dict[str, Any]:
    phone = Phone(browser, device.url, tokens[0], rate)
    own: list[dict[str, Any]] = []
    reveal: list[dict[str, Any]] = []
    pick: list[dict[str, Any]] = []  # a card tapped that then asks where it goes
    others: list[dict[str, Any]] = []
    summary: list[dict[str, Any]] = []
    continued: list[dict[str, Any]] = []  # the phone's Continue that ends the pause
    sizes: dict[str, list[int]] = {"reveal": [], "play": []}
    full: dict[str, list[int]] = {"reveal": [], "play": []}
    deals = 0
    while len(own) < moves or not summary or not continued:
        state = device.get("/api/state", token=tokens[0])
        if state["table"]["phase"] != "playing" or deals > 2:
            break
        pause = state["table"]["interlude"]
        if pause:
            # The others continue first; this phone's Continue, the last, ends the pause.
            for waiting in pause["waiting"]:
                if waiting != 0:
                    device.post("/api/continue", {}, token=tokens[waiting])
            if 0 in pause["waiting"]:
                phone.settle()
                at = phone.where("[data-testid=summary-continue]")
                with phone.measured(continued):
                    phone.tap(at)
            deals += 1
            phone.settle()
            continue
        if 0 in state["to_act"]:
            sizes[state["phase"]].append(state_size(device, tokens[0]))
            full[state["phase"]].append(state_size(device, tokens[0], "/api/state"))
            if state["phase"] == "reveal":
                for i in range(3):
                    phone.tap(phone.where("[data-testid=hand-card]", i))
                at = phone.where("[data-testid=reveal]")
                with phone.measured(reveal):
                    phone.tap(at)
                continue
            card = "[data-testid=hand-card][data-legal=true]:not([disabled])"
            legal = [a for a in state["legal"] if a["type"] == "play"]
            first = legal[0]["card"]
            placed = sum(1 for a in legal if a["card"] == first) > 1
            card = f'[data-testid=hand-card][data-card="{first}"]'
            if placed:  # where it goes: a second tap, the one that sends
                at = phone.where(card)
                with phone.measured(pick):
                    phone.tap(at)
                at = phone.where("[data-testid=place]")
                with phone.measured(own):
                    phone.tap(at)
            else:
                at = phone.where(card)
                with phone.measured(own):
                    phone.tap(at)
            if own and device.get("/api/state")["table"]["interlude"]:
                summary.append(own.pop())
            continue
        target = others
        with phone.measured(target):
            other_seats_move(device, tokens, lambda s: s["legal"][0])
        if device.get("/api/state")["table"]["interlude"] and target:
            summary.append(target.pop())
    phone.close()
    return {
        "own_move_card": summarise(own),
        "own_move_card_pick_before_placing": summarise(pick),
        "own_move_reveal": summarise(reveal),
        "others_move": summarise(others),
        "summary": summarise(summary),
        "own_move_continue": summarise(continued),
        "renders_per_own_move": [s["renders"] for s in own[:3]],
        "renders_per_others_move": [s["renders"] for s in others[:3]],
        "state_bytes": {
            k: {**sized(v), "full_view": sized(full[k])} for k, v in sizes.items() if v
        },
    }


def square(at: list[int]) -> str:
    return f'[data-testid="lz-square"][data-row="{at[0]}"][data-col="{at[1]}"]'


def non_water(state: dict[str, Any]) -> dict[str, Any]:
    hires = [a for a in state["legal"] if a["type"] == "hire"]
    dry = [a for a in hires if a["to"] not in state["water"]]
    return (dry or hires or state["legal"])[0]


def bench_lauzait(
    browser: Browser, device: DeviceProcess, rate: float, moves: int
) -> dict[str, Any]:
    tokens = seat_players(device, "lauzait", 3)
    phone = Phone(browser, device.url, tokens[0], rate)
    steps: dict[str, list[dict[str, Any]]] = {
        "discard": [],
        "mover": [],
        "target": [],
        "confirm": [],
    }
    others: list[dict[str, Any]] = []
    sizes: list[int] = []
    full: list[int] = []
    while len(steps["confirm"]) < moves:
        state = device.get("/api/state", token=tokens[0])
        if state["table"]["phase"] != "playing":
            break
        if state["table"]["interlude"]:
            for waiting in state["table"]["interlude"]["waiting"]:
                device.post("/api/continue", {}, token=tokens[waiting])
            phone.settle()
            continue
        if 0 in state["to_act"]:
            sizes.append(state_size(device, tokens[0]))
            full.append(state_size(device, tokens[0], "/api/state"))
            action = non_water(state)
            if action["type"] != "hire":
                device.post("/api/action", {"action": action}, token=tokens[0])
                phone.settle()
                continue
            piece = f'[data-testid="lz-hand-piece"][data-piece="{action["discard"]}"]'
            piece += '[data-legal="true"]'
            at = phone.where(piece)
            with phone.measured(steps["discard"]):
                phone.tap(at)
            at = phone.where(square(action["from"]))
            with phone.measured(steps["mover"]):
                phone.tap(at)
            at = phone.where(square(action["to"]))
            with phone.measured(steps["target"]):
                phone.tap(at)
            at = phone.where("[data-testid=lz-hire-confirm]")
            with phone.measured(steps["confirm"]):
                phone.tap(at)
            continue
        with phone.measured(others):
            other_seats_move(device, tokens, non_water)
    phone.close()
    whole = [
        {
            "cpu_ms": sum(steps[k][i]["cpu_ms"] for k in steps),
            "long_tasks": [t for k in steps for t in steps[k][i]["long_tasks"]],
        }
        for i in range(len(steps["confirm"]))
    ]
    return {
        "own_move_hire_confirm": summarise(steps["confirm"]),
        "own_move_hire_steps": {k: summarise(v) for k, v in steps.items() if k != "confirm"},
        "own_move_hire_all_steps": summarise(whole),
        "others_move": summarise(others),
        "renders_per_own_move": [s["renders"] for s in steps["confirm"][:3]],
        "renders_per_others_move": [s["renders"] for s in others[:3]],
        "state_bytes": {**sized(sizes), "full_view": sized(full)} if sizes else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rate", type=float, default=6.0, help="CPU throttling (6: a low-end Android)"
    )
    parser.add_argument("--moves", type=int, default=8, help="own moves measured per game")
    parser.add_argument(
        "--seed", type=int, default=None, help="deal the same games each run (bench/seeded)"
    )
    args = parser.parse_args()
    if args.seed is not None:
        # The box's processes start with bench/seeded's sitecustomize (see there).
        seeded = str(Path(__file__).resolve().parent / "seeded")
        path = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = seeded + (os.pathsep + path if path else "")
        os.environ["TABLEMATE_BENCH_SEED"] = str(args.seed)
    results: dict[str, Any] = {"cpu_throttling": args.rate, "seed": args.seed}
    # Tasks over 50 ms are wall time: the machine's load (1-minute average, per CPU)
    # before and after says how far other processes may have lengthened them.
    load_before = os.getloadavg()[0] / (os.cpu_count() or 1)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            with tempfile.TemporaryDirectory() as data, DeviceProcess(Path(data)) as device:
                tokens = seat_players(device, "cena", 3)
                results["first_load"] = first_load(browser, device.url, tokens[0], args.rate)
                results["cena"] = bench_cena(browser, device, tokens, args.rate, args.moves)
            with tempfile.TemporaryDirectory() as data, DeviceProcess(Path(data)) as device:
                results["lauzait"] = bench_lauzait(browser, device, args.rate, args.moves)
        finally:
            browser.close()
    load_after = os.getloadavg()[0] / (os.cpu_count() or 1)
    results["machine_load_per_cpu"] = {
        "before": round(load_before, 2),
        "after": round(load_after, 2),
    }
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
