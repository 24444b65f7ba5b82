// The seat's own hand and what it can do with it.
// Reveal phase: tap 3 cards, then "Reveal"; the choice shows chosen while it may
// still be taken back, locked once it may not, until all are in.
// Play phase: only legal cards (from state.legal) can be tapped; then, if the card
// may go before several seats, choose where (the simplified rule skips this).
import { announce } from "../../js/announce.js";
import { h, morph } from "../../js/dom.js";
import { keepFocus } from "../../js/focus.js";
import { beforePaint } from "../../js/frame.js";
import { handMoves } from "../../js/moves.js";
import { seatName } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { cardButton, SUITS, numberOf, suitOf } from "./cards.js";

const PUBLIC_CARDS = 3; // unless the box's choices say otherwise (webui/games/cena/choices.py)

// container: where to draw; send(action) -> Promise (the page shows errors).
export function handView(container, send) {
  const ui = { key: "", picked: [], placing: null };
  let state = null;
  // One draw per move (js/moves.js): while it is sent the hand is busy, not redrawn.
  const { act, drawHand: draw, redraw } = handMoves(container, send, {
    choices: () => JSON.stringify([ui.picked, ui.placing]),
    draw: () => drawNow(),
    clear: () => {
      ui.picked = [];
      ui.placing = null;
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
    // Each card with the places it may go (webui/games/cena/choices.py), else listed.
    const plays = state.choices?.play
      ? state.choices.play.flatMap(([card, places]) => places.map((to) => ({ type: "play", card, to })))
      : state.legal.filter((a) => a.type === "play");
    const playable = new Set(plays.map((a) => a.card));
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
          const targets = plays.filter((a) => a.card === card);
          if (targets.length === 1) {
            act(targets[0]);
          } else {
            const fromKeys = document.activeElement?.dataset?.card === card;
            ui.placing = card;
            // The choice comes next: said aloud, and the keyboard taken to it once the
            // frame has laid it out (js/frame.js).
            const toChoice = () => container.querySelector('[data-testid="place"]')?.focus();
            redraw(() => fromKeys && beforePaint(toChoice, "focus"));
          }
        },
      }),
    );
    // The cards say which deal they belong to (data-deal), as the drawer's deal line does.
    return [h("div", { class: "hand", "data-testid": "hand", "data-deal": state.deal }, cards), placement(plays)];
  }

  function placement(plays) {
    if (!ui.placing) return null;
    const card = ui.placing;
    const targets = plays.filter((a) => a.card === card);
    return h(
      "div",
      { class: "panel", "data-testid": "placement", role: "group", "aria-labelledby": "placement-title" },
      h("p", { id: "placement-title" }, placementWords(card)),
      h(
        "div",
        { class: "placement" },
        targets.map((action) =>
          h(
            "button",
            { type: "button", "data-testid": "place", "data-to": action.to, onclick: () => act(action) },
            action.to === state.you.seat ? t("Yourself") : seatName(state, action.to),
          ),
        ),
        h(
          "button",
          { type: "button", class: "secondary", "data-testid": "place-cancel", onclick: () => { ui.placing = null; redraw(); } },
          t("Cancel"),
        ),
      ),
    );
  }

  const placementWords = (card) => t("Place {card} in front of:", { card: `${SUITS[suitOf(card)]} ${numberOf(card)}` });

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
    const key = `${state.deal}:${state.phase}:${state.trick?.number}:${state.trick?.cards.length}:${state.chosen}`;
    if (key !== ui.key) {
      ui.key = key;
      ui.placing = null;
      ui.picked = [];
    }
    draw();
  };
}
