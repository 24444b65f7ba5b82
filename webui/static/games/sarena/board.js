// Sàrénà as everyone sees it: whose move and how many moves remain, the board, the
// last move, what each colour tops now, and at the end everyone's colour and the
// result. Used by the seat page (state.you.seat set) and the table page (public).
// Nothing here reads a seat's own colour: that stays behind hold-to-reveal (play.js).
import { colourName, COLOUR_LETTERS, swatch, undrawn } from "../../js/colours/colours.js";
import { h, listing } from "../../js/dom.js";
import { seatName, who } from "../../js/seats.js";
import { boardSvg, squareName, topColour } from "./drawing.js";

const movesLeft = (n) => (n === 1 ? "1 move possible" : `${n} moves possible`);

export function turnBanner(state) {
  const me = state.you.seat;
  const over = state.phase === "over";
  const mine = !over && state.turn === me;
  let text = "Game over";
  if (!over) text = mine ? "Your turn: move a chip or a pile" : `${seatName(state, state.turn)}'s turn`;
  return h(
    "div",
    {
      class: `turn-banner${mine ? " mine" : ""}`,
      "data-testid": "turn",
      "data-mine": mine,
      "data-turn": over ? "" : state.turn,
      role: "status",
    },
    text,
    over ? null : h("span", { class: "moves-left", "data-testid": "moves-left", "data-moves": state.legal_moves }, ` · ${movesLeft(state.legal_moves)}`),
  );
}

export function lastMove(state) {
  const move = state.last_move;
  const text = move
    ? `${who(state, move.seat)} moved ${squareName(move.from)} → ${squareName(move.to)}${move.flipped ? ", and the pile flipped" : ""}.`
    : `${seatName(state, state.first)} moves first.`;
  return h("div", { class: "last-move", "data-testid": "last-move" }, text);
}

// What each colour would collect if the game ended now: public, since the board is.
export function tops(state) {
  const chips = Object.fromEntries(COLOUR_LETTERS.map((c) => [c, 0]));
  const piles = Object.fromEntries(COLOUR_LETTERS.map((c) => [c, 0]));
  for (const row of state.board) {
    for (const pile of row) {
      if (!pile.length) continue;
      chips[topColour(pile)] += pile.length;
      piles[topColour(pile)] += 1;
    }
  }
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, "On top now"),
    h("table", { "data-testid": "tops" },
      h("thead", {}, h("tr", {}, h("th", {}, "Colour"), h("th", { class: "num" }, "Piles"), h("th", { class: "num" }, "Chips"))),
      h("tbody", {}, COLOUR_LETTERS.map((c) =>
        h("tr", { "data-colour": c }, h("td", {}, swatch(c)), h("td", { class: "num" }, piles[c]), h("td", { class: "num", "data-testid": "top-chips" }, chips[c]))))),
    h("p", { class: "muted" }, "Each player takes the piles their secret colour tops when no move is left."),
  );
}

export function result(state) {
  if (state.phase !== "over") return null;
  const names = state.winners.map((s) => seatName(state, s));
  const text = names.length > 1 ? `Shared victory: ${listing(names)}` : `Winner: ${names[0]}`;
  const winners = new Set(state.winners);
  const most = Math.max(...state.scores);
  const tied = state.scores.filter((n) => n === most).length > 1;
  const nobody = undrawn(state.colours);
  return h(
    "section",
    { class: "panel notice", "data-testid": "result" },
    h("h2", {}, "The colours, revealed"),
    h("p", { class: "big", "data-testid": "winners" }, text),
    h("table", { "data-testid": "reveal" },
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Colour"), h("th", { class: "num" }, "Chips"), h("th", { class: "num" }, "Tie-break"))),
      h("tbody", {}, state.colours.map((colour, s) =>
        h("tr", { "data-testid": "reveal-row", "data-seat": s, "data-colour": colour },
          h("td", {}, seatName(state, s), s === state.you.seat ? " (you)" : ""),
          h("td", {}, swatch(colour)),
          h("td", { class: `num${winners.has(s) ? " winner" : ""}`, "data-testid": "score", "data-seat": s }, state.scores[s]),
          h("td", { class: "num" }, state.tiebreak[s]))))),
    tied ? h("p", {}, "Tied on chips: the tie-break counts the collected chips showing your colour on either face.") : null,
    nobody.length ? h("p", { class: "muted" }, `Nobody drew ${listing(nobody.map(colourName))}.`) : null,
  );
}

let rulesOpen = false; // the page redraws on every move: keep the reader's choice

export function rules() {
  return h(
    "details",
    { class: "panel", open: rulesOpen, ontoggle: (e) => (rulesOpen = e.target.open) },
    h("summary", {}, "How to move"),
    h("ul", {},
      h("li", {}, "Move any chip or pile, whatever its colour, along a line to the next circle."),
      h("li", {}, "Onto a pile: it goes on top, unchanged; a pile holds at most 4 chips."),
      h("li", {}, "Onto an empty circle with arrows: the whole pile flips over."),
      h("li", {}, "Never onto an empty circle without arrows, and never split a pile."),
      h("li", {}, "When no move is left, each player takes the piles topped by their secret colour: most chips wins.")),
  );
}

// What a player must see first: whose move it is, and the result once over.
export function top(state) {
  return [turnBanner(state), result(state)];
}

// The rest of the table, below the board.
export function details(state) {
  return [lastMove(state), tops(state), rules()];
}

// Everything public, for the table page: the board is drawn big, without taps.
export function board(state) {
  return [...top(state), h("div", { class: "board-wrap" }, boardSvg(state)), ...details(state)];
}
