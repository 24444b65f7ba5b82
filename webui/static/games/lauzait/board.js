// The Lauzait Cep table as everyone sees it: whose turn, the season, the 5x5
// board (the mountain and the water marked), the last hire and throw, every
// seat's revealed departments with their bonuses, season results and scores.
// Used by the seat page (state.you.seat set) and the table page (public).
import { h, listing } from "../../js/dom.js";
import { sticksFace } from "../../js/sticks.js";
import { seatName, who } from "../../js/seats.js";
import { departmentFace, pieceFace } from "./pieces.js";

const SIZE = 5;
const PURPOSES = { water: "into the water", start: "for the start player", direction: "for the direction of play" };
const PARTS = {
  declaration: "Lauzait-Cep",
  specialized_experts: "Specialized Experts",
  great_sequence: "Great Sequence",
  layered_bridges: "Layered Bridges",
  well_balanced: "Well-Balanced",
  stalemate: "Stalemate",
  luminous: "Luminous pieces",
};

export const key = (square) => `${square[0]},${square[1]}`;
// Squares as people name them: columns a-e from the left, rows 1-5 from the top.
export const squareName = (square) => `${"abcde"[square[1]]}${square[0] + 1}`;
const isIn = (squares, square) => squares.some((s) => s[0] === square[0] && s[1] === square[1]);

// The board. marks: {"r,c": {kind, onclick?, label?}} where kind is "mover",
// "picked", "target" or "spot" (where the discard goes); a square with onclick
// is a button. Without marks, the last hire's squares are shown.
export function boardGrid(state, { marks = null, testid = "lz-board" } = {}) {
  const last = state.last_hire;
  const cells = [];
  for (let row = 0; row < SIZE; row += 1) {
    for (let col = 0; col < SIZE; col += 1) {
      const square = [row, col];
      const piece = state.board[row][col];
      const mark = marks?.[key(square)] || null;
      const classes = ["lz-square"];
      if (isIn(state.water, square)) classes.push("water");
      if (state.mountain[0] === row && state.mountain[1] === col) classes.push("mountain");
      if (!piece) classes.push("empty");
      if (mark) classes.push(`mark-${mark.kind}`);
      if (!marks && last) {
        if (key(last.to) === key(square)) classes.push("last-to");
        if (key(last.at) === key(square)) classes.push("last-at");
      }
      const attrs = {
        class: classes.join(" "),
        "data-testid": "lz-square",
        "data-row": row,
        "data-col": col,
        "data-piece": piece || "",
        "data-mark": mark?.kind || "",
        "aria-label": `${squareName(square)}: ${piece || "empty"}${mark?.label ? `, ${mark.label}` : ""}`,
      };
      const content = piece ? pieceFace(piece, { small: true }) : h("span", { class: "lz-empty" }, mark?.kind === "spot" ? "discard" : "");
      cells.push(mark?.onclick ? h("button", { type: "button", ...attrs, onclick: mark.onclick }, content) : h("div", attrs, content));
    }
  }
  return h(
    "div",
    { class: "lz-board", "data-testid": testid, role: "grid", "aria-label": "The board: water is the blue cross, the mountain the centre" },
    cells,
  );
}

export function turnBanner(state) {
  const me = state.you.seat;
  let text;
  let mine = false;
  if (state.phase === "over") {
    text = "Game over";
  } else {
    mine = state.turn === me;
    text = mine ? "Your turn" : `${seatName(state, state.turn)}'s turn`;
  }
  return h(
    "div",
    { class: `turn-banner${mine ? " mine" : ""}`, "data-testid": "turn", "data-mine": mine, "data-turn": state.turn ?? "", role: "status" },
    text,
  );
}

export function seasonInfo(state) {
  const parts = [
    `Season ${state.season} of ${state.seasons}`,
    `${seatName(state, state.start_player)} started`,
    `play goes ${state.direction === "clockwise" ? "clockwise" : "counterclockwise"}`,
    `${state.stock_size} pieces face down`,
  ];
  return h(
    "div",
    { class: "deal-info" },
    h("p", { "data-testid": "lz-season" }, parts.join(" · ")),
    state.luminous ? h("p", { "data-testid": "lz-luminous" }, "Luminous piece: ", pieceFace(state.luminous, { small: true }), " (+1 for each in the declarer's hand)") : null,
    startThrows(state),
  );
}

function startThrows(state) {
  if (!state.start_throws.length) return null;
  return h(
    "details",
    { class: "muted" },
    h("summary", {}, "How the sticks chose who starts"),
    h("ul", {}, state.start_throws.map((t) => h("li", {}, `${seatName(state, t.seat)} threw ${t.count} ${PURPOSES[t.purpose]}`))),
  );
}

export function lastHire(state) {
  const hire = state.last_hire;
  if (!hire) return null;
  const name = who(state, hire.seat);
  const moved = `${hire.moved} from ${squareName(hire.from)} to ${squareName(hire.to)}`;
  let outcome;
  if (!hire.water) outcome = `and took ${hire.took}.`;
  else if (hire.mover_taken) outcome = `into the water: the sticks showed ${hire.count}, so the ${hire.took} itself was taken.`;
  else outcome = `into the water: the sticks showed ${hire.count}, so ${hire.took} was taken.`;
  return h(
    "section",
    { class: "panel", "data-testid": "lz-last-hire" },
    h("h2", {}, "Last hire"),
    h("p", {}, `${name === "you" ? "You" : name} discarded ${hire.discard} on ${squareName(hire.at)}, moved ${moved} ${outcome}`),
    hire.water && state.last_throw ? waterThrow(state) : null,
  );
}

// The sticks thrown for the last hire, as they fell (new ones tumble in).
function waterThrow(state) {
  const thrown = state.last_throw;
  return h(
    "div",
    { class: "row lz-throw", "data-testid": "lz-last-throw" },
    sticksFace(thrown, { key: state.throws, scope: `game-${state.table.room}` }),
    h("span", {}, `${thrown.count} dark: ${thrown.count >= 3 ? "3-5, the water piece is taken" : "0-2, the moving piece is taken"}`),
  );
}

function seatPanel(state, seat) {
  const me = state.you.seat === seat;
  const classes = ["seat-panel", state.to_act.includes(seat) ? "to-act" : "", me ? "me" : ""];
  const departments = state.departments[seat];
  return h(
    "section",
    { class: classes.join(" "), "data-testid": "seat-panel", "data-seat": seat },
    h("div", { class: "seat-name" }, seatName(state, seat), me ? " (you)" : ""),
    h("div", { class: "muted" }, `${state.hand_sizes[seat]} pieces · ${state.scores[seat]} points`),
    departments.length
      ? departments.map((d, i) =>
          h("div", { class: "lz-shown", "data-testid": "lz-revealed", "data-seat": seat, "data-index": i },
            departmentFace(d), h("span", { class: "lz-bonus" }, `+${d.bonus}`)))
      : h("div", { class: "caption" }, "no department revealed"),
  );
}

export function seatsGrid(state) {
  return h("div", { class: "seats lz-seats", "data-testid": "seats" }, Array.from({ length: state.players }, (_, seat) => seatPanel(state, seat)));
}

function formationText(formation) {
  return Object.entries(PARTS)
    .filter(([part]) => formation[part])
    .map(([part, label]) => `${label} ${formation[part]}`)
    .join(", ");
}

export function results(state) {
  if (!state.results.length) return null;
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, "Seasons"),
    h("ul", { "data-testid": "lz-results" }, state.results.map((r) =>
      h("li", { "data-season": r.season },
        `Season ${r.season}: ${seatName(state, r.declarer)} declared${r.stalemate ? " a stalemate" : ""} for ${r.formation.total} (${formationText(r.formation)})`))),
  );
}

export function scores(state) {
  const winners = new Set(state.winners);
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, "Scores"),
    h("table", { "data-testid": "scores" },
      h("tbody", {}, state.scores.map((score, s) =>
        h("tr", {}, h("th", {}, seatName(state, s)),
          h("td", { class: `num${winners.has(s) ? " winner" : ""}`, "data-testid": "score", "data-seat": s }, score))))),
    h("p", { class: "muted" }, "Bonuses of revealed departments count at once; a dissolve pays them back."),
  );
}

export function result(state) {
  if (state.phase !== "over") return null;
  const names = state.winners.map((s) => seatName(state, s));
  const text = names.length > 1 ? `Shared victory: ${listing(names)}` : `Winner: ${names[0]}`;
  return h(
    "section",
    { class: "panel notice", "data-testid": "result" },
    h("h2", {}, "Result"),
    h("p", { class: "big" }, text),
    state.ended_early ? h("p", {}, "The table agreed to end the game early; the scores stood as they were.") : null,
  );
}

export function top(state) {
  return [turnBanner(state), result(state)];
}

// The rest of the table, in reading order. The seat page draws the board with
// the hand (it is where a hire is chosen), so only the table page and a finished
// game show it here.
export function details(state) {
  const showBoard = state.you.seat === null || state.phase === "over";
  return [
    seasonInfo(state),
    showBoard ? boardGrid(state) : null,
    lastHire(state),
    seatsGrid(state),
    results(state),
    scores(state),
  ];
}

export function board(state) {
  return [...top(state), ...details(state)];
}
