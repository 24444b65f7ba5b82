// /colours: secret colours for a game on a real board. Draw a round for 2-4 players,
// each phone takes its seat and holds to look, and at the end reveal them all.
// The page follows the table's public stream only to hear that something changed.
import { api, follow, showConnection } from "../api.js";
import { colourPanel } from "../colours/panel.js";
import { clearError, h, replace, showError } from "../dom.js";

const root = document.getElementById("colours");
const panel = colourPanel(refresh);
const controls = h("div");
let round = null;

async function call(path, body) {
  clearError();
  try {
    round = await api(path, body, { token: null });
    draw();
  } catch (err) {
    showError(err.message);
  }
}

function drawForm() {
  const players = h("select", { id: "colours-players", "data-testid": "colours-players" },
    [2, 3, 4].map((n) => h("option", { value: n, selected: n === 3 }, `${n} players`)));
  const open = round && round.round && !round.revealed;
  const submit = (event) => {
    event.preventDefault();
    if (open && !confirm("Draw new colours? The ones drawn now are forgotten by every phone.")) return;
    call("/api/colours/start", { players: Number(players.value) });
  };
  return h("form", { class: "panel", "data-testid": "colours-draw", onsubmit: submit },
    h("h2", {}, open ? "A new game" : "Draw the colours"),
    h("label", { for: "colours-players" }, "Players"), players,
    h("div", { class: "actions" }, h("button", { type: "submit", class: open ? "secondary" : "", "data-testid": "colours-start" }, "Draw secret colours")));
}

function revealButton() {
  if (!round || !round.round || round.revealed) return null;
  const reveal = () => confirm("Show everyone's colour? Do this when the game is over.") && call("/api/colours/reveal", { round: round.round });
  return h("section", { class: "panel" },
    h("h2", {}, "End of the game"),
    h("button", { type: "button", class: "danger", "data-testid": "colours-reveal", onclick: reveal }, "Reveal everyone's colour"));
}

let drawnFor = "";
function draw() {
  panel.render(round);
  const key = JSON.stringify([round?.round, round?.revealed]);
  if (key === drawnFor) return; // keep a form being filled in
  drawnFor = key;
  replace(controls, revealButton(), drawForm());
}

async function refresh() {
  try {
    round = await api("/api/colours", undefined, { token: null });
    draw();
  } catch (err) {
    showError(err.message);
  }
}

replace(root, panel.node, controls);
refresh();
follow("/api/stream", { state: refresh }, showConnection);
