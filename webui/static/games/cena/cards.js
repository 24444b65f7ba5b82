// Céna cards: suit letter + number ("W7"). Each suit has its own colour AND
// shows its letter and name, so colour is never the only cue.
import { h } from "../../js/dom.js";

export const SUITS = { C: "cider", W: "wine", M: "mead", A: "ale" };
export const SUIT_LETTERS = Object.keys(SUITS);

export const suitOf = (card) => card[0];
export const numberOf = (card) => Number(card.slice(1));

export function suitLabel(suit) {
  return `${SUITS[suit]} (${suit})`;
}

function faceParts(card) {
  const suit = suitOf(card);
  return [
    h("span", { class: "card-number" }, numberOf(card)),
    h("span", { class: "card-suit" }, suit),
    h("span", { class: "card-name" }, SUITS[suit]),
  ];
}

// A card to look at. extra: more attributes (class is added to).
export function cardFace(card, { small = false, badge = null, ...extra } = {}) {
  const classes = ["card", `suit-${suitOf(card)}`, small ? "small" : "", extra.class || ""];
  return h(
    "span",
    { ...extra, class: classes.join(" ").trim(), "data-card": card, title: `${SUITS[suitOf(card)]} ${numberOf(card)}` },
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
      "aria-label": `${SUITS[suitOf(card)]} ${numberOf(card)}${badge ? `, ${badge}` : ""}`,
    },
    faceParts(card),
    badge ? h("span", { class: "badge" }, badge) : null,
  );
}

// All 40 cards in order, for pickers.
export const ALL_CARDS = SUIT_LETTERS.flatMap((suit) =>
  Array.from({ length: 10 }, (_, i) => `${suit}${i + 1}`),
);
