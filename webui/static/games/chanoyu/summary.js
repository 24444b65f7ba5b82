// Chanoyu's part of "what just happened" (js/summary.js): the finished trick with its
// winner (or "discarded"), and a round's summary: each tableau as it ended, with the
// points the engine gave it, and who hosts next.
import { h } from "../../js/dom.js";
import { seatName, who, whom } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { cardFace, cardShort } from "./cards.js";

function outcome(state, trick) {
  return trick.winner === null
    ? t("Trick {number}: discarded, the same player leads again", { number: trick.number })
    : t("Trick {number}: {name} won it", { number: trick.number, name: whom(state, trick.winner) });
}

export function trickMoment(state, trick, { full }) {
  return [
    h("p", { class: "moment-title", "data-testid": "moment-winner", "data-seats": trick.winner ?? "" },
      outcome(state, trick)),
    full
      ? h("div", { class: "moment-cards cy-trick" }, trick.cards.map((c) =>
          h("span", { class: `moment-card${c.by === trick.winner ? " won" : ""}` },
            cardFace(c.card, { small: true }), who(state, c.by))))
      : null,
  ];
}

// A tableau in one line: "A♦1 J♦2 3♦ ...", a face card with the value it stands for.
const slotText = (slot) => (String(slot.value) === cardShort(slot.card).replace(/[^0-9]/g, "") ? cardShort(slot.card) : `${cardShort(slot.card)}=${slot.value}`);

export function summary(state) {
  const round = state.summary;
  return [
    h("table", { "data-testid": "summary-tableaux" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Tableau")), h("th", { class: "num" }, t("Points")))),
      h("tbody", {}, round.tableaux.map((row, seat) =>
        h("tr", { "data-seat": seat, "data-testid": "summary-tableau" },
          h("td", {}, h("strong", {}, seatName(state, seat)), " ", row.length ? row.map(slotText).join(" ") : h("span", { class: "muted" }, t("empty"))),
          h("td", { class: "num" }, round.points[seat]))))),
    h("p", { class: "muted" },
      round.final ? t("Someone reached 15: the match is over.") : t("Next round hosted by {name}.", { name: seatName(state, round.next_host) })),
  ];
}
