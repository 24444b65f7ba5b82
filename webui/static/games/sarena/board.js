// Sàrénà as everyone sees it: whose move and how many moves remain, the board, the
// last move, what each colour tops now, and at the end everyone's colour and the
// result. Used by the seat page (state.you.seat set) and the table page (public).
// Nothing here reads a seat's own colour: that stays behind hold-to-reveal (play.js).
import { colourName, COLOUR_LETTERS, swatch, undrawn } from "../../js/colours/colours.js";
import { h, listing, people } from "../../js/dom.js";
import { t, tn } from "../../js/i18n.js";
import { seatName, who } from "../../js/seats.js";
import { boardSvg, squareName, topColour } from "./drawing.js";

const movesLeft = (n) => tn("{count} move possible", "{count} moves possible", n);

export function turnBanner(state) {
  const me = state.you.seat;
  const over = state.phase === "over";
  const mine = !over && state.turn === me;
  let text = t("Game over");
  if (!over) text = mine ? t("Your turn: move a chip or a pile") : t("{name}'s turn", { name: seatName(state, state.turn) });
  return h(
    "div",
    {
      class: `turn-banner${mine ? " mine" : ""}`,
      "data-testid": "turn",
      "data-mine": mine,
      "data-turn": over ? "" : state.turn,
      "data-news": text, // what the page's live region says: not the moves left
    },
    text,
    over ? null : h("span", { class: "moves-left", "data-testid": "moves-left", "data-moves": state.legal_moves }, ` · ${movesLeft(state.legal_moves)}`),
  );
}

export function lastMove(state) {
  const move = state.last_move;
  const text = move
    ? (move.flipped ? (p) => t("{name} moved {from} → {to}, and the pile flipped.", p) : (p) => t("{name} moved {from} → {to}.", p))({
      name: who(state, move.seat), from: squareName(move.from), to: squareName(move.to),
    })
    : t("{name} moves first.", { name: seatName(state, state.first) });
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
    h("h2", {}, t("On top now")),
    h("table", { "data-testid": "tops" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Colour")), h("th", { class: "num" }, t("Piles")), h("th", { class: "num" }, t("Chips")))),
      h("tbody", {}, COLOUR_LETTERS.map((c) =>
        h("tr", { "data-colour": c }, h("td", {}, swatch(c)), h("td", { class: "num" }, piles[c]), h("td", { class: "num", "data-testid": "top-chips" }, chips[c]))))),
    h("p", { class: "muted" }, t("Each player takes the piles their secret colour tops when no move is left.")),
  );
}

export function result(state) {
  if (state.phase !== "over") return null;
  const names = state.winners.map((s) => seatName(state, s));
  const text = names.length > 1 ? t("Shared victory: {names}", { names: people(names) }) : t("Winner: {name}", { name: names[0] });
  const winners = new Set(state.winners);
  const most = Math.max(...state.scores);
  const tied = state.scores.filter((n) => n === most).length > 1;
  const nobody = undrawn(state.colours);
  return h(
    "section",
    { class: "panel notice", "data-testid": "result" },
    h("h2", {}, t("The colours, revealed")),
    h("p", { class: "big", "data-testid": "winners" }, text),
    h("table", { "data-testid": "reveal" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Colour")), h("th", { class: "num" }, t("Chips")), h("th", { class: "num" }, t("Tie-break")))),
      h("tbody", {}, state.colours.map((colour, s) =>
        h("tr", { "data-testid": "reveal-row", "data-seat": s, "data-colour": colour },
          h("td", {}, s === state.you.seat ? t("{name} (you)", { name: seatName(state, s) }) : seatName(state, s)),
          h("td", {}, swatch(colour)),
          h("td", { class: `num${winners.has(s) ? " winner" : ""}`, "data-testid": "score", "data-seat": s }, state.scores[s]),
          h("td", { class: "num" }, state.tiebreak[s]))))),
    tied ? h("p", {}, t("Tied on chips: the tie-break counts the collected chips showing your colour on either face.")) : null,
    nobody.length ? h("p", { class: "muted" }, t("Nobody drew {colours}.", { colours: listing(nobody.map(colourName)) })) : null,
  );
}

let rulesOpen = false; // the page redraws on every move: keep the reader's choice

export function rules() {
  return h(
    "details",
    { class: "panel", open: rulesOpen, ontoggle: (e) => (rulesOpen = e.target.open) },
    h("summary", {}, t("How to move")),
    h("ul", {},
      h("li", {}, t("Move any chip or pile, whatever its colour, along a line to the next circle.")),
      h("li", {}, t("Onto a pile: it goes on top, unchanged; a pile holds at most 4 chips.")),
      h("li", {}, t("Onto an empty circle with arrows: the whole pile flips over.")),
      h("li", {}, t("Never onto an empty circle without arrows, and never split a pile.")),
      h("li", {}, t("When no move is left, each player takes the piles topped by their secret colour: most chips wins."))),
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
