// /companion/lauzait: the bank and score sheet of a Lauzait Cep game with real
// pieces. Each player's ledger (departments formed and dissolved, with exact
// refunds), the seasons (start player and direction, from the sticks), a
// declaration calculator, the box's dice-sticks, and the log with its
// corrections. Every phone on this page follows the same sheet live.
import { api, follow, showConnection } from "../../js/api.js";
import { h, replace } from "../../js/dom.js";
import { t, tn } from "../../js/i18n.js";
import { allCodes, departmentFace, isWild, played } from "./pieces.js";
import {
  clearErrorNear, correctionsList, load, nameOf, openSheet, post, pressed, setupForm, sheet, showErrorNear, winnersText,
} from "../../js/sheet.js";
import { sticksStrip } from "../../js/sticks.js";

const PATH = "/api/companion/lauzait";
const PARTS = {
  declaration: t("Lauzait-Cep"),
  specialized_experts: t("Specialized Experts (one colour)"),
  great_sequence: t("Great Sequence (nine in a row)"),
  layered_bridges: t("Layered Bridges (two departments, same numbers)"),
  well_balanced: t("Well-Balanced (white sum = green sum)"),
  stalemate: t("Stalemate"),
  luminous: t("Luminous pieces"),
};
const DIRECTIONS = { clockwise: t("clockwise"), counterclockwise: t("counterclockwise") };
const directionName = (direction) => DIRECTIONS[direction] ?? direction;

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
  const piece = h("select", { "data-testid": "lz-slot-piece", "aria-label": t("piece"),
    onchange: (e) => { slot.piece = e.target.value; slot.role = slot.role || codes[0]; onChange(); } },
    h("option", { value: "" }, "–"),
    codes.map((code) => h("option", { value: code, selected: code === slot.piece }, code === "J" ? t("J wild") : code)));
  const role = isWild(slot.piece)
    ? h("select", { "data-testid": "lz-slot-role", "aria-label": t("the wild plays"),
        onchange: (e) => { slot.role = e.target.value; onChange(); } },
        codes.filter((c) => !isWild(c)).map((code) => h("option", { value: code, selected: code === slot.role }, t("as {role}", { role: code }))))
    : null;
  return h("span", { class: "lz-slot" }, piece, role);
}

const emptySlots = () => Array.from({ length: 3 }, () => ({ piece: "", role: "" }));
const entryOf = (slot) => (isWild(slot.piece) ? { piece: "J", as: slot.role } : slot.piece);

// --- setup -----------------------------------------------------------------------------

function setup() {
  const bridges = h("select", { id: "lz-bridges", "data-testid": "sheet-bridges" },
    [[2, t("2 points (Japanese rulebook)")], [3, t("3 points (English rulebook)")]].map(([p, text]) =>
      h("option", { value: p, selected: p === sheet.layered_bridges }, text)));
  return setupForm({
    counts: [2, 3, 4],
    preset: 4,
    fields: [
      h("label", { for: "lz-bridges" }, t("Layered Bridges are worth")), bridges,
      h("p", { class: "muted" }, t("The sticks then decide who starts the first season, and which way play goes.")),
    ],
    read: () => ({ layered_bridges: Number(bridges.value) }),
  });
}

// --- seasons ---------------------------------------------------------------------------

function seasonsPanel() {
  const current = sheet.seasons[sheet.seasons.length - 1];
  const thrown = (season, purpose, label) => {
    const throws = season.throws.filter((thrown) => thrown.purpose === purpose);
    const list = throws.map((thrown) => `${nameOf(thrown.seat)} ${thrown.count}`).join(t(", "));
    return throws.length ? t("{what}: {throws}", { what: label, throws: list }) : null;
  };
  const how = (season) => season.by_hand
    ? t("set by hand")
    : [thrown(season, "start", t("sticks for the start")), thrown(season, "direction", t("for the direction"))]
        .filter(Boolean).join(t("; ")) || t("fewest points");
  const rows = sheet.seasons.map((season) => h("tr", { "data-testid": "lz-season-row", "data-season": season.season },
    h("td", { class: "num" }, season.season),
    h("td", {}, `${nameOf(season.start_player)}${t(", ")}${directionName(season.direction)}`, h("br"), h("small", { class: "muted" }, how(season))),
    h("td", {}, season.declaration ? `${nameOf(season.declaration.seat)}: ${season.declaration.formation.total}` : "–")));
  const start = h("select", { "data-testid": "lz-season-start", "aria-label": t("start player") },
    sheet.names.map((name, seat) => h("option", { value: seat, selected: seat === current.start_player }, name)));
  const direction = h("select", { "data-testid": "lz-season-direction", "aria-label": t("direction") },
    ["clockwise", "counterclockwise"].map((d) => h("option", { value: d, selected: d === current.direction }, directionName(d))));
  return h("section", { class: "panel", "data-testid": "lz-seasons" },
    h("h2", {}, sheet.over ? t("Seasons (game over)") : t("Season {number} of {count}", { number: sheet.season, count: sheet.seasons_in_game })),
    sheet.over ? null : h("p", { class: "big", "data-testid": "lz-season-now" },
      current.direction === "clockwise"
        ? t("{name} starts; play goes clockwise.", { name: nameOf(current.start_player) })
        : t("{name} starts; play goes counterclockwise.", { name: nameOf(current.start_player) })),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("Who starts, which way")), h("th", {}, t("Declared")))),
      h("tbody", {}, rows)),
    sheet.over ? null : h("details", {},
      h("summary", {}, t("Threw real sticks? Set this season's start by hand")),
      h("div", { class: "row" }, start, direction,
        h("button", { type: "button", class: "secondary", "data-testid": "lz-season-save",
          onclick: (e) => post("season", { start_player: Number(start.value), direction: direction.value }, pressed(e)) }, t("Save")))));
}

// --- the bank: one ledger per player ---------------------------------------------------

function formFields(seat) {
  forming[seat] = forming[seat] || emptySlots();
  const slots = forming[seat];
  const box = h("div", { class: "lz-form-row" });
  const draw = () => replace(box, h("div", { class: "lz-slots" }, slots.map((slot) => slotFields(slot, draw))),
    h("button", { type: "button", "data-testid": "lz-sheet-form", "data-seat": seat,
      disabled: slots.some((s) => !s.piece),
      onclick: async (e) => {
        const body = { seat, pieces: slots.map((s) => s.piece) };
        if (slots.some((s) => isWild(s.piece))) body.roles = slots.map((s) => (isWild(s.piece) ? s.role : s.piece));
        if (await post("form", body, pressed(e))) forming[seat] = emptySlots();
      } }, t("Reveal")));
  draw();
  return box;
}

function ledgerCard(seat) {
  const entry = sheet.seats[seat];
  return h("section", { class: "seat-panel", "data-testid": "lz-ledger", "data-seat": seat },
    h("div", { class: "seat-name" }, nameOf(seat), h("span", { class: "lz-points", "data-testid": "lz-sheet-score", "data-seat": seat }, tn("{count} point", "{count} points", entry.score))),
    h("div", { class: "muted" }, t("bank {bonuses} · declarations {formation}", { bonuses: entry.bonuses, formation: entry.formation })),
    entry.revealed.map((department) => h("div", { class: "lz-shown", "data-testid": "lz-sheet-department", "data-seat": seat },
      departmentFace(department), h("span", { class: "lz-bonus" }, `+${department.bonus}`),
      sheet.over ? null : h("button", { type: "button", class: "secondary", "data-testid": "lz-sheet-dissolve",
        onclick: (e) => post("dissolve", { seat, department: department.id }, pressed(e)) }, t("Dissolve: pay back {points}", { points: department.bonus })))),
    sheet.over || entry.revealed.length >= 3 ? null : h("details", {
      open: openForms.has(seat),
      ontoggle: (e) => (e.target.open ? openForms.add(seat) : openForms.delete(seat)),
    }, h("summary", { "data-testid": "lz-sheet-form-open", "data-seat": seat }, t("Form a department")), formFields(seat)));
}

function ledger() {
  return h("section", { class: "panel" },
    h("h2", {}, t("The bank")),
    h("p", { class: "muted" }, t("Revealing a department pays its bonus; dissolving it pays back exactly what was paid.")),
    h("div", { class: "seats lz-ledgers" }, sheet.seats.map((_, seat) => ledgerCard(seat))),
    sheet.winners.length
      ? h("p", { class: "notice", "data-testid": "sheet-winners" },
          sheet.ended_early ? t("The table stopped early. {winners}", { winners: winnersText(sheet.winners) }) : winnersText(sheet.winners))
      : sheet.over ? h("p", { class: "notice", "data-testid": "sheet-winners" }, t("No winner")) : null,
    sheet.over ? null : h("div", { class: "actions" },
      h("button", { type: "button", class: "danger", "data-testid": "lz-sheet-finish",
        onclick: (e) => confirm(t("Does everyone agree to stop? The scores stand as they are.")) && post("finish", {}, pressed(e)) },
        t("End the game now (the table agrees)"))));
}

// --- the declaration calculator --------------------------------------------------------

const calc = { departments: [emptySlots(), emptySlots(), emptySlots()], stalemate: false, bare: false, luminous: "", seat: 0 };

function calculator() {
  const result = h("div", { "data-testid": "lz-calc-result" });
  const rows = h("div");
  const government = () => (calc.bare ? [] : calc.departments.map((d) => d.map(entryOf)));
  const body = () => ({ departments: government(), stalemate: calc.stalemate, luminous: calc.luminous || null });
  const drawRows = () => replace(rows, calc.bare ? h("p", { class: "muted" }, t("A stalemate without a government: only the declaration, the stalemate and the luminous pieces score."))
    : calc.departments.map((slots, i) => h("div", { class: "lz-form-row", "data-testid": "lz-calc-department", "data-index": i },
        h("span", { class: "lz-dept-label" }, t("Department {number}", { number: i + 1 })),
        h("div", { class: "lz-slots" }, slots.map((slot) => slotFields(slot, drawRows))))));
  const check = (label, field, testid) => h("label", { class: "check" },
    h("input", { type: "checkbox", "data-testid": testid, checked: calc[field],
      onchange: (e) => { calc[field] = e.target.checked; if (field === "bare" && calc.bare) calc.stalemate = true; redraw(); } }), label);
  const luminous = h("select", { "data-testid": "lz-calc-luminous", "aria-label": t("luminous piece"), onchange: (e) => (calc.luminous = e.target.value) },
    h("option", { value: "" }, t("no luminous piece")),
    allCodes(sheet.players).map((code) => h("option", { value: code, selected: code === calc.luminous }, t("luminous {piece}", { piece: code }))));
  const declarer = h("select", { "data-testid": "lz-calc-seat", "aria-label": t("declarer"), onchange: (e) => (calc.seat = Number(e.target.value)) },
    sheet.names.map((name, seat) => h("option", { value: seat, selected: seat === calc.seat }, name)));
  const fromRevealed = sheet.seats.filter((s) => s.revealed.length === 3).map((s) =>
    h("button", { type: "button", class: "secondary", "data-testid": "lz-calc-use", "data-seat": s.seat, onclick: () => {
      calc.bare = false;
      calc.seat = s.seat;
      calc.departments = s.revealed.map((d) => d.pieces.map((piece, i) => ({ piece, role: isWild(piece) ? d.roles[i] : "" })));
      redraw();
    } }, t("Use {name}'s three departments", { name: nameOf(s.seat) })));
  const calculate = async (event) => {
    const button = pressed(event);
    clearErrorNear();
    try {
      const answer = await api(`${PATH}/calculate`, body(), { token: null });
      replace(result, h("table", { class: "lz-parts" }, h("tbody", {},
        Object.entries(PARTS).map(([part, label]) => h("tr", { class: answer.formation[part] ? "" : "muted", "data-part": part },
          h("td", {}, label), h("td", { class: "num", "data-testid": "lz-calc-part", "data-part": part }, answer.formation[part]))),
        h("tr", { class: "total" }, h("th", {}, t("Formation points")), h("th", { class: "num", "data-testid": "lz-calc-total" }, answer.formation.total)))),
        answer.bonuses.length ? h("p", { class: "muted" }, t("Revealed one by one they would have paid {bonuses} in bonuses.", { bonuses: answer.bonuses.join(" + ") })) : null);
    } catch (err) {
      replace(result);
      showErrorNear(button, err.message);
    }
  };
  const declared = (season) => Boolean(sheet.seasons[season - 1]?.declaration);
  const season = h("select", { "data-testid": "lz-calc-season", "aria-label": t("season") },
    sheet.seasons.map((s) => h("option", { value: s.season, selected: s.season === sheet.season },
      declared(s.season) ? t("season {number} (correct it)", { number: s.season }) : t("season {number}", { number: s.season }))));
  const record = (event) => {
    const button = pressed(event);
    const chosen = Number(season.value);
    const question = declared(chosen)
      ? t("Replace season {number}'s declaration with this one for {name}? The correction is logged.", { number: chosen, name: nameOf(calc.seat) })
      : t("Record this declaration for {name}? Season {number} ends.", { number: chosen, name: nameOf(calc.seat) });
    if (confirm(question)) post("declare", { ...body(), seat: calc.seat, season: chosen }, button);
  };
  // Everything in the panel follows `calc`: build it again.
  function redraw() {
    replace(nodes.calculator, calculator());
  }
  const panel = h("section", { class: "panel", "data-testid": "lz-calculator" },
    h("h2", {}, t("Lauzait-Cep! Declaration calculator")),
    h("p", { class: "muted" }, t("Enter the nine pieces as three departments (a wild: its role too), then calculate every formation part.")),
    h("div", { class: "actions" }, fromRevealed),
    rows,
    h("div", { class: "row" }, check(t("Stalemate (+15)"), "stalemate", "lz-calc-stalemate"), check(t("no government"), "bare", "lz-calc-bare"), luminous),
    h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", "data-testid": "lz-calc-go", onclick: calculate }, t("Calculate"))),
    result,
    h("div", { class: "row" }, h("span", {}, t("Declared by")), declarer, season,
      h("button", { type: "button", "data-testid": "lz-calc-record", onclick: record }, t("Record the declaration"))));
  drawRows();
  return panel;
}

// --- the log and its corrections -------------------------------------------------------

function logText(entry) {
  const who = nameOf(entry.seat);
  const pieces = (e) => e.pieces.map((p, i) => played(p, e.roles?.[i])).join(" ");
  if (entry.kind === "form") return t("{name} revealed {pieces}: +{points}", { name: who, pieces: pieces(entry), points: entry.bonus });
  if (entry.kind === "dissolve") return t("{name} dissolved {pieces}: paid back {points}", { name: who, pieces: entry.pieces.join(" "), points: entry.refund });
  if (entry.kind === "declare") return t("{name} declared in season {number}: {points}", { name: who, number: entry.season, points: entry.formation.total });
  if (entry.kind === "finish") return t("The table agreed to end the game");
  return entry.kind;
}

function correctionText(c) {
  if (c.kind === "void") return t("struck out: {entry}", { entry: logText(c.entry) });
  if (c.kind === "season") {
    return t("season {number} start set by hand: {name}, {direction}", { number: c.season, name: nameOf(c.after.start_player), direction: directionName(c.after.direction) });
  }
  return t("season {number} declaration corrected: {before} {was} became {after} {now}", {
    number: c.season, before: nameOf(c.before.seat), was: c.before.points, after: nameOf(c.after.seat), now: c.after.points,
  });
}

// An entry a correction changed stays in the log, struck through, saying what
// replaced it (a declaration entered again) or when it was struck out.
function replacedText(entry) {
  if (entry.voided_at) return t("struck out at {time}", { time: when(entry.voided_at) });
  const by = sheet.log.find((e) => e.id === entry.replaced_by.id);
  const later = by ? logText(by) : t("a later entry");
  return t("replaced at {time} by: {entry}", { time: when(entry.replaced_by.at), entry: later });
}

function logItem(entry) {
  const line = `${when(entry.at)} · ${logText(entry)}`;
  if (entry.voided_at || entry.replaced_by) {
    return h("li", { class: "row lz-replaced", "data-kind": entry.kind, "data-id": entry.id, "data-replaced": "true" },
      h("span", {}, h("del", {}, line), " ",
        h("small", { class: "muted", "data-testid": "lz-log-replaced" }, `(${replacedText(entry)})`)));
  }
  return h("li", { class: "row", "data-kind": entry.kind, "data-id": entry.id },
    h("span", {}, line),
    entry.kind === "declare" ? null : h("button", { type: "button", class: "secondary", "data-testid": "lz-void",
      onclick: (e) => confirm(t("Strike this entry out? The correction is logged.")) && post("void", { entry: entry.id }, pressed(e)) }, t("Strike out")));
}

function logPanel() {
  if (!sheet.log.length && !sheet.corrections.length) return null;
  return h("section", { class: "panel" },
    h("h2", {}, t("Log")),
    h("ol", { class: "lz-log", "data-testid": "lz-log" }, sheet.log.map(logItem)),
    sheet.corrections.length
      ? [h("h3", {}, t("Corrections")), correctionsList((c) => `${when(c.at)}: ${correctionText(c)}`)]
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
