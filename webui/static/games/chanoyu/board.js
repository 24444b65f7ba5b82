// The Chanoyu table as everyone sees it: whose turn, the round, the trick, each
// seat's tableau (face cards and Tsukumogami with the value they stand for), the
// last trick, scores per round and the result.
// Used by the seat page (state.you.seat set) and the table page (public).
import { h, people } from "../../js/dom.js";
import { seatName, totalRow, who } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { cardFace, suitLabel } from "./cards.js";

const WINNING_SCORE = 15;
const SAFE_SCORE = 8;

export function turnBanner(state) {
  const me = state.you.seat;
  const acting = state.to_act[0] ?? null;
  const mine = acting !== null && acting === me;
  let text;
  if (state.phase === "play") {
    const leads = state.trick.cards.length === 0;
    if (mine) text = leads ? t("Your turn: lead a card") : t("Your turn: play a card");
    else if (leads) text = t("{name} leads", { name: seatName(state, acting) });
    else text = t("{name} plays", { name: seatName(state, acting) });
  } else if (state.phase === "build") {
    text = mine ? t("You won the trick: build") : t("{name} won the trick and builds", { name: seatName(state, acting) });
  } else {
    text = t("Game over");
  }
  return h(
    "div",
    {
      class: `turn-banner${mine ? " mine" : ""}`,
      "data-testid": "turn",
      "data-mine": mine,
      "data-turn": acting ?? "",
      "data-phase": state.phase,
      // Changes with every accepted action: a script can wait for the next one.
      "data-step": [state.round, state.trick.number, state.trick.cards.length, state.build?.placed.length ?? "", state.phase].join("."),
    },
    text,
  );
}

export function roundInfo(state) {
  const trick = state.trick;
  const parts = [t("Round {number}", { number: state.round }), t("hosted by {name}", { name: seatName(state, state.host) })];
  if (state.phase !== "over") {
    parts.push(t("trick {number} of {count}", { number: trick.number, count: trick.of }));
    if (state.phase === "play") parts.push(trick.lead_suit ? t("lead {suit}", { suit: suitLabel(trick.lead_suit) }) : t("no suit led yet"));
    parts.push(t("draw pile {count}", { count: state.pile_size }));
  }
  return h("div", { class: "deal-info" }, h("p", { "data-testid": "round-info" }, parts.join(" · ")));
}

// The card a seat played to the trick in progress (or to the trick being built from).
function trickCard(state, seat) {
  const cards = state.phase === "build" ? state.build.trick : state.trick.cards;
  const index = cards.findIndex((c) => c.by === seat);
  if (index < 0) return null;
  const card = cards[index].card;
  const placed = state.phase === "build" && state.build.placed.includes(card);
  return cardFace(card, {
    badge: placed ? t("placed") : index === 0 ? t("lead") : null,
    class: placed ? "cy-gone" : "",
  });
}

function tableau(state, seat, { small = true } = {}) {
  const row = state.tableaux[seat];
  return h(
    "div",
    { class: "cy-tableau", "data-testid": "tableau", "data-seat": seat, "data-values": row.map((s) => s.value).join(" ") },
    row.length
      ? row.map((slot) => cardFace(slot.card, { small, value: slot.value, "data-value": slot.value }))
      : h("span", { class: "muted" }, t("no cards yet")),
  );
}

function seatPanel(state, seat) {
  const me = state.you.seat === seat;
  const classes = ["seat-panel", "cy-seat", state.to_act.includes(seat) ? "to-act" : "", me ? "me" : ""];
  const facts = [t("{count} in hand", { count: state.hand_sizes[seat] })];
  if (seat === state.host) facts.push(t("host"));
  const played = state.phase === "over" ? null : trickCard(state, seat);
  return h(
    "section",
    { class: classes.join(" "), "data-testid": "seat-panel", "data-seat": seat },
    h("div", { class: "cy-seat-head" },
      h("span", { class: "seat-name" }, me ? t("{name} (you)", { name: seatName(state, seat) }) : seatName(state, seat)),
      h("span", { class: "muted" }, facts.join(" · ")),
      h("span", { class: "cy-points", "data-testid": "tableau-points", "data-seat": seat, title: t("what this tableau scores now") },
        t("worth {points}", { points: state.tableau_points[seat] }))),
    h("div", { class: "cy-seat-body" },
      state.phase === "over" ? null : h("div", { class: "trick-slot cy-slot", "data-testid": "trick-slot", "data-seat": seat, "data-card": played?.dataset.card ?? "" },
        played ?? h("span", { class: "muted" }, "—")),
      tableau(state, seat)),
  );
}

export function seatsList(state) {
  return h(
    "div",
    { class: "seats cy-seats", "data-testid": "seats" },
    Array.from({ length: state.players }, (_, seat) => seatPanel(state, seat)),
  );
}

export function lastTrick(state) {
  const trick = state.last_trick;
  // While the winner builds, the trick still lies before the seats.
  if (!trick || state.phase === "build") return null;
  const outcome = trick.winner === null
    ? t("Discarded: no numbered card of the led suit. The same player leads again.")
    : trick.lead_suit
      ? t("{name} won it ({suit} led).", { name: seatName(state, trick.winner), suit: suitLabel(trick.lead_suit) })
      : t("{name} won it.", { name: seatName(state, trick.winner) });
  return h(
    "section",
    { class: "panel", "data-testid": "last-trick", "data-number": trick.number, "data-winner": trick.winner ?? "" },
    h("h2", {}, t("Last trick ({number})", { number: trick.number })),
    h("p", {}, outcome),
    h("div", { class: "public-cards" },
      trick.cards.map((c) => h("span", { class: "cy-by" }, cardFace(c.card, { small: true }), ` ${who(state, c.by)}`))),
  );
}

export function scores(state) {
  const seats = Array.from({ length: state.players }, (_, s) => s);
  const head = h("tr", {}, h("th", {}, t("Round")), seats.map((s) => h("th", { class: "num" }, seatName(state, s))));
  const rows = state.round_scores.map((round) =>
    h(
      "tr",
      { "data-testid": "round-score", "data-round": round.round },
      h("td", {}, `${round.round}`, h("small", { class: "muted" }, " ", t("hosted by {name}", { name: seatName(state, round.host) }))),
      round.points.map((points) => h("td", { class: "num" }, points)),
    ),
  );
  const current = state.phase === "over"
    ? null
    : h("tr", { class: "muted", "data-testid": "round-so-far" },
        h("td", {}, t("{number} so far", { number: state.round })),
        state.tableau_points.map((points) => h("td", { class: "num" }, `(${points})`)));
  const total = totalRow(state);
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("Scores")),
    h("p", { class: "muted" }, t("After a round in which someone reaches {winning}, the match ends; everyone needs {safe}.", { winning: WINNING_SCORE, safe: SAFE_SCORE })),
    h("table", { "data-testid": "scores" }, h("thead", {}, head), h("tbody", { "data-testid": "round-scores" }, rows, current), h("tfoot", {}, total)),
  );
}

// Why these seats won: the 15/8 rule in words.
export function outcomeText(names, scores, winners) {
  const reached = scores.flatMap((score, s) => (score >= WINNING_SCORE ? [s] : []));
  const won = people(winners.map((s) => names[s]));
  if (Math.min(...scores) >= SAFE_SCORE) {
    return t("{names} wins: everyone has {safe} or more, and the highest score wins.", { names: won, safe: SAFE_SCORE });
  }
  const short = scores.flatMap((score, s) => (score < SAFE_SCORE ? [s] : []));
  const params = {
    short: people(short.map((s) => names[s])), reached: people(reached.map((s) => names[s])),
    names: won, safe: SAFE_SCORE, winning: WINNING_SCORE,
  };
  return winners.length === 1
    ? t("{short} had fewer than {safe}, so {reached} ({winning} or more) lost; {names} wins.", params)
    : t("{short} had fewer than {safe}, so {reached} ({winning} or more) lost; {names} share the win.", params);
}

export function result(state) {
  if (state.phase !== "over") return null;
  const names = Array.from({ length: state.players }, (_, s) => seatName(state, s));
  return h("section", { class: "panel notice", "data-testid": "result" },
    h("h2", {}, t("Result")),
    h("p", { class: "big" }, state.winners.length > 1 ? t("Shared victory: {names}", { names: people(state.winners.map((s) => names[s])) }) : t("Winner: {name}", { name: names[state.winners[0]] })),
    h("p", {}, outcomeText(names, state.scores, state.winners)));
}

// What a player must see first: whose turn it is, and the result once over.
export function top(state) {
  return [turnBanner(state), result(state)];
}

// The rest of the table, in reading order.
export function details(state) {
  return [roundInfo(state), seatsList(state), lastTrick(state), scores(state)];
}

// Everything public, in reading order.
export function board(state) {
  return [...top(state), ...details(state)];
}
