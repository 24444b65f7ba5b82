// The score sheet the box shows (a game played with real pieces), at ten-foot size:
// each seat's total and rank, the stage (deal, round, season), what comes next and,
// once over, the winners. Self-contained: the table page calls showScoreboard(root)
// on each change and draws its own page when it answers false (no sheet on show).
// Its words come from the box as templates (device/companion/scoring.py `words`),
// said here in the page's language; its styles are its own (scoreboard.css).
import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, tn } from "./i18n.js";
import { needStyle } from "./styles.js";

const say = (words) => {
  if (words === null || words === undefined) return "";
  if (typeof words !== "object") return String(words);
  const params = Object.fromEntries(Object.entries(words.params || {}).map(([key, value]) => [key, say(value)]));
  return words.plural ? tn(words.template, words.plural, words.n, params) : t(words.template, params);
};

const nameOf = (board, seat) => board.names[seat] || t("Seat {number}", { number: seat + 1 });

const styles = () => needStyle("scoreboard.css");

function standings(board) {
  const winners = new Set(board.winners);
  return h("table", { class: "scoreboard-table", "data-testid": "scoreboard-standings" },
    h("tbody", {}, board.totals.map((total, seat) => h("tr", {
      class: winners.has(seat) ? "winner" : board.lights.includes(seat) ? "lit" : "",
      "data-testid": "scoreboard-seat", "data-seat": seat,
    },
    h("td", { class: "rank" }, board.over
      ? (winners.has(seat) ? t("wins") : "")
      : (board.ranks[seat] ? t("#{rank}", { rank: board.ranks[seat] }) : "")),
    h("td", { class: "name" }, nameOf(board, seat)),
    h("td", { class: "note" }, say(board.notes[seat])),
    h("td", { class: "total", "data-testid": "scoreboard-total" }, total === null ? "–" : total)))));
}

function view(board) {
  const winners = board.winners.map((seat) => nameOf(board, seat)).join(t(", "));
  return h("section", { class: "panel scoreboard", "data-testid": "scoreboard", "data-game": board.game, "data-version": board.version },
    h("header", {},
      h("h1", {}, say(board.title)),
      h("p", { class: "stage", "data-testid": "scoreboard-stage" }, say(board.stage))),
    standings(board),
    board.over && winners
      ? h("p", { class: "result", "data-testid": "scoreboard-result" },
        board.winners.length > 1 ? t("Winners (shared): {names}", { names: winners }) : t("Winner: {name}", { name: winners }))
      : null,
    board.next.length
      ? h("ul", { class: "next", "data-testid": "scoreboard-next" }, board.next.map((line) => h("li", {}, say(line))))
      : null);
}

// Draws the sheet on show into `root`; false when there is none (the caller draws).
let asked = 0;
export async function showScoreboard(root) {
  const mine = ++asked; // a newer change's answer wins over an older slow one
  let board;
  try {
    board = await api("/api/scoreboard", undefined, { token: null });
  } catch {
    return false; // a box without score sheets
  }
  if (mine !== asked || !board.game) return false;
  styles();
  replace(root, view(board));
  return true;
}
