// Sàrénà's part of "what just happened" (js/summary.js): the end, with every secret
// colour revealed and the final board beside it: each pile's top colour says whom it scores for.
import { swatch } from "../../js/colours/colours.js";
import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { seatName } from "../../js/seats.js";
import { boardSvg } from "./drawing.js";

// The board drawn once more, without the test ids and labels of the page's own board.
function quiet(node) {
  for (const marked of node.querySelectorAll("[data-testid]")) marked.removeAttribute("data-testid");
  node.removeAttribute("data-testid");
  return node;
}

export function summary(state) {
  const end = state.summary;
  return [
    h("table", { "data-testid": "summary-colours" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Colour")), h("th", { class: "num" }, t("Piles")), h("th", { class: "num" }, t("Tie-break")))),
      h("tbody", {}, end.colours.map((colour, seat) =>
        h("tr", { "data-seat": seat, "data-colour": colour },
          h("td", {}, seatName(state, seat)),
          h("td", {}, swatch(colour)),
          h("td", { class: "num" }, end.piles.filter((p) => p.seat === seat).length),
          h("td", { class: "num" }, end.tiebreak[seat]))))),
    h("div", { class: "sr-final-board", "data-testid": "summary-piles" }, quiet(boardSvg(state))),
  ];
}
