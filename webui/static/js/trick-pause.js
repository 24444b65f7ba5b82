// The host's setting for the trick pause: how many seconds a finished trick stays on
// every screen at least (js/summary.js keeps it until the next trick's first card in
// any case). A table that reads fast picks 0; one that chats, more.
import { api } from "./api.js";
import { clearError, h, sentence, showError } from "./dom.js";
import { t } from "./i18n.js";

const CHOICES = [0, 1, 2, 3, 5, 8, 10];

async function choose(seconds) {
  clearError();
  try {
    await api("/api/host/trick-pause", { seconds });
  } catch (err) {
    showError(err.message);
  }
}

export function trickPauseControl(state) {
  const current = state.table.trick_pause ?? 3;
  const choices = CHOICES.includes(current) ? CHOICES : [...CHOICES, current].sort((a, b) => a - b);
  // One sentence with the menu in it ("{seconds}"): the words around it keep their order.
  const menu = h(
    "select",
    { "data-testid": "trick-pause-seconds", style: "width: auto", onchange: (e) => choose(Number(e.target.value)) },
    choices.map((s) => h("option", { value: s, selected: s === current }, t("{seconds} s", { seconds: s }))),
  );
  return h("label", { class: "check", "data-testid": "trick-pause" },
    sentence(t("A finished trick stays on screen at least {seconds}"), { seconds: menu }));
}
