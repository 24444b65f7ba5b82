// /companion/sarena: the Sàrénà score sheet for a game on a real board. Set up the
// players (this draws their secret colours, or takes the ones drawn before); the
// phone that set it up owns it: it shows the round code, which each phone types
// to take its seat and hold to see its colour. At the end the owner enters the
// piles topped by a player's colour (tap each chip from the top down) or each
// player's counts: the box scores it with the engine's rules and reveals the
// colours. Entering the result again corrects it, and the log shows it.
import { api, follow, showConnection } from "../../js/api.js";
import { COLOUR_LETTERS, colourName, swatch } from "../../js/colours/colours.js";
import { codePanel, ownerOf, rememberOwner } from "../../js/colours/owner.js";
import { claimIn, colourPanel } from "../../js/colours/panel.js";
import { h, people, replace, showError } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import {
  change, clearErrorNear, correctionsList, fetchSheet, nameOf, openSheet, pressed, setupForm, sheet, showErrorNear, showSheet, timeOf,
} from "../../js/sheet.js";

const MAX_HEIGHT = 4;
const root = document.getElementById("sheet");
const boxes = { result: h("div"), code: h("div"), colours: h("div"), entry: h("div"), setup: h("div") };
const panel = colourPanel(load);
let drawn = null; // the latest round of colours, for "use the colours drawn on the box"
const shown = {}; // what each box was last drawn for: a box is redrawn only when it changes
openSheet("/api/companion/sarena", render);

// What proves this phone may take the round drawn before: its owner's token (or,
// for a round from before codes, a seat's); a round drawn on the box needs its code.
function takeDrawn(code) {
  if (drawn.reveal_by === "box") return { code: code.trim().toUpperCase() };
  const token = drawn.reveal_by === "owner" ? ownerOf(drawn.round)?.token : claimIn(drawn.round)?.token;
  return token ? { owner: token } : {};
}

function setup() {
  const useDrawn = h("input", { type: "checkbox", "data-testid": "sheet-use-drawn" });
  const drawnRow = h("label", { class: "check" }, useDrawn, "");
  const code = h("input", {
    type: "text", class: "code", "data-testid": "sheet-drawn-code", maxlength: 4, autocomplete: "off",
    autocapitalize: "characters", pattern: "[A-Za-z]{4}", placeholder: "ABCD",
  });
  const codeRow = h("label", { hidden: true }, t("The code the box shows"), code);
  const showCode = () => (codeRow.hidden = !(useDrawn.checked && !drawnRow.hidden && drawn.reveal_by === "box"));
  useDrawn.addEventListener("change", showCode);
  return setupForm({
    counts: [2, 3, 4],
    preset: 3,
    fields: [drawnRow, codeRow],
    onPlayers: (n) => {
      const usable = drawn && drawn.round && !drawn.revealed && drawn.players === n && drawn.round !== sheet.round?.round
        && (drawn.reveal_by === "box" || Object.keys(takeDrawn("")).length > 0); // only what this phone may take
      drawnRow.hidden = !usable;
      useDrawn.checked = false;
      drawnRow.lastChild.textContent = t("Use the colours already drawn for {count} players", { count: n });
      showCode();
    },
    read: () => (useDrawn.checked && !drawnRow.hidden ? { use_drawn: true, ...takeDrawn(code.value) } : { use_drawn: false }),
    start: t("Draw the colours and start"),
  });
}

function chipFace(chip) {
  const [top, bottom] = chip.split("/");
  return [h("span", { class: `half colour-${top}` }, top), h("span", { class: `half colour-${bottom}` }, bottom)];
}

const chipLabel = (chip) => {
  const [top, bottom] = chip.split("/");
  return t("{top} over {bottom}", { top: colourName(top), bottom: colourName(bottom) });
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
    h("p", {}, current.length ? [t("This pile, from the top:"), " "] : t("Tap the chips of one pile, from the top down (top face first)."),
      current.map((chip) => h("span", { class: "pile-chip", title: chipLabel(chip) }, chipFace(chip)))),
    h("div", { class: "actions" },
      h("button", { type: "button", "data-testid": "pile-done", disabled: !current.length,
        onclick: () => { entry.piles.push([...current]); current.length = 0; redraw(); } }, t("Pile done")),
      h("button", { type: "button", class: "secondary", "data-testid": "pile-undo", disabled: !current.length,
        onclick: () => { current.pop(); redraw(); } }, t("Undo a chip"))));
  const list = h("ol", { class: "entered-piles", "data-testid": "entered-piles" },
    entry.piles.map((pile, i) => h("li", { "data-testid": "entered-pile", "data-pile": pile.join(" ") },
      `${i + 1}.`, pile.map((chip) => h("span", { class: "pile-chip", title: chipLabel(chip) }, chipFace(chip))),
      h("button", { type: "button", class: "secondary", onclick: () => { entry.piles.splice(i, 1); redraw(); } }, t("Remove")))));
  return [
    h("p", { class: "muted" }, t("Enter every pile whose top chip shows a player's colour; the others count for nobody. Lift each pile to see its chips.")),
    picker, building, entry.piles.length ? list : null,
  ];
}

function countsEntry(entry) {
  return entry.counts.map((count, seat) =>
    h("fieldset", { "data-testid": "count-row", "data-seat": seat },
      h("legend", {}, nameOf(seat)),
      h("div", { class: "row" },
        h("label", {}, t("Chips collected"),
          h("input", { type: "number", min: 0, max: 36, value: count.chips, "data-testid": "count-chips",
            oninput: (e) => (count.chips = e.target.value) })),
        h("label", {}, t("Tie-break (only if tied)"),
          h("input", { type: "number", min: 0, max: 36, value: count.tiebreak, "data-testid": "count-tiebreak",
            placeholder: t("chips showing your colour"), oninput: (e) => (count.tiebreak = e.target.value) })))));
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
      h("h2", {}, correcting ? t("Correct the end of the game") : t("The end of the game")),
      h("div", { class: "row" }, mode("piles", t("Enter the piles")), mode("counts", t("Enter each player's count"))),
      entry.mode === "piles" ? pilesEntry(entry, draw) : countsEntry(entry),
      h("div", { class: "actions" },
        h("button", { type: "submit", "data-testid": "sheet-score" }, correcting ? t("Save the correction") : t("Score it and reveal the colours"))));
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = pressed(event);
    if (entry.mode === "piles") {
      const piles = entry.current.length ? [...entry.piles, [...entry.current]] : entry.piles;
      if (await postResult({ piles }, button)) shown.entry = ""; // a fresh form after it
    } else {
      const counts = entry.counts.map((c) => {
        const one = { chips: c.chips === "" ? -1 : Number(c.chips) };
        if (c.tiebreak !== "") one.tiebreak = Number(c.tiebreak);
        return one;
      });
      if (await postResult({ counts }, button)) shown.entry = "";
    }
    render();
  });
  draw();
  return form;
}

// The token that enters the end while the colours are secret: this sheet's owner's
// (a sheet from before owners: a seat of its round). After the reveal, anyone may.
function scoringToken() {
  if (!sheet.round) return null;
  if (sheet.owned) return ownerOf(sheet.round.round)?.token || null;
  return claimIn(sheet.round.round)?.token || null;
}

const mayScore = () => Boolean(sheet.round && (sheet.round.revealed || scoringToken()));

// The end of the game, sent with the owner's token (it reveals the colours); a
// refusal shows next to `button`.
async function postResult(body, button) {
  clearErrorNear();
  try {
    showSheet(await api("/api/companion/sarena/result", body, { token: scoringToken() }));
    return true;
  } catch (err) {
    showErrorNear(button, err.message);
    return false;
  }
}

// On a phone that did not set up the sheet, before the reveal: who enters the end.
function ownerOnly() {
  return h("section", { class: "panel", "data-testid": "sheet-owner-only" },
    h("h2", {}, t("The end of the game")),
    h("p", { class: "muted" }, t("The phone that set up this sheet enters the end of the game: that reveals everyone's colour. "
      + "Lost that phone? Reveal the colours on the box (Secret colours, then Reveal all); then any phone can enter the end here.")));
}

// The round code, on the phone that set up the sheet, until the colours are revealed.
function codeBox() {
  const own = sheet.round && !sheet.round.revealed ? ownerOf(sheet.round.round) : null;
  if (!own || !own.code) return null;
  return codePanel(own.code, t("Only this phone shows the code, and only this phone can enter the end of the game while the colours are secret."));
}

function resultPanel() {
  const result = sheet.result;
  if (!result) return null;
  const colours = sheet.round.colours || [];
  const winners = new Set(result.winners);
  const names = result.winners.map(nameOf);
  return h("section", { class: "panel notice", "data-testid": "sheet-result" },
    h("h2", {}, t("Result")),
    h("p", { class: "big", "data-testid": "sheet-winners" }, names.length > 1 ? t("Shared victory: {names}", { names: people(names) }) : t("Winner: {name}", { name: names[0] })),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Colour")), h("th", { class: "num" }, t("Chips")), h("th", { class: "num" }, t("Tie-break")))),
      h("tbody", {}, sheet.names.map((name, seat) =>
        h("tr", { "data-testid": "sheet-result-row", "data-seat": seat },
          h("td", {}, name),
          h("td", {}, colours[seat] ? swatch(colours[seat]) : "?"),
          h("td", { class: `num${winners.has(seat) ? " winner" : ""}`, "data-testid": "sheet-chips" }, result.chips[seat]),
          h("td", { class: "num" }, result.tiebreak[seat] ?? "—"))))),
    correctionsList((c) => t("Corrected at {time}: chips {change}", { time: timeOf(c.at), change: change(c) })));
}

function redraw(name, key, build) {
  if (shown[name] === key) return;
  shown[name] = key;
  replace(boxes[name], build());
}

function render() {
  // The setup's answer, to this phone alone: the sheet's owner token and round code.
  if (sheet.owner && sheet.round) rememberOwner(sheet.round.round, sheet.owner);
  const setupKey = JSON.stringify([sheet.players, sheet.names, sheet.round?.round, drawn?.round, drawn?.revealed]);
  redraw("setup", setupKey, setup);
  if (!sheet.players) {
    for (const name of ["result", "code", "colours", "entry"]) redraw(name, "", () => null);
    return;
  }
  redraw("result", JSON.stringify([sheet.result, sheet.corrections.length, sheet.round.colours]), resultPanel);
  redraw("code", JSON.stringify([sheet.round.round, sheet.round.revealed, ownerOf(sheet.round.round)?.code]), codeBox);
  // The result shows everyone's colour; before it, each phone's own colour is here.
  redraw("colours", sheet.result ? "" : "panel", () => (sheet.result ? null : panel.node));
  panel.render(sheet.round);
  const scoring = mayScore();
  redraw("entry", JSON.stringify([sheet.round.round, sheet.result === null, scoring]), scoring ? entryForm : ownerOnly);
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

replace(root, boxes.result, boxes.code, boxes.colours, boxes.entry, boxes.setup);
load();
follow("/api/stream", { state: load }, showConnection);
