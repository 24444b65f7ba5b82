// /table: the public view for spectators or a TV: the room code and QR while
// seats fill, then the game with no hand, in big type. Never sends a token.
import { follow, showConnection } from "../api.js";
import { h, replace } from "../dom.js";
import { boardFor } from "../games.js";
import { lobbyList, seatNotices, seatName, tableProblem } from "../seats.js";
import { sticksStrip } from "../sticks.js";

const root = document.getElementById("table");
const sticks = document.getElementById("sticks");
let version = -1;

function lobby(state) {
  const room = state.table.room;
  return h(
    "section",
    { class: "panel", "data-testid": "table-lobby" },
    h("h1", {}, `${state.table.title}: join with your phone`),
    h("div", { class: "row" },
      h("img", { class: "join-qr", "data-testid": "join-qr", src: `/join-qr.png?room=${room}`, alt: `QR code to join room ${room}` }),
      h("div", {},
        h("p", {}, "Room code"),
        h("p", { class: "room-code", "data-testid": "room-code" }, room),
        h("p", { class: "muted" }, `or open ${location.host}/j/${room}`))),
    lobbyList(state),
  );
}

// A seat being freed during play: every screen says so, so no hand changes eyes unseen.
function pendingRelease(state) {
  const ask = state.table.release;
  if (!ask) return null;
  const waiting = ask.waiting.map((s) => seatName(state, s)).join(", ");
  return h("p", { class: "notice", "data-testid": "table-release" },
    `The host asks to free seat ${ask.seat + 1} (${ask.name})` + (waiting ? `: waiting for ${waiting}` : ""));
}

function render(state) {
  if (state.table.version < version) return;
  version = state.table.version;
  replace(sticks, sticksStrip(state, { from: "table", token: null }));
  const phase = state.table.phase;
  if (phase === "idle") {
    replace(root, h("section", { class: "panel", "data-testid": "table-idle" },
      tableProblem(state),
      h("h1", {}, "No game is open"),
      h("p", {}, `Open one from a phone at ${location.host} or with the box's buttons.`)));
  } else if (phase === "lobby") {
    replace(root, lobby(state));
  } else {
    // A seat freed during play (a lost phone) can be taken again: show how.
    const free = phase === "playing" && state.table.seats.some((s) => !s.taken);
    replace(
      root,
      h("p", { "data-testid": "table-room" }, `${state.table.title} · room ${state.table.room}`),
      seatNotices(state),
      pendingRelease(state),
      free ? lobby(state) : null,
      boardFor(state),
    );
  }
}

follow("/api/stream", { state: render }, showConnection);
