// /host's "The table's language": what the box's OLED and the TV page speak. Only the
// phone that holds the host's seat sees it (the box refuses anyone else); each phone
// keeps its own language (the switch at the top of every page).
import { api, myState } from "./api.js";

const panel = document.querySelector("[data-testid=table-language]");
const select = panel?.querySelector("select");
const error = panel?.querySelector("[data-testid=table-language-error]");

async function choose() {
  select.disabled = true;
  error.hidden = true;
  try {
    await api("/api/host/language", { language: select.value });
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
  } finally {
    select.disabled = false;
  }
}

async function start() {
  if (!panel) return;
  try {
    const state = await myState();
    if (!state?.you?.host) return;
  } catch {
    return; // without the box's answer, no control that could only fail
  }
  select.addEventListener("change", choose);
  panel.hidden = false;
}

start();
