// Lauzait Cep's part of "what just happened" (js/summary.js): a season's summary, with
// who declared, the government shown (its three departments apart), the formation
// points part by part, and each seat's season points itemised: the bonus of every
// department it still has on show plus, for the declarer, the formation points, so
// "+14" can be checked on the page. All of it public: departments on show and a
// declared government are seen by everyone; other hands stay concealed.
import { h } from "../../js/dom.js";
import { signed } from "../../js/numbers.js";
import { seatName } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { PART_NAMES } from "./board.js";
import { departmentFace, pieceFace } from "./pieces.js";

function government(season) {
  if (!season.departments.length) return null;
  return h("div", { class: "lz-summary-government", "data-testid": "summary-government" },
    season.departments.map((d, index) =>
      h("span", { class: "lz-summary-department", "data-department": index }, departmentFace(d))));
}

// "Lauzait-Cep 3 + Layered Bridges 2 = 5": each part the engine scored.
function formationLine(season) {
  const parts = Object.entries(PART_NAMES).filter(([part]) => season.formation[part]);
  return h("p", { "data-testid": "summary-formation" },
    h("strong", {}, t("Formation points:")), " ",
    parts.map(([part, label], index) => [
      index ? " + " : "",
      h("span", { "data-part": part }, t("{part} {points}", { part: label, points: season.formation[part] })),
    ]),
    ` = ${season.formation.total}`);
}

// One row per seat: its departments' bonuses and the formation (declarer only); they
// add up to the season's points in the same row of the points table below.
function seasonPoints(state, season) {
  return h("table", { class: "lz-season-points", "data-testid": "summary-season-points" },
    h("thead", {}, h("tr", {},
      h("th", {}, t("Player")),
      h("th", {}, t("Department bonuses")),
      h("th", { class: "num" }, t("Formation")))),
    h("tbody", {}, season.held.map((held, seat) =>
      h("tr", { "data-seat": seat, "data-testid": "summary-season-row" },
        h("td", {}, seatName(state, seat)),
        h("td", { "data-testid": "summary-bonuses" }, held.length
          ? held.map((d, index) => [index ? " " : "", h("span", { "data-testid": "summary-bonus", title: d.pieces.join(" ") }, signed(d.bonus))])
          : h("span", { class: "muted" }, "—")),
        h("td", { class: "num", "data-testid": "summary-formation-points" }, seat === season.declarer ? signed(season.formation.total) : "—")))));
}

export function summary(state) {
  const season = state.summary;
  return [
    h("p", { "data-testid": "summary-declarer" },
      season.stalemate
        ? t("{name} declared a stalemate", { name: seatName(state, season.declarer) })
        : t("{name} declared Lauzait-Cep", { name: seatName(state, season.declarer) })),
    government(season),
    formationLine(season),
    season.luminous ? h("p", { class: "muted" }, t("Luminous piece:"), " ", pieceFace(season.luminous, { small: true })) : null,
    seasonPoints(state, season),
  ];
}
