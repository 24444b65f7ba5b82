// The phone that drew a round of secret colours (on /colours, or by setting up a
// score sheet that draws them) owns it: the box gave it the round's code, to show the table,
// and an owner token, to reveal the colours (and enter the sheet's end) before the
// end. Both stay in this browser's localStorage, so a reload keeps them; no other
// phone ever gets them. The other phones type the code to take their seat.
import { h, sentence } from "../dom.js";
import { t } from "../i18n.js";

const OWNER_KEY = "tablemate.colours.owner";

function stored() {
  try {
    return JSON.parse(localStorage.getItem(OWNER_KEY) || "null");
  } catch {
    return null;
  }
}

// {round, token, code} when this phone owns that round (a round number), else null.
export function ownerOf(round) {
  const found = stored();
  return found && round && found.round === round ? found : null;
}

// The box's answer to drawing round `round`: {token, code}.
export function rememberOwner(round, { token, code }) {
  localStorage.setItem(OWNER_KEY, JSON.stringify({ round, token, code }));
}

// The code in this page's address (/colours?code=ABCD), as the owner's link gives it.
export function codeInAddress() {
  const code = new URLSearchParams(location.search).get("code") || "";
  return /^[A-Za-z]{4}$/.test(code) ? code.toUpperCase() : "";
}

// The code, big, for the owner to show the table, with a link that fills it in;
// note: what else this phone may do with the round.
export function codePanel(code, note) {
  const link = `${location.origin}/colours?code=${code}`;
  return h("section", { class: "panel notice", "data-testid": "colours-code-panel" },
    h("h2", {}, t("Round code")),
    h("p", { class: "room-code", "data-testid": "colours-code" }, code),
    h("p", {}, sentence(
      t("Show this to the players: each opens Secret colours on their phone, types this code and taps their name. Or send them {link}, which fills it in."),
      { link: h("a", { href: link, "data-testid": "colours-code-link" }, t("this link")) })),
    note ? h("p", { class: "muted" }, note) : null);
}
