// /companion/chanoyu: the Chanoyu score sheet for a game with real cards. Set up the
// players and the first host, then after each round enter every tableau as it lies:
// tap its cards (a face card or Tsukumogami asks for the value it stands for). The
// box scores them with the engine's own rule, keeps the totals, names the next host
// and, once someone reaches 15, the winners. Entering a round again corrects it; the
// log shows every correction.
import { t } from "../../js/i18n.js";
import { outcomeText } from "./board.js";
import { CARDS_BY_SUIT, SYMBOLS, TSUKUMOGAMI, cardFace, cardName, cardShort, isTsukumogami, numberOf, rankOf, suitOf } from "./cards.js";
import { h, replace } from "../../js/dom.js";
import {
  change, correctionsPanel, load, nameOf, openSheet, post, pressed, scoresPanel, seats, setupForm, sheet, timeOf,
} from "../../js/sheet.js";

const root = document.getElementById("sheet");
const VALUES = Array.from({ length: 10 }, (_, i) => i + 1);
let entry = null; // the round being entered: {round, tableaux: [[{card, value}]], active, pending}
openSheet("/api/companion/chanoyu", () => {
  entry = null; // a fresh entry for the sheet as it is now
  render();
});

// --- setting up ------------------------------------------------------------------------

function setup() {
  const host = h("select", { id: "cy-host", "data-testid": "sheet-host" });
  const scoring = h("select", { id: "cy-scoring", "data-testid": "sheet-scoring" },
    sheet.scoring_rules.map((rule) => h("option", { value: rule, selected: rule === sheet.scoring }, rule)));
  return setupForm({
    counts: [3, 4, 5],
    preset: 3,
    fields: [
      h("label", { for: "cy-host" }, t("First host: the deck's owner (their right neighbour leads; ties in the end go to the seat closest to their right)")), host,
      sheet.scoring_rules.length > 1 ? [h("label", { for: "cy-scoring" }, t("Tableau scoring")), scoring] : null,
    ],
    onPlayers: (count) => replace(host, Array.from({ length: count }, (_, seat) =>
      h("option", { value: seat, selected: seat === sheet.first_host }, t("Seat {number}", { number: seat + 1 })))),
    read: () => ({ host: Number(host.value), scoring: scoring.value }),
  });
}

// --- the scores ------------------------------------------------------------------------

function outcome() {
  if (sheet.over) {
    return h("p", { class: "notice", "data-testid": "sheet-outcome", "data-over": "true" },
      h("strong", {}, t("After round {number}:", { number: sheet.ended_after }), " "), outcomeText(sheet.names, sheet.totals, sheet.winners));
  }
  const next = sheet.rounds.filter((r) => r.counted).length + 1;
  return h("p", { class: "notice", "data-testid": "sheet-outcome", "data-over": "false", "data-next-host": sheet.next_host },
    t("Nobody has {points} yet. Round {number} is hosted by {host}; {leader}, on their right, leads.", {
      points: sheet.winning_score, number: next, host: nameOf(sheet.next_host),
      leader: nameOf((sheet.next_host + sheet.players - 1) % sheet.players),
    }));
}

function scoreTable() {
  return scoresPanel(t("Round"),
    sheet.rounds.map((round) => h("tr", {
      class: round.counted ? "" : "muted", "data-testid": "sheet-round-row", "data-round": round.round, "data-counted": round.counted },
      h("td", {}, `${round.round}`, h("small", { class: "muted" },
        " ", round.counted ? t("hosted by {name}", { name: nameOf(round.host) }) : t("after the end: not counted"))),
      round.points.map((points) => h("td", { class: "num" }, points)))),
    outcome());
}

// --- entering a round ------------------------------------------------------------------

function newEntry(round) {
  const recorded = sheet.rounds.find((r) => r.round === round);
  return {
    round,
    tableaux: recorded ? recorded.tableaux.map((row) => row.map((slot) => ({ ...slot }))) : seats().map(() => []),
    active: 0,
    pending: null, // a face card or Tsukumogami waiting for its value
  };
}

function lastEnterable() {
  return sheet.over ? sheet.rounds.length : sheet.rounds.length + 1;
}

function roundForm() {
  if (!entry) entry = newEntry(lastEnterable());
  const box = h("form", { class: "panel", "data-testid": "sheet-round-form" });
  const used = () => new Set(entry.tableaux.flat().map((slot) => slot.card));

  const add = (seat, card, value) => {
    entry.tableaux[seat].push({ card, value });
    entry.tableaux[seat].sort((a, b) => a.value - b.value);
    entry.pending = null;
    draw();
  };

  function picker(seat) {
    const taken = used();
    const values = new Set(entry.tableaux[seat].map((slot) => slot.value));
    const pick = (card) => {
      const number = numberOf(card);
      const blocked = taken.has(card) || (number !== null && values.has(number));
      return h("button", {
        type: "button", class: `card cy-card cy-pick cy-${isTsukumogami(card) ? "T" : suitOf(card)}`,
        "data-testid": "sheet-pick", "data-card": card, "aria-label": cardName(card), disabled: blocked,
        "aria-pressed": entry.pending === card,
        onclick: () => {
          if (number !== null) add(seat, card, number);
          else { entry.pending = card; draw(); }
        },
      }, isTsukumogami(card) ? card : [rankOf(card), h("span", { class: "cy-pick-suit" }, SYMBOLS[suitOf(card)])]);
    };
    const valueChooser = entry.pending
      ? h("div", { class: "cy-value-chooser", "data-testid": "sheet-value-chooser" },
          h("p", {}, t("{card} stands for:", { card: cardName(entry.pending) })),
          h("div", { class: "cy-values" }, VALUES.map((v) => h("button", {
            type: "button", "data-testid": "sheet-value", "data-value": v, disabled: values.has(v),
            onclick: () => add(seat, entry.pending, v) }, v))),
          h("button", { type: "button", class: "secondary", "data-testid": "sheet-value-cancel",
            onclick: () => { entry.pending = null; draw(); } }, t("Cancel")))
      : null;
    return h("div", { class: "cy-picker-box", "data-testid": "sheet-picker" },
      h("p", { class: "muted" }, t("Tap each card in this tableau; they sort themselves by value.")),
      valueChooser,
      CARDS_BY_SUIT.map((cards) => h("div", { class: "cy-picker" }, cards.map(pick))),
      h("div", { class: "cy-picker" }, TSUKUMOGAMI.map(pick)));
  }

  function tableauFields(seat) {
    const active = entry.active === seat;
    const row = entry.tableaux[seat];
    return h("fieldset", { class: `cy-entry${active ? " active" : ""}`, "data-testid": "sheet-tableau", "data-seat": seat,
      "data-values": row.map((slot) => slot.value).join(" ") },
      h("legend", {}, t("{name}'s tableau", { name: nameOf(seat) })),
      h("div", { class: "cy-tableau" }, row.length
        ? row.map((slot, i) => h("button", { type: "button", class: "cy-remove", "data-testid": "sheet-slot", "data-card": slot.card,
            "aria-label": t("Remove {card} from {name}'s tableau", { card: cardShort(slot.card), name: nameOf(seat) }),
            onclick: () => { row.splice(i, 1); draw(); } }, cardFace(slot.card, { small: true, value: slot.value }), h("span", { class: "cy-x" }, "×")))
        : h("span", { class: "muted" }, t("empty"))),
      active
        ? picker(seat)
        : h("button", { type: "button", class: "secondary", "data-testid": "sheet-edit", "data-seat": seat,
            onclick: () => { entry.active = seat; entry.pending = null; draw(); } }, t("Enter {name}'s cards", { name: nameOf(seat) })));
  }

  function draw() {
    const last = lastEnterable();
    const correcting = entry.round <= sheet.rounds.length;
    const roundSelect = h("select", { id: "cy-round", "data-testid": "sheet-round",
      onchange: (e) => { entry = newEntry(Number(e.target.value)); draw(); } },
      Array.from({ length: last }, (_, i) => h("option", { value: i + 1, selected: i + 1 === entry.round },
        i < sheet.rounds.length ? t("Round {number} (correct it)", { number: i + 1 }) : t("Round {number}", { number: i + 1 }))));
    replace(box,
      h("h2", {}, correcting ? t("Correct round {number}", { number: entry.round }) : t("Enter round {number}", { number: entry.round })),
      h("label", { for: "cy-round" }, t("Round")), roundSelect,
      seats().map(tableauFields),
      h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "sheet-save" },
        correcting ? t("Save the correction") : t("Save the round"))));
  }

  box.addEventListener("submit", (event) => {
    event.preventDefault();
    post("round", { round: entry.round, tableaux: entry.tableaux }, pressed(event));
  });
  draw();
  return box;
}

function render() {
  replace(root, sheet.players
    ? [scoreTable(), roundForm(), correctionsPanel((c) => t("Round {number}, {time}: {change}", { number: c.round, time: timeOf(c.at), change: change(c) }))]
    : null, setup());
}

load();
