// Céna's part of "what just happened" (js/summary.js): the finished trick with the
// alliance that won it, and a deal's summary: each alliance's cards won, the cards
// the objective penalises and what they cost, its score. Numbers from the engine.
import { h } from "../../js/dom.js";
import { seatName, whom } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { plain } from "../../js/numbers.js";
import { wonTrickInSlots } from "./board.js";
import { cardFace, objectiveText, suitLabel } from "./cards.js";

const pair = (state, seats) => seats.map((s) => seatName(state, s)).join(" + ");

// The trick's cards, unless a phone shows them where they were played (board.js).
export function trickMoment(state, trick, { full }) {
  const number = state.trick.number - 1; // the next trick is already numbered
  return [
    h("p", { class: "moment-title", "data-testid": "moment-winner", "data-seats": trick.seats.join(",") },
      t("Trick {number}: {alliance} won it, {card}", { number, alliance: pair(state, trick.seats), card: `${suitLabel(trick.suit)} ${trick.number}` })),
    full && !wonTrickInSlots(state)
      ? h("div", { class: "moment-cards cena-trick" }, trick.cards.map((c) =>
          h("span", { class: `moment-card${trick.seats.includes(c.to) ? " won" : ""}` },
            cardFace(c.card, { small: true }), t("by {name}", { name: whom(state, c.by) }))))
      : null,
  ];
}

export function summary(state) {
  const deal = state.summary;
  const last = deal.last_trick;
  return [
    h("p", { "data-testid": "summary-objective" }, h("strong", {}, t("Objective: ")), objectiveText(deal.objective)),
    h("table", { "data-testid": "summary-alliances" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Alliance")), h("th", { class: "num" }, t("Won")), h("th", { class: "num" }, t("Penalty")), h("th", { class: "num" }, t("Score")))),
      h("tbody", {}, deal.alliances.map((a, k) =>
        h("tr", { "data-alliance": k, "data-testid": "summary-alliance" },
          h("td", {}, pair(state, a.seats)),
          h("td", { class: "num" }, a.won),
          h("td", { class: "num", title: t("{count} penalised card(s)", { count: a.penalised }) }, a.penalised ? `${a.penalised}× → ${plain(-a.penalty)}` : "—"),
          h("td", { class: "num", "data-testid": "summary-alliance-score" }, plain(a.score)))))),
    h("p", { class: "muted" }, t("Each seat scores its two alliances. Last trick: {alliance} ({card}).", { alliance: pair(state, last.seats), card: `${suitLabel(last.suit)} ${last.number}` })),
  ];
}
