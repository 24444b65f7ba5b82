// The next game at the same table (device/table/rematch.py), on the seat, host, table and
// join pages: the game-over panel (Play again / Another game for the host, Leave for
// everyone), the "Last game" result until the next game ends, and the offer to watch
// a game whose seats are all taken. Every phone keeps its seat across games: the
// live stream simply brings the next lobby or game.
import { api, forgetToken } from "./api.js";
import { clearError, h, people, showError } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle } from "./seats.js";
import { needStyle } from "./styles.js";

needStyle("rematch.css");

// Every sentence these panels show, in one place.
const TEXT = {
  overTitle: () => t("Game over"),
  endedEarly: () => t("Game ended early: no winner"),
  finalScores: () => t("Final scores"),
  rank: (rank) => t("#{rank}", { rank }),
  winnerMark: () => t("winner"),
  hostNext: () => t("Play again with the same players, or choose another game: every phone keeps its seat."),
  waitHost: (host) => t("{host} (the host) can start the next game: this screen follows on its own.", { host }),
  noHost: () => t("Nobody hosts this table any more: open a new game from the front page."),
  playAgain: () => t("Play again"),
  anotherGame: () => t("Another game"),
  leave: () => t("Leave the table"),
  leaveQuestion: () => t("Leave the table? Your seat is freed for someone else, and this phone goes to the front page."),
  lastGame: (title) => t("Last game: {title}", { title: gameTitle(title) }),
  winners: (names) => t("Won by {names}", { names }),
  fullTitle: () => t("Every seat is taken"),
  full: () => t("You can still watch the game on the table view: everything but the hands."),
  endedTitle: () => t("This game has just ended"),
  ended: () => t("Watch the table: when the host starts the next game with a free seat, join here."),
  watch: () => t("Watch the game"),
};

// The host's buttons after a game. `after(phase)` runs once the next game is made.
export function playAgainButton(after = () => {}) {
  const again = async () => {
    clearError();
    try {
      const answer = await api("/api/host/play-again", {});
      after(answer.phase);
    } catch (err) {
      showError(err.message);
    }
  };
  return h("button", { type: "button", "data-testid": "play-again", onclick: again }, TEXT.playAgain());
}

// Leave the table: the seat is freed, the token forgotten, the phone goes to the front
// page. `stop()` ends the page's live stream first, so its "rejoin" cannot send the
// phone to the join page instead.
export async function leaveTable(stop = () => {}) {
  if (!confirm(TEXT.leaveQuestion())) return;
  clearError();
  stop();
  try {
    await api("/api/leave", {});
  } catch (err) {
    if (err.status !== 403) {
      showError(err.message);
      return;
    }
  }
  forgetToken();
  location.assign("/");
}

export function leaveButton(stop) {
  return h("button", { type: "button", class: "secondary", "data-testid": "leave-table", onclick: () => leaveTable(stop) }, TEXT.leave());
}

// The game's final scores and ranks (state.table.result, device/table/rematch.py), on
// every phone, the host page and the TV until the next game: winners marked by a
// word and a star, not by colour alone; a game the table ended has no ranks.
export function finalStandings(state) {
  const result = state.table.result;
  if (!result) return null;
  const seats = [...result.seats].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.seat - b.seat);
  return h(
    "table",
    { class: "final-standings", "data-testid": "final-standings", "data-ended-early": result.ended_early },
    h("caption", {}, result.ended_early ? TEXT.endedEarly() : TEXT.finalScores()),
    h("tbody", {},
      seats.map((seat) =>
        h("tr", { class: seat.winner ? "winner" : "", "data-testid": "final-seat", "data-seat": seat.seat, "data-rank": seat.rank ?? "" },
          h("td", { class: "rank" }, seat.rank ? TEXT.rank(seat.rank) : ""),
          h("th", {}, seat.name, seat.seat === state.you?.seat ? t(" (you)") : "", seat.winner ? h("span", { class: "winner-mark" }, ` ★ ${TEXT.winnerMark()}`) : null),
          h("td", { class: "num", "data-testid": "final-score" }, seat.score)))),
  );
}

// The seat page once the game is over: the final scores, what comes next, and who decides it.
export function gameOverPanel(state, { stop }) {
  const host = state.table.host;
  const hostName = host === null ? null : state.table.seats[host]?.name;
  return h(
    "section",
    { class: "panel rematch-over", "data-testid": "game-over" },
    h("h2", {}, state.table.result?.ended_early ? TEXT.endedEarly() : TEXT.overTitle()),
    finalStandings(state),
    h("p", { class: "muted" }, state.you.host ? TEXT.hostNext() : hostName ? TEXT.waitHost(hostName) : TEXT.noHost()),
    h("div", { class: "actions" },
      state.you.host ? playAgainButton() : null,
      state.you.host ? h("a", { class: "button secondary", href: "/host", "data-testid": "another-game" }, TEXT.anotherGame()) : null,
      leaveButton(stop)),
  );
}

// The game before this one at the table, until this one ends: each seat's final score,
// the winners marked. Null when there is none.
export function lastGamePanel(state) {
  const last = state.table.last_game;
  if (!last) return null;
  const winners = people(last.seats.filter((s) => s.winner).map((s) => s.name));
  return h(
    "section",
    { class: "panel last-game", "data-testid": "last-game", "data-game": last.game },
    h("h2", {}, TEXT.lastGame(last.title)),
    h("table", {},
      last.seats.map((seat) =>
        h("tr", { class: seat.winner ? "winner" : "", "data-testid": "last-game-seat", "data-seat": seat.seat },
          h("th", {}, seat.name),
          h("td", { class: "num", "data-testid": "last-game-score" }, seat.score)))),
    winners ? h("p", { class: "muted" }, TEXT.winners(winners)) : null,
  );
}

// Why nobody can join the table now: "full" (every seat taken), "over" (the game just
// ended; the next may have a free seat), or null.
export function watchReason(status) {
  if (status.phase === "over") return "over";
  const seats = status.seats || [];
  const full = ["lobby", "playing"].includes(status.phase) && seats.length > 0 && seats.every((s) => s.taken);
  return full ? "full" : null;
}

// The join refusals that mean "watch instead", by their code (webui/errors.py).
const WATCH_CODES = { table_full: "full", between_games: "over" };

export function watchReasonOf(err) {
  return WATCH_CODES[err?.code] || null;
}

// The offer to watch a game nobody can join now: the public table view shows
// everything but the hands. Null without a reason.
export function watchOffer(why) {
  if (!why) return null;
  const full = why === "full";
  return h(
    "section",
    { class: "panel notice watch-offer", "data-testid": "watch-offer", "data-why": why },
    h("h2", {}, full ? TEXT.fullTitle() : TEXT.endedTitle()),
    h("p", {}, full ? TEXT.full() : TEXT.ended()),
    h("p", {}, h("a", { class: "button", href: "/table", "data-testid": "watch" }, TEXT.watch())),
  );
}
