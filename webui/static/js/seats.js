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
