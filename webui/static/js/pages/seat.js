// /seat: this phone's seat. Its view (hand included) comes from /api/state and
// then live from /api/stream; actions go to /api/action, each with its own request
// id, so a retry after a lost answer is applied once. Seat changes during play are
// announced here, and a request to free this seat asks this phone first.
import { api, follow, getToken, myState, showConnection } from "../api.js";
import { clearError, h, replace, showError } from "../dom.js";
import { boardDetailsFor, boardTopFor, handFor } from "../games.js";
import { rejoin, stillSeated } from "../rejoin.js";
import { lobbyList, seatName, seatNotices } from "../seats.js";
import { sticksStrip } from "../sticks.js";

const nodes = {
  header: document.getElementById("header"),
  sticks: document.getElementById("sticks"),
  lobby: document.getElementById("lobby"),
  top: document.getElementById("board-top"),
  board: document.getElementById("board"),
  hand: document.getElementById("hand"),
  notices: document.createElement("div"), // announcements and the request to free a seat
};
nodes.header.after(nodes.notices);
let version = -1;
let hand = null; // {game, draw(state)}
let myTurn = false;
let askedMe = false; // a request to free this seat is showing

// 32 hex digits from the browser's CSPRNG (crypto.randomUUID needs https).
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

// One move. If the box cannot be reached it is sent once more a second later with
// the same request id: the box applies it at most once and answers the retry with
// the same events.
async function send(action) {
  clearError();
  const body = { action, request: randomId() };
  try {
    try {
      await api("/api/action", body);
    } catch (err) {
      if (err.status !== 0) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await api("/api/action", body);
    }
    render(await api("/api/state"));
  } catch (err) {
    if (err.status === 403) return rejoin();
    showError(err.message);
  }
}

async function answerRelease(allow) {
  clearError();
  try {
    await api("/api/host/release/answer", { allow });
  } catch (err) {
    if (err.status === 403) return rejoin();
    showError(err.message);
  }
}

// The host asks to free a seat: its holder allows or refuses; for a lost phone the
// other players agree or refuse; the asker waits (the host page has the controls).
function releaseRequest(state) {
  const ask = state.table.release;
  const me = state.you.seat;
  if (!ask || ask.seat !== me) askedMe = false;
  if (!ask) return null;
  const seat = `seat ${ask.seat + 1}`;
  const buttons = (yes, no) =>
    h("div", { class: "actions" },
      h("button", { type: "button", "data-testid": "release-allow", onclick: () => answerRelease(true) }, yes),
      h("button", { type: "button", class: "secondary", "data-testid": "release-refuse", onclick: () => answerRelease(false) }, no));
  let body;
  if (ask.seat === me) {
    // Once per request; phones only let a page vibrate once someone has touched it.
    if (!askedMe && navigator.userActivation?.hasBeenActive) navigator.vibrate?.([200, 100, 200]);
    askedMe = true;
    body = [
      h("h2", {}, "The host wants to free your seat"),
      h("p", {}, "If you allow it, this phone leaves the game and whoever takes the seat sees your hand."),
      buttons("Allow", "Refuse"),
    ];
  } else if (ask.by === me) {
    body = h("p", {}, `You asked to free ${seat} (${ask.name}): waiting for their answer, or the table's.`);
  } else if (ask.agreed.includes(me)) {
    body = h("p", {}, `You agreed to free ${seat} (${ask.name}). Waiting for ${ask.name}'s phone or the others.`);
  } else {
    body = [
      h("h2", {}, `The host asks to free ${seat} (${ask.name})`),
      h("p", {}, `Agree only if ${ask.name}'s phone is lost: whoever takes the seat sees that hand.`),
      buttons("Agree", "Refuse"),
    ];
  }
  return h("section", { class: "panel notice", "data-testid": "release-request", "data-seat": ask.seat }, body);
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
  replace(nodes.notices, seatNotices(state), releaseRequest(state));
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
