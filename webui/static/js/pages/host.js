// /host: the host's controls. Lobby: game, players, options, seats, start.
// In play: ask to free a seat (its holder's phone is asked; for a lost phone the
// table agrees), leave your own, end the game. After: play again or another game
// for the same players (every phone keeps its seat), or clear the table.
// Every call carries the host's own token; the server checks it.
import { api, follow, getToken, myState, showConnection } from "../api.js";
import { botSettings } from "../bots.js";
import { clearError, h, people, replace, sentence, showError } from "../dom.js";
import { lang, t } from "../i18n.js";
import { finalStandings, playAgainButton } from "../rematch.js";
import { rejoin, stillSeated } from "../rejoin.js";
import { chosenRules, rulesButton } from "../rules-card.js";
import { seatName, seatNotices, tableProblem, who } from "../seats.js";
import { setupFields } from "../setup-form.js";
import { showTakeBack } from "../takeback.js";
import { trickPauseControl } from "../trick-pause.js";
import { versionGate } from "../versions.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";
// The history panel and the table's language, in this page's one bundle.
import "../host-history.js";
import "../table-language.js";

const root = document.getElementById("host");
const warnings = document.querySelector("[data-testid=hardware-warnings]");
let games = [];
const gate = versionGate();
let settings = null; // the lobby settings form: {key, node, dirty, edits}
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
    if (err.status === 403 && err.code !== "not_host") return rejoin();
    showError(err.message);
    return null;
  }
}

// The box's parts as /healthz names them (hardware/__init__.py), in the reader's words.
const PARTS = {
  display: () => t("the screen"),
  buttons: () => t("the buttons"),
  leds: () => t("the lights"),
  buzzer: () => t("the buzzer"),
  serial: () => t("the LED ring's link"),
};

async function hardware() {
  try {
    const health = await api("/healthz", undefined, { token: null });
    const broken = Object.entries(health.hardware)
      .filter(([, part]) => part && typeof part === "object" && part.healthy === false)
      .map(([name, part]) => {
        // The part's error is the driver's own English: shown to an English reader, the
        // catalog's words to every other (the log keeps the detail).
        const problem = lang === "en" && part.error ? part.error : t("not working");
        return t("{part}: {problem}", { part: PARTS[name] ? PARTS[name]() : name, problem });
      });
    const problems = broken.join(t("; "));
    warnings.hidden = broken.length === 0;
    warnings.textContent = broken.length ? t("Hardware problem: {problems}", { problems }) : "";
  } catch {
    // /healthz unreachable means the box is: the stream shows "reconnecting".
  }
}

function settingsForm(state) {
  const current = {
    game: state.table.game, players: state.table.players, options: state.table.options,
    take_backs: state.table.take_back?.mode, open_hands: state.table.replays?.open_hands,
  };
  const key = JSON.stringify(current);
  if (settings && (settings.key === key || settings.dirty)) return settings.node;
  const fields = setupFields(games, current, () => {
    settings.dirty = true;
    settings.edits += 1;
  });
  const save = async (event) => {
    event.preventDefault();
    // A change made while this save was on its way is still unsaved: keep the form.
    const edits = settings.edits;
    if ((await call("/api/host/configure", fields.read())) && settings.edits === edits) settings.dirty = false;
  };
  const node = h(
    "form",
    { class: "panel", "data-testid": "host-settings", onsubmit: save },
    h("h2", {}, t("Game settings")),
    fields.node,
    h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "host-save" }, t("Save settings")),
      rulesButton(() => chosenRules(fields.read()))), // the chosen game's card, with these options
  );
  settings = { key, node, dirty: false, edits: 0 };
  return node;
}

// What the host is told before freeing a seat: in the lobby it is simply free again;
// in play another seat holds a hand, so its holder (or the table) must agree.
function releaseQuestion(state, seat) {
  const which = { number: seat.seat + 1, name: seatName(state, seat.seat) };
  if (state.table.phase === "lobby") return t("Free seat {number} ({name})? Their phone stops working; anyone can take the seat with the room code.", which);
  if (seat.seat === state.you.seat) return t("Leave your seat? This phone leaves the game and host rights pass on; whoever takes the seat sees your hand.");
  return t("Ask to free seat {number} ({name})? Their phone is asked first. If it is lost, every other player must agree, and then you free it. Every screen is told.", which);
}

// A free seat can be given to a bot at a level (a person takes it back: Release, or
// joining in the lobby). During play a person's seat goes to a bot with the same
// consent as freeing it: their phone is asked first.
// The level picked per seat, kept while the page redraws (every move redraws it).
const botLevels = {};

function botControl(state, seat) {
  const picked = botLevels[seat] ?? "normal";
  const level = h("select", { "data-testid": "bot-level", "data-seat": seat, "aria-label": t("Bot's level for seat {number}", { number: seat + 1 }),
    onchange: (e) => (botLevels[seat] = e.target.value) },
  ["easy", "normal", "strong"].map((value) =>
    h("option", { value, selected: value === picked }, { easy: t("easy bot"), normal: t("normal bot"), strong: t("strong bot") }[value])));
  const taken = state.table.seats[seat].taken;
  const which = { number: seat + 1, name: seatName(state, seat) };
  const give = () => {
    if (taken && !confirm(t("Give seat {number} ({name}) to a bot? Their phone is asked first, as for freeing a seat; then a bot plays that hand.", which))) return;
    call("/api/host/bot", { seat, level: level.value });
  };
  return h("span", { class: "row" }, level,
    h("button", { type: "button", class: "secondary", "data-testid": "add-bot", "data-seat": seat, onclick: give },
      taken ? t("Give to a bot") : t("Seat a bot")));
}

function seatsPanel(state, { swap }) {
  const asking = state.table.release;
  const rows = state.table.seats.map((seat) =>
    h(
      "li",
      { class: "row", "data-testid": "host-seat", "data-seat": seat.seat },
      h("span", {}, !seat.taken
        ? t("Seat {number}: free", { number: seat.seat + 1 })
        : seat.seat === state.table.host
          ? t("Seat {number}: {name} (host)", { number: seat.seat + 1, name: seatName(state, seat.seat) })
          : t("Seat {number}: {name}", { number: seat.seat + 1, name: seatName(state, seat.seat) })),
      seat.taken && !asking
        ? h("button", {
            type: "button", class: "secondary", "data-testid": "release", "data-seat": seat.seat,
            onclick: () => confirm(releaseQuestion(state, seat)) && call("/api/host/release", { seat: seat.seat }),
          }, state.table.phase === "playing" && seat.seat === state.you.seat ? t("Leave") : t("Release"))
        : null,
      // A free seat, or (during play, nothing being asked) another person's.
      !seat.taken || (state.table.phase === "playing" && !asking && !seat.bot && seat.seat !== state.you.seat)
        ? botControl(state, seat.seat)
        : null,
    ),
  );
  const choose = (testid, label) =>
    h("select", { "data-testid": testid, "aria-label": label }, state.table.seats.map((s) => h("option", { value: s.seat }, s.taken ? t("Seat {number}: {name}", { number: s.seat + 1, name: seatName(state, s.seat) }) : t("Seat {number}: free", { number: s.seat + 1 }))));
  const first = choose("swap-first", t("Swap this seat"));
  const second = choose("swap-second", t("with this seat"));
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("Seats · room {code}", { code: state.table.room })),
    h("ol", { class: "plain" }, rows),
    swap
      ? h("div", { class: "row" }, first, second,
          h("button", { type: "button", class: "secondary", "data-testid": "swap",
            onclick: () => call("/api/host/swap", { first: Number(first.value), second: Number(second.value) }) }, t("Swap seats")))
      : null,
  );
}

function lobby(state) {
  const missing = state.table.seats.filter((s) => !s.taken).length;
  const start = async () => {
    if (await call("/api/host/start")) location.assign("/seat");
  };
  const actions = h("div", { class: `actions${missing ? "" : " start-first"}` },
    h("button", { type: "button", "data-testid": "host-start", disabled: missing > 0, onclick: start },
      missing ? t("Waiting for {count} more", { count: missing }) : t("Start the game")),
    h("button", { type: "button", class: "danger", "data-testid": "host-end",
      onclick: () => confirm(t("Cancel this game?")) && call("/api/host/clear") }, t("Cancel the game")));
  // Every seat taken: Start is the first thing the host sees, the settings below it.
  if (!missing) return [actions, seatsPanel(state, { swap: true }), botSettings(state), settingsForm(state)];
  return [settingsForm(state), seatsPanel(state, { swap: true }), botSettings(state), actions];
}

// The pending request to free a seat: who answered, who not yet; free it once the
// table agreed (a lost phone), or withdraw it.
function releasePanel(state) {
  const ask = state.table.release;
  if (!ask) return null;
  const names = (seats) => people(seats.map((s) => who(state, s))) || t("nobody");
  const answer = (allow) => call("/api/host/release/answer", { allow });
  return h(
    "section",
    { class: "panel notice", "data-testid": "host-release", "data-seat": ask.seat },
    h("h2", {}, ask.bot
      ? t("Giving seat {number} ({name}) to a bot", { number: ask.seat + 1, name: ask.name })
      : t("Freeing seat {number} ({name})", { number: ask.seat + 1, name: ask.name })),
    h("p", {}, t("{name}'s phone is asked to allow it. If that phone is lost, every other player agrees on theirs; then free it here ({name}'s phone may refuse for {seconds} s after you asked).", { name: ask.name, seconds: ask.grace })),
    h("p", { "data-testid": "host-release-answers" }, t("Agreed: {agreed}. Waiting for: {waiting}.", { agreed: names(ask.agreed), waiting: names(ask.waiting) })),
    h("div", { class: "actions" },
      h("button", { type: "button", "data-testid": "host-release-free", disabled: ask.waiting.length > 0, onclick: () => answer(true) }, t("Free it now (the table agreed)")),
      h("button", { type: "button", class: "secondary", "data-testid": "host-release-withdraw", onclick: () => answer(false) }, t("Withdraw"))),
  );
}

function playing(state) {
  const endEarly = () =>
    confirm(t("Does everyone agree to stop here? The game ends now and the scores stand as they are.")) &&
    call("/api/host/end-early");
  return [
    h("p", {}, h("a", { class: "button", href: "/seat", "data-testid": "to-seat" }, t("Back to my hand"))),
    releasePanel(state),
    seatsPanel(state, { swap: false }),
    trickPauseControl(state),
    botSettings(state),
    h("div", { class: "actions" },
      state.end_early
        ? h("button", { type: "button", "data-testid": "host-end-early", onclick: endEarly }, t("End the game now (the table agrees)"))
        : null,
      h("button", { type: "button", class: "danger", "data-testid": "host-end",
        onclick: () => confirm(t("End the game for everyone? It goes to its result with no winner; everyone keeps their seat for the next game.")) && call("/api/host/end") }, t("End the game"))),
    state.end_early
      ? h("p", { class: "muted" }, t("Ending now (the table agrees) keeps the scores and names the winners; End the game abandons it without a result."))
      : null,
  ];
}

// After a game: play again (same game, players and options), or another game for
// the same people (its lobby opens with their seats); every phone keeps its seat.
// Clearing the table ends every seat instead.
let nextGame = null; // the "another game" form, kept while the result shows

function nextGameForm(state) {
  if (nextGame) return nextGame;
  const fields = setupFields(games, {
    game: state.table.game, players: state.table.players, options: state.table.options,
    take_backs: state.table.take_back?.mode, open_hands: state.table.replays?.open_hands,
  });
  const open = async (event) => {
    event.preventDefault();
    const { game, players, options, take_backs, open_hands } = fields.read();
    await call("/api/host/next-game", { game, players, options, take_backs, open_hands });
  };
  const node = h(
    "form",
    { class: "panel next-game", "data-testid": "next-game-form", onsubmit: open },
    h("h2", {}, t("Another game for these players")),
    h("p", { class: "muted" }, t("Everyone keeps their seat. With fewer seats, the last ones are freed; with more, newcomers join with the same room code.")),
    fields.node,
    h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "next-game-open" }, t("Open it for these players"))),
  );
  nextGame = node;
  return node;
}

function over(state) {
  const toSeat = (phase) => phase === "playing" && location.assign("/seat");
  return [
    h("section", { class: "panel", "data-testid": "host-result" }, finalStandings(state)),
    h("div", { class: "actions start-first" }, playAgainButton(toSeat)),
    nextGameForm(state),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "secondary", "data-testid": "host-clear",
        onclick: async () => confirm(t("Clear the table? Every phone leaves it; a new game needs everyone to join again.")) && (await leaveWith("/api/host/clear", {})) && location.assign("/") },
        t("Clear the table"))),
  ];
}

function render(state) {
  if (gate(state.table) === "older") return; // an answer arriving late
  if (state.you.seat === null) return rejoin();
  if (!state.you.host) {
    const host = state.table.host === null ? t("nobody yet") : seatName(state, state.table.host);
    replace(root, h("p", { class: "notice", "data-testid": "not-host" }, t("Only the host ({name}) can use these controls.", { name: host })));
    return;
  }
  showTakeBack(state, { asSeat: true }); // a take-back waits for this seat too
  const phase = state.table.phase;
  if (phase !== "over") nextGame = null;
  replace(root, seatNotices(state), phase === "lobby" ? lobby(state) : phase === "playing" ? playing(state) : over(state));
  hardware();
}

async function main() {
  const token = getToken();
  if (!token) {
    replace(root, h("p", { class: "notice", "data-testid": "not-host" },
      sentence(t("Open a game or join one first: {link}."), { link: h("a", { href: "/" }, t("front page")) })));
    return;
  }
  try {
    games = (await api("/api/games", undefined, { token: null })).games;
    const state = await myState();
    if (!state) {
      // A game that could not be resumed after an update ended every seat: say why.
      const status = await api("/api/status", undefined, { token: null });
      if (!status.problem) return rejoin();
      replace(root, tableProblem({ table: status }), h("p", {}, h("a", { class: "button", href: "/" }, t("Open a new game"))));
      return;
    }
    render(state);
  } catch (err) {
    showError(err.message);
  }
  listen();
}

main();
