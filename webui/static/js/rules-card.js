// The rules card: the game's goal, a turn in five lines, what ends it and this
// table's options, each line a link to the fuller rules at its section
// (webui/rules_cards.py, /rules/<game>). It opens over the page in a <dialog>, so
// the play screen stays as it is (one screen, no scroll) and closes back to it.
//   rulesButton(source)   a "Rules" button; source() -> the card's /api/rules URL,
//                         or null while there is no game to explain
//   rulesInBar(state)     the table page's button, in its header bar (hidden while idle)
//   chosenRules(setup)    the URL of a game being chosen ({game, players, options})
import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { lang, t } from "./i18n.js";
import { needStyle } from "./styles.js";

needStyle("rules-card.css");

let dialog = null;

function ensureDialog() {
  if (dialog) return dialog;
  dialog = h("dialog", { class: "rules-card", "data-testid": "rules-card", "aria-labelledby": "rules-card-title" });
  // A tap on the dim backdrop (the dialog itself, outside its panel) closes it.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}

// The card's words come in the page's own language (?language=): the table page
// speaks the table's, whatever the TV's browser prefers.
async function fetchCard(url) {
  const sep = url.includes("?") ? "&" : "?";
  const data = await api(`${url}${sep}language=${encodeURIComponent(lang)}`, undefined, { token: null });
  return data.card;
}

function section(part) {
  return h("section", { class: "rules-part", "data-testid": `rules-${part.key}` },
    h("h3", {}, part.heading),
    h(part.key === "turn" ? "ol" : "ul", {}, part.lines.map((line) =>
      h("li", {},
        h("a", { href: line.href, target: "_blank", rel: "noopener", "data-testid": "rules-line", "data-section": line.section }, line.text)))));
}

function draw(node, card) {
  replace(node,
    h("div", { class: "rules-head" },
      h("h2", { id: "rules-card-title", "data-testid": "rules-title" }, card.title),
      h("button", { type: "button", class: "secondary", "data-testid": "rules-close", onclick: () => node.close() }, t("Close"))),
    h("div", { class: "rules-body" }, card.sections.map(section)),
    h("p", { class: "rules-more" },
      h("a", { href: card.rules, target: "_blank", rel: "noopener", "data-testid": "rules-full" }, t("All the rules as the box plays them"))));
}

export async function openRules(url) {
  const node = ensureDialog();
  replace(node,
    h("div", { class: "rules-head" },
      h("h2", { id: "rules-card-title" }, t("Rules")),
      h("button", { type: "button", class: "secondary", "data-testid": "rules-close", onclick: () => node.close() }, t("Close"))),
    h("p", { class: "muted" }, "…"));
  if (!node.open) node.showModal();
  try {
    draw(node, await fetchCard(url));
  } catch (err) {
    replace(node, node.firstChild, h("p", { class: "error", "data-testid": "rules-error" }, err.message));
  }
}

// "? Rules": on a narrow phone's header only the "?" shows (rules-card.css), the
// button keeps its name for screen readers.
export function rulesButton(source) {
  const label = t("Rules");
  return h("button", {
    type: "button", class: "secondary rules-button", "data-testid": "rules-open", "aria-haspopup": "dialog",
    "aria-label": label, title: label,
    onclick: () => {
      const url = source();
      if (url) openRules(url);
    },
  }, h("span", { class: "rules-icon", "aria-hidden": "true" }, "?"), h("span", { class: "rules-label" }, label));
}

// The table page: a button in the header bar while a game is open, beside the
// languages. (A corner button over the page covered the board or the scores of a
// TV screen the page fills.)
let inBar = null;
export function rulesInBar(state) {
  if (!inBar) {
    inBar = rulesButton(() => "/api/rules");
    inBar.classList.add("rules-in-bar");
    const bar = document.querySelector("body > header.bar");
    bar?.insertBefore(inBar, bar.querySelector(".languages"));
  }
  inBar.hidden = !state.table.game || state.table.phase === "idle";
}

// A game being chosen (the host's settings): its card with the options as they stand.
export function chosenRules({ game, players, options }) {
  if (!game) return null;
  const query = new URLSearchParams({ options: JSON.stringify(options || {}) });
  if (players) query.set("players", String(players));
  return `/api/rules/${encodeURIComponent(game)}?${query}`;
}
