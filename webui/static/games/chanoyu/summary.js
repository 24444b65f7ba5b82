// Chanoyu's part of "what just happened" (js/summary.js): the finished trick with its
// winner (or "discarded"), and a round's summary: each tableau as it ended, with the
// points the engine gave it, and who hosts next; after the last round, who won and why.
import { h, listing } from "../../js/dom.js";
import { seatName, who, whom } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { cardFace, cardShort, numberOf } from "./cards.js";

const WINNING_SCORE = 15;
const SAFE_SCORE = 8;

function trickOutcome(state, trick) {
  return trick.winner === null
    ? t("Trick {number}: discarded, the same player leads again", { number: trick.number })
    : t("Trick {number}: {name} won it", { number: trick.number, name: whom(state, trick.winner) });
}

// A phone while this trick is built from: its cards lie where they were played (each
// seat's trick slot, or the winner's build panel), so the moment says who won it in
// one line: a small phone has no height for the cards twice. The TV keeps them.
const builtFrom = (state, trick) =>
  state.phase === "build" && state.you?.seat != null && state.build?.trick?.length === trick.cards.length
  && state.build.trick.every((c, i) => c.card === trick.cards[i].card);

export function trickMoment(state, trick, { full }) {
  return [
    h("p", { class: "moment-title", "data-testid": "moment-winner", "data-seats": trick.winner ?? "" },
      trickOutcome(state, trick)),
    full && !builtFrom(state, trick)
      ? h("div", { class: "moment-cards cy-trick" }, trick.cards.map((c) =>
          h("span", { class: `moment-card${c.by === trick.winner ? " won" : ""}` },
            cardFace(c.card, { small: true }), who(state, c.by))))
      : null,
  ];
}

// A tableau in one line: "A♦ 2♦ J♦=3 ...": a numbered card is its own value (an ace
// is 1); a face card or a Tsukumogami shows the value it stands for.
const slotText = (slot) => (numberOf(slot.card) === null ? `${cardShort(slot.card)}=${slot.value}` : cardShort(slot.card));

const namesOf = (state, seats) => listing(seats.map((s) => seatName(state, s)));

// Who won the match and why, from the engine's outcome (scoring.match_outcome): the
// 15/8 rule surprises a table whose highest total loses, so it is said in full.
export function outcome(state, summary) {
  const why = summary.outcome;
  const names = namesOf(state, summary.winners);
  const params = { names, name: names, winning: WINNING_SCORE, safe: SAFE_SCORE };
  if (why?.reason === "fell_short") {
    Object.assign(params, { reached: namesOf(state, why.reached), short: namesOf(state, why.short) });
    if (why.short.length > 1) return t("{reached} reached {winning} but {short} are under {safe}: {names} win.", params);
    return summary.winners.length > 1
      ? t("{reached} reached {winning} but {short} is under {safe}: {names} win.", params)
      : t("{reached} reached {winning} but {short} is under {safe}: {name} wins.", params);
  }
  const points = summary.totals[summary.winners[0]];
  if (why?.reason === "tie_to_host") {
    const others = namesOf(state, why.tied.filter((s) => !summary.winners.includes(s)));
    return t("Tied on {points} with {others}: {name} wins, sitting closest to the right of the first host, {host}.",
      { ...params, points, others, host: seatName(state, why.host) });
  }
  if (why?.reason === "highest") {
    return t("Everyone has {safe} or more: {name} wins with {points} points.", { ...params, points });
  }
  return null; // a reason this page does not know: the generic sentence
}

export function summary(state) {
  const round = state.summary;
  return [
    h("table", { "data-testid": "summary-tableaux" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Tableau")), h("th", { class: "num" }, t("Points")))),
      h("tbody", {}, round.tableaux.map((row, seat) =>
        h("tr", { "data-seat": seat, "data-testid": "summary-tableau" },
          h("td", {}, h("strong", {}, seatName(state, seat)), " ", row.length ? row.map(slotText).join(" ") : h("span", { class: "muted" }, t("empty"))),
          h("td", { class: "num" }, round.points[seat]))))),
    round.final
      ? null // the outcome above says who won and why
      : h("p", { class: "muted" }, t("Next round hosted by {name}.", { name: seatName(state, round.next_host) })),
  ];
}
