// Keyboard focus through redraws. The pages rebuild their hand and board on every
// move; without care focus falls back to <body> and a keyboard or screen-reader
// player starts again from the top of the page. keepFocus(root, redraw) notes which
// control inside root had focus, redraws, and puts focus back on the same control
// (the same card, square or button, found by its data attributes), or, when that
// one is gone or disabled, on the next sensible one: one of its kind (another
// card of the hand), else any control in root, else root itself, which remembers
// what was wanted for the redraw after (the card playable again on your turn).
// Nothing happens when focus was elsewhere: a page never pulls focus to itself.
import { beforePaint } from "./frame.js";

// The attributes that name a control whatever redraw made it.
const NAMING = ["data-testid", "data-card", "data-piece", "data-square", "data-row", "data-col", "data-to", "data-seat", "data-value", "data-at", "data-chip", "data-index"];
const FOCUSABLE = "button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";

// Shown: it has a box (checkVisibility() needs only the page's styles, where
// getClientRects() lays the page out).
const shown = (el) => (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0);
const usable = (el) => el.isConnected && !el.matches(":disabled") && !el.closest("[hidden], [inert]") && shown(el);

function describe(el) {
  const names = NAMING.filter((a) => el.hasAttribute(a)).map((a) => `[${a}="${CSS.escape(el.getAttribute(a))}"]`);
  return names.length ? { exact: names.join(""), kind: el.hasAttribute("data-testid") ? names[0] : null } : null;
}

function findAgain(root, want) {
  const exact = want.exact && [...root.querySelectorAll(want.exact)].find(usable);
  if (exact) return exact;
  const kind = want.kind && [...root.querySelectorAll(want.kind)].filter((el) => el.matches(FOCUSABLE)).find(usable);
  if (kind) return kind;
  return [...root.querySelectorAll(FOCUSABLE)].find(usable) || null;
}

export function keepFocus(root, redraw) {
  const active = document.activeElement;
  const inside = root && active && active !== document.body && root.contains(active);
  const want = !inside ? null : active === root ? root.wantedFocus || null : describe(active);
  redraw();
  if (!inside) return;
  if (active === root && !want) return; // the region itself was chosen (a Tab stop, the skip link)
  // Found again once the frame has laid the redrawn page out (js/frame.js): checking a
  // control and focusing it now would lay it out in the draw's own task.
  beforePaint(() => focusAgain(root, active, want), "focus");
}

function focusAgain(root, active, want) {
  const now = document.activeElement;
  if (!root.isConnected) return;
  if (now === active && active !== root && usable(active)) return; // still there, still usable
  // Focus moved on since: a redraw inside (a hand keeping its own focus), or the player.
  if (now && now !== active && now !== document.body) return;
  const next = want ? findAgain(root, want) : [...root.querySelectorAll(FOCUSABLE)].find(usable);
  if (next) {
    root.wantedFocus = null;
    next.focus({ preventScroll: true });
    // Into view in the hand (enlarged text scrolls).
    if (next.closest("#hand")) next.scrollIntoView({ block: "nearest" });
    return;
  }
  // Nothing to focus in root now (every card waits): root holds focus till the next redraw.
  if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
  root.wantedFocus = want;
  root.focus({ preventScroll: true });
}
