// The seat's own hand and what it can do with it.
// Reveal phase: tap 3 cards, then "Reveal"; the choice shows chosen while it may
// still be taken back, locked once it may not, until all are in.
// Play phase: only legal cards (from state.legal) can be tapped; then, if the card
// may go before several seats, choose where on the trick (placing.js; the simplified
// rule skips this).
import { announce } from "../../js/announce.js";
import { h, morph } from "../../js/dom.js";
import { keepFocus } from "../../js/focus.js";
import { beforePaint } from "../../js/frame.js";
import { handMoves, isBusy } from "../../js/moves.js";
import { t } from "../../js/i18n.js";
import { cardButton, cardWords } from "./cards.js";
import { choiceKey, plays, setPlacing } from "./placing.js";

const PUBLIC_CARDS = 3; // unless the box's choices say otherwise (webui/games/cena/choices.py)

let escape = null; // the hand's Escape key (see place)
document.addEventListener("keydown", (event) => escape?.(event));

// Said when a card waits for where it goes (the places follow, on the trick).
const placementWords = (card) => t("Place {card} in front of:", { card: cardWords(card) });

// container: where to draw; send(action) -> Promise (the page shows errors);
// redrawTop(): the page draws its top again (the seats' trick slots show the places).
export function handView(container, send, { redrawTop = () => {} } = {}) {
  const ui = { key: "", picked: [], placing: null };
  let state = null;
  // One draw per move (js/moves.js): while it is sent the hand is busy, not redrawn.
  const { act, drawHand: draw, redraw } = handMoves(container, send, {
    choices: () => JSON.stringify([ui.picked, ui.placing]),
    draw: () => drawNow(),
    clear: () => {
      ui.picked = [];
      // A play refused: the card waits no more, on the trick either.
      if (ui.placing) place(null);
    },
  });

  // Whether this seat may still take its choice back (an Undo, or asking the table):
  // then its cards are chosen, not locked in, and the page says so.
  function undoable() {
    const tb = state.table?.take_back;
    const me = state.you.seat;
    return Boolean(tb && (tb.request?.seat === me || tb.offers?.some((o) => o.seat === me)));
  }

  function revealControls() {
    const locked = state.chosen !== null;
    const mayUndo = locked && undoable();
    const needed = state.choices?.reveal?.pick ?? PUBLIC_CARDS;
    const cards = state.hand.map((card) => {
      const picked = ui.picked.includes(card);
      const chosen = locked && state.chosen.includes(card);
      return cardButton(card, {
        classes: [picked ? "selected" : "", chosen ? "locked" : ""],
        badge: chosen ? (mayUndo ? t("chosen") : t("locked")) : null,
        "data-testid": "hand-card",
        "aria-pressed": picked,
        disabled: locked || (!picked && ui.picked.length >= needed),
        // The picks as they are at the tap (the hand is redrawn after it: js/moves.js).
        onclick: () => {
          if (ui.picked.includes(card)) ui.picked = ui.picked.filter((c) => c !== card);
          else if (ui.picked.length < needed) ui.picked = [...ui.picked, card];
          redraw();
        },
      });
    });
    const button = locked
      ? h("p", { class: "notice", "data-testid": "reveal-locked", "data-undoable": mayUndo },
        mayUndo
          ? t("Your public cards are chosen; they show when everyone has chosen. Until then you can still take them back.")
          : t("Your public cards are locked in; they show when everyone has chosen."))
      : h(
          "button",
          {
            type: "button",
            "data-testid": "reveal",
            disabled: ui.picked.length !== needed,
            onclick: () => act({ type: "reveal", cards: ui.picked }),
          },
          t("Reveal {picked}/{needed} cards", { picked: ui.picked.length, needed }),
        );
    return [h("div", { class: "hand", "data-testid": "hand", "data-deal": state.deal }, cards), h("div", { class: "actions" }, button)];
  }

  function playControls() {
    const choices = plays(state);
    const playable = new Set(choices.map((a) => a.card));
    const isPublic = new Set(state.public[state.you.seat]);
    const cards = state.hand.map((card) =>
      cardButton(card, {
        classes: [ui.placing === card ? "selected" : "", isPublic.has(card) ? "public" : ""],
        badge: isPublic.has(card) ? t("public") : null,
        "data-testid": "hand-card",
        "data-legal": playable.has(card),
        // While a card waits for where to go, it is the pressed one.
        "aria-pressed": ui.placing ? ui.placing === card : null,
        disabled: !playable.has(card),
        onclick: () => {
          const targets = choices.filter((a) => a.card === card);
          if (targets.length === 1) return void act(targets[0]);
          // Where it goes is chosen on the trick (placing.js); the card tapped again
          // stays in hand. From the keyboard, focus goes to the first place once the
          // frame has laid it out (js/frame.js).
          const fromKeys = document.activeElement?.dataset?.card === card;
          const next = ui.placing === card ? null : card;
          place(next, fromKeys && next ? "place" : null);
        },
      }),
    );
    // The cards say which deal they belong to (data-deal), as the drawer's deal line does.
    return h("div", { class: "hand", "data-testid": "hand", "data-deal": state.deal }, cards);
  }

  // A card waits for where it goes (null: none any more): the hand and the seats'
  // trick slots (board.js) drawn again after the tap, then focus to `focusOn`: the
  // first place, or the card back in hand.
  function place(card, focusOn = null) {
    const was = ui.placing;
    ui.placing = card;
    setPlacing(ui.key, card, playFromTrick);
    const focus = () => {
      const target = focusOn === "place"
        ? document.querySelector('[data-testid="place"]')
        : container.querySelector(`[data-card="${CSS.escape(was ?? "")}"]`);
      target?.focus();
    };
    redraw(() => {
      redrawTop();
      if (focusOn) beforePaint(focus, "focus");
    });
  }

  // A place tapped on the trick: the play sent as from the hand. A keyboard's focus
  // comes back to the card first, so that after the move it stays in the hand (on the
  // next card: js/focus.js), not on a place the trick no longer offers.
  function playFromTrick(action) {
    if (document.activeElement?.dataset?.testid === "place") {
      container.querySelector(`[data-card="${CSS.escape(action.card)}"]`)?.focus({ preventScroll: true });
    }
    return act(action);
  }

  // Escape keeps the waiting card in hand (one hand per page: the latest one listens).
  escape = (event) => {
    if (event.key !== "Escape" || !ui.placing || isBusy(container)) return;
    event.preventDefault();
    place(null, "card");
  };

  // Focus stays on the same card or control through every redraw (js/focus.js); the
  // cards and controls already shown are kept, changed where they differ (js/dom.js morph).
  function drawNow() {
    keepFocus(container, () => {
      if (!state || state.phase === "over" || !state.hand) {
        morph(container);
        return;
      }
      morph(
        container,
        h("h2", {}, t("Your hand")),
        state.phase === "reveal" ? revealControls() : playControls(),
      );
    });
    announce("placement", ui.placing ? placementWords(ui.placing) : "");
  }

  return (next) => {
    state = next;
    const key = choiceKey(state);
    if (key !== ui.key) {
      // Another trick or deal: nothing waits (the top, already drawn for it, shows none).
      ui.key = key;
      ui.placing = null;
      ui.picked = [];
      setPlacing(key, null);
    }
    draw();
  };
}
