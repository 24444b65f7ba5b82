// Céna on phones and the table page: what the generic pages (seat, table, host) draw.
// A phone's top holds whose turn it is, the deal's Objective Card (every move weighs
// it) and the seats with the trick before them, right above the hand; the deal, last
// trick, alliances and scores go to the drawer.
import { alliances, dealInfo, lastTrick, objective, result, scores, seatsGrid, turnBanner } from "./board.js";

export { board } from "./board.js";
export { handView as hand } from "./hand.js";
export { optionsEditor as options } from "./options.js";
export * from "./summary.js"; // what just happened: js/summary.js

const top = (state) => [turnBanner(state), state.phase === "over" ? null : objective(state), result(state), seatsGrid(state)];
const details = (state) => [dealInfo(state, { withObjective: false }), lastTrick(state), alliances(state), scores(state)];

export { details, top };
export { hintText } from "./hints.js"; // "Suggest a move" (js/bots.js)
