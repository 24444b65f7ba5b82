// Choosing a game, a player count and options: for "open a new game" and the
// host's lobby settings. games: /api/games; current: {game, players, options,
// take_backs, open_hands}. Take-backs and open hands in replays are the table's
// own options (every game has them).
import { h, replace } from "./dom.js";
import { t, tn } from "./i18n.js";
import { optionsEditor } from "./options.js";
import { gameTitle } from "./seats.js";

export function setupFields(games, current, onChange = () => {}) {
  const byName = Object.fromEntries(games.map((g) => [g.name, g]));
  let game = byName[current.game] ? current.game : games[0].name;
  let players = current.players || byName[game].min_players;
  let options = current.options || {};
  let editor = null;

  const TAKE_BACKS = [
    ["ask", t("Take-backs: the others approve")],
    ["free", t("Take-backs: free until the next move")],
    ["off", t("No take-backs")],
  ];
  const takeBacksSelect = h(
    "select",
    { id: "setup-take-backs", "data-testid": "setup-take-backs", onchange: () => onChange() },
    TAKE_BACKS.map(([value, text]) => h("option", { value, selected: value === (current.take_backs || "ask") }, text)),
  );

  // After the game its replay may show every hand at once (on unless the table says no).
  const openHandsBox = h("input", {
    type: "checkbox", id: "setup-open-hands", "data-testid": "setup-open-hands",
    checked: current.open_hands !== false, onchange: () => onChange(),
  });

  const gameSelect = h(
    "select",
    { id: "setup-game", "data-testid": "setup-game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === game }, gameTitle(g.title))),
  );
  const playersSelect = h("select", { id: "setup-players", "data-testid": "setup-players" });
  const optionsBox = h("div");

  function drawPlayers() {
    const info = byName[game];
    players = Math.min(Math.max(players, info.min_players), info.max_players);
    replace(
      playersSelect,
      Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => {
        const n = info.min_players + i;
        return h("option", { value: n, selected: n === players }, tn("{count} player", "{count} players", n));
      }),
    );
  }

  function drawOptions() {
    editor = optionsEditor(game, options, byName[game].defaults || {}, players);
    replace(optionsBox, editor.node);
  }

  gameSelect.addEventListener("change", () => {
    game = gameSelect.value;
    options = {};
    drawPlayers();
    drawOptions();
    onChange();
  });
  playersSelect.addEventListener("change", () => {
    players = Number(playersSelect.value);
    options = editor.read();
    drawOptions();
    onChange();
  });
  optionsBox.addEventListener("input", onChange);
  optionsBox.addEventListener("click", (e) => e.target.closest("button") && onChange());
  drawPlayers();
  drawOptions();

  const node = h(
    "div",
    { class: "setup" },
    h("label", { for: "setup-game" }, t("Game")),
    gameSelect,
    h("label", { for: "setup-players" }, t("Players")),
    playersSelect,
    optionsBox,
    h("label", { for: "setup-take-backs" }, t("Taking a move back")),
    takeBacksSelect,
    h("label", { class: "check", for: "setup-open-hands" }, openHandsBox, " ", t("Open hands in replays (after the game)")),
  );
  return {
    node,
    read: () => ({
      game, players, options: editor.read(), take_backs: takeBacksSelect.value, open_hands: openHandsBox.checked,
    }),
  };
}
