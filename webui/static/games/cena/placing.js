// A card this phone tapped that may go before several seats, waiting for where: the
// hand shows it pressed (hand.js) and the seats' trick slots on the board become the
// places to tap (board.js). The choice is made on the trick itself, in view, and the
// page keeps its size: a panel of buttons under the hand grew the page a step, which
// a slow phone pays with a whole new layout (js/fit.js), and hid the trick.

// The cards this seat may play, each with a seat it may go before: the box's compact
// choices (webui/games/cena/choices.py), else the full legal actions.
export function plays(state) {
  return state.choices?.play
    ? state.choices.play.flatMap(([card, places]) => places.map((to) => ({ type: "play", card, to })))
    : state.legal.filter((a) => a.type === "play");
}

// What a choice belongs to: a hand's picks last while this stays the same.
export const choiceKey = (state) =>
  `${state.deal}:${state.phase}:${state.trick?.number}:${state.trick?.cards.length}:${state.chosen}`;

let waiting = null; // {key, card, act}: the card waiting, for which view, and how it is sent

// The hand: `card` waits for where it goes (null: none), act(action) sends the play.
export function setPlacing(key, card, act) {
  waiting = card === null ? null : { key, card, act };
}

// The board: the card waiting in this state, with its places ({to: action}), or null
// (the table page, another deal or trick, nothing tapped).
export function placing(state) {
  if (!waiting || state.you.seat === null || waiting.key !== choiceKey(state)) return null;
  const { card, act } = waiting;
  const places = new Map(plays(state).filter((a) => a.card === card).map((a) => [a.to, a]));
  return { card, places, act };
}
