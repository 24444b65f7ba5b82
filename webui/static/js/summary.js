// What just happened, on phones and the table page, drawn over the page's own layout
// (a fixed layer: it never moves the hand or the board):
// * the trick pause: a finished trick with its winner stays on screen until the next
//   trick's first card, and at least the table's `trick_pause` seconds; after those
//   seconds it shrinks to one line until that card comes. The engine's view says which
//   trick was last ("last_trick"); only the page keeps time.
// * the summary: after a deal, round or season (or the end) the table waits for every
//   seat's Continue (state.table.interlude); meanwhile the view's "summary" is shown
//   with each seat's points and running total, Continue on phones, Skip for the host.
// Each game draws its own part (its module's `trickMoment(state, trick)`,
// `summary(state)` and, for the final summary, `outcome(state, summary)`: who won and
// why in a sentence); this file never names a game. The final summary marks exactly
// the engine's `summary.winners` and says who won.
import { api } from "./api.js";
import { announce } from "./announce.js";
import { clearError, h, listing, morph, replace, showError } from "./dom.js";
import { keepFocus } from "./focus.js";
import { gameModule } from "./games.js";
import { digest, timeLeft } from "./news.js";
import { t } from "./i18n.js";
import { plain, signed } from "./numbers.js";
import { gameTitle, seatName } from "./seats.js";
import { rejoin } from "./rejoin.js";
import { needStyle } from "./styles.js";

needStyle("summary.css");

const trickBox = h("div");
const layer = h("div", { class: "moments", "data-testid": "moments" }, trickBox);
document.body.append(layer);
let dialog = null; // the summary: a modal <dialog> while the table reads it
let opener = null; // what had focus before it opened, to go back to

let latest = null; // the last state drawn, for the redraw when the trick pause ends
let seated = false;
let slot = null; // where the page keeps the finished trick (the seat page), else the layer
let timer = null;
let sending = false;
// The finished trick to keep on screen, or null: {trick, full} where full is false
// once the pause is over and only one line stays until the next trick's first card.
// The pause counts from when this seat (or the table page) first showed the trick,
// kept across reloads and wakes (js/news.js): a reopened phone does not replay it.
export function finishedTrick(state) {
  const trick = state.last_trick;
  if (!trick || state.phase === "over") return null;
  const left = timeLeft(state, `trick:${digest(trick)}`, state.table.trick_pause ?? 0);
  const nextStarted = (state.trick?.cards?.length ?? 0) > 0;
  if (left > 0) return { trick, full: true, left };
  return nextStarted ? null : { trick, full: false, left: 0 };
}

function trickStrip(state) {
  const shown = finishedTrick(state);
  if (!shown) return null;
  const draw = gameModule(state.game)?.trickMoment;
  if (!draw) return null;
  if (shown.left > 0) {
    clearTimeout(timer);
    timer = setTimeout(() => latest && drawMoments(latest), shown.left + 50);
  }
  return h(
    "section",
    {
      class: `trick-moment${shown.full ? "" : " brief"}`,
      "data-testid": "trick-moment",
      "data-full": shown.full,
    },
    draw(state, shown.trick, { full: shown.full }),
  );
}

// "Deal 1 of 3", "Round 2", "Season 3 of 3", "Final result": from the generic fields.
// Each kind a game may name has its own sentences (no word pasted into another).
const KINDS = {
  deal: { one: (n) => t("Deal {number}", n), of: (n) => t("Deal {number} of {total}", n), column: () => t("This deal") },
  round: { one: (n) => t("Round {number}", n), of: (n) => t("Round {number} of {total}", n), column: () => t("This round") },
  season: { one: (n) => t("Season {number}", n), of: (n) => t("Season {number} of {total}", n), column: () => t("This season") },
};

function title(summary) {
  if (summary.kind === "game" || summary.number === null) return t("Final result");
  const kind = KINDS[summary.kind];
  const numbers = { number: summary.number, total: summary.of };
  const named = kind
    ? (summary.of ? kind.of : kind.one)(numbers)
    : `${summary.kind} ${summary.number}${summary.of ? ` / ${summary.of}` : ""}`; // a kind this file does not know
  return summary.final ? t("{title}: the last", { title: named }) : named;
}

const thisColumn = (kind) => KINDS[kind]?.column() ?? t("This one");

// The winners, always the engine's (`summary.winners`), never worked out here.
const winnersOf = (summary) => new Set(summary.final ? summary.winners ?? [] : []);

function pointsTable(state, summary) {
  const winners = winnersOf(summary);
  const once = summary.kind === "game"; // a game scored only at its end: totals alone
  return h(
    "table",
    { class: "summary-points", "data-testid": "summary-points" },
    h("thead", {}, h("tr", {}, h("th", {}, t("Seat")), once ? null : h("th", { class: "num" }, thisColumn(summary.kind)), h("th", { class: "num" }, t("Total")))),
    h(
      "tbody",
      {},
      summary.points.map((points, seat) => {
        const won = winners.has(seat);
        return h(
          "tr",
          { "data-seat": seat, "data-winner": won, class: [seat === state.you?.seat ? "me" : "", won ? "winner" : ""].join(" ").trim() },
          h("th", {}, seatName(state, seat), won ? [h("span", { "aria-hidden": "true" }, " ★"), h("span", { class: "visually-hidden" }, ` (${t("winner")})`)] : null),
          once ? null : h("td", { class: "num", "data-testid": "summary-seat-points" }, signed(points)),
          h("td", { class: `num${won ? " winner" : ""}`, "data-testid": "summary-seat-total" }, plain(summary.totals[seat])),
        );
      }),
    ),
  );
}

// Who won, in a sentence: the game's module words its own reasons (`outcome(state,
// summary)`, e.g. a rule that lets the highest total lose); else the generic ones.
function outcomeLine(state, summary) {
  if (!summary.final || !summary.winners?.length) return null;
  const text = gameModule(state.game)?.outcome?.(state, summary) ?? genericOutcome(state, summary);
  return h("p", { class: "summary-outcome", "data-testid": "summary-outcome", "data-winners": summary.winners.join(","), role: "status" }, text);
}

function genericOutcome(state, summary) {
  const names = listing(summary.winners.map((s) => seatName(state, s)));
  const many = summary.winners.length > 1;
  if (summary.outcome?.reason === "most_points") {
    const points = plain(summary.totals[summary.winners[0]]);
    return many
      ? t("{names} share the win with {points} points each.", { names, points })
      : t("{name} wins with {points} points.", { name: names, points });
  }
  return many ? t("{names} share the win.", { names }) : t("{name} wins.", { name: names });
}

async function post(path) {
  if (sending) return;
  sending = true;
  clearError();
  try {
    await api(path, {});
  } catch (err) {
    if (err.status === 403 && path === "/api/continue") return rejoin();
    showError(err.message);
  } finally {
    sending = false;
  }
}

function controls(state, pause) {
  const names = pause.names.join(t(", "));
  const me = state.you?.seat;
  const mine = seated && pause.waiting.includes(me);
  return h(
    "div",
    { class: "summary-controls" },
    h("p", { class: "muted", "data-testid": "summary-waiting" }, t("Waiting for {names}", { names })),
    mine
      ? h("button", { type: "button", "data-testid": "summary-continue", onclick: () => post("/api/continue") }, t("Continue"))
      : seated
        ? h("span", { class: "summary-done", "data-testid": "summary-continued" }, t("✓ You continued"))
        : null,
    seated && state.you?.host
      ? h("button", { type: "button", class: "secondary", "data-testid": "summary-skip", onclick: () => post("/api/host/skip-wait") }, t("Skip the wait"))
      : null,
  );
}

// The summary's panel, or null when the table reads none now.
function summaryPanel(state) {
  const pause = state.table.interlude;
  const summary = state.summary;
  if (!pause || !summary || summary.key !== pause.key) return null;
  const own = gameModule(state.game)?.summary?.(state) ?? null;
  return h(
    "section",
    { class: "summary-panel" },
    h("h2", { class: "summary-title", id: "summary-title", "data-testid": "summary-title" }, t("{game} · {title}", { game: gameTitle(state.table.title), title: title(summary) })),
    outcomeLine(state, summary),
    h("div", { class: "summary-body" }, own ? h("div", { class: "summary-game" }, own) : null, pointsTable(state, summary)),
    controls(state, pause),
  );
}

function closeSummary() {
  clearTimeout(step);
  step = null;
  if (!dialog) return;
  const had = dialog.contains(document.activeElement);
  dialog.close();
  dialog.remove();
  dialog = null;
  // Back where the player was, or to their hand (the page under it was redrawn).
  const back = opener?.isConnected && !opener.matches(":disabled") ? opener
    : document.querySelector("#hand button:not(:disabled), #hand [tabindex='0'], main");
  opener = null;
  if (had && back) {
    if (back.matches("main") && !back.hasAttribute("tabindex")) back.setAttribute("tabindex", "-1");
    back.focus({ preventScroll: true });
  }
}

// A real modal dialog (as the rules card): focus moves into it and stays there, the
// page behind is inert, Escape does not hide it (the table waits for Continue).
// Drawn anew in place on each state, focus kept on the same button.
//
// A slow phone opens it in two tasks of their own after the state's. showModal()
// restyles the whole page (the rest of it inert) and lays the dialog out there and
// then, to find its first control: with the page's draw of the deal's end that was
// one task of 70-100 ms at 6x CPU throttling. So the dialog opens with its title and
// Continue only (drawn and shown modal: 15-25 ms), and its points and the game's part
// show in the task after (`opening`, summary.css), laid out by the frame that paints them.
let step = null; // the timer of the next step
function drawSummary(state, playing) {
  const panel = playing ? summaryPanel(state) : null;
  if (!panel || (dialog && dialog.dataset.key !== state.summary.key)) closeSummary();
  if (!panel) return;
  if (dialog) return keepFocus(dialog, () => replace(dialog, panel));
  step ??= setTimeout(openSummary);
}

function openSummary() {
  const panel = latest && summaryPanel(latest);
  if (dialog || !panel) return void (step = null);
  dialog = h("dialog", { class: "summary-overlay opening", "data-testid": "summary", "data-key": latest.summary.key, "aria-labelledby": "summary-title" }, panel);
  dialog.addEventListener("cancel", (event) => event.preventDefault());
  layer.append(dialog);
  opener = document.activeElement !== document.body ? document.activeElement : null;
  dialog.showModal();
  document.body.classList.add("summary-open");
  step = setTimeout(() => {
    step = null;
    dialog?.classList.remove("opening");
  });
}

function drawMoments(state) {
  latest = state;
  // A floating trick sits just below the page's header, whatever its height: it covers
  // no link. (Measured only then: a measure mid-draw costs a slow phone a layout.)
  if (!slot) {
    const bar = document.querySelector("body > header")?.getBoundingClientRect();
    layer.style.setProperty("--moments-top", `${Math.max(0, Math.round(bar ? bar.bottom : 0)) + 6}px`);
  }
  const playing = state.table.phase === "playing" || state.table.phase === "over";
  const trick = playing ? trickStrip(state) : null;
  // A place in the page's layout: it covers nothing. Kept as shown while the same trick
  // stays (js/dom.js morph): a move redraws the page around it.
  if (slot) morph(slot, trick);
  replace(trickBox, slot ? null : trick);
  // Said once per trick, in the page's one live region (js/announce.js).
  announce("trick", trick?.dataset.full === "true" ? trick.querySelector(".moment-title")?.textContent : "");
  drawSummary(state, playing);
  document.body.classList.toggle("summary-open", Boolean(dialog?.open));
}

// The page's hook: call with every state drawn. `asSeat`: a phone holding a seat (it
// gets Continue, and Skip when it is the host's); the table page passes false.
// `slot`: an element of the page's own layout for the finished trick (else it floats).
export function showMoments(state, { asSeat = false, slot: into = null } = {}) {
  seated = asSeat;
  slot = into;
  drawMoments(state);
}
