// Seats as people know them: names from the table status, the lobby list.
import { h } from "./dom.js";

export function seatName(state, seat) {
  const entry = state.table.seats[seat];
  return entry ? entry.name : `Seat ${seat + 1}`;
}

// "you" for the caller's own seat, else the seat's name.
export function who(state, seat) {
  return seat === state.you?.seat ? "you" : seatName(state, seat);
}

// The lobby: room code and who has sat down.
export function lobbyList(state) {
  const table = state.table;
  return h(
    "ol",
    { class: "lobby-seats", "data-testid": "lobby-seats" },
    table.seats.map((seat) =>
      h(
        "li",
        { "data-testid": "lobby-seat", "data-seat": seat.seat, "data-taken": seat.taken },
        seat.taken ? seat.name : h("span", { class: "muted" }, "free"),
        seat.seat === table.host ? " (host)" : "",
        seat.seat === state.you?.seat ? " (you)" : "",
      ),
    ),
  );
}

// The running totals under a game's score table, winners marked once it is over.
export function totalRow(state) {
  const winners = new Set(state.winners);
  return h(
    "tr",
    { class: "total" },
    h("th", {}, "Total"),
    state.scores.map((score, s) =>
      h("td", { class: `num${winners.has(s) ? " winner" : ""}`, "data-testid": "score", "data-seat": s }, score),
    ),
  );
}

// One name field per seat, clockwise from seat 1: the top of every score sheet's setup.
export function nameInputs(count, names) {
  return Array.from({ length: count }, (_, seat) =>
    h("input", { type: "text", maxlength: 16, "data-testid": "sheet-name", "data-seat": seat,
      "aria-label": `Seat ${seat + 1} name`, placeholder: `Seat ${seat + 1}, clockwise`, value: names[seat] || "" }));
}

// Seats freed or taken during play, announced on every screen so no hand changes
// eyes unseen: "Seat 3 (Bo) was freed: Bo agreed", "Eve took seat 3".
export function seatNotices(state) {
  const notices = state.table.notices || [];
  if (!notices.length) return null;
  return h(
    "ul",
    { class: "notice", "data-testid": "notices", "aria-live": "polite", style: "list-style: none; margin: 0.5rem 0;" },
    notices.map((notice) => h("li", { "data-testid": "notice", "data-kind": notice.kind }, notice.text)),
  );
}

// A saved game that could not be resumed after an update: said, never silent.
export function tableProblem(state) {
  const problem = state.table.problem;
  return problem ? h("p", { class: "error", "data-testid": "table-problem" }, `The box: ${problem}.`) : null;
}
