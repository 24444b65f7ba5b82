// /companion/cena: the Céna score sheet for a game with real cards. Set up the
// players, then per deal enter each alliance's won cards (or a count plus the
// penalty cards among them); entering a deal again corrects it (the form opens with
// that deal's entries filled in), and the log shows it.
import { api } from "../../js/api.js";
import { t, tn } from "../../js/i18n.js";
import { ALL_CARDS, cardButton, numberOf, objectiveText, suitOf } from "./cards.js";
import { objectiveRow, readRow } from "./options.js";
import { h, replace, showError } from "../../js/dom.js";
import {
  change, correctionsPanel, load, nameOf, openSheet, post, pressed, scoresPanel, setupForm, sheet, timeOf, winnersText,
} from "../../js/sheet.js";

const root = document.getElementById("sheet");
let defaultObjectives = []; // the engine's, for a first sheet
openSheet("/api/companion/cena", render);

const pair = (seats) => seats.map(nameOf).join(" + ");

function matches(card, objective) {
  if (!objective) return false;
  if (objective.suit && suitOf(card) !== objective.suit) return false;
  if (objective.number && numberOf(card) !== objective.number) return false;
  if (objective.parity && (numberOf(card) % 2 === 1) !== (objective.parity === "odd")) return false;
  return true;
}

function setup() {
  const objectives = h("div", { "data-testid": "objectives" });
  const defaults = sheet.objectives.length ? sheet.objectives : defaultObjectives;
  for (const objective of defaults) objectives.append(objectiveRow(objective, () => {}));
  objectives.querySelectorAll("[data-testid=objective-remove]").forEach((b) => b.remove());
  return setupForm({
    counts: [3, 4, 5],
    preset: 4,
    fields: [h("label", {}, t("Objective cards, deal 1 to 3")), objectives],
    read: () => ({ objectives: [...objectives.children].map(readRow) }),
  });
}

function picker(selected, isDisabled, onToggle, testid) {
  return h("div", { class: "picker", "data-testid": testid },
    ALL_CARDS.map((card) => cardButton(card, {
      "data-testid": "picker-card", "aria-pressed": selected.has(card), disabled: isDisabled(card) && !selected.has(card),
      onclick: () => onToggle(card),
    })));
}

const blankAlliance = () => ({ mode: "cards", cards: new Set(), count: 0, penalty: new Set() });
const sameObjective = (a, b) => a.text === b.text && a.penalty === b.penalty;

// What the form holds for deal `number`: a recorded deal's own entries (the objective
// in force, each alliance's cards or count and penalty cards), to correct them;
// else empty alliances and the deal's objective card.
function entryFor(number) {
  const recorded = sheet.deals.find((d) => d.deal === number);
  if (!recorded) {
    return {
      deal: number,
      objective: sheet.objectives[number - 1] || null,
      alliances: Array.from({ length: sheet.players }, blankAlliance),
    };
  }
  const objective = recorded.objective;
  return {
    deal: number,
    objective: objective && (sheet.objectives.find((o) => sameObjective(o, objective)) || objective),
    alliances: recorded.alliances.map((a) => ("cards" in a
      ? { ...blankAlliance(), cards: new Set(a.cards) }
      : { ...blankAlliance(), mode: "count", count: a.count, penalty: new Set(a.penalty_cards || []) })), // the box enters a count of them: picked again here
  };
}

function dealForm() {
  const recorded = sheet.deals.length;
  const last = Math.min(sheet.deals_in_game, recorded + 1);
  let entry = entryFor(Math.min(recorded + 1, sheet.deals_in_game));
  const box = h("form", { class: "panel", "data-testid": "sheet-deal-form" });

  const taken = (except) => {
    const used = new Set();
    entry.alliances.forEach((a, k) => k !== except && [...a.cards, ...a.penalty].forEach((c) => used.add(c)));
    return used;
  };

  function allianceFields(alliance, k) {
    const seats = [k, (k + 1) % sheet.players];
    const mode = (value, label) => h("label", { class: "check" },
      h("input", { type: "radio", name: `mode-${k}`, value, checked: alliance.mode === value,
        onchange: () => { alliance.mode = value; draw(); } }), label);
    const used = taken(k);
    const toggle = (set) => (card) => { set.has(card) ? set.delete(card) : set.add(card); draw(); };
    const body = alliance.mode === "cards"
      ? [h("p", {}, tn("{count} card picked", "{count} cards picked", alliance.cards.size)), picker(alliance.cards, (c) => used.has(c), toggle(alliance.cards), "sheet-cards")]
      : [
          h("label", {}, t("Cards won"), h("input", { type: "number", min: 0, max: 40, value: alliance.count, "data-testid": "sheet-count",
            oninput: (e) => (alliance.count = Number(e.target.value)) })),
          h("p", {}, t("Penalty cards among them:")),
          picker(alliance.penalty, (c) => used.has(c) || !matches(c, entry.objective), toggle(alliance.penalty), "sheet-penalty"),
        ];
    return h("fieldset", { "data-testid": "sheet-alliance", "data-alliance": k },
      h("legend", {}, t("Alliance {alliance}", { alliance: pair(seats) })),
      h("div", { class: "row" }, mode("cards", t("Pick the won cards")), mode("count", t("Count + penalty cards"))),
      body);
  }

  function draw() {
    const correcting = entry.deal <= recorded;
    const dealSelect = h("select", { id: "sheet-deal", "data-testid": "sheet-deal",
      onchange: (e) => { entry = entryFor(Number(e.target.value)); draw(); } },
      Array.from({ length: last }, (_, i) => h("option", { value: i + 1, selected: i + 1 === entry.deal },
        i < recorded ? t("Deal {number} (correct it)", { number: i + 1 }) : t("Deal {number}", { number: i + 1 }))));
    // A corrected deal's objective is one of the sheet's, or (entered elsewhere) its own.
    const choices = !entry.objective || sheet.objectives.includes(entry.objective)
      ? sheet.objectives : [...sheet.objectives, entry.objective];
    const objectiveSelect = h("select", { id: "sheet-objective", "data-testid": "sheet-objective",
      onchange: (e) => { entry.objective = e.target.value === "" ? null : choices[Number(e.target.value)]; draw(); } },
      h("option", { value: "" }, t("No objective card")),
      choices.map((o, i) => h("option", { value: i, selected: entry.objective === o }, objectiveText(o))));
    replace(box,
      h("h2", {}, correcting ? t("Correct deal {number}", { number: entry.deal }) : t("Enter deal {number}", { number: entry.deal })),
      h("label", { for: "sheet-deal" }, t("Deal")), dealSelect,
      h("label", { for: "sheet-objective" }, t("Objective in force")), objectiveSelect,
      entry.alliances.map(allianceFields),
      h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "sheet-save" }, correcting ? t("Save the correction") : t("Save the deal"))));
  }

  box.addEventListener("submit", async (event) => {
    event.preventDefault();
    const number = entry.deal;
    const saved = await post("deal", {
      deal: number,
      objective: entry.objective,
      alliances: entry.alliances.map((a) =>
        a.mode === "cards" ? { cards: [...a.cards] } : { count: a.count, penalty_cards: [...a.penalty] }),
    }, pressed(event));
    // The form sits below the scores: bring the deal just saved, and the totals under
    // it, into view (the Save button is far down the page).
    if (saved) scrollToDeal(number);
  });
  draw();
  return box;
}

function scrollToDeal(number) {
  const row = root.querySelector(`[data-testid=sheet-deal-row][data-deal="${number}"]`);
  const panel = row?.closest("section");
  if (!row || !panel) return;
  const fits = panel.getBoundingClientRect().height <= innerHeight;
  (fits ? panel : row).scrollIntoView({ block: fits ? "nearest" : "center" });
  row.classList.add("just-saved");
}

function scoreTable() {
  return scoresPanel(t("Deal"),
    sheet.deals.map((deal) => h("tr", { "data-testid": "sheet-deal-row", "data-deal": deal.deal },
      h("td", {}, `${deal.deal}: ${objectiveText(deal.objective)}`, h("br"),
        h("small", { class: "muted" }, deal.alliances.map((a) => `${pair(a.seats)} ${a.score}`).join(" · "))),
      deal.seats.map((score) => h("td", { class: "num" }, score)))),
    sheet.winners.length ? h("p", { class: "notice", "data-testid": "sheet-winners" }, winnersText(sheet.winners)) : null);
}

function render() {
  replace(root, sheet.players
    ? [scoreTable(), dealForm(), correctionsPanel((c) => t("Deal {number}, {time}: {change}", { number: c.deal, time: timeOf(c.at), change: change(c) }))]
    : null, setup());
}

async function main() {
  try {
    const { games } = await api("/api/games", undefined, { token: null });
    defaultObjectives = games.find((g) => g.name === "cena")?.defaults.objectives || [];
  } catch (err) {
    showError(err.message);
    return;
  }
  load();
}

main();
