// The front page: join by room code, open a new game when the table is free.
import { api, getToken, myState, saveToken } from "../api.js";
import { clearError, h, replace, showError } from "../dom.js";
import { joinForm } from "../join-form.js";
import { t } from "../i18n.js";
import { setupFields } from "../setup-form.js";
import { tableProblem } from "../seats.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

if (new URLSearchParams(location.search).has("rejoin")) {
  document.querySelector("[data-testid=rejoin-notice]").hidden = false;
}

const OPENING_KEY = "tablemate.opening"; // an opening not yet answered: its request
// 32 hex digits from the browser's CSPRNG (crypto.randomUUID needs https).
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

function opening(opened) {
  localStorage.removeItem(OPENING_KEY);
  saveToken(opened.token);
  location.assign("/host");
}

// This phone opened a game but never got the answer (the Wi-Fi, a crash): the same
// request again returns its host seat while that game is open.
async function reclaim() {
  const body = localStorage.getItem(OPENING_KEY);
  if (!body) return false;
  try {
    opening(await api("/api/lobby", JSON.parse(body), { token: null }));
    return true;
  } catch (err) {
    if (err.status !== 0) localStorage.removeItem(OPENING_KEY);
    return false;
  }
}

async function newGameForm() {
  const { games } = await api("/api/games", undefined, { token: null });
  const fields = setupFields(games, {});
  const name = h("input", { type: "text", id: "new-name", "data-testid": "new-name", maxlength: 16, required: true, value: localStorage.getItem("tablemate.name") || "" });
  const button = h("button", { type: "submit", "data-testid": "new-open" }, t("Open the game"));
  const submit = async (event) => {
    event.preventDefault();
    clearError();
    button.disabled = true;
    // This phone's key for this opening, kept with the request until the box
    // answers: sent again (a retry, or reclaim() after a reload) it gets back the
    // host seat of the game it opened.
    const body = { ...fields.read(), name: name.value, opener: randomId() };
    localStorage.setItem(OPENING_KEY, JSON.stringify(body));
    try {
      let opened;
      try {
        opened = await api("/api/lobby", body, { token: null });
      } catch (err) {
        if (err.code === "sheet_unfinished") {
          // The box shows a score sheet not yet over: its player decides, as on the box.
          if (!window.confirm(err.message)) {
            localStorage.removeItem(OPENING_KEY);
            button.disabled = false;
            return;
          }
          body.over_sheet = true;
          localStorage.setItem(OPENING_KEY, JSON.stringify(body));
          opened = await api("/api/lobby", body, { token: null });
        } else {
          if (err.status !== 0) throw err;
          await new Promise((resolve) => setTimeout(resolve, 1000));
          opened = await api("/api/lobby", body, { token: null });
        }
      }
      localStorage.setItem("tablemate.name", name.value);
      opening(opened);
    } catch (err) {
      if (err.status !== 0) localStorage.removeItem(OPENING_KEY); // the box answered: done with it
      showError(err.message);
      button.disabled = false;
    }
  };
  const form = h(
    "form",
    { id: "new-game-form", "data-testid": "new-game-form", onsubmit: submit, hidden: true },
    fields.node,
    h("label", { for: "new-name" }, t("Your name")),
    name,
    h("div", { class: "actions" }, button),
  );
  // Joining comes first on this page; the form (long: every option of the game) is
  // one tap away: the page of an idle table is about half as tall (issue 28).
  const toggle = h("button", {
    type: "button", class: "secondary", "data-testid": "new-game-toggle",
    "aria-expanded": "false", "aria-controls": "new-game-form",
    onclick: () => {
      form.hidden = false;
      toggle.remove();
      form.querySelector("select, input")?.focus();
    },
  }, t("Choose a game…"));
  return h(
    "section",
    { class: "panel", "data-testid": "new-game" },
    h("h2", {}, t("Open a new game")),
    h("p", { class: "muted" }, t("You take seat 1 and host: you start the game when everyone has joined.")),
    h("div", { class: "actions" }, toggle),
    form,
  );
}

async function main() {
  replace(document.getElementById("join"), joinForm());
  try {
    if (getToken()) {
      const mine = await myState();
      if (mine && mine.you.seat !== null) document.querySelector("[data-testid=back-to-seat-box]").hidden = false;
    }
    const status = await api("/api/status", undefined, { token: null });
    if ((status.phase === "lobby" || status.phase === "playing") && (await reclaim())) return;
    if (status.phase === "idle" || status.phase === "over") {
      // A saved game an update could not resume: said here too, never silently.
      replace(document.getElementById("new-game"), tableProblem({ table: status }), await newGameForm());
    }
  } catch (err) {
    showError(err.message);
  }
}

main();
