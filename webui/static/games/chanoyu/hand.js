// The seat's own hand and what it can do with it.
// Play: only legal cards (from state.legal) can be tapped; one tap plays.
// Build (the trick's winner): tap a trick card, then one of the places it may go,
// drawn where the card would lie in a tableau: the ends of your own tableau, or any
// free value in anyone's tableau for a Tsukumogami. A card that may go in several
// tableaux (a Tsukumogami) shows its values in one tableau at a time (yours first),
// the others one "+…" each to open theirs: five tableaux of ten values each would not
// fit a small phone. Only placements the engine lists in state.legal are offered;
// each tap places one card, "Done" discards the rest.
import { h, listing, replace } from "../../js/dom.js";
import { keepFocus } from "../../js/focus.js";
import { handMoves } from "../../js/moves.js";
import { seatName } from "../../js/seats.js";
import { t } from "../../js/i18n.js";
import { cardButton, cardFace, cardShort, isFace, isTsukumogami, numberOf } from "./cards.js";

// container: where to draw; send(action) -> Promise (the page shows errors).
export function handView(container, send) {
  // selected: the trick card to place; open: the tableau whose places are shown when
  // the card may go in several.
  const ui = { selected: null, open: null };
  let state = null;
  // One draw per move (js/moves.js): while it is sent the hand is busy, not redrawn.
  // The build keeps the trick card picked across its placements, as before.
  const { act, drawHand: draw, redraw } = handMoves(container, send, {
    choices: () => JSON.stringify([ui.selected, ui.open]),
    draw: () => keepFocus(container, drawNow),
    clear: () => {},
  });

  function handCards(building) {
    const playable = new Set(state.legal.filter((a) => a.type === "play").map((a) => a.card));
    if (!state.hand.length) return h("p", { class: "muted", "data-testid": "hand" }, t("No cards in hand."));
    // While you build, none can be played: small faces to look at, not buttons, so the
    // trick and every tableau keep the room.
    if (building) {
      return h("div", { class: "hand cy-waiting", "data-testid": "hand" },
        state.hand.map((card) => cardFace(card, { small: true, "data-testid": "hand-card", "data-legal": false })));
    }
    return h(
      "div",
      { class: "hand", "data-testid": "hand" },
      state.hand.map((card) =>
        cardButton(card, {
          "data-testid": "hand-card",
          "data-legal": playable.has(card),
          disabled: !playable.has(card),
          onclick: () => act({ type: "play", card }),
        }),
      ),
    );
  }

  // --- the build ---------------------------------------------------------------------

  const me = () => state.you.seat;
  const ownerOf = (action) => action.seat ?? me();
  const valueOf = (action) => action.value ?? numberOf(action.card);

  function placesFor(card) {
    const empty = state.tableaux[me()].length === 0;
    // On an empty tableau both ends mean the same place: offer it once.
    return state.legal.filter((a) => a.type === "place" && a.card === card && !(empty && a.at === "right"));
  }

  // Where in the row (0 = before the first card) a placement would put the card.
  function positionIn(row, action) {
    if (action.at === "left") return 0;
    if (action.at === "right") return row.length;
    return row.filter((slot) => slot.value < action.value).length;
  }

  function target(action, seat) {
    const value = valueOf(action);
    const card = cardShort(action.card);
    const name = seatName(state, seat);
    let label;
    if (seat === me()) {
      if (action.at === "left") label = t("Place {card} as {value} at the left end of your tableau", { card, value });
      else if (action.at === "right") label = t("Place {card} as {value} at the right end of your tableau", { card, value });
      else label = t("Place {card} as {value} in your tableau", { card, value });
    } else if (action.at === "left") label = t("Place {card} as {value} at the left end of {name}'s tableau", { card, value, name });
    else if (action.at === "right") label = t("Place {card} as {value} at the right end of {name}'s tableau", { card, value, name });
    else label = t("Place {card} as {value} in {name}'s tableau", { card, value, name });
    return h(
      "button",
      {
        type: "button",
        class: "cy-target",
        "data-testid": "build-target",
        "data-card": action.card,
        "data-seat": seat,
        "data-value": value,
        "data-at": action.at ?? "",
        "aria-label": label,
        onclick: () => act(action),
      },
      h("span", { class: "cy-plus" }, "+"),
      value,
    );
  }

  // A tableau the selected card may go in, its places not shown: one tap opens them.
  function opener(seat) {
    const card = cardShort(ui.selected);
    const label = seat === me()
      ? t("Place {card} in your tableau: show its values", { card })
      : t("Place {card} in {name}'s tableau: show its values", { card, name: seatName(state, seat) });
    return h(
      "button",
      {
        type: "button",
        class: "cy-target cy-open",
        "data-testid": "build-open",
        "data-seat": seat,
        "aria-label": label,
        onclick: () => {
          ui.open = seat;
          redraw();
        },
      },
      "+…",
    );
  }

  // shut: its places behind its "+…"; open: the one tableau of several shown in full.
  function tableauRow(seat, places, shut, open = false) {
    const row = state.tableaux[seat];
    const mine = seat === me();
    const mineHere = places.filter((a) => ownerOf(a) === seat);
    const items = [];
    for (let i = 0; i <= row.length; i++) {
      const here = shut ? [] : mineHere.filter((a) => positionIn(row, a) === i);
      if (here.length) items.push(h("span", { class: "cy-targets" }, here.map((a) => target(a, seat))));
      if (i < row.length) items.push(cardFace(row[i].card, { small: true, value: row[i].value }));
    }
    if (shut && mineHere.length) items.push(opener(seat));
    return h(
      "div",
      { class: `cy-build-row${mine ? " mine" : ""}${shut ? " shut" : ""}${open ? " open" : ""}`, "data-testid": "build-tableau", "data-seat": seat },
      h("div", { class: "caption" }, mine ? t("Your tableau") : t("{name}'s tableau", { name: seatName(state, seat) })),
      h("div", { class: "cy-tableau" }, items.length ? items : h("span", { class: "muted" }, t("empty"))),
    );
  }

  function prompt(card, several) {
    if (!card) return t("No card of this trick fits any tableau.");
    if (isTsukumogami(card) && several) return t("Tsukumogami: tap a value it may take here, or +… for another tableau.");
    if (isTsukumogami(card)) return t("A Tsukumogami joins any tableau at a value it lacks: tap one.");
    if (isFace(card)) return t("{card} stands for any value that fits: tap one at an end of your tableau.", { card: cardShort(card) });
    return t("Tap where {card} goes in your tableau.", { card: cardShort(card) });
  }

  function buildPanel() {
    const build = state.build;
    const fitting = build.remaining.filter((card) => placesFor(card).length > 0);
    if (!fitting.includes(ui.selected)) ui.selected = fitting[0] ?? null;
    const places = ui.selected ? placesFor(ui.selected) : [];
    const finish = state.legal.find((a) => a.type === "build");
    const others = Array.from({ length: state.players }, (_, s) => s).filter((s) => s !== me());
    // The tableaux it may go in: one open at a time, yours unless you chose another.
    const owners = [...new Set(places.map(ownerOf))];
    const several = owners.length > 1;
    if (!owners.includes(ui.open)) ui.open = owners.includes(me()) ? me() : owners[0] ?? null;
    // The tableau with places to tap in full (the open one; yours when none fits), the
    // others side by side under it, small: only to look at, or each its "+…".
    const shown = ui.open ?? me();
    const rows = [
      tableauRow(shown, places, false, several),
      h("div", { class: "cy-shut" }, [me(), ...others].filter((s) => s !== shown).map((s) => tableauRow(s, places, true))),
    ];
    const rest = build.remaining.map(cardShort);
    let finishText = t("Nothing fits: discard the trick");
    if (build.placed.length) finishText = rest.length ? t("Done: discard {cards}", { cards: listing(rest) }) : t("Done");
    return h(
      "section",
      { class: "panel cy-build", "data-testid": "build" },
      h("h2", {}, t("Build from the trick you won")),
      h(
        "div",
        { class: "hand", "data-testid": "build-cards" },
        build.remaining.map((card) =>
          cardButton(card, {
            classes: [card === ui.selected ? "selected" : ""],
            "data-testid": "build-card",
            "data-fits": fitting.includes(card),
            "aria-pressed": card === ui.selected,
            disabled: !fitting.includes(card),
            onclick: () => {
              ui.selected = card;
              redraw();
            },
          }),
        ),
      ),
      h("p", { "data-testid": "build-prompt" }, prompt(ui.selected, several)),
      rows,
      h(
        "div",
        { class: "actions" },
        finish
          ? h("button", { type: "button", class: build.placed.length ? "" : "secondary", "data-testid": "build-done", onclick: () => act(finish) }, finishText)
          : h("p", { class: "muted", "data-testid": "build-must" }, t("A card fits, so place at least one; then you may stop.")),
      ),
    );
  }

  function drawNow() {
    if (!state || state.phase === "over" || !state.hand) {
      replace(container);
      return;
    }
    const building = state.phase === "build" && state.build.seat === me();
    replace(container, building ? buildPanel() : null, h("h2", {}, t("Your hand")), handCards(building));
  }

  return (next) => {
    state = next;
    draw();
  };
}
