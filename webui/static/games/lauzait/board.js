// The Lauzait Cep table as everyone sees it: whose turn, the season, the 5x5
// board (the mountain and the water marked), the last hire and throw, every
// seat's revealed departments with their bonuses, season results and scores.
// Used by the seat page (state.you.seat set) and the table page (public).
import { h, people } from "../../js/dom.js";
import { sticksFace } from "../../js/sticks.js";
import { seatName, who } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { departmentFace, pieceFace } from "./pieces.js";

const SIZE = 5;
const COLUMNS = "abcde"; // a square's name: its column letter, then its row number
// What a throw at the start was for, as a whole sentence each (word order differs).
const THREW = {
  water: (p) => t("{name} threw {count} into the water", p),
  start: (p) => t("{name} threw {count} for the start player", p),
  direction: (p) => t("{name} threw {count} for the direction of play", p),
};
// The formation scores, in each rulebook's words.
const PARTS = {
  declaration: t("Lauzait-Cep"),
  specialized_experts: t("Specialized Experts"),
  great_sequence: t("Great Sequence"),
  layered_bridges: t("Layered Bridges"),
  well_balanced: t("Well-Balanced"),
  stalemate: t("Stalemate"),
  luminous: t("Luminous pieces"),
};

export const PART_NAMES = PARTS; // the season summary (summary.js) names them alike
export const key = (square) => `${square[0]},${square[1]}`;
// Squares as people name them: columns a-e from the left, rows 1-5 from the top.
export const squareName = (square) => `${COLUMNS[square[1]]}${square[0] + 1}`;
const isIn = (squares, square) => squares.some((s) => s[0] === square[0] && s[1] === square[1]);

// The board. marks: {"r,c": {kind, onclick?, label?}} where kind is "mover",
// "picked", "target" or "spot" (where the discard goes); a square with onclick
// is a button. Without marks, the last hire's squares are shown.
export function boardGrid(state, { marks = null, testid = "lz-board" } = {}) {
  const last = state.last_hire;
  // The coordinates the messages use, around the squares: the column letters above,
  // each row's number at its left (as Sàrénà's board has them). Words for the eye
  // only: every square already says its name to a screen reader.
  const axis = (text) => h("span", { class: "lz-axis", "aria-hidden": "true" }, text);
  const cells = [axis(""), Array.from({ length: SIZE }, (_, col) => axis(COLUMNS[col]))];
  for (let row = 0; row < SIZE; row += 1) {
    cells.push(axis(String(row + 1)));
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
        "aria-label": `${squareName(square)}: ${piece || t("empty")}${mark?.label ? `, ${mark.label}` : ""}`,
      };
      const content = piece ? pieceFace(piece, { small: true }) : h("span", { class: "lz-empty" }, mark?.kind === "spot" ? t("discard") : "");
      // A square to tap is a button; one to look at an image with its words (the
      // board is a labelled group of both, in reading order: a1, b1, ... e5).
      cells.push(mark?.onclick ? h("button", { type: "button", ...attrs, onclick: mark.onclick }, content) : h("div", { ...attrs, role: "img" }, content));
    }
  }
  return h(
    "div",
    { class: "lz-board", "data-testid": testid, role: "group", "aria-label": t("The board: water is the blue cross, the mountain the centre") },
    cells,
  );
}

export function turnBanner(state) {
  const me = state.you.seat;
  let text;
  let mine = false;
  if (state.phase === "over") {
    text = t("Game over");
  } else {
    mine = state.turn === me;
    text = mine ? t("Your turn") : t("{name}'s turn", { name: seatName(state, state.turn) });
  }
  return h(
    "div",
    { class: `turn-banner${mine ? " mine" : ""}`, "data-testid": "turn", "data-mine": mine, "data-turn": state.turn ?? "" },
    text,
  );
}

export function seasonInfo(state) {
  const parts = [
    t("Season {number} of {count}", { number: state.season, count: state.seasons }),
    t("{name} started", { name: seatName(state, state.start_player) }),
    state.direction === "clockwise" ? t("play goes clockwise") : t("play goes counterclockwise"),
    t("{count} pieces face down", { count: state.stock_size }),
  ];
  return h(
    "div",
    { class: "deal-info" },
    h("p", { "data-testid": "lz-season" }, parts.join(" · ")),
    state.luminous ? h("p", { "data-testid": "lz-luminous" }, t("Luminous piece:"), " ", pieceFace(state.luminous, { small: true }), " ", t("(+1 for each in the declarer's hand)")) : null,
    startThrows(state),
  );
}

// A throw as the engine gives it ({seat, count, purpose, sticks}), or as a phone gets
// it: [seat, count, purpose] (webui/games/lauzait/choices.py, phone_view).
const throwOf = (thrown) => (Array.isArray(thrown) ? { seat: thrown[0], count: thrown[1], purpose: thrown[2] } : thrown);

function startThrows(state) {
  if (!state.start_throws.length) return null;
  return h(
    "details",
    { class: "muted" },
    h("summary", {}, t("How the sticks chose who starts")),
    h("ul", {}, state.start_throws.map(throwOf).map((thrown) => h("li", {}, THREW[thrown.purpose]({ name: seatName(state, thrown.seat), count: thrown.count })))),
  );
}

export function lastHire(state) {
  const hire = state.last_hire;
  if (!hire) return null;
  const params = {
    name: who(state, hire.seat), discard: hire.discard, at: squareName(hire.at), moved: hire.moved,
    from: squareName(hire.from), to: squareName(hire.to), took: hire.took, count: hire.count,
  };
  const mine = hire.seat === state.you.seat;
  let text;
  if (!hire.water) {
    text = mine
      ? t("You discarded {discard} on {at}, moved {moved} from {from} to {to} and took {took}.", params)
      : t("{name} discarded {discard} on {at}, moved {moved} from {from} to {to} and took {took}.", params);
  } else if (hire.mover_taken) {
    text = mine
      ? t("You discarded {discard} on {at}, moved {moved} from {from} to {to} into the water: the sticks showed {count}, so the {took} itself was taken.", params)
      : t("{name} discarded {discard} on {at}, moved {moved} from {from} to {to} into the water: the sticks showed {count}, so the {took} itself was taken.", params);
  } else {
    text = mine
      ? t("You discarded {discard} on {at}, moved {moved} from {from} to {to} into the water: the sticks showed {count}, so {took} was taken.", params)
      : t("{name} discarded {discard} on {at}, moved {moved} from {from} to {to} into the water: the sticks showed {count}, so {took} was taken.", params);
  }
  return h(
    "section",
    { class: "panel", "data-testid": "lz-last-hire" },
    h("h2", {}, t("Last hire")),
    h("p", {}, text),
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
    h("span", {}, thrown.count >= 3
      ? t("{count} dark: 3-5, the water piece is taken", { count: thrown.count })
      : t("{count} dark: 0-2, the moving piece is taken", { count: thrown.count })),
  );
}

function seatPanel(state, seat) {
  const me = state.you.seat === seat;
  const classes = ["seat-panel", state.to_act.includes(seat) ? "to-act" : "", me ? "me" : ""];
  const departments = state.departments[seat];
  return h(
    "section",
    { class: classes.join(" "), "data-testid": "seat-panel", "data-seat": seat },
    h("div", { class: "seat-name" }, me ? t("{name} (you)", { name: seatName(state, seat) }) : seatName(state, seat)),
    h("div", { class: "muted" }, t("{count} pieces · {points} points", { count: state.hand_sizes[seat], points: state.scores[seat] })),
    departments.length
      ? departments.map((d, i) =>
          h("div", { class: "lz-shown", "data-testid": "lz-revealed", "data-seat": seat, "data-index": i },
            departmentFace(d), h("span", { class: "lz-bonus" }, `+${d.bonus}`)))
      : h("div", { class: "caption" }, t("no department revealed")),
  );
}

export function seatsGrid(state) {
  return h("div", { class: "seats lz-seats", "data-testid": "seats" }, Array.from({ length: state.players }, (_, seat) => seatPanel(state, seat)));
}

function formationText(formation) {
  return Object.entries(PARTS)
    .filter(([part]) => formation[part])
    .map(([part, label]) => `${label} ${formation[part]}`)
    .join(t(", "));
}

export function results(state) {
  if (!state.results.length) return null;
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("Seasons")),
    h("ul", { "data-testid": "lz-results" }, state.results.map((r) =>
      h("li", { "data-season": r.season },
        (r.stalemate
          ? t("Season {number}: {name} declared a stalemate for {points} ({parts})", { number: r.season, name: seatName(state, r.declarer), points: r.formation.total, parts: formationText(r.formation) })
          : t("Season {number}: {name} declared for {points} ({parts})", { number: r.season, name: seatName(state, r.declarer), points: r.formation.total, parts: formationText(r.formation) }))))),
  );
}

export function scores(state) {
  const winners = new Set(state.winners);
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("Scores")),
    h("table", { "data-testid": "scores" },
      h("tbody", {}, state.scores.map((score, s) =>
        h("tr", {}, h("th", {}, seatName(state, s)),
          h("td", { class: `num${winners.has(s) ? " winner" : ""}`, "data-testid": "score", "data-seat": s }, score))))),
    h("p", { class: "muted" }, t("Bonuses of revealed departments count at once; a dissolve pays them back.")),
  );
}

export function result(state) {
  if (state.phase !== "over") return null;
  const names = state.winners.map((s) => seatName(state, s));
  // No winner: the table stopped before anyone scored (engines/lauzait/scoring.py).
  const text = !names.length ? t("No winner")
    : names.length > 1 ? t("Shared victory: {names}", { names: people(names) }) : t("Winner: {name}", { name: names[0] });
  return h(
    "section",
    { class: "panel notice", "data-testid": "result" },
    h("h2", {}, t("Result")),
    h("p", { class: "big" }, text),
    state.ended_early ? h("p", {}, t("The table agreed to end the game early; the scores stood as they were.")) : null,
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
