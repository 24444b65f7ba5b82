// The Céna table as everyone sees it: whose turn, the deal, each seat's public
// cards and trick slot, alliances, the last trick, scores and the result.
// Used by the seat page (state.you.seat set) and the table page (public).
import { h, people } from "../../js/dom.js";
import { seatName, totalRow, whom } from "../../js/seats.js";
import { t, tn } from "../../js/i18n.js";
import { cardFace, cardWords, objectiveText, suitLabel } from "./cards.js";
import { placing } from "./placing.js";

const alliancePair = (state, alliance) => alliance.seats.map((s) => seatName(state, s)).join(" + ");

export function turnBanner(state) {
  const me = state.you.seat;
  const waiting = (seats) => people(seats.map((s) => seatName(state, s)));
  let text;
  let mine = false;
  if (state.phase === "reveal") {
    if (me !== null && state.chosen === null) {
      text = t("Your turn: choose 3 cards to show everyone");
      mine = true;
    } else {
      text = t("Choosing public cards: waiting for {names}", { names: waiting(state.to_act) });
    }
  } else if (state.phase === "play") {
    const turn = state.trick.turn;
    mine = turn === me;
    const waiting = mine ? placing(state) : null; // a card tapped, waiting for where
    if (waiting) text = t("Your turn: tap where {card} goes", { card: cardWords(waiting.card) });
    else text = mine ? t("Your turn: play a card") : t("{name}'s turn", { name: seatName(state, turn) });
  } else {
    text = t("Game over");
  }
  return h(
    "div",
    {
      class: `turn-banner${mine ? " mine" : ""}`,
      "data-testid": "turn",
      "data-mine": mine,
      "data-turn": state.phase === "play" ? state.trick.turn : "",
    },
    text,
  );
}

// The deal's Objective Card: on the table for everyone, and a card every move weighs.
export function objective(state) {
  return h("p", { class: "objective", "data-testid": "objective" }, h("strong", {}, t("Objective: ")), objectiveText(state.objective));
}

// The deal line; with the Objective Card unless the page shows it elsewhere (a phone
// keeps it above the seats: index.js).
export function dealInfo(state, { withObjective = true } = {}) {
  const parts = [t("Deal {deal} of {deals}", { deal: state.deal, deals: state.deals }), t("host {name}", { name: seatName(state, state.host) })];
  if (state.phase === "play") {
    parts.push(t("trick {number}", { number: state.trick.number }));
    parts.push(state.trick.lead_suit ? t("lead suit {suit}", { suit: suitLabel(state.trick.lead_suit) }) : t("no lead yet"));
  }
  return h(
    "div",
    { class: "deal-info" },
    h("p", { "data-testid": "deal-info" }, parts.join(" · ")),
    withObjective ? objective(state) : null,
    state.simplified ? h("p", { class: "muted" }, t("Simplified rule: cards go in front of their player.")) : null,
  );
}

// On a phone a won trick's cards stay where they were played until the next trick's
// first card, as on the table, and its moment says who won it in one line
// (summary.js): a small phone has no height for the cards twice, and the page keeps
// its size through the trick (js/fit.js lays the whole page out again for another
// size). The TV empties the slots and shows the trick in its moment.
export const wonTrickInSlots = (state) =>
  state.you.seat !== null && state.phase === "play" && state.trick.cards.length === 0 && Boolean(state.last_trick);

// A place the card waiting (placing.js) may go: a button over the slot, whatever it
// shows (nothing yet, or the trick just won), so the page keeps its size (app.css).
function placeButton(state, seat, waiting) {
  const action = waiting.places.get(seat);
  if (!action) return null;
  const card = cardWords(waiting.card);
  return h(
    "button",
    {
      type: "button", class: "place-here", "data-testid": "place", "data-to": seat,
      "aria-label": seat === state.you.seat
        ? t("Play {card} in front of yourself", { card })
        : t("Play {card} in front of {name}", { card, name: whom(state, seat) }),
      onclick: () => waiting.act(action),
    },
    t("Place here"),
  );
}

function trickSlot(state, seat, waiting) {
  // The trick in play, or the trick just won (its cards as data-won-card: data-card
  // is the trick in play's).
  const won = wonTrickInSlots(state) ? state.last_trick : null;
  const cards = won ? won.cards : state.trick.cards;
  const played = cards.find((c) => c.to === seat);
  const lead = cards[0]?.to === seat;
  const classes = ["trick-slot", won?.seats.includes(seat) ? "won" : ""];
  return h(
    "div",
    {
      class: classes.join(" ").trim(),
      "data-testid": "trick-slot",
      "data-seat": seat,
      "data-card": won ? "" : played?.card ?? "",
      "data-won-card": won ? played?.card ?? "" : null,
    },
    played
      ? [
          cardFace(played.card, { badge: lead ? t("lead") : null }),
          played.by !== seat ? h("span", { class: "from" }, t("from {name}", { name: whom(state, played.by) })) : null,
        ]
      : h("span", { class: "muted" }, "—"),
    waiting ? placeButton(state, seat, waiting) : null,
  );
}

function seatPanel(state, seat, waiting) {
  const me = state.you.seat === seat;
  const classes = ["seat-panel", state.to_act.includes(seat) ? "to-act" : "", me ? "me" : ""];
  const facts = [tn("{count} card", "{count} cards", state.hand_sizes[seat])];
  if (state.phase === "reveal") facts.push(state.ready[seat] ? t("chosen ✓") : t("choosing…"));
  if (seat === state.host) facts.push(t("deal host"));
  return h(
    "section",
    { class: classes.join(" "), "data-testid": "seat-panel", "data-seat": seat },
    h("div", { class: "seat-name" }, me ? t("{name} (you)", { name: seatName(state, seat) }) : seatName(state, seat)),
    h("div", { class: "muted" }, facts.join(" · ")),
    state.public[seat].length ? h("div", { class: "caption" }, t("shown, still in hand")) : null,
    h(
      "div",
      { class: "public-cards", "data-testid": "public-cards", "data-seat": seat },
      state.public[seat].map((card) => cardFace(card, { small: true })),
    ),
    state.phase === "play" ? h("div", { class: "caption" }, t("played here")) : null,
    state.phase === "play" ? trickSlot(state, seat, waiting) : null,
  );
}

export function seatsGrid(state) {
  // While a card of this phone waits for where it goes, the seats are where to choose.
  const waiting = state.phase === "play" ? placing(state) : null;
  const asks = waiting
    ? { role: "group", "aria-label": t("Place {card} in front of:", { card: cardWords(waiting.card) }), "data-placing": waiting.card }
    : {};
  return h(
    "div",
    { class: "seats", "data-testid": "seats", ...asks },
    Array.from({ length: state.players }, (_, seat) => seatPanel(state, seat, waiting)),
  );
}

export function alliances(state) {
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("Alliances this deal")),
    h(
      "ul",
      { "data-testid": "alliances" },
      state.alliances.map((alliance, k) =>
        h("li", { "data-alliance": k, "data-won": alliance.won }, t("{alliance}: {count} cards won", { alliance: alliancePair(state, alliance), count: alliance.won })),
      ),
    ),
  );
}

export function lastTrick(state) {
  const trick = state.last_trick;
  if (!trick) return null;
  const pair = trick.seats.map((s) => seatName(state, s)).join(" + ");
  return h(
    "section",
    { class: "panel", "data-testid": "last-trick", "data-alliance": trick.alliance },
    h("h2", {}, t("Last trick")),
    h("p", {}, t("{alliance} won it with {card}.", { alliance: pair, card: `${suitLabel(trick.suit)} ${trick.number}` })),
    h(
      "div",
      { class: "public-cards" },
      trick.cards.map((c) => h("span", {}, cardFace(c.card, { small: true }), " ", t("before {name}", { name: whom(state, c.to) }))),
    ),
  );
}

export function scores(state) {
  const seats = Array.from({ length: state.players }, (_, s) => s);
  const head = h("tr", {}, h("th", {}, t("Deal")), seats.map((s) => h("th", { class: "num" }, seatName(state, s))));
  const dealRows = state.deal_scores.map((deal) =>
    h(
      "tr",
      { "data-testid": "deal-score", "data-deal": deal.deal },
      h("td", {}, `${deal.deal}: ${objectiveText(deal.objective)}`, h("br"),
        h("small", { class: "muted" }, t("alliances {scores}", { scores: deal.alliances.join(" / ") }))),
      deal.seats.map((score) => h("td", { class: "num" }, score)),
    ),
  );
  const total = totalRow(state);
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("Scores")),
    h("table", { "data-testid": "scores" }, h("thead", {}, head), h("tbody", { "data-testid": "deal-scores" }, dealRows), h("tfoot", {}, total)),
  );
}

export function result(state) {
  if (state.phase !== "over") return null;
  const names = state.winners.map((s) => seatName(state, s));
  const text = names.length > 1 ? t("Shared victory: {names}", { names: people(names) }) : t("Winner: {name}", { name: names[0] });
  return h("section", { class: "panel notice", "data-testid": "result" }, h("h2", {}, t("Result")), h("p", { class: "big" }, text));
}

// What a player must see first: whose turn it is, and the result once over.
export function top(state) {
  return [turnBanner(state), result(state)];
}

// The rest of the table, in reading order.
export function details(state) {
  return [dealInfo(state), seatsGrid(state), lastTrick(state), alliances(state), scores(state)];
}

// Everything public, in reading order.
export function board(state) {
  return [...top(state), ...details(state)];
}
