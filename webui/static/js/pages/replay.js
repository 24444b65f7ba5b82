// /history/<id>/replay: step through a game that is over, as the table page drew
// it (each game's own `board`), from the public table, any seat, or every hand open
// where the table allowed it; and the deal's seal revealed and checked by the box.
// The API refuses a game still in play (code "game_in_progress"): so does this page.
import { api } from "../api.js";
import { h, replace, showError } from "../dom.js";
import { boardDetailsFor, boardFor, boardTopFor, handFor } from "../games.js";
import { displayName, t, tn } from "../i18n.js";
import { gameTitle, noticeText, seatName } from "../seats.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

const root = document.getElementById("replay");
const gameId = Number(root.dataset.gameId);

const TEXT = {
  title: (game) => t("Replay: {game}", { game: gameTitle(game.title) }),
  status: { over: t("finished"), abandoned: t("abandoned"), unreplayable: t("kept, no longer playable") },
  first: t("First move"),
  back: t("Back one move"),
  forward: t("Forward one move"),
  last: t("Last move"),
  slider: t("Move"),
  audience: t("Seen by"),
  public: t("The table (public)"),
  seat: (name, seat) => t("{name} (seat {number})", { name, number: seat + 1 }),
  all: t("All hands open"),
  start: t("Before the first move"),
  where: (step, steps, who) => (who
    ? t("Move {step} of {steps}: {name}", { step, steps, name: who })
    : t("Move {step} of {steps}", { step, steps })),
  sealTitle: t("The deal"),
  verified: t("Verified: the deal was fixed before the first move, and every move replays from it"),
  failed: t("Not verified"),
  unsealed: t("Started before deals were sealed: the moves are checked, there is no fingerprint"),
  fingerprint: t("Fingerprint"),
  commitment: t("Commitment"),
  seed: t("Seed"),
  salt: t("Salt"),
  generator: t("Random generator"),
  how: t("The commitment is SHA-256 of the game's setup, seed, salt and random generator (docs/architecture.md, \"Sealed deals\"); run tablemate verify"),
  replayOnly: t("This is a replay: moves are not sent to the box"),
  handOf: (name) => t("{name}'s hand", { name }),
  refused: t("No replay"),
  back_to_history: t("Back to the history"),
  line: (s, names, status) => {
    const moves = tn("{count} move", "{count} moves", s.steps);
    return t("Game {id} · {names} · {status} · {moves}", { id: s.id, names, status, moves });
  },
};

let summary = null;
let step = 0;
let audience = "public";
let asked = 0; // the newest request: older answers arriving late are dropped
const nodes = {
  controls: h("div", { class: "replay-controls", "data-testid": "replay-controls" }),
  board: h("div", { "data-testid": "replay-board" }),
  seal: h("section", { class: "panel replay-seal", "data-testid": "replay-seal" }),
  verdict: h("p", { class: "replay-verdict", "data-testid": "replay-verdict" }),
};
// A hand's own controls (hold to see a colour) still work; a move is never sent.
const noSend = async () => showError(TEXT.replayOnly);

function button(testid, label, text, onclick) {
  return h("button", { type: "button", class: "secondary", "data-testid": testid, "aria-label": label, title: label, onclick }, text);
}

function controls() {
  const last = summary.steps;
  const slider = h("input", {
    type: "range", min: 0, max: last, value: step, "data-testid": "replay-slider", "aria-label": TEXT.slider,
    oninput: (e) => go(Number(e.target.value)),
  });
  const picker = h(
    "select",
    { "data-testid": "replay-audience", "aria-label": TEXT.audience, onchange: (e) => pick(e.target.value) },
    summary.audiences.map((who) => {
      const value = String(who);
      const text = who === "public" ? TEXT.public : who === "all" ? TEXT.all : TEXT.seat(displayName(summary.seats[who].name), who);
      return h("option", { value, selected: value === audience }, text);
    }),
  );
  replace(
    nodes.controls,
    h("div", { class: "steps" },
      button("replay-first", TEXT.first, "|◀", () => go(0)),
      button("replay-back", TEXT.back, "◀", () => go(step - 1)),
      button("replay-forward", TEXT.forward, "▶", () => go(step + 1)),
      button("replay-last", TEXT.last, "▶|", () => go(last))),
    slider,
    picker,
    h("p", { class: "replay-where", "data-testid": "replay-where", "aria-live": "polite" }, ""),
  );
}

function sealPanel() {
  const seal = summary.seal;
  const check = summary.verification;
  const verdict = check.ok ? (seal.commitment ? TEXT.verified : TEXT.unsealed) : TEXT.failed;
  const row = (term, value, testid) => [h("dt", {}, term), h("dd", { "data-testid": testid }, value ?? "-")];
  // The verdict near the top, what was checked and revealed below the board.
  nodes.verdict.dataset.ok = check.ok;
  replace(nodes.verdict, check.ok ? "✓ " : "✗ ", verdict, seal.fingerprint ? ` (${seal.fingerprint})` : "");
  replace(
    nodes.seal,
    h("h2", {}, TEXT.sealTitle),
    h("ul", { "data-testid": "replay-checks" },
      check.checks.map((c) => h("li", { "data-testid": "replay-check", "data-name": c.name, "data-ok": String(c.ok) }, noticeText({ ...c, text: c.detail })))),
    h("dl", {},
      row(TEXT.fingerprint, seal.fingerprint, "replay-fingerprint"),
      row(TEXT.commitment, seal.commitment, "replay-commitment"),
      row(TEXT.seed, seal.seed, "replay-seed"),
      row(TEXT.salt, seal.salt, "replay-salt"),
      // None for a game dealt before games recorded their generator (sealed without it).
      row(TEXT.generator, seal.generator, "replay-generator")),
    h("p", { class: "muted" }, TEXT.how),
  );
}

function where(state) {
  const moved = state.replay;
  const who = moved.seat === null ? "" : seatName(state, moved.seat);
  return moved.step === 0 ? TEXT.start : TEXT.where(moved.step, moved.steps, who);
}

// A seat's hand as its phone showed it, drawn by the game's own component.
function handOf(state, testid) {
  const makeHand = handFor(state.game);
  if (!makeHand) return null;
  const box = h("div", { class: "replay-seat-hand", "data-testid": testid, "data-seat": state.you.seat });
  makeHand(box, noSend)(state);
  return box;
}

function draw(state) {
  // As the table page draws it; a seat as its phone did: the top, its hand, the rest.
  const seat = typeof state.you.seat === "number";
  // Whose turn it was, in the table's words: "Your turn" would misread a past game.
  const asTable = { ...state, you: { ...state.you, seat: null } };
  const shown = seat
    ? [boardTopFor(asTable), handOf(state, "replay-hand"), boardDetailsFor(asTable)]
    : [boardFor(state)];
  if (state.seat_views) {
    shown.push(h("div", { class: "replay-hands", "data-testid": "replay-hands" },
      state.seat_views.map((view) =>
        h("section", { class: "panel replay-hand" }, h("h2", {}, TEXT.handOf(seatName(view, view.you.seat))), handOf(view, "replay-hand")))));
  }
  replace(nodes.board, shown);
  const text = where(state);
  const label = nodes.controls.querySelector("[data-testid=replay-where]");
  label.textContent = text;
  label.dataset.step = state.replay.step;
  nodes.controls.querySelector("[data-testid=replay-slider]").value = state.replay.step;
  nodes.controls.querySelector("[data-testid=replay-back]").disabled = state.replay.step === 0;
  nodes.controls.querySelector("[data-testid=replay-first]").disabled = state.replay.step === 0;
  nodes.controls.querySelector("[data-testid=replay-forward]").disabled = state.replay.step === summary.steps;
  nodes.controls.querySelector("[data-testid=replay-last]").disabled = state.replay.step === summary.steps;
}

async function show() {
  const mine = ++asked;
  try {
    const state = await api(`/api/replay/${gameId}/${step}?audience=${encodeURIComponent(audience)}`, undefined, { token: null });
    if (mine === asked) draw(state);
  } catch (err) {
    if (mine === asked) showError(err.message);
  }
}

function go(to) {
  const next = Math.max(0, Math.min(summary.steps, to));
  if (next === step && nodes.board.childElementCount) return;
  step = next;
  history.replaceState(null, "", `?step=${step}&audience=${encodeURIComponent(audience)}`);
  show();
}

function pick(value) {
  audience = value;
  history.replaceState(null, "", `?step=${step}&audience=${encodeURIComponent(audience)}`);
  show();
}

async function main() {
  try {
    summary = await api(`/api/replay/${gameId}`, undefined, { token: null });
  } catch (err) {
    replace(root, h("section", { class: "panel", "data-testid": "replay-refused" },
      h("h1", {}, TEXT.refused), h("p", {}, err.message), h("p", {}, h("a", { href: "/history" }, TEXT.back_to_history))));
    return;
  }
  const query = new URLSearchParams(location.search);
  step = Math.max(0, Math.min(summary.steps, Number(query.get("step")) || 0));
  const wanted = query.get("audience");
  if (wanted && summary.audiences.map(String).includes(wanted)) audience = wanted;
  const status = TEXT.status[summary.status] || summary.status;
  const names = summary.seats.map((s) => displayName(s.name)).join(t(", "));
  replace(
    root,
    h("h1", { "data-testid": "replay-title" }, TEXT.title(summary)),
    h("p", { class: "muted" }, TEXT.line(summary, names, status)),
    nodes.verdict,
    nodes.controls,
    nodes.board,
    nodes.seal,
  );
  controls();
  sealPanel();
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    if (e.key === "ArrowLeft") go(step - 1);
    else if (e.key === "ArrowRight") go(step + 1);
  });
  show();
}

main();
