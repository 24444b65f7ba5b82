// Choosing a game, a player count and options: for "open a new game" and the
// host's lobby settings. games: /api/games; current: {game, players, options}.
import { h, replace } from "./dom.js";
import { optionsEditor } from "./options.js";

export function setupFields(games, current, onChange = () => {}) {
  const byName = Object.fromEntries(games.map((g) => [g.name, g]));
  let game = byName[current.game] ? current.game : games[0].name;
  let players = current.players || byName[game].min_players;
  let options = current.options || {};
  let editor = null;

  const gameSelect = h(
    "select",
    { id: "setup-game", "data-testid": "setup-game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === game }, g.title)),
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
        return h("option", { value: n, selected: n === players }, `${n} players`);
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
    h("label", { for: "setup-game" }, "Game"),
    gameSelect,
    h("label", { for: "setup-players" }, "Players"),
    playersSelect,
    optionsBox,
  );
  return { node, read: () => ({ game, players, options: editor.read() }) };
}
