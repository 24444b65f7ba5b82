// Chanoyu cards: rank + suit ("AS", "10H", "QD"); the two Tsukumogami are "T1", "T2".
// Each suit has its own colour AND shows its symbol, letter and name, so colour
// is never the only cue. A card in a tableau may stand for a value: face cards and
// Tsukumogami show it on the card ("= 7").
import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";

export const SUITS = { S: t("spades"), H: t("hearts"), D: t("diamonds"), C: t("clubs") };
export const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const NUMBER_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
const FACE_RANKS = ["J", "Q", "K"];
const RANK_NAMES = { A: t("ace"), J: t("jack"), Q: t("queen"), K: t("king") };

export const isTsukumogami = (card) => card === "T1" || card === "T2";
export const suitOf = (card) => (isTsukumogami(card) ? null : card.slice(-1));
export const rankOf = (card) => (isTsukumogami(card) ? "T" : card.slice(0, -1));
export const isFace = (card) => FACE_RANKS.includes(rankOf(card));

// A numbered card's value (ace is 1); null for face cards and Tsukumogami.
export function numberOf(card) {
  const index = NUMBER_RANKS.indexOf(rankOf(card));
  return index < 0 ? null : index + 1;
}

export function suitLabel(suit) {
  return `${SYMBOLS[suit]} ${SUITS[suit]} (${suit})`;
}

// "queen of spades", "10 of hearts", "Tsukumogami"
export function cardName(card) {
  if (isTsukumogami(card)) return t("Tsukumogami");
  const rank = rankOf(card);
  return t("{rank} of {suit}", { rank: RANK_NAMES[rank] || rank, suit: SUITS[suitOf(card)] });
}

// Short text for sentences: "Q♠", "10♥", "T".
export function cardShort(card) {
  return isTsukumogami(card) ? t("Tsukumogami") : `${rankOf(card)}${SYMBOLS[suitOf(card)]}`;
}

const suitClass = (card) => `cy-${isTsukumogami(card) ? "T" : suitOf(card)}`;

function faceParts(card, value) {
  const stands = value !== null && value !== undefined && numberOf(card) === null;
  return [
    h("span", { class: "card-number" }, rankOf(card)),
    h("span", { class: "card-suit" }, isTsukumogami(card) ? "✦" : `${SYMBOLS[suitOf(card)]} ${suitOf(card)}`),
    h("span", { class: "card-name" }, isTsukumogami(card) ? t("tsukumogami") : SUITS[suitOf(card)]),
    stands ? h("span", { class: "cy-value", "data-testid": "stands-for" }, `= ${value}`) : null,
  ];
}

// A card to look at. value: what it stands for in a tableau (shown for face cards
// and Tsukumogami). extra: more attributes (class is added to).
export function cardFace(card, { small = false, badge = null, value = null, ...extra } = {}) {
  const classes = ["card", "cy-card", suitClass(card), small ? "small" : "", extra.class || ""];
  const title = value !== null && numberOf(card) === null ? t("{card} as {value}", { card: cardName(card), value }) : cardName(card);
  return h(
    "span",
    { ...extra, class: classes.join(" ").trim(), "data-card": card, title },
    faceParts(card, value),
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
      class: ["card", "cy-card", suitClass(card), ...classes].join(" "),
      "data-card": card,
      "aria-label": `${cardName(card)}${badge ? `, ${badge}` : ""}`,
    },
    faceParts(card, null),
    badge ? h("span", { class: "badge" }, badge) : null,
  );
}

// All 54 cards by suit, A to K, then the two Tsukumogami, for pickers.
export const CARDS_BY_SUIT = Object.keys(SUITS).map((suit) =>
  [...NUMBER_RANKS, ...FACE_RANKS].map((rank) => `${rank}${suit}`),
);
export const TSUKUMOGAMI = ["T1", "T2"];
