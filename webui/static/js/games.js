// What each game draws. A game without its own components gets the generic
// view: phase, whose move it is, scores and winners.
import * as cenaBoard from "./cena/board.js";
import { handView as cenaHand } from "./cena/hand.js";
import * as chanoyuBoard from "./chanoyu/board.js";
import { handView as chanoyuHand } from "./chanoyu/hand.js";
import { h, listing } from "./dom.js";
import * as lauzaitBoard from "./lauzait/board.js";
import { handView as lauzaitHand } from "./lauzait/hand.js";
import { playView as sarenaPlay } from "./sarena/play.js";
import * as sarenaBoard from "./sarena/view.js";
import { seatName } from "./seats.js";

function genericBoard(state) {
  const waiting = listing((state.to_act || []).map((s) => seatName(state, s)));
  const winners = listing((state.winners || []).map((s) => seatName(state, s)));
  return [
    h(
      "div",
      { class: "turn-banner", "data-testid": "turn", "data-mine": (state.to_act || []).includes(state.you.seat) },
      state.phase === "over" ? `Game over. Winners: ${winners}` : `Waiting for ${waiting}`,
    ),
    h("p", { class: "muted" }, "Play this game with the box's buttons."),
    h(
      "table",
      { "data-testid": "scores" },
      (state.scores || []).map((score, s) =>
        h("tr", {}, h("th", {}, seatName(state, s)), h("td", { class: "num", "data-testid": "score", "data-seat": s }, score)),
      ),
    ),
  ];
}

const GAMES = {
  cena: { board: cenaBoard.board, top: cenaBoard.top, details: cenaBoard.details, hand: cenaHand },
  chanoyu: { board: chanoyuBoard.board, top: chanoyuBoard.top, details: chanoyuBoard.details, hand: chanoyuHand },
  lauzait: { board: lauzaitBoard.board, top: lauzaitBoard.top, details: lauzaitBoard.details, hand: lauzaitHand },
  sarena: { board: sarenaBoard.board, top: sarenaBoard.top, details: sarenaBoard.details, hand: sarenaPlay },
};

export function boardFor(state) {
  return (GAMES[state.game]?.board || genericBoard)(state);
}

// The seat page splits the board around the hand: the top (whose turn) above it,
// the details (table, scores) below, so a phone sees its cards without scrolling.
export function boardTopFor(state) {
  return (GAMES[state.game]?.top || genericBoard)(state);
}

export function boardDetailsFor(state) {
  return GAMES[state.game]?.details?.(state) || [];
}

// A seat's own controls, or null when the game has none on phones.
export function handFor(game) {
  return GAMES[game]?.hand || null;
}
