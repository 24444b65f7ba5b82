// The front page: join by room code, open a new game when the table is free.
import { api, getToken, myState, saveToken } from "../api.js";
import { clearError, h, replace, showError } from "../dom.js";
import { joinForm } from "../join-form.js";
import { setupFields } from "../setup-form.js";

if (new URLSearchParams(location.search).has("rejoin")) {
  document.querySelector("[data-testid=rejoin-notice]").hidden = false;
}

async function newGameForm() {
  const { games } = await api("/api/games", undefined, { token: null });
  const fields = setupFields(games, {});
  const name = h("input", { type: "text", id: "new-name", "data-testid": "new-name", maxlength: 16, required: true, value: localStorage.getItem("tablemate.name") || "" });
  const button = h("button", { type: "submit", "data-testid": "new-open" }, "Open the game");
  const submit = async (event) => {
    event.preventDefault();
    clearError();
    button.disabled = true;
    try {
      const opened = await api("/api/lobby", { ...fields.read(), name: name.value }, { token: null });
      saveToken(opened.token);
      localStorage.setItem("tablemate.name", name.value);
      location.assign("/host");
    } catch (err) {
      showError(err.message);
      button.disabled = false;
    }
  };
  return h(
    "form",
    { class: "panel", "data-testid": "new-game-form", onsubmit: submit },
    h("h2", {}, "Open a new game"),
    h("p", { class: "muted" }, "You take seat 1 and host: you start the game when everyone has joined."),
    fields.node,
    h("label", { for: "new-name" }, "Your name"),
    name,
    h("div", { class: "actions" }, button),
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
    if (status.phase === "idle" || status.phase === "over") {
      replace(document.getElementById("new-game"), await newGameForm());
    }
  } catch (err) {
    showError(err.message);
  }
}

main();
