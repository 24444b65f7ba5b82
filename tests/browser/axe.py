"""axe-core in the browser tests: the engine as the axe-playwright-python wheel ships it
(no npm, no download: scripts/setup dev installs it with the dev extras).

`serious_violations(page)` injects axe into the page, runs the WCAG 2.1 A/AA rules and
axe's best practices, and returns the critical and serious findings as short lines
("rule: target, ..."), so a failing assertion names what to fix.
"""

from __future__ import annotations

from functools import cache
from importlib.util import find_spec
from pathlib import Path

from playwright.sync_api import Page

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
BLOCKING = ("critical", "serious")


@cache
def axe_source() -> str:
    """axe.min.js from the wheel (its Python side is not needed, only the engine)."""
    spec = find_spec("axe_playwright_python")
    if spec is None or spec.origin is None:
        raise RuntimeError("axe-playwright-python is missing: run scripts/setup dev")
    return (Path(spec.origin).parent / "axe.min.js").read_text(encoding="utf-8")


def violations(page: Page) -> list[dict]:
    """Every violation axe finds on the page as it stands (the whole document)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    found = page.evaluate(
        """async (tags) => {
          // What the page shows once its fades are over: axe reads colours as they are
          // now, and a button fading in (Undo) is faint for 0.2 s. Looping animations
          // (a beckoning ring) never end and change no colour: not waited for.
          const ending = document.getAnimations().filter(
            (a) => Number.isFinite(a.effect?.getComputedTiming().endTime));
          await Promise.all(ending.map((a) => a.finished.catch(() => null)));
          const results = await axe.run(document, {
            runOnly: {type: "tag", values: tags}, resultTypes: ["violations"],
          });
          return results.violations.map((v) => ({
            id: v.id, impact: v.impact,
            nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
          }));
        }""",
        TAGS,
    )
    return list(found)


def serious_violations(page: Page) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): " + "; ".join(n["target"] for n in v["nodes"][:6])
        for v in violations(page)
        if v["impact"] in BLOCKING
    ]
