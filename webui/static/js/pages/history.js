// /history: every game that has ended, newest first; players' standings and head to
// head; exports. The host (this phone holds the host's seat) also gets the backup
// download and the deletions, each confirmed first. History never lists a game in
// progress: the box leaves it out of every answer.
import { api, getToken, myState } from "../api.js";
import { backupButton } from "../backup.js";
import { clearError, h, replace, showError } from "../dom.js";
import { botName, displayName, lang, t, tn } from "../i18n.js";
import { gameTitle } from "../seats.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

const TEXT = {
  empty: t("No game has ended yet. Finished games and score sheets appear here."),
  noPlayers: t("Standings appear once a game has been played to its end."),
  replay: t("Replay"),
  csv: "CSV",
  json: "JSON",
  delete: t("Delete"),
  sheet: t("score sheet"),
  minutes: (n) => (n < 1
    ? t("under a minute")
    : n < 60
      ? t("{minutes} min", { minutes: n })
      : t("{hours} h {minutes} min", { hours: Math.floor(n / 60), minutes: n % 60 })),
  winner: t("winner"),
  plays: t("Plays"),
  wins: t("Wins"),
  average: t("Average"),
  best: t("Best"),
  last: t("Last played"),
  game: t("Game"),
  // Counts worded first: the catalog tools skip a call nested in another's arguments.
  total: (p) => {
    const games = tn("{count} game", "{count} games", p.plays);
    const wins = tn("{count} win", "{count} wins", p.wins);
    return t("{games}, {wins}", { games, wins });
  },
  // How a game ended, by the box's code (device/history/core.py words it in English).
  outcome: {
    finished: t("finished"),
    ended_early: t("ended early"),
    abandoned: t("abandoned"),
    unreplayable: t("could not be replayed"),
  },
  cell: (c) => t("{wins} of {games}", { wins: c.wins, games: c.games }),
  hostTitle: t("Host: backup and deletions"),
  hostIntro: t("Only the host sees this. A backup holds every game and score sheet: the command tablemate restore puts it on a new SD card."),
  deleteName: t("Delete a player's name"),
  deleteNameHelp: t("Their name becomes “Player N” in every past game; games in progress keep it."),
  chooseName: t("Choose a name"),
  confirmGame: (g) => t("Delete {game} of {date} from history? This cannot be undone.", { game: gameTitle(g.title), date: when(g.started) }),
  confirmName: (name) => t("Replace “{name}” by “Player N” in every past game? This cannot be undone.", { name }),
  deletedName: (c) => {
    const games = tn("{count} game", "{count} games", c.games);
    const sheets = tn("{count} score sheet", "{count} score sheets", c.sheets);
    return t("Done: {games} and {sheets} changed.", { games, sheets });
  },
};

const list = document.getElementById("game-list");
const standingsBox = document.getElementById("standings");

// A player's name as shown: a bot's marked as one ("Bot: Cogwheel, normal").
const shownName = (p) => (p.bot ? botName(p.name, p.bot) : displayName(p.name));
const headBox = document.getElementById("head-to-head");
const hostBox = document.getElementById("host-tools");
let isHost = false;

const when = (seconds) =>
  new Date(seconds * 1000).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
// A short date ("Nov 25"), with the year only when it is not this one: the
// standings' tables must fit a phone's width.
const day = (seconds) => {
  const date = new Date(seconds * 1000);
  const year = date.getFullYear() === new Date().getFullYear() ? undefined : "numeric";
  return date.toLocaleDateString(lang, { month: "short", day: "numeric", year });
};
const number = (value) => (value === null || value === undefined ? "–" : String(value));

function gameCard(game) {
  const minutes = game.duration === null ? null : Math.round(game.duration / 60);
  const kind = game.kind === "sheet" ? ` · ${TEXT.sheet}` : "";
  const duration = minutes === null ? "" : ` · ${TEXT.minutes(minutes)}`;
  return h(
    "article",
    { class: "game-card", "data-testid": `history-game-${game.id}` },
    h(
      "header",
      {},
      h("h3", {}, gameTitle(game.title)),
      h("span", { class: "when" }, `${when(game.started)}${duration}${kind}`),
      h("span", { class: `outcome ${game.outcome}`, "data-testid": "outcome" }, TEXT.outcome[game.outcome] ?? game.outcome_text),
    ),
    h(
      "ol",
      {},
      game.players.map((p) =>
        h(
          "li",
          { class: p.winner ? "winner" : null, "data-testid": "history-player", "data-seat": p.seat, "data-winner": p.winner },
          h("span", {}, p.winner ? `★ ${shownName(p)}` : shownName(p), p.winner ? h("span", { class: "visually-hidden" }, ` (${TEXT.winner})`) : null),
          p.hints ? h("span", { class: "muted", "data-testid": "history-hints" }, tn("{count} hint used", "{count} hints used", p.hints)) : null,
          h("span", { class: "score", "data-testid": "history-score" }, number(p.score)),
        ),
      ),
    ),
    h(
      "div",
      { class: "links" },
      game.replay ? h("a", { class: "button", href: game.replay, "data-testid": "replay-link" }, TEXT.replay) : null,
      h("a", { class: "button secondary", href: `/api/history/${game.id}/export.csv`, download: true, "data-testid": "export-game-csv" }, TEXT.csv),
      h("a", { class: "button secondary", href: `/api/history/${game.id}/export.json`, download: true, "data-testid": "export-game-json" }, TEXT.json),
      isHost
        ? h("button", { class: "danger", "data-testid": "delete-game", onclick: () => deleteGame(game) }, TEXT.delete)
        : null,
    ),
  );
}

function playerCard(player) {
  return h(
    "article",
    { class: "player-card", "data-testid": "player-card" },
    h("h3", {}, shownName(player), " ", h("span", { class: "muted" }, `· ${TEXT.total(player)}`)),
    h(
      "div",
      { class: "scroll-x" },
      h(
        "table",
        {},
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, TEXT.game),
            h("th", { class: "num" }, TEXT.plays),
            h("th", { class: "num" }, TEXT.wins),
            h("th", { class: "num" }, TEXT.average),
            h("th", { class: "num" }, TEXT.best),
            h("th", {}, TEXT.last),
          ),
        ),
        h(
          "tbody",
          {},
          player.games.map((g) =>
            h(
              "tr",
              {},
              h("td", {}, gameTitle(g.title)),
              h("td", { class: "num" }, g.plays),
              h("td", { class: "num" }, g.wins),
              h("td", { class: "num" }, number(g.average)),
              h("td", { class: "num" }, number(g.best)),
              h("td", {}, day(g.last_played)),
            ),
          ),
        ),
      ),
    ),
  );
}

function headToHead({ names: plain, bots, rows }) {
  if (plain.length < 2) return null;
  const names = plain.map((name, i) => (bots?.[i] ? botName(name, bots[i]) : name));
  return h(
    "table",
    { class: "head-to-head" },
    h("thead", {}, h("tr", {}, h("td", {}), names.map((n) => h("th", { scope: "col" }, n)))), // the corner is no header
    h(
      "tbody",
      {},
      rows.map((row, i) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, names[i]),
          row.map((cell, j) => h("td", { class: i === j ? "self" : null }, cell ? TEXT.cell(cell) : i === j ? "" : "–")),
        ),
      ),
    ),
  );
}

function hostTools(players) {
  const select = h(
    "select",
    { "data-testid": "delete-name-choice", "aria-label": TEXT.chooseName },
    h("option", { value: "" }, TEXT.chooseName),
    players.filter((p) => !p.bot).map((p) => h("option", { value: p.name }, displayName(p.name))),
  );
  const status = h("p", { class: "muted", "data-testid": "host-status", role: "status" });
  return [
    h("h2", {}, TEXT.hostTitle),
    h("p", { class: "muted" }, TEXT.hostIntro),
    h("div", { class: "actions" }, backupButton()),
    h("h3", {}, TEXT.deleteName),
    h("p", { class: "muted" }, TEXT.deleteNameHelp),
    h(
      "div",
      { class: "row" },
      select,
      h("button", { class: "danger", "data-testid": "delete-name", onclick: () => deleteName(select.value, status) }, TEXT.delete),
    ),
    status,
  ];
}

async function deleteGame(game) {
  if (!window.confirm(TEXT.confirmGame(game))) return;
  clearError();
  try {
    await api("/api/host/history/delete-game", { game: game.id, confirm: true });
    await load();
  } catch (err) {
    showError(err.message);
  }
}

async function deleteName(name, status) {
  if (!name || !window.confirm(TEXT.confirmName(name))) return;
  clearError();
  try {
    const answer = await api("/api/host/history/delete-player", { name, confirm: true });
    await load();
    status.textContent = TEXT.deletedName(answer.changed);
  } catch (err) {
    showError(err.message);
  }
}

async function load() {
  const [{ games }, stats] = await Promise.all([api("/api/history", undefined, { token: null }), api("/api/history/stats", undefined, { token: null })]);
  replace(list, games.length ? h("div", { class: "game-cards" }, games.map(gameCard)) : h("p", { class: "muted", "data-testid": "history-empty" }, TEXT.empty));
  replace(standingsBox, stats.players.length ? stats.players.map(playerCard) : h("p", { class: "muted" }, TEXT.noPlayers));
  replace(headBox, headToHead(stats.head_to_head));
  hostBox.hidden = !isHost;
  if (isHost) replace(hostBox, hostTools(stats.players));
}

async function start() {
  if (getToken()) {
    try {
      const state = await myState();
      isHost = Boolean(state?.you?.host);
    } catch {
      isHost = false; // the page still works without the host's tools
    }
  }
  try {
    await load();
  } catch (err) {
    showError(err.message);
  }
}

start();
