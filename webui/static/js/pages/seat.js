// /seat: this phone's seat. Its view (hand included) comes from /api/state and
// then live from /api/stream; actions go to /api/action.
import { api, follow, getToken, myState, showConnection } from "../api.js";
import { clearError, h, replace, showError } from "../dom.js";
import { boardDetailsFor, boardTopFor, handFor } from "../games.js";
import { rejoin, stillSeated } from "../rejoin.js";
import { lobbyList, seatName } from "../seats.js";
import { sticksStrip } from "../sticks.js";

const nodes = {
  header: document.getElementById("header"),
  sticks: document.getElementById("sticks"),
  lobby: document.getElementById("lobby"),
  top: document.getElementById("board-top"),
  board: document.getElementById("board"),
  hand: document.getElementById("hand"),
};
let version = -1;
let hand = null; // {game, draw(state)}
let myTurn = false;

async function send(action) {
  clearError();
  try {
    await api("/api/action", { action });
    render(await api("/api/state"));
  } catch (err) {
    if (err.status === 403) return rejoin();
    showError(err.message);
  }
}

function header(state) {
  const me = state.you.seat;
  return [
    h("h1", { "data-testid": "seat-name" }, `${seatName(state, me)} · seat ${me + 1}`),
    h("span", { "data-testid": "seat-room" }, `Room ${state.table.room}`),
    state.you.host ? h("a", { class: "button secondary", href: "/host", "data-testid": "host-link" }, "Host controls") : null,
  ];
}

function turnCue(state) {
  const mine = (state.to_act || []).includes(state.you.seat);
  // Phones only let a page vibrate once someone has touched it.
  if (mine && !myTurn && navigator.userActivation?.hasBeenActive) navigator.vibrate?.(200);
  myTurn = mine;
  document.body.classList.toggle("your-turn", mine);
}

function render(state) {
  if (state.table.version < version) return; // an older answer arriving late
  version = state.table.version;
  if (state.you.seat === null) return rejoin();
  replace(nodes.header, header(state));
  replace(nodes.sticks, sticksStrip(state));
  turnCue(state);
  if (state.table.phase === "lobby") {
    replace(
      nodes.lobby,
      h("section", { class: "panel", "data-testid": "lobby" },
        h("h2", {}, `Waiting for players: ${state.table.title}`),
        lobbyList(state),
        h("p", { class: "muted" }, state.you.host ? "Start from Host controls when everyone is in." : "The host starts the game when everyone is in.")),
    );
    replace(nodes.top);
    replace(nodes.board);
    replace(nodes.hand);
    return;
  }
  replace(nodes.lobby);
  replace(nodes.top, boardTopFor(state));
  replace(nodes.board, boardDetailsFor(state));
  const makeHand = handFor(state.game);
  if (!makeHand) return replace(nodes.hand);
  if (!hand || hand.game !== state.game) hand = { game: state.game, draw: makeHand(nodes.hand, send) };
  hand.draw(state);
}

async function main() {
  const token = getToken();
  if (!token) return location.replace("/");
  try {
    const state = await myState();
    if (!state || state.you.seat === null) return rejoin();
    render(state);
  } catch (err) {
    showError(err.message);
  }
  follow(`/api/stream?token=${encodeURIComponent(token)}`, { state: render, rejoin, closed: stillSeated }, showConnection);
}

main();
