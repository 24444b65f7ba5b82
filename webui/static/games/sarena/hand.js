// A seat's own Sàrénà controls: its secret colour behind hold-to-reveal, and the
// board to move on. Tap a pile to see what it holds; on your turn, a pile that can
// move lights up the circles it may go to (only legal moves, from state.legal): tap
// one, or use the buttons under the board.
import { holdToReveal } from "../../js/colours/reveal.js";
import { colourName, swatch } from "../../js/colours/colours.js";
import { h, replace } from "../../js/dom.js";
import { keepFocus } from "../../js/focus.js";
import { beforePaint } from "../../js/frame.js";
import { handMoves, isBusy } from "../../js/moves.js";
import { t, tn } from "../../js/i18n.js";
import { boardSvg, chipWords, key, squareName } from "./drawing.js";

function colourSecret({ colour, tally }) {
  return [
    h("p", { class: "secret-colour" }, t("Your colour:"), " ", swatch(colour, { big: true })),
    h("p", { "data-testid": "tally" },
      t("If the game ended now you would take {chips} chips ({tiebreak} showing {colour}).", { chips: tally.chips, tiebreak: tally.tiebreak, colour: colourName(colour) })),
  ];
}

// container: where to draw; send(action) -> Promise (the page shows errors).
export function handView(container, send) {
  const ui = { selected: null };
  let state = null;
  const secret = holdToReveal(t("Hold to see your colour"), colourSecret);
  const colourPanel = h("section", { class: "panel", "data-testid": "my-colour" }, h("h2", {}, t("Your secret colour")), secret.node);
  const boardBox = h("div", { class: "board-wrap" });
  const pileBox = h("div", { "data-testid": "pile-panel" });

  const moves = () => (state.legal || []).filter((a) => a.type === "move");
  const targetsOf = (k) => moves().filter((m) => key(m.from) === k);

  // One draw per move (js/moves.js): while it is sent the hand is busy, not redrawn.
  const { act, drawHand: draw, redraw } = handMoves(container, send, {
    choices: () => JSON.stringify(ui.selected),
    draw: () => keepFocus(container, drawNow),
    clear: () => {
      ui.selected = null;
    },
  });

  async function move(action) {
    const keyed = container.contains(document.activeElement); // a keyboard is playing
    await act(action);
    // Focus follows the pile to where it went, once the frame has laid it out (js/frame.js).
    if (keyed) beforePaint(() => container.querySelector(`[data-testid="spot"][data-square="${key(action.to)}"]`)?.focus(), "focus");
  }

  function tap(square) {
    if (isBusy(container)) return;
    const k = key(square);
    const chosen = ui.selected && targetsOf(ui.selected).find((m) => key(m.to) === k);
    if (chosen) return move(chosen);
    const [row, col] = square;
    ui.selected = ui.selected !== k && state.board[row][col].length ? k : null;
    redraw();
  }

  function pilePanel() {
    if (!ui.selected) {
      const mine = moves().length > 0;
      return h("p", { class: "muted" }, mine
        ? t("Tap a pile to move it: the circles it may go to light up. Dashed piles cannot move.")
        : t("Tap a pile to see its chips."));
    }
    const [row, col] = ui.selected.split(",").map(Number);
    const pile = state.board[row][col];
    const options = targetsOf(ui.selected);
    return h(
      "section",
      { class: "panel pile-info", "data-testid": "pile-info", "data-square": ui.selected },
      h("h2", {}, tn("{square}: {count} chip", "{square}: {count} chips", pile.length, { square: squareName([row, col]) })),
      h("ol", { class: "chips", "data-testid": "pile-chips" }, pile.map((chip) => h("li", { "data-chip": chip }, chipWords(chip)))),
      options.length
        ? h("div", { class: "move-options" },
            h("p", {}, t("Move it to a lit circle:")),
            options.map((m) => {
              const [r, c] = m.to;
              const flip = state.board[r][c].length === 0;
              return h("button", { type: "button", "data-testid": "move-to", "data-to": key(m.to), onclick: () => move(m) },
                flip
                  ? t("{square} (flips it)", { square: squareName(m.to) })
                  : t("{square} ({count} high)", { square: squareName(m.to), count: pile.length + state.board[r][c].length }));
            }),
            h("button", { type: "button", class: "secondary", "data-testid": "move-cancel", onclick: () => { ui.selected = null; redraw(); } }, t("Cancel")))
        : null,
    );
  }


  function drawNow() {
    if (!state) return;
    // The seat page empties this container in a lobby; a new game draws here again.
    if (colourPanel.parentNode !== container) replace(container, boardBox, pileBox, colourPanel);
    const over = state.phase === "over";
    colourPanel.hidden = over || !state.colour; // once over, everyone's colour is on the page
    secret.set(over || !state.colour ? null : { colour: state.colour, tally: state.tally });
    const sources = moves().length ? new Set(moves().map((m) => key(m.from))) : null;
    const targets = new Set(ui.selected ? targetsOf(ui.selected).map((m) => key(m.to)) : []);
    replace(boardBox, boardSvg(state, { selected: ui.selected, targets, sources, onTap: tap }));
    replace(pileBox, pilePanel());
  }

  return (next) => {
    const moved = !state || JSON.stringify(next.board) !== JSON.stringify(state.board);
    state = next;
    if (moved) ui.selected = null; // the piles changed under the selection
    draw();
  };
}
