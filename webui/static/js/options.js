// Game options editors, per game; a game without one plays with its defaults.
import { optionsEditor as cenaOptions } from "./cena/options.js";
import { h } from "./dom.js";
import { optionsEditor as lauzaitOptions } from "./lauzait/options.js";
import { optionsEditor as sarenaOptions } from "./sarena/options.js";

const EDITORS = { cena: cenaOptions, lauzait: lauzaitOptions, sarena: sarenaOptions };

// Returns {node, read()} for the game's options.
export function optionsEditor(game, options, defaults, players) {
  const editor = EDITORS[game];
  if (editor) return editor(options, defaults, players);
  return { node: h("p", { class: "muted" }, "This game has no options to set."), read: () => ({ ...options }) };
}
