// Sàrénà's part of "what just happened" (js/summary.js): the end, with every secret
// colour revealed and the final board beside it: each pile's top colour says whom it scores for.
import { swatch } from "../../js/colours/colours.js";
import { h, listing } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { seatName } from "../../js/seats.js";
import { boardSvg } from "./drawing.js";

// The board drawn once more, without the test ids and labels of the page's own board.
function quiet(node) {
  for (const marked of node.querySelectorAll("[data-testid]")) marked.removeAttribute("data-testid");
  node.removeAttribute("data-testid");
  return node;
}

// Who won and why, from the engine's outcome (scoring.outcome_of): most chips, or on a
// tie the tie-break chips (collected chips showing one's own colour on either face).
export function outcome(state, summary) {
  const why = summary.outcome;
  const winners = summary.winners;
  const names = listing(winners.map((s) => seatName(state, s)));
  const chips = summary.totals[winners[0]];
  const many = winners.length > 1;
  if (why?.reason === "most_chips") return t("{name} wins with {chips} chips.", { name: names, chips });
  if (why?.reason === "shared") {
    return t("Tied on {chips} chips and {count} tie-break chips each: {names} share the win.",
      { chips, count: summary.tiebreak[winners[0]], names });
  }
  if (why?.reason === "tie_break") {
    const best = summary.tiebreak[winners[0]];
    const others = listing(why.tied.filter((s) => !winners.includes(s)).map((s) => String(summary.tiebreak[s])));
    const params = { chips, names, name: names, best, others };
    return many
      ? t("Tied on {chips} chips: {names} win the tie-break, {best} to {others}.", params)
      : t("Tied on {chips} chips: {name} wins the tie-break, {best} to {others}.", params);
  }
  return null; // a reason this page does not know: the generic sentence
}

export function summary(state) {
  const end = state.summary;
  const tied = end.outcome?.reason === "tie_break" || end.outcome?.reason === "shared";
  return [
    h("table", { "data-testid": "summary-colours" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Colour")), h("th", { class: "num" }, t("Chips")), h("th", { class: "num" }, t("Tie-break")))),
      h("tbody", {}, end.colours.map((colour, seat) =>
        h("tr", { "data-seat": seat, "data-colour": colour },
          h("td", {}, seatName(state, seat)),
          h("td", {}, swatch(colour)),
          h("td", { class: "num", "data-testid": "summary-chips" }, end.totals[seat]),
          h("td", { class: "num", "data-testid": "summary-tiebreak" }, end.tiebreak[seat]))))),
    tied ? h("p", { class: "muted" }, t("Tie-break: collected chips showing the player's colour on either face; it counts only when the most chips are tied.")) : null,
    h("div", { class: "sr-final-board", "data-testid": "summary-piles" }, quiet(boardSvg(state))),
  ];
}
