// "Suggest a move" in Sàrénà's words: which pile goes where (the board's own labels).
import { t } from "../../js/i18n.js";
import { squareName } from "./drawing.js";

export function hintText(_state, action) {
  if (action.type !== "move") return null;
  return t("Move the pile on {from} onto {to}", { from: squareName(action.from), to: squareName(action.to) });
}
