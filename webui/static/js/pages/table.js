// /table: the public view for a TV across the room (a ten-foot view, 720p to 4K):
// a big QR and room code while seats fill, then the game with no hand, whose turn
// it is in a banner across the screen, and after a game the final scores and ranks.
// app.css scales the type and boards with the screen. Nothing here is a control:
// the public view never throws, plays or chooses. Never sends a token.
import { announce, bannerNews } from "../announce.js";
import { follow, showConnection } from "../api.js";
import { h, replace } from "../dom.js";
import { dealFingerprint } from "../fingerprint.js";
import { fitter } from "../fit.js";
import { boardFor, throwPurpose } from "../games.js";
import { t } from "../i18n.js";
import { languageSwitch } from "../languages.js";
import { finalStandings, lastGamePanel } from "../rematch.js";
import { rulesInBar } from "../rules-card.js";
import { gameTitle, lobbyList, seatNotices, seatName, tableProblem } from "../seats.js";
import { sticksStrip } from "../sticks.js";
import { showScoreboard } from "../scoreboard.js";
import { showMoments } from "../summary.js";
import { showTakeBack } from "../takeback.js";
import { versionGate } from "../versions.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

const root = document.getElementById("table");
const sticks = document.getElementById("sticks");
// The finished trick's place in the table's layout (beside the scores on a TV): it
// covers nothing, as on the phones (js/summary.js).
const moments = h("div", { id: "moments", "data-testid": "moments-slot" });
const gate = versionGate();
let latest = null; // the table status last drawn: a slow scoreboard look yields to a newer one

// Where phones open the box: its name (tablemate.local, published by avahi) as well as
// the address this TV reached it by, which a phone on another network may not reach.
const boxName = document.querySelector('meta[name="tablemate-box-name"]')?.content;
const port = location.port ? `:${location.port}` : "";
const named = boxName && !location.hostname.endsWith(".local") ? `${boxName}${port}` : null;
const address = (path = "") =>
  named ? t("{name} or {address}", { name: `${named}${path}`, address: `${location.host}${path}` }) : `${location.host}${path}`;

// The TV page fits one screen, so its language switch sits in the header bar (app.css
// hides the footer here): a TV may speak other than the table's configured language.
document.querySelector("body > header.bar")?.append(languageSwitch("table-languages"));

function lobby(state) {
  const room = state.table.room;
  return h(
    "section",
    { class: "panel", "data-testid": "table-lobby" },
    h("h1", {}, t("{game}: join with your phone", { game: gameTitle(state.table.title) })),
    h("div", { class: "tv-join" },
      h("img", { class: "join-qr", "data-testid": "join-qr", src: `/join-qr.png?room=${room}`, alt: t("QR code to join room {code}", { code: room }) }),
      h("div", { class: "tv-join-code" },
        h("p", {}, t("Room code")),
        h("p", { class: "room-code", "data-testid": "room-code" }, room),
        h("p", { class: "muted" }, t("or open {address}", { address: address(`/j/${room}`) })),
        lobbyList(state))),
  );
}

// A seat being freed during play: every screen says so, so no hand changes eyes unseen.
function pendingRelease(state) {
  const ask = state.table.release;
  if (!ask) return null;
  const waiting = ask.waiting.map((s) => seatName(state, s)).join(t(", "));
  const asked = { number: ask.seat + 1, name: ask.name, names: waiting };
  if (ask.bot) {
    return h("p", { class: "notice", "data-testid": "table-release" }, waiting
      ? t("The host asks to give seat {number} ({name}) to a bot: waiting for {names}", asked)
      : t("The host asks to give seat {number} ({name}) to a bot", asked));
  }
  return h("p", { class: "notice", "data-testid": "table-release" }, waiting
    ? t("The host asks to free seat {number} ({name}): waiting for {names}", asked)
    : t("The host asks to free seat {number} ({name})", asked));
}

// Scale, never clip (js/fit.js): a state with more on it than the screen holds (a long
// score table, many seats) is drawn smaller until it fits. Only on a TV: a phone or
// laptop window narrower than 1000 px scrolls.
const wide = matchMedia("(min-width: 1000px)");
const fit = fitter({ floor: 0.75, enabled: () => wide.matches });
// After anything in the page changes (a state, a timer's redraw), and once every
// stylesheet and image has loaded.
new MutationObserver(fit).observe(document.querySelector("main"), { childList: true, subtree: true });
addEventListener("load", fit);

// A TV that picked no language of its own speaks the table's: when the host or the box
// changes it, the page loads again in it at once (its words come with the page).
const followsTable = Boolean(document.querySelector('meta[name="tablemate-follows-table"]'));

function render(state) {
  if (gate(state.table) === "older") return; // an answer arriving late
  latest = state.table;
  if (followsTable && state.table.language && state.table.language !== document.documentElement.lang) {
    location.reload();
    return;
  }
  replace(sticks, sticksStrip(state, { purpose: throwPurpose, link: false })); // no throw button: a public view
  showMoments(state, { slot: moments }); // the finished trick, the deal's summary (no buttons here)
  showTakeBack(state); // a take-back waiting for the phones' answers
  rulesInBar(state); // the game's rules card, from the header bar (js/rules-card.js)
  const phase = state.table.phase;
  if (phase === "idle") {
    const idle = () => replace(root, h("section", { class: "panel", "data-testid": "table-idle" },
      tableProblem(state),
      h("h1", {}, t("No game is open")),
      h("p", {}, t("Open one from a phone at {address} or with the box's buttons.", { address: address() }))));
    // A game played with real pieces: the sheet the box shows, else the idle page.
    showScoreboard(root).then((shown) => shown || latest !== state.table || idle());
  } else if (phase === "lobby") {
    replace(root, seatNotices(state), lobby(state), lastGamePanel(state)); // the game before, while seats fill
  } else {
    // A seat freed during play (a lost phone) can be taken again: show how.
    const free = phase === "playing" && state.table.seats.some((s) => !s.taken);
    replace(
      root,
      // The page's heading during play: the game, the room and the deal.
      h("h1", { class: "table-title", "data-testid": "table-room" }, t("{game} · room {code} · ", { game: gameTitle(state.table.title), code: state.table.room }), dealFingerprint(state)),
      seatNotices(state),
      pendingRelease(state),
      free ? lobby(state) : null,
      phase === "over" ? h("section", { class: "panel tv-result", "data-testid": "table-result" }, finalStandings(state)) : null,
      boardFor(state),
      moments,
    );
  }
  announce("turn", phase === "playing" || phase === "over" ? bannerNews(root) : ""); // js/announce.js
}

follow("/api/stream", { state: render }, showConnection);
