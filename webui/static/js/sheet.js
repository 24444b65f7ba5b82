// What every score sheet page (/companion/<game>) does: it holds the sheet as the
// box last sent it, asks for it, sends an entry and shows the box's refusal next to
// the button that sent it, names the players, and shows the set-up form and the
// corrections. A page calls openSheet(path, render) once; `sheet` is then the sheet
// (a live binding: read it, never assign it), and every change calls render().
import { api } from "./api.js";
import { clearError, h, listing, people, replace, showError } from "./dom.js";
import { displayName, lang, t, tn } from "./i18n.js";
import { nameInputs } from "./seats.js";

export let sheet = null;
let sheetPath = null;
let draw = () => {};

// path: the sheet's API (/api/companion/<game>); render(): draw the page from `sheet`.
export function openSheet(path, render) {
  sheetPath = path;
  draw = render;
}

// The sheet as the box sent it: kept, and the page drawn again.
export function showSheet(fresh) {
  sheet = fresh;
  draw();
  showRename();
}

// Naming the seats, under every sheet: a sheet set up on the box's buttons starts with
// every seat unnamed ("Seat 1"); a name given here is an entry of its own.
function showRename() {
  const root = document.getElementById("sheet");
  root?.querySelector("[data-testid=sheet-rename]")?.remove();
  if (!root || !sheet?.players) return;
  const seat = h("select", { id: "rename-seat", "data-testid": "rename-seat" },
    seats().map((s) => h("option", { value: s }, nameOf(s))));
  const name = h("input", { id: "rename-name", "data-testid": "rename-name", maxlength: 40, required: true });
  const submit = (event) => {
    event.preventDefault();
    post("rename", { seat: Number(seat.value), name: name.value }, pressed(event));
  };
  const unnamed = sheet.names.some((n) => !n);
  root.append(h("details", { class: "panel", open: unnamed, "data-testid": "sheet-rename" },
    h("summary", {}, t("Name the seats")),
    h("form", { onsubmit: submit },
      h("label", { for: "rename-seat" }, t("Seat")), seat,
      h("label", { for: "rename-name" }, t("Name")), name,
      h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "rename-save" }, t("Save the name"))))));
}

// The sheet as it is now; load() also shows it (a failure in the error line).
export const fetchSheet = () => api(sheetPath, undefined, { token: null });

export async function load() {
  try {
    showSheet(await fetchSheet());
  } catch (err) {
    showError(err.message);
  }
}

// A refusal is shown where the eye is: right below the button that was pressed
// (after its row of buttons), scrolled into view, not in the error line at the
// top of a long page. Without a button (loading the page), the top line says it.
let shownError = null;

export function showErrorNear(button, message) {
  clearErrorNear();
  if (!button || !button.isConnected) {
    showError(message);
    return;
  }
  const spot = button.closest(".actions, .row, li") || button;
  shownError = h(spot.tagName === "LI" ? "li" : "p",
    { class: "error sheet-error", "data-testid": "sheet-error", role: "alert" }, message);
  spot.after(shownError);
  shownError.scrollIntoView({ block: "nearest" });
}

export function clearErrorNear() {
  clearError();
  shownError?.remove();
  shownError = null;
}

// The button an event came from: a form's submitter, else the clicked element.
export const pressed = (event) => event?.submitter || event?.currentTarget || null;

// POST an entry to <path>/<action>; true once the box took it (and the page shows
// the sheet it sent back), false when it refused (its reason shows next to
// `button`, the one that sent it).
export async function post(action, body = {}, button = null) {
  clearErrorNear();
  try {
    showSheet(await api(`${sheetPath}/${action}`, body, { token: null }));
    return true;
  } catch (err) {
    showErrorNear(button, err.message);
    return false;
  }
}

export const nameOf = (seat) => displayName(sheet.names[seat]) || t("Seat {number}", { number: seat + 1 });
export const seats = () => Array.from({ length: sheet.players }, (_, s) => s);
export const timeOf = (at) => new Date(at * 1000).toLocaleTimeString(lang);
export const winnersText = (winners) => (winners.length > 1
  ? t("Winners (shared): {names}", { names: people(winners.map(nameOf)) })
  : t("Winner: {name}", { name: listing(winners.map(nameOf)) }));

// The set-up panel: the player count, one name per seat, the game's own fields,
// and the button that starts a sheet (asking first when one is under way).
// counts: the player counts offered; preset: the count chosen before any sheet;
// fields: the game's nodes after the names; onPlayers(count): the count changed
// (and once at the start); read(): the game's fields for the setup request.
export function setupForm({ counts, preset, fields = [], onPlayers = () => {}, read = () => ({}), start = t("Start the sheet") }) {
  const players = h("select", { id: "sheet-players", "data-testid": "sheet-players" },
    counts.map((n) => h("option", { value: n, selected: n === (sheet.players || preset) }, tn("{count} player", "{count} players", n))));
  const names = h("div");
  const drawNames = () => {
    replace(names, nameInputs(Number(players.value), sheet.names));
    onPlayers(Number(players.value));
  };
  players.addEventListener("change", drawNames);
  drawNames();
  const submit = (event) => {
    event.preventDefault();
    if (sheet.players && !confirm(t("Start a new sheet? The current one stays in the box's journal."))) return;
    post("setup", { players: Number(players.value), names: [...names.children].map((input) => input.value), ...read() }, pressed(event));
  };
  return h("details", { class: "panel", open: !sheet.players, "data-testid": "sheet-setup" },
    h("summary", {}, sheet.players ? t("Start a new sheet") : t("Set up the sheet")),
    h("form", { onsubmit: submit },
      h("label", { for: "sheet-players" }, t("Players")), players,
      h("label", {}, t("Names, clockwise from seat 1")), names,
      fields,
      h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "sheet-start" }, start))));
}

// The scores table: a column per player, a row per entry (rows), the totals below
// with the winners marked; `after` follows the table (the outcome, the winners).
export function scoresPanel(first, rows, after) {
  const winners = new Set(sheet.winners);
  return h("section", { class: "panel" },
    h("h2", {}, t("Scores")),
    h("table", { "data-testid": "sheet-scores" },
      h("thead", {}, h("tr", {}, h("th", {}, first), seats().map((s) => h("th", { class: "num" }, nameOf(s))))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("th", {}, t("Total")),
        sheet.totals.map((t, s) => h("td", { class: `num${winners.has(s) ? " winner" : ""}`, "data-testid": "sheet-total", "data-seat": s }, t))))),
    after);
}

// The sheet's corrections, one line each (text(correction)); null when none.
export function correctionsList(text) {
  if (!sheet.corrections.length) return null;
  return h("ul", { "data-testid": "sheet-corrections" }, sheet.corrections.map((c) => h("li", {}, text(c))));
}

// The same in a panel of its own.
export function correctionsPanel(text) {
  const list = correctionsList(text);
  return list && h("section", { class: "panel" }, h("h2", {}, t("Corrections")), list);
}

// What a correction changed: "5 / 3 / 3 became 3 / 3 / 3".
export const change = (c) => t("{before} became {after}", { before: c.before.join(" / "), after: c.after.join(" / ") });
