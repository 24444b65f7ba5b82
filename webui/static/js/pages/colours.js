// /colours: secret colours for a game on a real board. A phone draws a round for
// 2-4 players and becomes its owner: it shows the round's code, each phone types
// that code and takes its seat, holds to look, and at the end the owner reveals
// them all. The page follows the table's public stream only to hear that
// something changed.
import { api, follow, showConnection } from "../api.js";
import { claimIn, colourPanel } from "../colours/panel.js";
import { codePanel, ownerOf, rememberOwner } from "../colours/owner.js";
import { clearError, h, replace, showError } from "../dom.js";
import { t } from "../i18n.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

const root = document.getElementById("colours");
const panel = colourPanel(refresh);
const code = h("div");
const controls = h("div");
let round = null;

async function call(path, body, token = null) {
  clearError();
  try {
    const answer = await api(path, body, { token });
    if (answer.owner) rememberOwner(answer.round, answer.owner); // a round this phone drew
    round = { ...answer };
    delete round.owner; // kept in localStorage only
    draw();
  } catch (err) {
    showError(err.message);
  }
}

function drawForm() {
  const players = h("select", { id: "colours-players", "data-testid": "colours-players" },
    [2, 3, 4].map((n) => h("option", { value: n, selected: n === 3 }, t("{count} players", { count: n }))));
  const open = round && round.round && !round.revealed;
  const submit = (event) => {
    event.preventDefault();
    if (open && !confirm(t("Draw new colours? The ones drawn now are forgotten by every phone."))) return;
    call("/api/colours/start", { players: Number(players.value) });
  };
  return h("form", { class: "panel", "data-testid": "colours-draw", onsubmit: submit },
    h("h2", {}, open ? t("A new game") : t("Draw the colours")),
    h("label", { for: "colours-players" }, t("Players")), players,
    h("div", { class: "actions" }, h("button", { type: "submit", class: open ? "secondary" : "", "data-testid": "colours-start" }, t("Draw secret colours"))));
}


// Who may reveal, before the end: the owner's phone; for colours drawn on the box,
// the box; for a round from before codes, any phone holding one of its seats.
function revealToken() {
  if (round.reveal_by === "owner") return ownerOf(round.round)?.token || null;
  if (round.reveal_by === "seat") return claimIn(round.round)?.token || null;
  return null;
}

function revealPanel() {
  if (!round || !round.round || round.revealed) return null;
  const token = revealToken();
  if (!token) {
    const how = round.reveal_by === "box"
      ? t("These colours were drawn on the box: at the end, reveal them there (on the box, choose Secret colours, then Reveal all).")
      : t("At the end, the phone that drew the colours reveals them (or the box: on the box, choose Secret colours, then Reveal all).");
    return h("section", { class: "panel" }, h("h2", {}, t("End of the game")),
      h("p", { class: "muted", "data-testid": "colours-reveal-elsewhere" }, how));
  }
  const reveal = () => confirm(t("Show everyone's colour? Do this when the game is over.")) && call("/api/colours/reveal", { round: round.round }, token);
  return h("section", { class: "panel" },
    h("h2", {}, t("End of the game")),
    h("button", { type: "button", class: "danger", "data-testid": "colours-reveal", onclick: reveal }, t("Reveal everyone's colour")));
}

// The round's code, on the phone that drew it, while seats are being taken.
function codeBox() {
  const own = round && round.round && !round.revealed ? ownerOf(round.round) : null;
  if (!own) return null;
  const note = round.reveal_by === "owner" ? t("Only this phone shows the code, and only this phone (or the box) can reveal everyone's colour before the end.") : null;
  return codePanel(own.code, note);
}

let drawnFor = "";
function draw() {
  panel.render(round);
  const key = JSON.stringify([round?.round, round?.revealed, Boolean(claimIn(round?.round)), ownerOf(round?.round)?.code]);
  if (key === drawnFor) return; // keep a form being filled in
  drawnFor = key;
  replace(code, codeBox());
  replace(controls, revealPanel(), drawForm());
}

async function refresh() {
  try {
    round = await api("/api/colours", undefined, { token: null });
    draw();
  } catch (err) {
    showError(err.message);
  }
}

replace(root, code, panel.node, controls);
refresh();
follow("/api/stream", { state: refresh }, showConnection);
