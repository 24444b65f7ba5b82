// A hand's move, drawn once. While the box answers, the hand is marked busy
// (aria-busy on its container: no tap gets through, and act() ignores a key) instead
// of being redrawn with every control disabled; the page then draws the new
// state once, from the box's answer or the stream, whichever comes first. Afterwards
// the hand redraws only if its own choices (a picked card, a half-made hire) still
// differ from what was last drawn, as after a refused move.
import { counted } from "./renders.js";

export const isBusy = (container) => container.getAttribute("aria-busy") === "true";

// A tap on a busy hand stops at the container, before any control's handler. Not CSS
// pointer-events: it is inherited, so marking the hand busy and back restyled every
// element in it, twice a move (15-20 ms each at 6x CPU throttling).
const guarded = new WeakSet();
function stopTapsWhileBusy(container) {
  if (guarded.has(container)) return;
  guarded.add(container);
  container.addEventListener("click", (event) => {
    if (!isBusy(container)) return;
    event.stopPropagation();
    event.preventDefault();
  }, { capture: true });
}

// choices(): the hand's own picks as text; draw(): the hand's redraw;
// clear(): forget the picks (a move made or refused starts afresh). The hand is drawn
// at once for a state (drawHand) and soon after a tap on it (redraw).
export function handMoves(container, send, { choices, draw, clear }) {
  let drawn = null; // choices() when the hand was last drawn
  stopTapsWhileBusy(container);

  let draws = 0; // the hand's draws so far
  const drawHand = () => {
    counted("hand");
    draws += 1;
    draw();
    drawn = choices();
  };

  // A tap's own redraw (a card picked, a hire's next step) in a task of its own. The
  // browser lays the page out at the end of the task that handled a tap (it hit-tests
  // what the finger now rests on), so a hand redrawn inside that task held the draw's
  // script and the page's layout at once (50-150 ms at 6x); on its own the draw is
  // script, and the frame lays it out (js/frame.js). `then` runs after that draw (a
  // keyboard's focus to the next choice); a draw of the hand meanwhile (the state
  // changed) draws it for both.
  let waiting = null; // {after: draws when asked, then: [callbacks]}
  const redraw = (then) => {
    if (waiting) {
      if (then) waiting.then.push(then);
      return;
    }
    waiting = { after: draws, then: then ? [then] : [] };
    setTimeout(() => {
      const { after, then: callbacks } = waiting;
      waiting = null;
      if (draws === after) drawHand();
      for (const callback of callbacks) callback();
    });
  };

  const act = async (action) => {
    if (isBusy(container)) return;
    container.setAttribute("aria-busy", "true");
    try {
      await send(action);
    } finally {
      container.removeAttribute("aria-busy");
      clear();
      if (choices() !== drawn) drawHand();
    }
  };

  return { act, drawHand, redraw };
}
