// Keep a seated phone awake during a game (Screen Wake Lock API). The lock is
// dropped by the browser whenever the page is hidden, so it is asked for again
// when the page comes back. Without the API, a one-line note says what to do.
import { h } from "./dom.js";
import { t } from "./i18n.js";

let wanted = false;
let lock = null;

async function acquire() {
  if (!wanted || lock || document.visibilityState !== "visible") return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; });
  } catch {
    lock = null; // refused (battery saver, no user gesture yet): tried again on the next state
  }
}

if ("wakeLock" in navigator) document.addEventListener("visibilitychange", acquire);

// The note costs a line of a one-screen page: once read ("OK"), this phone keeps it away.
const NOTE_SEEN = "tablemate-wake-note-seen";
let dismissed = false; // for a browser without localStorage (some private modes)
const noteSeen = () => {
  try { return dismissed || localStorage.getItem(NOTE_SEEN) === "1"; } catch { return dismissed; }
};

function wakeNote() {
  const note = h("p", { class: "muted wake-note", "data-testid": "wake-note" },
    t("This browser may let the screen sleep (the box's page is not https): set a longer screen timeout while you play."),
    " ",
    h("button", { type: "button", class: "secondary", "data-testid": "wake-note-ok", onclick: () => {
      dismissed = true;
      try { localStorage.setItem(NOTE_SEEN, "1"); } catch { /* private mode: hide for this page only */ }
      note.remove();
    } }, t("OK")));
  return note;
}

// active: this phone holds a seat in a game being played. Returns a note to show
// when the browser cannot keep the screen on (Wake Lock needs https, which a box on
// the home network rarely has), else null.
export function keepAwake(active) {
  wanted = active;
  if (!("wakeLock" in navigator)) return active && !noteSeen() ? wakeNote() : null;
  if (active) acquire();
  else if (lock) { lock.release(); lock = null; }
  return null;
}
