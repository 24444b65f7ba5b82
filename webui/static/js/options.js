// Game options editors: each game's own (its components' "options"); a game
// without one plays with its defaults.
import { h } from "./dom.js";
import { gameModule } from "./games.js";
import { t } from "./i18n.js";

// Returns {node, read()} for the game's options.
export function optionsEditor(game, options, defaults, players) {
  const editor = gameModule(game)?.options;
  if (editor) return editor(options, defaults, players);
  return { node: h("p", { class: "muted" }, t("This game has no options to set.")), read: () => ({ ...options }) };
}
