// /companion/lauzait: the bank and score sheet of a Lauzait Cep game with real
// pieces. Each player's ledger (departments formed and dissolved, with exact
// refunds), the seasons (start player and direction, from the sticks), a
// declaration calculator, the box's dice-sticks, and the log with its
// corrections. Every phone on this page follows the same sheet live.
import { api, follow, showConnection } from "../../js/api.js";
import { clearError, h, replace, showError } from "../../js/dom.js";
import { allCodes, departmentFace, isWild, played } from "./pieces.js";
import { correctionsList, load, nameOf, openSheet, post, setupForm, sheet, winnersText } from "../../js/sheet.js";
import { sticksStrip } from "../../js/sticks.js";

const PATH = "/api/companion/lauzait";
const PARTS = {
  declaration: "Lauzait-Cep",
  specialized_experts: "Specialized Experts (one colour)",
  great_sequence: "Great Sequence (nine in a row)",
  layered_bridges: "Layered Bridges (two departments, same numbers)",
  well_balanced: "Well-Balanced (white sum = green sum)",
  stalemate: "Stalemate",
  luminous: "Luminous pieces",
};

const nodes = {
  sticks: h("div"),
  seasons: h("div"),
  ledger: h("div"),
  calculator: h("div"),
  log: h("div"),
  setup: h("div"),
};
document.getElementById("sheet").append(...Object.values(nodes));

let calculatorKey = "";
const forming = {}; // seat -> [{piece, role}] x3, kept across redraws
const openForms = new Set(); // seats whose "Form a department" is open
openSheet(PATH, render);

const when = (at) => new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

// --- one piece of a department: a code, and a role when it is a wild ---------------

function slotFields(slot, onChange) {
  const codes = allCodes(sheet.players);
  const piece = h("select", { "data-testid": "lz-slot-piece", "aria-label": "piece",
    onchange: (e) => { slot.piece = e.target.value; slot.role = slot.role || codes[0]; onChange(); } },
    h("option", { value: "" }, "–"),
    codes.map((code) => h("option", { value: code, selected: code === slot.piece }, code === "J" ? "J wild" : code)));
  const role = isWild(slot.piece)
    ? h("select", { "data-testid": "lz-slot-role", "aria-label": "the wild plays",
        onchange: (e) => { slot.role = e.target.value; onChange(); } },
        codes.filter((c) => !isWild(c)).map((code) => h("option", { value: code, selected: code === slot.role }, `as ${code}`)))
    : null;
  return h("span", { class: "lz-slot" }, piece, role);
}

const emptySlots = () => Array.from({ length: 3 }, () => ({ piece: "", role: "" }));
const entryOf = (slot) => (isWild(slot.piece) ? { piece: "J", as: slot.role } : slot.piece);

// --- setup -----------------------------------------------------------------------------

function setup() {
  const bridges = h("select", { id: "lz-bridges", "data-testid": "sheet-bridges" },
    [[2, "2 points (Japanese rulebook)"], [3, "3 points (English rulebook)"]].map(([p, text]) =>
      h("option", { value: p, selected: p === sheet.layered_bridges }, text)));
  return setupForm({
    counts: [2, 3, 4],
    preset: 4,
    fields: [
      h("label", { for: "lz-bridges" }, "Layered Bridges are worth"), bridges,
      h("p", { class: "muted" }, "The sticks then decide who starts the first season, and which way play goes."),
    ],
    read: () => ({ layered_bridges: Number(bridges.value) }),
  });
}

// --- seasons ---------------------------------------------------------------------------

function seasonsPanel() {
  const current = sheet.seasons[sheet.seasons.length - 1];
  const thrown = (season, purpose, label) => {
    const throws = season.throws.filter((t) => t.purpose === purpose);
    return throws.length ? `${label}: ${throws.map((t) => `${nameOf(t.seat)} ${t.count}`).join(", ")}` : null;
  };
  const how = (season) => season.by_hand
    ? "set by hand"
    : [thrown(season, "start", "sticks for the start"), thrown(season, "direction", "for the direction")]
        .filter(Boolean).join("; ") || "fewest points";
  const rows = sheet.seasons.map((season) => h("tr", { "data-testid": "lz-season-row", "data-season": season.season },
    h("td", { class: "num" }, season.season),
    h("td", {}, `${nameOf(season.start_player)}, ${season.direction}`, h("br"), h("small", { class: "muted" }, how(season))),
    h("td", {}, season.declaration ? `${nameOf(season.declaration.seat)}: ${season.declaration.formation.total}` : "–")));
  const start = h("select", { "data-testid": "lz-season-start", "aria-label": "start player" },
    sheet.names.map((name, seat) => h("option", { value: seat, selected: seat === current.start_player }, name)));
  const direction = h("select", { "data-testid": "lz-season-direction", "aria-label": "direction" },
    ["clockwise", "counterclockwise"].map((d) => h("option", { value: d, selected: d === current.direction }, d)));
  return h("section", { class: "panel", "data-testid": "lz-seasons" },
    h("h2", {}, sheet.over ? "Seasons (game over)" : `Season ${sheet.season} of ${sheet.seasons_in_game}`),
    sheet.over ? null : h("p", { class: "big", "data-testid": "lz-season-now" },
      `${nameOf(current.start_player)} starts; play goes ${current.direction}.`),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "Who starts, which way"), h("th", {}, "Declared"))),
      h("tbody", {}, rows)),
    sheet.over ? null : h("details", {},
      h("summary", {}, "Threw real sticks? Set this season's start by hand"),
      h("div", { class: "row" }, start, direction,
        h("button", { type: "button", class: "secondary", "data-testid": "lz-season-save",
          onclick: () => post("season", { start_player: Number(start.value), direction: direction.value }) }, "Save"))));
}

// --- the bank: one ledger per player ---------------------------------------------------

function formFields(seat) {
  forming[seat] = forming[seat] || emptySlots();
  const slots = forming[seat];
  const box = h("div", { class: "lz-form-row" });
  const draw = () => replace(box, h("div", { class: "lz-slots" }, slots.map((slot) => slotFields(slot, draw))),
    h("button", { type: "button", "data-testid": "lz-sheet-form", "data-seat": seat,
      disabled: slots.some((s) => !s.piece),
      onclick: async () => {
        const body = { seat, pieces: slots.map((s) => s.piece) };
        if (slots.some((s) => isWild(s.piece))) body.roles = slots.map((s) => (isWild(s.piece) ? s.role : s.piece));
        if (await post("form", body)) forming[seat] = emptySlots();
      } }, "Reveal"));
  draw();
  return box;
}

function ledgerCard(seat) {
  const entry = sheet.seats[seat];
  return h("section", { class: "seat-panel", "data-testid": "lz-ledger", "data-seat": seat },
    h("div", { class: "seat-name" }, entry.name, h("span", { class: "lz-points", "data-testid": "lz-sheet-score", "data-seat": seat }, `${entry.score} point${entry.score === 1 ? "" : "s"}`)),
    h("div", { class: "muted" }, `bank ${entry.bonuses} · declarations ${entry.formation}`),
    entry.revealed.map((department) => h("div", { class: "lz-shown", "data-testid": "lz-sheet-department", "data-seat": seat },
      departmentFace(department), h("span", { class: "lz-bonus" }, `+${department.bonus}`),
      sheet.over ? null : h("button", { type: "button", class: "secondary", "data-testid": "lz-sheet-dissolve",
        onclick: () => post("dissolve", { seat, department: department.id }) }, `Dissolve: pay back ${department.bonus}`))),
    sheet.over || entry.revealed.length >= 3 ? null : h("details", {
      open: openForms.has(seat),
      ontoggle: (e) => (e.target.open ? openForms.add(seat) : openForms.delete(seat)),
    }, h("summary", { "data-testid": "lz-sheet-form-open", "data-seat": seat }, "Form a department"), formFields(seat)));
}

function ledger() {
  return h("section", { class: "panel" },
    h("h2", {}, "The bank"),
    h("p", { class: "muted" }, "Revealing a department pays its bonus; dissolving it pays back exactly what was paid."),
    h("div", { class: "seats lz-ledgers" }, sheet.seats.map((_, seat) => ledgerCard(seat))),
    sheet.winners.length
      ? h("p", { class: "notice", "data-testid": "sheet-winners" },
          `${sheet.ended_early ? "The table stopped early. " : ""}${winnersText(sheet.winners)}`)
      : null,
    sheet.over ? null : h("div", { class: "actions" },
      h("button", { type: "button", class: "danger", "data-testid": "lz-sheet-finish",
        onclick: () => confirm("Does everyone agree to stop? The scores stand as they are.") && post("finish") },
        "End the game now (the table agrees)")));
}

// --- the declaration calculator --------------------------------------------------------

const calc = { departments: [emptySlots(), emptySlots(), emptySlots()], stalemate: false, bare: false, luminous: "", seat: 0 };

function calculator() {
  const result = h("div", { "data-testid": "lz-calc-result" });
  const rows = h("div");
  const government = () => (calc.bare ? [] : calc.departments.map((d) => d.map(entryOf)));
  const body = () => ({ departments: government(), stalemate: calc.stalemate, luminous: calc.luminous || null });
  const drawRows = () => replace(rows, calc.bare ? h("p", { class: "muted" }, "A stalemate without a government: only the declaration, the stalemate and the luminous pieces score.")
    : calc.departments.map((slots, i) => h("div", { class: "lz-form-row", "data-testid": "lz-calc-department", "data-index": i },
        h("span", { class: "lz-dept-label" }, `Department ${i + 1}`),
        h("div", { class: "lz-slots" }, slots.map((slot) => slotFields(slot, drawRows))))));
  const check = (label, field, testid) => h("label", { class: "check" },
    h("input", { type: "checkbox", "data-testid": testid, checked: calc[field],
      onchange: (e) => { calc[field] = e.target.checked; if (field === "bare" && calc.bare) calc.stalemate = true; redraw(); } }), label);
  const luminous = h("select", { "data-testid": "lz-calc-luminous", "aria-label": "luminous piece", onchange: (e) => (calc.luminous = e.target.value) },
    h("option", { value: "" }, "no luminous piece"),
    allCodes(sheet.players).map((code) => h("option", { value: code, selected: code === calc.luminous }, `luminous ${code}`)));
  const declarer = h("select", { "data-testid": "lz-calc-seat", "aria-label": "declarer", onchange: (e) => (calc.seat = Number(e.target.value)) },
    sheet.names.map((name, seat) => h("option", { value: seat, selected: seat === calc.seat }, name)));
  const fromRevealed = sheet.seats.filter((s) => s.revealed.length === 3).map((s) =>
    h("button", { type: "button", class: "secondary", "data-testid": "lz-calc-use", "data-seat": s.seat, onclick: () => {
      calc.bare = false;
      calc.seat = s.seat;
      calc.departments = s.revealed.map((d) => d.pieces.map((piece, i) => ({ piece, role: isWild(piece) ? d.roles[i] : "" })));
      redraw();
    } }, `Use ${s.name}'s three departments`));
  const calculate = async () => {
    clearError();
    try {
      const answer = await api(`${PATH}/calculate`, body(), { token: null });
      replace(result, h("table", { class: "lz-parts" }, h("tbody", {},
        Object.entries(PARTS).map(([part, label]) => h("tr", { class: answer.formation[part] ? "" : "muted", "data-part": part },
          h("td", {}, label), h("td", { class: "num", "data-testid": "lz-calc-part", "data-part": part }, answer.formation[part]))),
        h("tr", { class: "total" }, h("th", {}, "Formation points"), h("th", { class: "num", "data-testid": "lz-calc-total" }, answer.formation.total)))),
        answer.bonuses.length ? h("p", { class: "muted" }, `Revealed one by one they would have paid ${answer.bonuses.join(" + ")} in bonuses.`) : null);
    } catch (err) {
      replace(result);
      showError(err.message);
    }
  };
  const declared = (season) => Boolean(sheet.seasons[season - 1]?.declaration);
  const season = h("select", { "data-testid": "lz-calc-season", "aria-label": "season" },
    sheet.seasons.map((s) => h("option", { value: s.season, selected: s.season === sheet.season },
      declared(s.season) ? `season ${s.season} (correct it)` : `season ${s.season}`)));
  const record = () => {
    const chosen = Number(season.value);
    const question = declared(chosen)
      ? `Replace season ${chosen}'s declaration with this one for ${nameOf(calc.seat)}? The correction is logged.`
      : `Record this declaration for ${nameOf(calc.seat)}? Season ${chosen} ends.`;
    if (confirm(question)) post("declare", { ...body(), seat: calc.seat, season: chosen });
  };
  // Everything in the panel follows `calc`: build it again.
  function redraw() {
    replace(nodes.calculator, calculator());
  }
  const panel = h("section", { class: "panel", "data-testid": "lz-calculator" },
    h("h2", {}, "Lauzait-Cep! Declaration calculator"),
    h("p", { class: "muted" }, "Enter the nine pieces as three departments (a wild: its role too), then calculate every formation part."),
    h("div", { class: "actions" }, fromRevealed),
    rows,
    h("div", { class: "row" }, check("Stalemate (+15)", "stalemate", "lz-calc-stalemate"), check("no government", "bare", "lz-calc-bare"), luminous),
    h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", "data-testid": "lz-calc-go", onclick: calculate }, "Calculate")),
    result,
    h("div", { class: "row" }, h("span", {}, "Declared by"), declarer, season,
      h("button", { type: "button", "data-testid": "lz-calc-record", onclick: record }, "Record the declaration")));
  drawRows();
  return panel;
}

// --- the log and its corrections -------------------------------------------------------

function logText(entry) {
  const who = nameOf(entry.seat);
  const pieces = (e) => e.pieces.map((p, i) => played(p, e.roles?.[i])).join(" ");
  if (entry.kind === "form") return `${who} revealed ${pieces(entry)}: +${entry.bonus}`;
  if (entry.kind === "dissolve") return `${who} dissolved ${entry.pieces.join(" ")}: paid back ${entry.refund}`;
  if (entry.kind === "declare") return `${who} declared in season ${entry.season}: ${entry.formation.total}`;
  if (entry.kind === "finish") return "The table agreed to end the game";
  return entry.kind;
}

function correctionText(c) {
  if (c.kind === "void") return `struck out: ${logText(c.entry)}`;
  if (c.kind === "season") return `season ${c.season} start set by hand: ${nameOf(c.after.start_player)}, ${c.after.direction}`;
  return `season ${c.season} declaration corrected: ${nameOf(c.before.seat)} ${c.before.points} became ${nameOf(c.after.seat)} ${c.after.points}`;
}

function logPanel() {
  if (!sheet.log.length && !sheet.corrections.length) return null;
  return h("section", { class: "panel" },
    h("h2", {}, "Log"),
    h("ol", { class: "lz-log", "data-testid": "lz-log" }, sheet.log.map((entry) =>
      h("li", { class: "row", "data-kind": entry.kind, "data-id": entry.id },
        h("span", {}, `${when(entry.at)} · ${logText(entry)}`),
        entry.kind === "declare" ? null : h("button", { type: "button", class: "secondary", "data-testid": "lz-void",
          onclick: () => confirm("Strike this entry out? The correction is logged.") && post("void", { entry: entry.id }) }, "Strike out")))),
    sheet.corrections.length
      ? [h("h3", {}, "Corrections"), correctionsList((c) => `${when(c.at)}: ${correctionText(c)}`)]
      : null);
}

// --- drawing ---------------------------------------------------------------------------

function render() {
  replace(nodes.setup, setup());
  if (!sheet.players) {
    [nodes.seasons, nodes.ledger, nodes.calculator, nodes.log].forEach((n) => replace(n));
    return;
  }
  replace(nodes.seasons, seasonsPanel());
  replace(nodes.ledger, ledger());
  const key = `${sheet.players}:${sheet.names.join(",")}:${sheet.season}:${sheet.over}:${sheet.seats.map((s) => s.revealed.length).join(",")}`;
  if (key !== calculatorKey) {
    calculatorKey = key;
    replace(nodes.calculator, calculator());
  }
  replace(nodes.log, logPanel());
}

load();
// Any change at the table (this sheet on another phone, a throw) comes down the
// public stream; the sheet is fetched again then.
follow("/api/stream", {
  state: (state) => {
    replace(nodes.sticks, sticksStrip(state, { from: "sheet", token: null }));
    load();
  },
}, showConnection);
