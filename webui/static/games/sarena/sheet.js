// /companion/sarena: the Sàrénà score sheet for a game on a real board. Set up the
// players (this draws their secret colours, or takes the ones drawn on the box);
// each phone then takes its seat and holds to see its colour. At the end, enter
// the piles topped by a player's colour (tap each chip from the top down) or each
// player's counts: the box scores it with the engine's rules and reveals the
// colours. Entering the result again corrects it, and the log shows it.
import { api, follow, showConnection } from "../../js/api.js";
import { COLOUR_LETTERS, colourName, swatch } from "../../js/colours/colours.js";
import { colourPanel } from "../../js/colours/panel.js";
import { h, listing, replace, showError } from "../../js/dom.js";
import {
  change, correctionsList, fetchSheet, nameOf, openSheet, post, setupForm, sheet, showSheet, timeOf,
} from "../../js/sheet.js";

const MAX_HEIGHT = 4;
const root = document.getElementById("sheet");
const boxes = { result: h("div"), colours: h("div"), entry: h("div"), setup: h("div") };
const panel = colourPanel(load);
let drawn = null; // the latest round of colours, for "use the colours drawn on the box"
const shown = {}; // what each box was last drawn for: a box is redrawn only when it changes
openSheet("/api/companion/sarena", render);

function setup() {
  const useDrawn = h("input", { type: "checkbox", "data-testid": "sheet-use-drawn" });
  const drawnRow = h("label", { class: "check" }, useDrawn, "");
  return setupForm({
    counts: [2, 3, 4],
    preset: 3,
    fields: [drawnRow],
    onPlayers: (n) => {
      const usable = drawn && drawn.round && !drawn.revealed && drawn.players === n && drawn.round !== sheet.round?.round;
      drawnRow.hidden = !usable;
      useDrawn.checked = false;
      drawnRow.lastChild.textContent = `Use the colours already drawn on the box for ${n} players`;
    },
    read: () => ({ use_drawn: useDrawn.checked && !drawnRow.hidden }),
    start: "Draw the colours and start",
  });
}

function chipFace(chip) {
  const [top, bottom] = chip.split("/");
  return [h("span", { class: `half colour-${top}` }, top), h("span", { class: `half colour-${bottom}` }, bottom)];
}

const chipLabel = (chip) => {
  const [top, bottom] = chip.split("/");
  return `${colourName(top)} over ${colourName(bottom)}`;
};

function pilesEntry(entry, redraw) {
  const current = entry.current;
  const picker = h("div", { class: "chip-picker", "data-testid": "chip-picker" },
    COLOUR_LETTERS.flatMap((top) => COLOUR_LETTERS.filter((c) => c !== top).map((bottom) => {
      const chip = `${top}/${bottom}`;
      return h("button", {
        type: "button", "data-testid": "chip-button", "data-chip": chip, "aria-label": chipLabel(chip),
        disabled: current.length >= MAX_HEIGHT,
        onclick: () => { current.push(chip); redraw(); },
      }, chipFace(chip));
    })));
  const building = h("div", { class: "panel", "data-testid": "pile-building" },
    h("p", {}, current.length ? `This pile, from the top: ` : "Tap the chips of one pile, from the top down (top face first).",
      current.map((chip) => h("span", { class: "pile-chip", title: chipLabel(chip) }, chipFace(chip)))),
    h("div", { class: "actions" },
      h("button", { type: "button", "data-testid": "pile-done", disabled: !current.length,
        onclick: () => { entry.piles.push([...current]); current.length = 0; redraw(); } }, "Pile done"),
      h("button", { type: "button", class: "secondary", "data-testid": "pile-undo", disabled: !current.length,
        onclick: () => { current.pop(); redraw(); } }, "Undo a chip")));
  const list = h("ol", { class: "entered-piles", "data-testid": "entered-piles" },
    entry.piles.map((pile, i) => h("li", { "data-testid": "entered-pile", "data-pile": pile.join(" ") },
      `${i + 1}.`, pile.map((chip) => h("span", { class: "pile-chip", title: chipLabel(chip) }, chipFace(chip))),
      h("button", { type: "button", class: "secondary", onclick: () => { entry.piles.splice(i, 1); redraw(); } }, "Remove"))));
  return [
    h("p", { class: "muted" }, "Enter every pile whose top chip shows a player's colour; the others count for nobody. Lift each pile to see its chips."),
    picker, building, entry.piles.length ? list : null,
  ];
}

function countsEntry(entry) {
  return entry.counts.map((count, seat) =>
    h("fieldset", { "data-testid": "count-row", "data-seat": seat },
      h("legend", {}, nameOf(seat)),
      h("div", { class: "row" },
        h("label", {}, "Chips collected",
          h("input", { type: "number", min: 0, max: 36, value: count.chips, "data-testid": "count-chips",
            oninput: (e) => (count.chips = e.target.value) })),
        h("label", {}, "Tie-break (only if tied)",
          h("input", { type: "number", min: 0, max: 36, value: count.tiebreak, "data-testid": "count-tiebreak",
            placeholder: "chips showing your colour", oninput: (e) => (count.tiebreak = e.target.value) })))));
}

function entryForm() {
  const entry = {
    mode: "piles",
    current: [],
    piles: [],
    counts: Array.from({ length: sheet.players }, () => ({ chips: "", tiebreak: "" })),
  };
  const form = h("form", { class: "panel", "data-testid": "sheet-entry" });
  const mode = (value, label) => h("label", { class: "check" },
    h("input", { type: "radio", name: "entry-mode", value, checked: entry.mode === value, "data-testid": `mode-${value}`,
      onchange: () => { entry.mode = value; draw(); } }), label);
  function draw() {
    const correcting = sheet.result !== null;
    replace(form,
      h("h2", {}, correcting ? "Correct the end of the game" : "The end of the game"),
      h("div", { class: "row" }, mode("piles", "Enter the piles"), mode("counts", "Enter each player's count")),
      entry.mode === "piles" ? pilesEntry(entry, draw) : countsEntry(entry),
      h("div", { class: "actions" },
        h("button", { type: "submit", "data-testid": "sheet-score" }, correcting ? "Save the correction" : "Score it and reveal the colours")));
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (entry.mode === "piles") {
      const piles = entry.current.length ? [...entry.piles, [...entry.current]] : entry.piles;
      if (await post("result", { piles })) shown.entry = ""; // a fresh form after it
    } else {
      const counts = entry.counts.map((c) => {
        const one = { chips: c.chips === "" ? -1 : Number(c.chips) };
        if (c.tiebreak !== "") one.tiebreak = Number(c.tiebreak);
        return one;
      });
      if (await post("result", { counts })) shown.entry = "";
    }
    render();
  });
  draw();
  return form;
}

function resultPanel() {
  const result = sheet.result;
  if (!result) return null;
  const colours = sheet.round.colours || [];
  const winners = new Set(result.winners);
  const names = result.winners.map(nameOf);
  return h("section", { class: "panel notice", "data-testid": "sheet-result" },
    h("h2", {}, "Result"),
    h("p", { class: "big", "data-testid": "sheet-winners" }, names.length > 1 ? `Shared victory: ${listing(names)}` : `Winner: ${names[0]}`),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Colour"), h("th", { class: "num" }, "Chips"), h("th", { class: "num" }, "Tie-break"))),
      h("tbody", {}, sheet.names.map((name, seat) =>
        h("tr", { "data-testid": "sheet-result-row", "data-seat": seat },
          h("td", {}, name),
          h("td", {}, colours[seat] ? swatch(colours[seat]) : "?"),
          h("td", { class: `num${winners.has(seat) ? " winner" : ""}`, "data-testid": "sheet-chips" }, result.chips[seat]),
          h("td", { class: "num" }, result.tiebreak[seat] ?? "—"))))),
    correctionsList((c) => `Corrected at ${timeOf(c.at)}: chips ${change(c)}`));
}

function redraw(name, key, build) {
  if (shown[name] === key) return;
  shown[name] = key;
  replace(boxes[name], build());
}

function render() {
  const setupKey = JSON.stringify([sheet.players, sheet.names, sheet.round?.round, drawn?.round, drawn?.revealed]);
  redraw("setup", setupKey, setup);
  if (!sheet.players) {
    for (const name of ["result", "colours", "entry"]) redraw(name, "", () => null);
    return;
  }
  redraw("result", JSON.stringify([sheet.result, sheet.corrections.length, sheet.round.colours]), resultPanel);
  // The result shows everyone's colour; before it, each phone's own colour is here.
  redraw("colours", sheet.result ? "" : "panel", () => (sheet.result ? null : panel.node));
  panel.render(sheet.round);
  redraw("entry", JSON.stringify([sheet.round.round, sheet.result === null]), entryForm);
}

// The sheet and the latest round of colours (which the set-up form may use).
async function load() {
  try {
    const [fresh, colours] = await Promise.all([fetchSheet(), api("/api/colours", undefined, { token: null })]);
    drawn = colours;
    showSheet(fresh);
  } catch (err) {
    showError(err.message);
  }
}

replace(root, boxes.result, boxes.colours, boxes.entry, boxes.setup);
load();
follow("/api/stream", { state: load }, showConnection);
