// Chanoyu on phones and the table page: what the generic pages (seat, table, host) draw.
// A phone's top holds whose turn it is and the seats (the trick, the tableaux)
// right above the hand; the round, last trick and scores go to the drawer.
import { lastTrick, result, roundInfo, scores, seatsList, turnBanner } from "./board.js";

export { board } from "./board.js";
export { handView as hand } from "./hand.js";
export * from "./summary.js"; // what just happened: js/summary.js

const top = (state) => [turnBanner(state), result(state), seatsList(state)];
const details = (state) => [roundInfo(state), lastTrick(state), scores(state)];

export { details, top };
export { hintText } from "./hints.js"; // "Suggest a move" (js/bots.js)
