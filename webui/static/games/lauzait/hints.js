// "Suggest a move" in Lauzait Cep's words: the hire as the hand's own confirmation
// says it, or the department to form, dissolve or declare with.
import { t } from "../../js/i18n.js";
import { squareName } from "./board.js";
import { played } from "./pieces.js";

const at = (state, square) => state.board[square[0]][square[1]];
const same = (a, b) => Boolean(a && b) && a[0] === b[0] && a[1] === b[1];
const emptySquare = (state) => state.board.flatMap((row, r) => row.map((piece, c) => (piece ? null : [r, c]))).find(Boolean);
const pieces = (group) => group.pieces.map((p, i) => played(p, group.roles[i])).join(" ");

export function hintText(state, action) {
  if (action.type === "hire") {
    const spot = emptySquare(state);
    const mover = at(state, action.from);
    const params = { discard: action.discard, spot: spot ? squareName(spot) : "", mover,
      from: squareName(action.from), to: squareName(action.to), taken: same(action.to, spot) ? action.discard : at(state, action.to) };
    return (state.water || []).some((square) => same(square, action.to))
      ? t("Discard {discard} on {spot}, move {mover} from {from} to {to}. {to} is water: the sticks decide. 3-5 dark: you take {taken}; 0-2: you take the {mover} itself.", params)
      : t("Discard {discard} on {spot}, move {mover} from {from} to {to}. You take {taken}.", params);
  }
  if (action.type === "form") return t("Reveal {pieces}", { pieces: pieces(action) });
  if (action.type === "dissolve") return t("Dissolve department {number}", { number: action.department + 1 });
  if (action.type === "declare") return t("Declare Lauzait-Cep with {departments}", { departments: action.departments.map(pieces).join(t(", ")) });
  return null;
}
