// Chanoyu on phones and the table page: what the generic pages (seat, table, host) draw.
export { board, details, top } from "./board.js";
export { handView as hand } from "./hand.js";
