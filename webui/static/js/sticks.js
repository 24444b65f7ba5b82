// The dice-sticks on a page: five sticks (dark side: solid, light side: pale,
// and each says which), the count, and a throw button. A throw newer than the
// last one this page drew tumbles in (CSS, under a second).
import { api } from "./api.js";
import { h, showError } from "./dom.js";
import { t } from "./i18n.js";

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
      "aria-label": t("{count} of 5 sticks dark side up", { count: thrown.count }),
    },
    thrown.sticks.map((face, i) =>
      h("span", { class: `stick ${face ? "dark" : "light"}`, "data-face": face, style: `--i: ${i}` }, face ? t("dark") : t("light")),
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
    t("Throw the sticks"),
  );
  return button;
}

// The sticks strip on the seat and table pages, only where sticks matter: in a
// game whose view counts its own throws ("throws", "last_throw"), and for a short
// moment when the box's sticks are thrown (a throw newer than the first one this
// page saw). A card game never carries an old throw on top of its page.
const BOX_MOMENT_MS = 8000;
let firstBoxThrow; // the box's throw number when this page first drew (undefined: not yet)
let boxMomentUntil = 0;
let boxMomentShown = null;

function boxThrowIsFresh(latest) {
  const number = latest ? latest.number : 0;
  if (firstBoxThrow === undefined) firstBoxThrow = number;
  if (number > firstBoxThrow && number !== boxMomentShown) {
    boxMomentShown = number;
    boxMomentUntil = Date.now() + BOX_MOMENT_MS;
  }
  return number > firstBoxThrow && Date.now() < boxMomentUntil;
}

// Who threw the box's sticks: a seat's name (data, as it is), or where the throw
// came from, which the box records in English (webui/routes/dice_sticks.py, the box).
const THROWERS = {
  "Sticks page": () => t("Sticks page"),
  "Table page": () => t("Table page"),
  "Score sheet": () => t("Score sheet"),
  Box: () => t("Box"),
};
export const throwerName = (by) => THROWERS[by]?.() ?? by;


const gameThrows = (state) => state && typeof state.throws === "number" && "last_throw" in state;

// state: the page's state; from: "table", "sticks" or "sheet" for a throw button;
// redraw(): called when a box throw's moment ends, so the strip goes away.
// purpose(state, word): why a game's throw was made in the reader's language (the
// page passes games.js's throwPurpose; this file cannot import games.js, whose
// game modules import this one).
// link: the link to the sticks history (not on the TV, where nothing is a control).
export function sticksStrip(state, { from = null, token, redraw = null, purpose = (_state, word) => word, link = true } = {}) {
  const latest = state.sticks;
  const boxFresh = boxThrowIsFresh(latest);
  if (boxFresh && redraw) setTimeout(redraw, boxMomentUntil - Date.now() + 50);
  const own = gameThrows(state) ? state.last_throw : null;
  // A score sheet is for a game with sticks: its strip always shows.
  if (!gameThrows(state) && !boxFresh && from !== "sheet") return null;
  const names = state.table?.seats || [];
  const ownBy = own && typeof own.seat === "number" ? names[own.seat]?.name || t("seat {number}", { number: own.seat + 1 }) : "";
  // The game's own throw when it is the one to read; the box's when it was just thrown.
  const face = boxFresh || !own
    ? latest && [
        sticksFace(latest, { key: latest.number }),
        h("span", { class: "muted", "data-testid": "sticks-by" }, t("#{number} by {name}", { number: latest.number, name: throwerName(latest.by) })),
      ]
    : [
        sticksFace(own, { key: state.throws, scope: `game-${state.table?.room}`, testid: "game-sticks" }),
        h("span", { class: "muted", "data-testid": "sticks-by" }, t("{name} · {purpose}", { name: ownBy, purpose: purpose(state, own.purpose) })),
      ];
  return h(
    "section",
    { class: `sticks-strip${boxFresh ? " box-moment" : ""}`, "data-testid": "sticks-strip" },
    face || h("span", { class: "muted" }, t("No throw yet")),
    from ? throwButton(from, () => {}, { token }) : null,
    link ? h("a", { href: "/sticks", class: "sticks-link" }, t("history")) : null,
  );
}
