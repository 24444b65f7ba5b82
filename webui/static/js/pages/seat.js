// /seat: this phone's seat. Its view (hand included) comes from /api/state and
// then live from /api/stream; actions go to /api/action, each with its own request
// id, so a retry after a lost answer is applied once. Seat changes during play are
// announced here, and a request to free this seat asks this phone first.
import { announce, bannerNews } from "../announce.js";
import { api, follow, getToken, myState, showConnection } from "../api.js";
import { hintButton } from "../bots.js";
import { clearError, h, morph, replace, showError } from "../dom.js";
import { dealFingerprint } from "../fingerprint.js";
import { keepFocus } from "../focus.js";
import { fitter } from "../fit.js";
import { boardDetailsFor, boardTopFor, handFor, needGame, throwPurpose } from "../games.js";
import { t } from "../i18n.js";
import { languageSwitch } from "../languages.js";
import { pageLinks } from "../page-links.js";
import { counted } from "../renders.js";
import { rejoin, stillSeated } from "../rejoin.js";
import { rulesButton } from "../rules-card.js";
import { gameOverPanel, lastGamePanel, leaveButton } from "../rematch.js";
import { gameTitle, lobbyList, seatName, seatNotices } from "../seats.js";
import { sticksStrip } from "../sticks.js";
import { showMoments } from "../summary.js";
import { earlierTakeBack, showTakeBack } from "../takeback.js";
import { keepAwake } from "../wakelock.js";
import { versionGate } from "../versions.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

const nodes = {
  header: document.getElementById("header"),
  sticks: document.getElementById("sticks"),
  lobby: document.getElementById("lobby"),
  top: document.getElementById("board-top"),
  board: document.getElementById("board"),
  hand: document.getElementById("hand"),
  moments: document.getElementById("moments"), // the finished trick
  takeBack: document.getElementById("take-back"), // Undo, how the last request ended
  notices: document.createElement("div"), // announcements and the request to free a seat
};
nodes.notices.id = "notices";
nodes.header.after(nodes.notices);
// The height the page leaves free: upright, the hand sits at the bottom of a column
// (its margin-top: auto, app.css) and what is free is the gap above it. Null on a
// phone on its side (a grid: the page cannot tell).
function freeHeight() {
  const main = nodes.hand.parentElement;
  if (getComputedStyle(main).display !== "flex") return null;
  let above = nodes.hand.previousElementSibling;
  while (above && !above.getClientRects().length) above = above.previousElementSibling; // empty: not shown
  if (!above) return null;
  const gap = parseFloat(getComputedStyle(main).rowGap) || 0;
  return nodes.hand.getBoundingClientRect().top - above.getBoundingClientRect().bottom - gap;
}
// Scale, never clip (js/fit.js): after anything on the page changes (a state, a card
// picked, a trick's moment ending), in the frame that paints it (js/frame.js).
const fit = fitter({ regions: () => [nodes.top, nodes.hand], floor: 0.6, room: freeHeight });
new MutationObserver(fit).observe(document.querySelector("main"), { childList: true, subtree: true });
// On a phone on its side the bar shows only while it says "reconnecting…" (app.css):
// its coming and going changes the height the page has.
const badge = document.querySelector("[data-testid=connection]");
if (badge) new MutationObserver(fit).observe(badge, { attributes: true, attributeFilter: ["hidden"] });
// This phone's own view: its choices described compactly (webui/choices.py).
const STATE = "/api/state?compact=1";
const gate = versionGate();
let hand = null; // {game, draw(state)}
let myTurn = false;
let askedMe = false; // a request to free this seat is showing
let drawerOpen = false; // scores and history, one tap from the header
let lastState = null;
let drawnGame = null; // the state last drawn, less its version and sticks (see render)
let drawnSticks = null; // what the sticks strip last drew (see drawSticks)
let stopFollowing = () => {}; // ends the live stream (before leaving the table)

function toggleDrawer(open = !drawerOpen) {
  drawerOpen = open;
  if (open && lastState) drawDrawer(lastState); // what it shows now, before it slides in
  nodes.board.classList.toggle("open", open);
  document.body.classList.toggle("drawer-open", open);
  if (lastState) replace(nodes.header, header(lastState));
}

// 32 hex digits from the browser's CSPRNG (crypto.randomUUID needs https).
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

// One move. If the box cannot be reached it is sent once more a second later with
// the same request id: the box applies it at most once and answers the retry with
// the same events. The answer carries this seat's view after the move (?compact=1),
// drawn at once: one request per move, not two.
async function send(action) {
  clearError();
  const body = { action, request: randomId() };
  const path = "/api/action?compact=1";
  try {
    let answer;
    try {
      answer = await api(path, body);
    } catch (err) {
      if (err.status !== 0) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      answer = await api(path, body);
    }
    render(answer.state);
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
  const seat = ask.seat + 1;
  const buttons = (yes, no) =>
    h("div", { class: "actions" },
      h("button", { type: "button", "data-testid": "release-allow", onclick: () => answerRelease(true) }, yes),
      h("button", { type: "button", class: "secondary", "data-testid": "release-refuse", onclick: () => answerRelease(false) }, no));
  const asked = { number: seat, name: ask.name };
  let body;
  if (ask.seat === me) {
    // Once per request; phones only let a page vibrate once someone has touched it.
    if (!askedMe && navigator.userActivation?.hasBeenActive) navigator.vibrate?.([200, 100, 200]);
    askedMe = true;
    body = ask.bot
      ? [
          h("h2", {}, t("The host wants to give your seat to a bot")),
          h("p", {}, t("If you allow it, this phone leaves the game and a bot plays your hand from here.")),
          buttons(t("Allow"), t("Refuse")),
        ]
      : [
          h("h2", {}, t("The host wants to free your seat")),
          h("p", {}, t("If you allow it, this phone leaves the game and whoever takes the seat sees your hand.")),
          buttons(t("Allow"), t("Refuse")),
        ];
  } else if (ask.by === me) {
    body = h("p", {}, ask.bot
      ? t("You asked to give seat {number} ({name}) to a bot: waiting for their answer, or the table's.", asked)
      : t("You asked to free seat {number} ({name}): waiting for their answer, or the table's.", asked));
  } else if (ask.agreed.includes(me)) {
    body = h("p", {}, ask.bot
      ? t("You agreed to give seat {number} ({name}) to a bot. Waiting for {name}'s phone or the others.", asked)
      : t("You agreed to free seat {number} ({name}). Waiting for {name}'s phone or the others.", asked));
  } else if (ask.bot) {
    body = [
      h("h2", {}, t("The host asks to give seat {number} ({name}) to a bot", asked)),
      h("p", {}, t("Agree only if {name} wants it or has gone: a bot plays that hand from here.", asked)),
      buttons(t("Agree"), t("Refuse")),
    ];
  } else {
    body = [
      h("h2", {}, t("The host asks to free seat {number} ({name})", asked)),
      h("p", {}, t("Agree only if {name}'s phone is lost: whoever takes the seat sees that hand.", asked)),
      buttons(t("Agree"), t("Refuse")),
    ];
  }
  return h("section", { class: "panel notice", "data-testid": "release-request", "data-seat": ask.seat }, body);
}

function header(state) {
  const me = state.you.seat;
  return [
    // Who I am, with the room code and the deal's fingerprint under it: one column
    // that takes the header's spare width, so a name is never cut to a letter.
    h("div", { class: "seat-id" },
      h("h1", { "data-testid": "seat-name" }, t("{name} · seat {number}", { name: seatName(state, me), number: me + 1 })),
      h("span", { class: "seat-room" },
        h("span", { "data-testid": "seat-room" }, t("Room {code}", { code: state.table.room })), dealFingerprint(state))),
    state.you.host ? h("a", { class: "button secondary", href: "/host", "data-testid": "host-link" }, t("Host")) : null,
    rulesButton(() => "/api/rules"), // the game's rules card, over the page (js/rules-card.js)
    state.table.phase === "lobby"
      ? null
      : h("button", {
          type: "button", class: `secondary drawer-toggle${drawerOpen ? " open" : ""}`, "data-testid": "drawer-toggle",
          "aria-expanded": drawerOpen, onclick: () => toggleDrawer(),
        }, drawerOpen ? t("Close") : t("Scores")),
  ];
}

function turnCue(state) {
  // Nobody's turn while the table reads a summary: the cue comes when play resumes.
  const mine = !state.table.interlude && (state.to_act || []).includes(state.you.seat);
  // Phones only let a page vibrate once someone has touched it.
  if (mine && !myTurn && navigator.userActivation?.hasBeenActive) navigator.vibrate?.(200);
  myTurn = mine;
  document.body.classList.toggle("your-turn", mine);
}

// Every redraw keeps keyboard focus where it was (js/focus.js), and the page's one
// live region says whose turn it is when that changes (js/announce.js).
//
// One render per move: the mover's page gets the new state twice (the answer to its
// move and the stream) and draws the first only; a version that changed nothing this
// page shows (a stick throw, a score sheet saved on the box) redraws the sticks strip
// or nothing. window.__renders (js/renders.js) counts the draws.
function render(state) {
  const loading = needGame(state.game); // another game than the page was opened for
  if (loading) return void loading.then(() => render(state));
  if (gate(state.table) !== "newer") return; // seen already, or an older answer arriving late
  const game = JSON.stringify({ ...state, sticks: null, table: { ...state.table, version: null } });
  if (game === drawnGame) {
    lastState = state;
    drawSticks(state);
    return;
  }
  keepFocus(document.querySelector("main"), () => draw(state));
  drawnGame = game;
  announce("turn", state.table.phase === "lobby" ? "" : bannerNews(nodes.top));
}

// The sticks strip, when what it shows changed: the box's last throw, the game's own.
function drawSticks(state) {
  const shown = JSON.stringify([state.sticks, state.throws, state.last_throw, state.game, state.table.seats, state.table.room]);
  if (shown === drawnSticks) return;
  counted("sticks");
  drawnSticks = shown;
  const strip = (shown) => sticksStrip(shown, { purpose: throwPurpose, redraw: () => lastState && replace(nodes.sticks, strip(lastState)) });
  replace(nodes.sticks, strip(state));
}

function draw(state) {
  if (state.you.seat === null) return rejoin();
  counted("page");
  // The next game at this table (play again, another game) needs a fresh hand.
  if (state.table.phase === "lobby" || (lastState?.table.phase === "over" && state.table.phase === "playing")) hand = null;
  lastState = state;
  const playing = state.table.phase !== "lobby";
  document.body.classList.toggle("seat-playing", playing); // one screen, no scroll: app.css
  // The skip link (base.html) leads to the hand during play, to the lobby before.
  const skip = document.querySelector(".skip-link");
  if (skip) {
    // Written only when it changes: each write restyles the page.
    const [hash, text] = playing ? ["#hand", t("Skip to your hand")] : ["#main", t("Skip to the content")];
    if (skip.hash !== hash) skip.hash = hash;
    if (skip.textContent !== text) skip.textContent = text;
  }
  if (!playing && drawerOpen) toggleDrawer(false);
  // The header: what changed in it only, the rest kept as shown (js/dom.js morph).
  morph(nodes.header, header(state));
  replace(nodes.notices, seatNotices(state), releaseRequest(state), hintButton(state), keepAwake(state.table.phase === "playing"));
  drawSticks(state);
  showMoments(state, { asSeat: true, slot: nodes.moments }); // the finished trick, the deal's summary
  showTakeBack(state, { asSeat: true, slot: nodes.takeBack }); // undo my last move, the table's answer
  turnCue(state);
  if (state.table.phase === "lobby") {
    replace(
      nodes.lobby,
      h("section", { class: "panel", "data-testid": "lobby" },
        h("h2", {}, t("Waiting for players: {game}", { game: gameTitle(state.table.title) })),
        lobbyList(state),
        h("p", { class: "muted" }, state.you.host ? t("Start from Host controls when everyone is in.") : t("The host starts the game when everyone is in.")),
        h("div", { class: "actions" }, leaveButton(() => stopFollowing()))),
      lastGamePanel(state),
    );
    replace(nodes.top);
    replace(nodes.board);
    replace(nodes.hand);
    return;
  }
  // After a game: what comes next (play again, another game, leave).
  replace(nodes.lobby, state.table.phase === "over" ? gameOverPanel(state, { stop: () => stopFollowing() }) : null);
  // Whose turn and the table above the hand: what a move changed (a trick's slot, the
  // banner), the rest kept as shown (js/dom.js morph).
  morph(nodes.top, boardTopFor(state));
  drawDrawer(state);
  const makeHand = handFor(state.game);
  if (!makeHand) return replace(nodes.hand);
  if (!hand || hand.game !== state.game) hand = { game: state.game, draw: makeHand(nodes.hand, send, { redrawTop }) };
  hand.draw(state);
}

// A hand may change the top between states (Céna: the trick slots where a tapped card
// may go): the top drawn again from the state last drawn, what changed in it only.
function redrawTop() {
  if (lastState) morph(nodes.top, boardTopFor(lastState));
}

// The drawer: the game's details, the game before, and this phone's language (the
// page's footer is hidden during play: one screen); on a phone on its side the bar's
// links at its top (the bar is hidden there, app.css). Drawn while open, what changed
// in it only (a trick's number, a score: js/dom.js morph); closed, not drawn at all
// (a slow phone builds none of it on each move) and drawn as it opens. The closed
// drawer is neither laid out nor painted either (app.css: content-visibility).
function drawDrawer(state) {
  if (!drawerOpen) return;
  morph(nodes.board, pageLinks("drawer-pages"), earlierTakeBack(state), boardDetailsFor(state), lastGamePanel(state), languageSwitch("drawer-languages"));
}

async function main() {
  const token = getToken();
  if (!token) return location.replace("/");
  try {
    const state = await myState(STATE);
    if (!state || state.you.seat === null) return rejoin();
    render(state);
  } catch (err) {
    showError(err.message);
  }
  stopFollowing = follow(`/api/stream?compact=1&token=${encodeURIComponent(token)}`, { state: render, rejoin, closed: stillSeated }, showConnection);
}

main();
