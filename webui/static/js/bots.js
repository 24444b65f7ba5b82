// Bots at the table: the host's settings (how long a bot takes per move, whether
// phones may ask for a hint) and this phone's "Suggest a move" (the hint goes to this
// phone only; history records that it was used).
import { api } from "./api.js";
import { clearError, h, sentence, showError } from "./dom.js";
import { gameModule } from "./games.js";
import { t } from "./i18n.js";

const PACES = [1, 2, 3, 5, 10];

async function call(path, body) {
  clearError();
  try {
    return await api(path, body);
  } catch (err) {
    showError(err.message);
    return null;
  }
}

export function botSettings(state) {
  const current = state.table.bot_pace ?? 1;
  const paces = PACES.includes(current) ? PACES : [...PACES, current].sort((a, b) => a - b);
  const pace = h(
    "select",
    { "data-testid": "bot-pace", style: "width: auto", onchange: (e) => call("/api/host/bot-pace", { seconds: Number(e.target.value) }) },
    paces.map((s) => h("option", { value: s, selected: s === current }, t("{seconds} s", { seconds: s }))),
  );
  return h("div", { "data-testid": "bot-settings" },
    h("label", { class: "check" }, sentence(t("A bot takes at least {seconds} per move"), { seconds: pace })),
    h("label", { class: "check" },
      h("input", { type: "checkbox", "data-testid": "hints-on", checked: Boolean(state.table.hints),
        onchange: (e) => call("/api/host/hints", { on: e.target.checked }) }),
      t("Players may ask for a suggested move")));
}

// A suggested action in the game's own words (its hintText, as its hand says a move);
// a game whose module has none offers no hints.
const describer = (state) => gameModule(state.game)?.hintText ?? null;

let hint = null; // {version, text}: shown until the table changes

export function hintButton(state) {
  if (!state.table.hints || state.table.phase !== "playing") return null;
  if (!(state.to_act || []).includes(state.you.seat) || state.table.interlude) return null;
  const describe = describer(state);
  if (!describe) return null;
  const box = h("p", { class: "muted", "data-testid": "hint", role: "status" },
    hint && hint.version === state.table.version ? t("Suggested: {move}", { move: hint.text }) : "");
  const ask = async () => {
    box.textContent = t("Thinking…");
    const answer = await call("/api/hint", {});
    if (!answer) return (box.textContent = "");
    hint = { version: state.table.version, text: describe(state, answer.action) || "" };
    box.textContent = t("Suggested: {move}", { move: hint.text });
  };
  return h("div", { class: "row" },
    h("button", { type: "button", class: "secondary", "data-testid": "suggest", onclick: ask }, t("Suggest a move")), box);
}
