// What each game draws on phones and the table page. Each game's components (board,
// top, details, hand, and an optional options editor) are its own module,
// games/<name>/index.js where the page's scripts are (js/styles.js: the versioned
// folder or the page's bundle); the page lists the games it needs in a <meta> tag
// (a seat page only the game in play), and they are all loaded before the page draws
// anything, so drawing stays synchronous. A game the page did not list (the table
// moved on to another game) is loaded with its styles by needGame() before the page
// draws it. A game without components (or whose module fails to load) gets the
// generic view: phase, whose move it is, scores and winners.
import { h, people } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./seats.js";
import { needStyle, scriptBase } from "./styles.js";

const names = (document.querySelector("meta[name=tablemate-games]")?.content || "").split(" ").filter(Boolean);

async function load(name) {
  try {
    return [name, await import(`${scriptBase}games/${name}/index.js`)];
  } catch (err) {
    console.error(`could not load ${name}'s components`, err);
    return [name, null];
  }
}

const GAMES = Object.fromEntries(await Promise.all(names.map(load)));

const pending = {}; // name -> the promise of a game being loaded

// null when `name`'s components are loaded (or tried), else a promise of them.
export function needGame(name) {
  if (!name || name in GAMES) return null;
  if (pending[name]) return pending[name];
  needStyle(`games/${name}/game.css`);
  pending[name] = load(name).then(([, module]) => {
    GAMES[name] = module;
  });
  return pending[name];
}

export function gameModule(name) {
  return GAMES[name] || null;
}

function genericBoard(state) {
  const waiting = people((state.to_act || []).map((s) => seatName(state, s)));
  const winners = people((state.winners || []).map((s) => seatName(state, s)));
  return [
    h(
      "div",
      { class: "turn-banner", "data-testid": "turn", "data-mine": (state.to_act || []).includes(state.you.seat) },
      state.phase === "over" ? t("Game over. Winners: {names}", { names: winners }) : t("Waiting for {names}", { names: waiting }),
    ),
    h("p", { class: "muted" }, t("Play this game with the box's buttons.")),
    h(
      "table",
      { "data-testid": "scores" },
      (state.scores || []).map((score, s) =>
        h("tr", {}, h("th", {}, seatName(state, s)), h("td", { class: "num", "data-testid": "score", "data-seat": s }, score)),
      ),
    ),
  ];
}

export function boardFor(state) {
  return (GAMES[state.game]?.board || genericBoard)(state);
}

// The seat page splits the board around the hand: the top (whose turn) above it,
// the details (table, scores) below, so a phone sees its cards without scrolling.
export function boardTopFor(state) {
  return (GAMES[state.game]?.top || genericBoard)(state);
}

export function boardDetailsFor(state) {
  return GAMES[state.game]?.details?.(state) || [];
}

// Why a game's throw was made (the engine's word, e.g. "water"), in the reader's
// language: the game module's optional throwPurpose(word), else the word itself.
export function throwPurpose(state, word) {
  return GAMES[state.game]?.throwPurpose?.(word) ?? word;
}

// A seat's own controls, or null when the game has none on phones.
export function handFor(game) {
  return GAMES[game]?.hand || null;
}
