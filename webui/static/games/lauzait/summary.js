// Lauzait Cep's part of "what just happened" (js/summary.js): a season's summary, with
// who declared, the government shown, and its formation points as the engine scored
// them. Other hands stay concealed: the rules never show them.
import { h } from "../../js/dom.js";
import { seatName } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { PART_NAMES } from "./board.js";
import { departmentFace, pieceFace } from "./pieces.js";

export function summary(state) {
  const season = state.summary;
  const parts = Object.entries(PART_NAMES).filter(([part]) => season.formation[part]);
  return [
    h("p", { "data-testid": "summary-declarer" },
      season.stalemate
        ? t("{name} declared a stalemate", { name: seatName(state, season.declarer) })
        : t("{name} declared Lauzait-Cep", { name: seatName(state, season.declarer) })),
    season.departments.length
      ? h("div", { class: "public-cards", "data-testid": "summary-government" }, season.departments.map((d) => departmentFace(d)))
      : null,
    h("table", { "data-testid": "summary-formation" },
      h("tbody", {},
        parts.map(([part, label]) => h("tr", { "data-part": part }, h("td", {}, label), h("td", { class: "num" }, season.formation[part]))),
        h("tr", { class: "total" }, h("th", {}, t("Formation points")), h("td", { class: "num" }, season.formation.total)))),
    season.luminous ? h("p", { class: "muted" }, t("Luminous piece:"), " ", pieceFace(season.luminous, { small: true })) : null,
    h("p", { class: "muted" }, t("This season's points include department bonuses still held.")),
  ];
}
