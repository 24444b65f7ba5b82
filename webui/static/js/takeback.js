// Take-backs on phones and the table page; the rules are the box's (device/table/takeback.py),
// the page only shows what the state says (state.table.take_back):
// * "Undo my last move": a button under a seat's hand, only right after its own move
//   (the state's offer is "own": no other seat has moved since). A move further back
//   (others have moved since, as the table's take-back setting allows) is a deliberate
//   second step: a button in the Scores drawer that asks first (earlierTakeBack).
// * While a request waits, a banner on every page: who asks, how many moves, who has
//   agreed, who is awaited. Approve / Refuse on each phone that must answer, Withdraw
//   for the asker; the host may answer for a seat nobody holds, and for a silent phone
//   once it had `grace` seconds. The game waits meanwhile (the box refuses moves).
// * How the last request ended, for a few seconds.
// The request is a sheet over the page (the game waits for its answers); the Undo button
// and the result go in the page's own place for them (`slot`, the seat page's strip
// under the hand) so they cover nothing, else on the fixed layer (the table page).
// Names and counts only: a take-back never says what the move was.
import { announce } from "./announce.js";
import { api } from "./api.js";
import { h, listing, morph, person, replace, showError } from "./dom.js";
import { keepFocus } from "./focus.js";
import { t } from "./i18n.js";
import { timeLeft } from "./news.js";
import { noticeText, seatName } from "./seats.js";
import { rejoin } from "./rejoin.js";
import { needStyle } from "./styles.js";

needStyle("takeback.css");

const layer = h("div", { class: "take-back-layer", "data-testid": "take-back-layer" });
document.body.append(layer);

let latest = null; // {state, asSeat, slot}: redrawn when a timer runs out
let sending = false;
let problem = ""; // the box's answer to this page's last tap, shown in the banner
let pending = { key: null, since: 0 }; // when this page first saw the pending request
let resultTimer = null;
let graceTimer = null;

async function send(path, body) {
  if (sending) return;
  sending = true;
  problem = "";
  try {
    await api(path, body);
  } catch (err) {
    if (err.status === 403 && err.code !== "not_host") return rejoin();
    problem = err.message;
    if (!latest?.state.table.take_back?.request) showError(problem); // the undo button's
  } finally {
    sending = false;
    // The buttons drawn while it was on its way are disabled: the stream's state may
    // have come before this answer, and no other may follow.
    if (latest) draw();
  }
}

// The seat's own button, right after its own move(s): the state offers it a
// take-back of `steps` moves, all its own.
function undoButton(state, me) {
  const tb = state.table.take_back;
  const offer = tb.offers.find((o) => o.seat === me);
  if (!offer || tb.request || !(tb.own || [offer.seat]).includes(me)) return null;
  const free = tb.mode === "free";
  // One move or several: two sentences (a language may word them apart).
  const label = offer.steps === 1 ? t("Undo my last move") : t("Undo my last move ({count} moves)", { count: offer.steps });
  return h(
    "button",
    {
      type: "button",
      class: "take-back-undo",
      "data-testid": "take-back-undo",
      "data-steps": offer.steps,
      title: free ? t("Take back your last move now") : t("Ask the table to let you take back your last move"),
      onclick: () => send("/api/take-back/ask", { steps: offer.steps }),
    },
    h("span", { class: "take-back-icon", "aria-hidden": "true" }, "↶"),
    label,
  );
}

// A move of this seat's with other seats' moves after it: offered in the drawer, and
// asked only after a confirmation that says how many moves go back. Null otherwise.
export function earlierTakeBack(state) {
  const tb = state.table?.take_back;
  const me = state.you?.seat;
  const offer = tb?.offers.find((o) => o.seat === me);
  if (!offer || tb.request || (tb.own || [me]).includes(me) || state.table.phase !== "playing") return null;
  const ask = () =>
    confirm(t("Ask the table to take back {count} moves, back to your last one? Everyone's moves since then are undone too.", { count: offer.steps })) &&
    send("/api/take-back/ask", { steps: offer.steps });
  return h(
    "section",
    { class: "panel take-back-earlier", "data-testid": "take-back-earlier" },
    h("button", { type: "button", class: "secondary", "data-testid": "take-back-earlier-ask", "data-steps": offer.steps, onclick: ask },
      h("span", { class: "take-back-icon", "aria-hidden": "true" }, "↶"),
      t("Take back my last move ({count} moves)…", { count: offer.steps })),
  );
}

// Which awaited seats the host may answer for now: nobody holds them, or their phone
// has been silent for the grace (the box checks it again).
function hostMayAnswer(request, me, elapsed) {
  return request.waiting.filter((s) => s !== me && (request.empty.includes(s) || elapsed >= request.grace));
}

function banner(state, asSeat) {
  const request = state.table.take_back.request;
  const me = asSeat ? state.you.seat : null;
  const name = (seat) => seatName(state, seat);
  const asked = { count: request.steps, name: request.name };
  const title = request.seat === me
    ? (request.steps === 1 ? t("You ask to take back your last move") : t("You ask to take back {count} moves", asked))
    : (request.steps === 1 ? t("{name} asks to take back their last move", asked) : t("{name} asks to take back {count} moves", asked));
  const agreed = listing(request.agreed.map((s) => (s === me ? t("you") : person(name(s)))));
  const waiting = listing(request.waiting.map((s) => (s === me ? t("you") : person(name(s)))));
  const answers = [agreed ? t("Agreed: {names}.", { names: agreed }) : "", waiting ? t("Waiting for {names}.", { names: waiting }) : ""];
  const lines = [
    h("p", { class: "take-back-who", "data-testid": "take-back-answers" }, answers.filter(Boolean).join(" ")),
  ];
  const buttons = [];
  if (me !== null && request.waiting.includes(me) && !request.empty.includes(me)) {
    buttons.push(
      h("button", { type: "button", "data-testid": "take-back-approve", disabled: sending,
        onclick: () => send("/api/take-back/answer", { allow: true }) }, t("Approve")),
      h("button", { type: "button", class: "secondary", "data-testid": "take-back-refuse", disabled: sending,
        onclick: () => send("/api/take-back/answer", { allow: false }) }, t("Refuse")),
    );
  } else if (me !== null && me === request.seat) {
    buttons.push(
      h("button", { type: "button", class: "secondary", "data-testid": "take-back-withdraw", disabled: sending,
        onclick: () => send("/api/take-back/withdraw", {}) }, t("Withdraw")),
    );
  } else if (me === null) {
    lines.push(h("p", { class: "take-back-hint" }, t("The game waits for the answers on the phones.")));
  }
  if (me !== null && state.you.host) {
    const elapsed = (Date.now() - pending.since) / 1000;
    const seats = hostMayAnswer(request, me, elapsed);
    for (const seat of seats) {

      buttons.push(
        h("div", { class: "take-back-for", "data-testid": "take-back-for", "data-seat": seat },
          h("span", {}, request.empty.includes(seat)
            ? t("For {name} (nobody holds that seat):", { name: name(seat) })
            : t("For {name} (their phone is silent):", { name: name(seat) })),
          h("button", { type: "button", class: "small", disabled: sending,
            onclick: () => send("/api/take-back/answer-for", { seat, allow: true }) }, t("Approve")),
          h("button", { type: "button", class: "small secondary", disabled: sending,
            onclick: () => send("/api/take-back/answer-for", { seat, allow: false }) }, t("Refuse"))),
      );
    }
    const later = request.waiting.some((s) => s !== me && !request.empty.includes(s));
    if (later && elapsed < request.grace) {
      clearTimeout(graceTimer);
      graceTimer = setTimeout(() => latest && draw(), (request.grace - elapsed) * 1000 + 100);
    }
  }
  return h(
    "section",
    { class: "take-back-banner", role: "region", "aria-labelledby": "take-back-title",
      "data-testid": "take-back-banner", "data-seat": request.seat, "data-steps": request.steps },
    h("h2", { class: "take-back-title", id: "take-back-title" }, h("span", { class: "take-back-icon", "aria-hidden": "true" }, "↶"), title),
    lines,
    buttons.length ? h("div", { class: "take-back-actions" }, buttons) : null,
    problem ? h("p", { class: "take-back-problem", role: "alert", "data-testid": "take-back-problem" }, problem) : null,
  );
}

// How the last request ended, for `shown` seconds after this seat (or the table
// page) first showed it, kept across reloads and wakes (js/news.js); the box no
// longer sends one of a deal before.
function resultNote(state) {
  const result = state.table.take_back.result;
  if (!result) return null;
  const left = timeLeft(state, `take-back:${result.id}`, result.shown);
  if (left <= 0) return null;
  clearTimeout(resultTimer);
  resultTimer = setTimeout(() => latest && draw(), left + 50);
  return h(
    "p",
    { class: `take-back-result ${result.kind}`, "data-testid": "take-back-result", "data-kind": result.kind },
    noticeText(result), // its template in the reader's language when the box sends one
  );
}

function draw() {
  const { state, asSeat } = latest;
  const tb = state.table?.take_back;
  const playing = state.table?.phase === "playing" || state.table?.phase === "over";
  const strip = latest.slot;
  if (!tb || !playing) {
    pending = { key: null, since: 0 };
    document.body.classList.remove("take-back-open");
    announce("take-back", "");
    announce("take-back-result", "");
    if (strip) replace(strip);
    return replace(layer);
  }
  const request = tb.request;
  const key = request ? `${request.seat}:${request.steps}` : null;
  if (key !== pending.key) {
    pending = { key, since: Date.now() };
    problem = "";
  }
  document.body.classList.toggle("take-back-open", Boolean(request));
  const own = [
    !request && asSeat && state.table.phase === "playing" ? undoButton(state, state.you.seat) : null,
    request ? null : resultNote(state), // a new request supersedes how the last one ended
  ];
  keepFocus(layer, () => replace(layer, request ? banner(state, asSeat) : null, strip ? null : own));
  if (strip) keepFocus(strip, () => morph(strip, own)); // the Undo button kept as shown while it stays
  // Said once each in the page's live region (js/announce.js): the request, how it ended.
  announce("take-back", layer.querySelector(".take-back-title")?.textContent);
  announce("take-back-result", (strip ?? layer).querySelector(".take-back-result")?.textContent);
}

// Call on every state: `asSeat` on a seat's page (its buttons), not on the table page;
// `slot`: the page's own place for the Undo button and the result (else they float).
export function showTakeBack(state, { asSeat = false, slot = null } = {}) {
  latest = { state, asSeat, slot };
  draw();
}
