// The dice-sticks on a page: five sticks (dark side: solid, light side: pale,
// and each says which), the count, and a throw button. A throw newer than the
// last one this page drew tumbles in (CSS, under a second).
import { api } from "./api.js";
import { h, showError } from "./dom.js";

const newest = new Map(); // scope -> the highest throw number this page has drawn

// thrown: {sticks: [five 0/1], count}. key: the throw's number in its scope (the
// box's roller, or a game's own throws), so a new throw tumbles in once; the
// first one a page draws does not. big: the history page's size.
export function sticksFace(thrown, { key = null, scope = "box", big = false, testid = "sticks" } = {}) {
  const seen = newest.get(scope);
  const fresh = key !== null && seen !== undefined && key > seen;
  if (key !== null && (seen === undefined || key > seen)) newest.set(scope, key);
  return h(
    "div",
    {
      class: `sticks${big ? " big-sticks" : ""}${fresh ? " rolling" : ""}`,
      "data-testid": testid,
      "data-count": thrown.count,
      "data-faces": thrown.sticks.join(""),
      role: "img",
      "aria-label": `${thrown.count} of 5 sticks dark side up`,
    },
    thrown.sticks.map((face, i) =>
      h("span", { class: `stick ${face ? "dark" : "light"}`, "data-face": face, style: `--i: ${i}` }, face ? "dark" : "light"),
    ),
    h("span", { class: "stick-count", "data-testid": "sticks-count" }, thrown.count),
  );
}

// A throw button; from: "table", "sticks" or "sheet" (a phone with a seat throws
// in its player's name whatever it says). onThrown(throw) after the box answered.
export function throwButton(from, onThrown = () => {}, { token } = {}) {
  const button = h(
    "button",
    {
      type: "button",
      class: "throw-button",
      "data-testid": "throw-sticks",
      onclick: async () => {
        button.disabled = true;
        try {
          const options = token === undefined ? {} : { token };
          onThrown((await api("/api/sticks/throw", { from }, options)).throw);
        } catch (err) {
          showError(err.message);
        } finally {
          button.disabled = false;
        }
      },
    },
    "Throw the sticks",
  );
  return button;
}

// The latest throw of the box's sticks, for the seat and table pages: nothing
// until the first throw; a throw button where asked (from: see throwButton).
export function sticksStrip(state, { from = null, token } = {}) {
  const latest = state.sticks;
  if (!latest && !from) return null;
  return h(
    "section",
    { class: "sticks-strip", "data-testid": "sticks-strip" },
    latest
      ? [
          sticksFace(latest, { key: latest.number }),
          h("span", { class: "muted", "data-testid": "sticks-by" }, `#${latest.number} by ${latest.by}`),
        ]
      : h("span", { class: "muted" }, "The box's dice-sticks"),
    from ? throwButton(from, () => {}, { token }) : null,
    h("a", { href: "/sticks", class: "sticks-link" }, "history"),
  );
}
