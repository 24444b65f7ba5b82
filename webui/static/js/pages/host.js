// /host: the host's controls. Lobby: game, players, options, seats, start.
// In play: ask to free a seat (its holder's phone is asked; for a lost phone the
// table agrees), leave your own, end the game. After: a new game.
// Every call carries the host's own token; the server checks it.
import { api, follow, getToken, myState, saveToken, showConnection } from "../api.js";
import { clearError, h, listing, replace, showError } from "../dom.js";
import { rejoin, stillSeated } from "../rejoin.js";
import { seatName, seatNotices, tableProblem, who } from "../seats.js";
import { setupFields } from "../setup-form.js";

const root = document.getElementById("host");
const warnings = document.querySelector("[data-testid=hardware-warnings]");
let games = [];
let version = -1;
let settings = null; // the lobby settings form: {key, node, read, dirty}
let stopListening = () => {};

function listen() {
  const url = `/api/stream?token=${encodeURIComponent(getToken())}`;
  stopListening = follow(url, { state: render, rejoin, closed: stillSeated }, showConnection);
}

// Replacing or clearing the game ends every seat, this one too: stop listening
// first, or the stream's "rejoin" would send this page away mid-request.
async function leaveWith(path, body) {
  stopListening();
  const answer = await call(path, body);
  if (!answer) listen();
  return answer;
}

async function call(path, body = {}) {
  clearError();
  try {
    return await api(path, body);
  } catch (err) {
    if (err.status === 403 && !err.message.startsWith("only the host")) return rejoin();
    showError(err.message);
    return null;
  }
}

async function hardware() {
  try {
    const health = await api("/healthz", undefined, { token: null });
    const broken = Object.entries(health.hardware)
      .filter(([, part]) => part && typeof part === "object" && part.healthy === false)
      .map(([name, part]) => `${name}: ${part.error || "not working"}`);
    warnings.hidden = broken.length === 0;
    warnings.textContent = broken.length ? `Hardware problem: ${broken.join("; ")}` : "";
  } catch {
    // /healthz unreachable means the box is: the stream shows "reconnecting".
  }
}

function settingsForm(state) {
  const current = { game: state.table.game, players: state.table.players, options: state.table.options };
  const key = JSON.stringify(current);
  if (settings && (settings.key === key || settings.dirty)) return settings.node;
  const fields = setupFields(games, current, () => (settings.dirty = true));
  const save = async (event) => {
    event.preventDefault();
    if (await call("/api/host/configure", fields.read())) settings.dirty = false;
  };
  const node = h(
    "form",
    { class: "panel", "data-testid": "host-settings", onsubmit: save },
    h("h2", {}, "Game settings"),
    fields.node,
    h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "host-save" }, "Save settings")),
  );
  settings = { key, node, dirty: false };
  return node;
}

// 32 hex digits from the browser's CSPRNG (crypto.randomUUID needs https).
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

// What the host is told before freeing a seat: in the lobby it is simply free again;
// in play another seat holds a hand, so its holder (or the table) must agree.
function releaseQuestion(state, seat) {
  const which = `seat ${seat.seat + 1} (${seat.name})`;
  if (state.table.phase === "lobby") return `Free ${which}? Their phone stops working; anyone can take the seat with the room code.`;
  if (seat.seat === state.you.seat) return "Leave your seat? This phone leaves the game and host rights pass on; whoever takes the seat sees your hand.";
  return `Ask to free ${which}? Their phone is asked first. If it is lost, every other player must agree, and then you free it. Every screen is told.`;
}

function seatsPanel(state, { swap }) {
  const asking = state.table.release;
  const rows = state.table.seats.map((seat) =>
    h(
      "li",
      { class: "row", "data-testid": "host-seat", "data-seat": seat.seat },
      h("span", {}, `Seat ${seat.seat + 1}: `, seat.taken ? seat.name : h("em", {}, "free"), seat.seat === state.table.host ? " (host)" : ""),
      seat.taken && !asking
        ? h("button", {
            type: "button", class: "secondary", "data-testid": "release", "data-seat": seat.seat,
            onclick: () => confirm(releaseQuestion(state, seat)) && call("/api/host/release", { seat: seat.seat }),
          }, state.table.phase === "playing" && seat.seat === state.you.seat ? "Leave" : "Release")
        : null,
    ),
  );
  const choose = (testid) =>
    h("select", { "data-testid": testid }, state.table.seats.map((s) => h("option", { value: s.seat }, `Seat ${s.seat + 1}: ${s.taken ? s.name : "free"}`)));
  const first = choose("swap-first");
  const second = choose("swap-second");
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, `Seats · room ${state.table.room}`),
    h("ol", { class: "plain" }, rows),
    swap
      ? h("div", { class: "row" }, first, second,
          h("button", { type: "button", class: "secondary", "data-testid": "swap",
            onclick: () => call("/api/host/swap", { first: Number(first.value), second: Number(second.value) }) }, "Swap seats"))
      : null,
  );
}

function lobby(state) {
  const missing = state.table.seats.filter((s) => !s.taken).length;
  const start = async () => {
    if (await call("/api/host/start")) location.assign("/seat");
  };
  return [
    settingsForm(state),
    seatsPanel(state, { swap: true }),
    h("div", { class: "actions" },
      h("button", { type: "button", "data-testid": "host-start", disabled: missing > 0, onclick: start },
        missing ? `Waiting for ${missing} more` : "Start the game"),
      h("button", { type: "button", class: "danger", "data-testid": "host-end",
        onclick: () => confirm("Cancel this game?") && call("/api/host/end") }, "Cancel the game")),
  ];
}

// The pending request to free a seat: who answered, who not yet; free it once the
// table agreed (a lost phone), or withdraw it.
function releasePanel(state) {
  const ask = state.table.release;
  if (!ask) return null;
  const names = (seats) => listing(seats.map((s) => who(state, s))) || "nobody";
  const answer = (allow) => call("/api/host/release/answer", { allow });
  return h(
    "section",
    { class: "panel notice", "data-testid": "host-release", "data-seat": ask.seat },
    h("h2", {}, `Freeing seat ${ask.seat + 1} (${ask.name})`),
    h("p", {}, `${ask.name}'s phone is asked to allow it. If that phone is lost, every other player agrees on theirs; then free it here (${ask.name}'s phone may refuse for ${ask.grace} s after you asked).`),
    h("p", { "data-testid": "host-release-answers" }, `Agreed: ${names(ask.agreed)}. Waiting for: ${names(ask.waiting)}.`),
    h("div", { class: "actions" },
      h("button", { type: "button", "data-testid": "host-release-free", disabled: ask.waiting.length > 0, onclick: () => answer(true) }, "Free it now (the table agreed)"),
      h("button", { type: "button", class: "secondary", "data-testid": "host-release-withdraw", onclick: () => answer(false) }, "Withdraw")),
  );
}

function playing(state) {
  const endEarly = () =>
    confirm("Does everyone agree to stop here? The game ends now and the scores stand as they are.") &&
    call("/api/host/end-early");
  return [
    h("p", {}, h("a", { class: "button", href: "/seat", "data-testid": "to-seat" }, "Back to my hand")),
    releasePanel(state),
    seatsPanel(state, { swap: false }),
    h("div", { class: "actions" },
      state.end_early
        ? h("button", { type: "button", "data-testid": "host-end-early", onclick: endEarly }, "End the game now (the table agrees)")
        : null,
      h("button", { type: "button", class: "danger", "data-testid": "host-end",
        onclick: () => confirm("End the game for everyone? It is kept in the box's history.") && call("/api/host/end") }, "End the game")),
    state.end_early
      ? h("p", { class: "muted" }, "Ending now (the table agrees) keeps the scores and names the winners; End the game abandons it without a result.")
      : null,
  ];
}

// The key of the "New game" opening: the same for every try from this page, so a
// try whose answer was lost gets the same host seat back.
let newGameKey = null;

function over(state) {
  newGameKey ||= randomId();
  const winners = listing((state.winners || []).map((s) => seatName(state, s)));
  const again = async () => {
    const opened = await leaveWith("/api/lobby", {
      game: state.table.game, players: state.table.players, options: state.table.options,
      name: seatName(state, state.you.seat), opener: newGameKey,
    });
    if (opened) {
      saveToken(opened.token);
      location.reload();
    }
  };
  return [
    h("section", { class: "panel", "data-testid": "host-result" }, h("h2", {}, "Game over"), h("p", {}, `Winners: ${winners}`)),
    h("div", { class: "actions" },
      h("button", { type: "button", "data-testid": "host-new-game", onclick: again }, "New game, same settings"),
      h("button", { type: "button", class: "secondary", "data-testid": "host-clear", onclick: async () => (await leaveWith("/api/host/end", {})) && location.assign("/") }, "Clear the table")),
  ];
}

function render(state) {
  if (state.table.version < version) return;
  version = state.table.version;
  if (state.you.seat === null) return rejoin();
  if (!state.you.host) {
    const host = state.table.host === null ? "nobody yet" : seatName(state, state.table.host);
    replace(root, h("p", { class: "notice", "data-testid": "not-host" }, `Only the host (${host}) can use these controls.`));
    return;
  }
  const phase = state.table.phase;
  replace(root, seatNotices(state), phase === "lobby" ? lobby(state) : phase === "playing" ? playing(state) : over(state));
  hardware();
}

async function main() {
  const token = getToken();
  if (!token) {
    replace(root, h("p", { class: "notice", "data-testid": "not-host" }, "Open a game or join one first: ", h("a", { href: "/" }, "front page"), "."));
    return;
  }
  try {
    games = (await api("/api/games", undefined, { token: null })).games;
    const state = await myState();
    if (!state) {
      // A game that could not be resumed after an update ended every seat: say why.
      const status = await api("/api/status", undefined, { token: null });
      if (!status.problem) return rejoin();
      replace(root, tableProblem({ table: status }), h("p", {}, h("a", { class: "button", href: "/" }, "Open a new game")));
      return;
    }
    render(state);
  } catch (err) {
    showError(err.message);
  }
  listen();
}

main();
