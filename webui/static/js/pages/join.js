// /j/CODE: what the box's QR code opens. A phone that already holds a seat at
// this table (it slept, or reloaded) goes straight back to it. A full game is
// offered to watch (join-form.js); a phone whose seat the next game no longer has
// (fewer seats) is told so.
import { api, getToken, myState } from "../api.js";
import { replace, showError } from "../dom.js";
import { joinForm } from "../join-form.js";
import { seatNotices } from "../seats.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

async function main() {
  const box = document.getElementById("join");
  const notice = document.querySelector("[data-testid=rejoin-notice]");
  if (new URLSearchParams(location.search).has("rejoin")) {
    notice.hidden = false;
    api("/api/status", undefined, { token: null })
      .then((status) => {
        const dropped = (status.notices || []).filter((n) => n.kind === "dropped");
        // Kept on this page (shown: 0): it says why the phone is here.
        if (dropped.length) notice.after(seatNotices({ table: { notices: dropped.map((n) => ({ ...n, shown: 0 })) } }));
      })
      .catch(() => {});
  }
  try {
    if (getToken()) {
      const mine = await myState();
      if (mine && mine.you.seat !== null) {
        location.replace("/seat");
        return;
      }
    }
  } catch (err) {
    showError(err.message);
  }
  replace(box, joinForm(box.dataset.code));
  document.getElementById("join-name").focus();
}

main();
