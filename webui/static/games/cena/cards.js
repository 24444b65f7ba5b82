// Céna cards: suit letter + number ("W7"). Each suit has its own colour AND
// shows its letter and name, so colour is never the only cue.
import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { plain } from "../../js/numbers.js";

export const SUITS = { C: "cider", W: "wine", M: "mead", A: "ale" };
export const SUIT_LETTERS = Object.keys(SUITS);

export const suitOf = (card) => card[0];
export const numberOf = (card) => Number(card.slice(1));
// A card in words, as printed on it: "wine 7".
export const cardWords = (card) => `${SUITS[suitOf(card)]} ${numberOf(card)}`;

export function suitLabel(suit) {
  return `${SUITS[suit]} (${suit})`;
}

// The suit names are printed in English on the cards, whatever the page's language:
// lang="en" on them, so a Japanese screen reader says them in English.
function faceParts(card, { hidden = false } = {}) {
  const suit = suitOf(card);
  const quiet = hidden ? "true" : null;
  return [
    h("span", { class: "card-number", "aria-hidden": quiet }, numberOf(card)),
    h("span", { class: "card-suit", "aria-hidden": quiet }, suit),
    h("span", { class: "card-name", lang: "en", "aria-hidden": quiet }, SUITS[suit]),
  ];
}

// A card to look at. extra: more attributes (class is added to).
export function cardFace(card, { small = false, badge = null, ...extra } = {}) {
  const classes = ["card", `suit-${suitOf(card)}`, small ? "small" : "", extra.class || ""];
  return h(
    "span",
    { ...extra, class: classes.join(" ").trim(), "data-card": card, title: cardWords(card) },
    faceParts(card),
    badge ? h("span", { class: "badge" }, badge) : null,
  );
}

// A card to tap.
export function cardButton(card, { classes = [], badge = null, ...attrs } = {}) {
  return h(
    "button",
    {
      type: "button",
      ...attrs,
      class: ["card", `suit-${suitOf(card)}`, ...classes].join(" "),
      "data-card": card,
    },
    // Its name, "wine 7" in English as printed, then the badge in the page's language.
    h("span", { class: "sr-only", lang: "en" }, `${cardWords(card)}${badge ? "," : ""}`),
    faceParts(card, { hidden: true }),
    badge ? h("span", { class: "badge" }, badge) : null,
  );
}

// An objective card in the reader's words, from its fields (the engine's "text" is
// English): one sentence per kind of card, so each language orders it its own way.
// Suit names stay as printed on the cards (the Japanese rulebook says "aleスート" too).
const OBJECTIVE_TEXTS = {
  "": (p) => t("{penalty} per card", p),
  "s": (p) => t("{penalty} per {suit} card", p),
  "n": (p) => t("{penalty} per card numbered {number}", p),
  "sn": (p) => t("{penalty} per {suit} card numbered {number}", p),
  "odd": (p) => t("{penalty} per odd card", p),
  "odds": (p) => t("{penalty} per odd {suit} card", p),
  "oddn": (p) => t("{penalty} per odd card numbered {number}", p),
  "oddsn": (p) => t("{penalty} per odd {suit} card numbered {number}", p),
  "even": (p) => t("{penalty} per even card", p),
  "evens": (p) => t("{penalty} per even {suit} card", p),
  "evenn": (p) => t("{penalty} per even card numbered {number}", p),
  "evensn": (p) => t("{penalty} per even {suit} card numbered {number}", p),
};

export function objectiveText(objective) {
  if (!objective) return t("no objective");
  const kind = `${objective.parity ?? ""}${objective.suit ? "s" : ""}${objective.number ? "n" : ""}`;
  const text = OBJECTIVE_TEXTS[kind];
  if (!text) return objective.text;
  return text({ penalty: plain(-objective.penalty), suit: SUITS[objective.suit], number: objective.number });
}

// All 40 cards in order, for pickers.
export const ALL_CARDS = SUIT_LETTERS.flatMap((suit) =>
  Array.from({ length: 10 }, (_, i) => `${suit}${i + 1}`),
);
