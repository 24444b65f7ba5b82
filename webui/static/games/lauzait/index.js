// Lauzait Cep on phones and the table page: what the generic pages (seat, table, host) draw.
import { t } from "../../js/i18n.js";

export { board, details, top } from "./board.js";
export { handView as hand } from "./hand.js";
export { optionsEditor as options } from "./options.js";
export * from "./summary.js"; // what just happened: js/summary.js

// Why the sticks were thrown (the engine's word), in the reader's language: the
// sticks strip's "Bo · start player" (js/games.js throwPurpose).
const PURPOSES = { water: () => t("water"), start: () => t("start player"), direction: () => t("direction") };
export const throwPurpose = (word) => PURPOSES[word]?.() ?? word;
export { hintText } from "./hints.js"; // "Suggest a move" (js/bots.js)
