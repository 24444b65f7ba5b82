// Sàrénà on phones and the table page: what the generic pages (seat, table, host) draw.
export { board, details, top } from "./board.js";
export { handView as hand } from "./hand.js";
export { optionsEditor as options } from "./options.js";
export * from "./summary.js"; // what just happened: js/summary.js
export { hintText } from "./hints.js"; // "Suggest a move" (js/bots.js)
