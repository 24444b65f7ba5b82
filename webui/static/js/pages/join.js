// /j/CODE: what the box's QR code opens. A phone that already holds a seat at
// this table (it slept, or reloaded) goes straight back to it.
import { getToken, myState } from "../api.js";
import { replace, showError } from "../dom.js";
import { joinForm } from "../join-form.js";

async function main() {
  const box = document.getElementById("join");
  if (new URLSearchParams(location.search).has("rejoin")) {
    document.querySelector("[data-testid=rejoin-notice]").hidden = false;
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
