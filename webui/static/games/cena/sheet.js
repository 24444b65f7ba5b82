// /companion/cena: the Céna score sheet for a game with real cards. Set up the
// players, then per deal enter each alliance's won cards (or a count plus the
// penalty cards among them); entering a deal again corrects it, and the log shows it.
import { api } from "../../js/api.js";
import { ALL_CARDS, cardButton, numberOf, suitOf } from "./cards.js";
import { objectiveRow, readRow } from "./options.js";
import { h, replace, showError } from "../../js/dom.js";
import {
  change, correctionsPanel, load, nameOf, openSheet, post, scoresPanel, setupForm, sheet, timeOf, winnersText,
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
    fields: [h("label", {}, "Objective cards, deal 1 to 3"), objectives],
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

function dealForm() {
  const recorded = sheet.deals.length;
  const last = Math.min(sheet.deals_in_game, recorded + 1);
  const entry = {
    deal: Math.min(recorded + 1, sheet.deals_in_game),
    objective: null,
    alliances: Array.from({ length: sheet.players }, () => ({ mode: "cards", cards: new Set(), count: 0, penalty: new Set() })),
  };
  entry.objective = sheet.objectives[entry.deal - 1] || null;
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
      ? [h("p", {}, `${alliance.cards.size} cards picked`), picker(alliance.cards, (c) => used.has(c), toggle(alliance.cards), "sheet-cards")]
      : [
          h("label", {}, "Cards won", h("input", { type: "number", min: 0, max: 40, value: alliance.count, "data-testid": "sheet-count",
            oninput: (e) => (alliance.count = Number(e.target.value)) })),
          h("p", {}, "Penalty cards among them:"),
          picker(alliance.penalty, (c) => used.has(c) || !matches(c, entry.objective), toggle(alliance.penalty), "sheet-penalty"),
        ];
    return h("fieldset", { "data-testid": "sheet-alliance", "data-alliance": k },
      h("legend", {}, `Alliance ${pair(seats)}`),
      h("div", { class: "row" }, mode("cards", "Pick the won cards"), mode("count", "Count + penalty cards")),
      body);
  }

  function draw() {
    const correcting = entry.deal <= recorded;
    const dealSelect = h("select", { id: "sheet-deal", "data-testid": "sheet-deal",
      onchange: (e) => { entry.deal = Number(e.target.value); entry.objective = sheet.objectives[entry.deal - 1] || null; draw(); } },
      Array.from({ length: last }, (_, i) => h("option", { value: i + 1, selected: i + 1 === entry.deal },
        i < recorded ? `Deal ${i + 1} (correct it)` : `Deal ${i + 1}`)));
    const objectiveSelect = h("select", { id: "sheet-objective", "data-testid": "sheet-objective",
      onchange: (e) => { entry.objective = e.target.value === "" ? null : sheet.objectives[Number(e.target.value)]; draw(); } },
      h("option", { value: "" }, "No objective card"),
      sheet.objectives.map((o, i) => h("option", { value: i, selected: entry.objective === o }, o.text)));
    replace(box,
      h("h2", {}, correcting ? `Correct deal ${entry.deal}` : `Enter deal ${entry.deal}`),
      h("label", { for: "sheet-deal" }, "Deal"), dealSelect,
      h("label", { for: "sheet-objective" }, "Objective in force"), objectiveSelect,
      entry.alliances.map(allianceFields),
      h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "sheet-save" }, correcting ? "Save the correction" : "Save the deal")));
  }

  box.addEventListener("submit", (event) => {
    event.preventDefault();
    post("deal", {
      deal: entry.deal,
      objective: entry.objective,
      alliances: entry.alliances.map((a) =>
        a.mode === "cards" ? { cards: [...a.cards] } : { count: a.count, penalty_cards: [...a.penalty] }),
    });
  });
  draw();
  return box;
}

function scoreTable() {
  return scoresPanel("Deal",
    sheet.deals.map((deal) => h("tr", { "data-testid": "sheet-deal-row", "data-deal": deal.deal },
      h("td", {}, `${deal.deal}: ${deal.objective ? deal.objective.text : "no objective"}`, h("br"),
        h("small", { class: "muted" }, deal.alliances.map((a) => `${pair(a.seats)} ${a.score}`).join(" · "))),
      deal.seats.map((score) => h("td", { class: "num" }, score)))),
    sheet.winners.length ? h("p", { class: "notice", "data-testid": "sheet-winners" }, winnersText(sheet.winners)) : null);
}

function render() {
  replace(root, sheet.players
    ? [scoreTable(), dealForm(), correctionsPanel((c) => `Deal ${c.deal}, ${timeOf(c.at)}: ${change(c)}`)]
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
