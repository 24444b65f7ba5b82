// The seat's own pieces and its guided turn, in the rulebook's order:
// dissolve a department, form one, declare Lauzait-Cep (each optional, at most
// once), then the hire, which ends the turn: pick the piece to discard, then one
// of the pieces it lets move, then where it goes. Only what state.legal allows is
// ever offered, so every tap is a legal move.
import { h, morph } from "../../js/dom.js";
import { keepFocus } from "../../js/focus.js";
import { handMoves } from "../../js/moves.js";
import { t, tn } from "../../js/i18n.js";
import { boardGrid, key, squareName } from "./board.js";
import { departmentFace, isWild, pieceButton, pieceFace, played } from "./pieces.js";

const STEPS = ["dissolve", "form", "declare", "hire"];
const DEPARTMENT = 3; // the pieces a department is formed of
// The letters a compact hire names squares by (webui/games/lauzait/choices.py).
const SQUARES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
// Each step as the bar names it (the optional ones end with "?").
const STEP_LABELS = { dissolve: t("dissolve?"), form: t("form?"), declare: t("declare?"), hire: t("hire") };
const sameSquare = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
const sortedCodes = (pieces) => [...pieces].sort().join(" ");
// A short screen (a small phone upright, any phone on its side): the declare offer
// folds to its one line, so the pieces and the board stay in view.
const SHORT = matchMedia("(max-height: 740px)");

// container: where to draw; send(action) -> Promise (the page shows errors).
export function handView(container, send) {
  // mode "hire" (the default) or "form"; picked: hand indexes while forming;
  // discard (and the index of the piece tapped), mover and target while hiring.
  const fresh = () => ({ mode: "hire", picked: [], discard: null, discardIndex: null, mover: null, target: null });
  const ui = { key: "", ...fresh() };
  let state = null;

  const reset = () => Object.assign(ui, fresh());
  // One draw per move (js/moves.js): while it is sent the hand is busy, not redrawn.
  const { act, drawHand, redraw } = handMoves(container, send, {
    choices: () => JSON.stringify(Object.keys(fresh()).map((k) => ui[k])),
    draw: () => keepFocus(container, drawNow),
    clear: reset,
  });

  // The departments to form and the ways to declare come described too, their codes
  // joined by spaces (webui/games/lauzait/choices.py).
  const codes = (text) => text.split(" ");
  const department = ([pieces, roles]) => ({ pieces: codes(pieces), roles: codes(roles) });
  const described = {
    form: (form) => Object.entries(form).flatMap(([pieces, ways]) =>
      ways.split(",").map((roles) => ({ type: "form", ...department([pieces, roles]) }))),
    declare: (ways) => ways.map((departments) => ({ type: "declare", departments: departments.map(department) })),
  };
  const legal = (type) =>
    described[type] && state.choices?.[type]
      ? described[type](state.choices[type])
      : state.legal.filter((a) => a.type === type);

  // The hire's steps: discard -> [{from, to: [squares]}], from the box's compact
  // description (webui/games/lauzait/choices.py) or, where it sent the hires in
  // full (a replay, hires it could not describe so), from the legal list.
  let steps = { of: null, map: new Map() };
  function hireSteps() {
    if (steps.of === state) return steps.map;
    const map = new Map();
    const hire = state.choices?.hire;
    if (hire) {
      // A square is a letter: its number row * width + column in SQUARES.
      const square = (letter) => {
        const n = SQUARES.indexOf(letter);
        return [Math.floor(n / hire.width), n % hire.width];
      };
      // Each word: a square that can move, then the squares it may go to.
      const words = hire.moves.split(" ");
      const moves = new Map(words.map((word) => [word[0], [...word.slice(1)].map(square)]));
      // null: every square that can move (webui/games/lauzait/choices.py).
      const every = words.map((word) => word[0]).join("");
      for (const [piece, froms] of Object.entries(hire.discards)) {
        map.set(piece, [...(froms ?? every)].map((f) => ({ from: square(f), to: moves.get(f) })));
      }
    }
    for (const a of legal("hire")) {
      if (!map.has(a.discard)) map.set(a.discard, []);
      const movers = map.get(a.discard);
      let mover = movers.find((m) => sameSquare(m.from, a.from));
      if (!mover) movers.push((mover = { from: a.from, to: [] }));
      mover.to.push(a.to);
    }
    steps = { of: state, map };
    return map;
  }
  const canHire = () => hireSteps().size > 0;
  const myTurn = () => state.phase === "play" && state.turn === state.you.seat;

  // The four steps: those behind struck out, those open now highlighted.
  function stepsBar() {
    const behind = STEPS.indexOf(state.step);
    return h(
      "ol",
      { class: "lz-steps", "data-testid": "lz-steps" },
      STEPS.map((step, i) => {
        const open = i >= behind && (step === "hire" ? canHire() : legal(step).length > 0);
        const classes = [i < behind ? "passed" : "", open ? "now" : ""].join(" ").trim();
        return h("li", { class: classes, "data-step": step, "data-open": open }, STEP_LABELS[step]);
      }),
    );
  }

  // Pieces not in a revealed department: tap to pick a discard (or, while forming,
  // three pieces of a department).
  function concealedPieces() {
    const discards = new Set(hireSteps().keys());
    const mine = myTurn();
    if (!mine) return state.concealed.map((piece) => pieceFace(piece, { "data-testid": "lz-hand-piece" }));
    return state.concealed.map((piece, index) => {
      const picked = ui.mode === "form" ? ui.picked.includes(index) : ui.discardIndex === index;
      const usable = ui.mode === "form" ? mine && (picked || ui.picked.length < DEPARTMENT) : mine && discards.has(piece);
      return pieceButton(piece, {
        classes: [picked ? "selected" : ""],
        "data-testid": "lz-hand-piece",
        "data-legal": ui.mode === "hire" && discards.has(piece),
        "aria-pressed": picked,
        disabled: !usable,
        onclick: () => {
          // The picks as they are at the tap (the hand is redrawn after it: js/moves.js).
          if (ui.mode === "form") {
            if (ui.picked.includes(index)) ui.picked = ui.picked.filter((i) => i !== index);
            else if (ui.picked.length < DEPARTMENT) ui.picked = [...ui.picked, index];
          } else {
            Object.assign(ui, { discard: piece, discardIndex: index, mover: null, target: null });
          }
          redraw();
        },
      });
    });
  }

  function revealedDepartments() {
    const mine = state.departments[state.you.seat];
    if (!mine.length) return null;
    const dissolvable = new Map(legal("dissolve").map((a) => [a.department, a]));
    return h(
      "div",
      { class: "lz-revealed-own" },
      h("h3", {}, t("Revealed departments (cannot be discarded)")),
      mine.map((department, index) =>
        h("div", { class: "lz-shown", "data-testid": "lz-own-department", "data-index": index },
          departmentFace(department),
          h("span", { class: "lz-bonus" }, `+${department.bonus}`),
          dissolvable.has(index) && myTurn()
            ? h("button", { type: "button", class: "secondary", "data-testid": "lz-dissolve", "data-index": index,
                onclick: () => act(dissolvable.get(index)) }, t("Dissolve: pay back {points}", { points: department.bonus }))
            : null)),
    );
  }

  function formPanel() {
    const forms = legal("form");
    if (!forms.length) return null;
    if (ui.mode !== "form") {
      return h("button", { type: "button", class: "secondary", "data-testid": "lz-form-start",
        onclick: () => { reset(); ui.mode = "form"; redraw(); } }, t("Form a department…"));
    }
    const chosen = ui.picked.map((i) => state.concealed[i]);
    const matches = chosen.length === DEPARTMENT ? forms.filter((f) => sortedCodes(f.pieces) === sortedCodes(chosen)) : [];
    return h(
      "div",
      { class: "panel lz-guide", "data-testid": "lz-form" },
      h("p", {}, chosen.length < DEPARTMENT
        ? t("Tap three of your pieces: three of a kind or three in a row, one colour ({count}/3).", { count: chosen.length })
        : matches.length ? t("Reveal them as:") : t("Those three do not make a department.")),
      h("div", { class: "actions" },
        matches.map((form) =>
          h("button", { type: "button", "data-testid": "lz-form-option", onclick: () => act(form) },
            t("Reveal {pieces}", { pieces: form.pieces.map((p, i) => played(p, form.roles[i])).join(" ") }))),
        h("button", { type: "button", class: "secondary", "data-testid": "lz-form-cancel", onclick: () => { reset(); redraw(); } }, t("Back to hiring"))),
    );
  }

  function declarePanel() {
    const declarations = legal("declare");
    if (!declarations.length) return null;
    const stalemate = !canHire();
    const confirmAndSend = (action) => confirm(t("Declare Lauzait-Cep? The season ends.")) && act(action);
    const option = (action) => {
      const label = action.departments
        ? h("span", { class: "lz-government" }, t("Declare with"), " ", action.departments.map((d) => departmentFace(d)))
        : stalemate ? t("Nothing can be discarded: declare a stalemate") : t("Declare Lauzait-Cep with your three departments");
      return h("button", { type: "button", class: "lz-declare", "data-testid": "lz-declare", onclick: () => confirmAndSend(action) }, label);
    };
    // The first way to declare, the others one tap away (each is a row of nine pieces:
    // three of them would push the pieces and the board off a phone).
    const [first, ...more] = declarations;
    const offer = [
      h("p", {}, h("strong", {}, t("You can declare Lauzait-Cep!")), " ", t("It scores the formation points and ends the season.")),
      h("div", { class: "actions" }, option(first)),
      more.length
        ? h("details", {}, h("summary", {}, tn("{count} other way to declare", "{count} other ways to declare", more.length)), h("div", { class: "actions" }, more.map(option)))
        : null,
    ];
    // Beside a hire (on a short screen, or with one under way) the offer folds to its
    // one line, one tap from open, so the pieces, the board and the hire's summary stay
    // in view; with nothing to discard, declaring is the move: it stays open.
    const folded = !stalemate && (SHORT.matches || ui.discard !== null);
    return h(
      "div",
      { class: "panel lz-guide notice", "data-testid": "lz-declare-panel" },
      folded ? h("details", {}, h("summary", {}, h("strong", {}, t("You can declare Lauzait-Cep!"))), offer) : offer,
    );
  }

  // The hire: the board with what may be tapped now, and what the hire will do.
  function hirePanel() {
    const marks = {};
    let prompt;
    if (!myTurn() || ui.mode === "form" || !canHire()) {
      return { marks: null, guide: null };
    }
    const spot = state.board.flatMap((row, r) => row.map((piece, c) => (piece ? null : [r, c]))).find(Boolean);
    marks[key(spot)] = { kind: "spot", label: t("your discard goes here") };
    const forDiscard = hireSteps().get(ui.discard) || []; // [{from, to: [squares]}]
    if (!ui.discard) {
      prompt = t("Hire: tap the piece to discard. It goes on the empty square.");
    } else if (!ui.mover) {
      prompt = t("Discarding {piece}: tap the piece to move.", { piece: ui.discard });
      for (const m of forDiscard) {
        marks[key(m.from)] = { kind: "mover", label: t("can move"), onclick: () => { ui.mover = m.from; ui.target = null; redraw(); } };
      }
    } else {
      const chosen = forDiscard.find((m) => sameSquare(m.from, ui.mover))?.to || [];
      marks[key(ui.mover)] = { kind: "picked", label: t("moving"), onclick: () => { ui.mover = null; ui.target = null; redraw(); } };
      for (const to of chosen) {
        marks[key(to)] = { kind: sameSquare(to, ui.target) ? "picked" : "target", label: t("can go here"), onclick: () => { ui.target = to; redraw(); } };
      }
      prompt = ui.target ? null : t("Tap where the {piece} goes.", { piece: pieceAt(ui.mover) });
    }
    const guide = prompt ? h("p", { class: "lz-prompt", "data-testid": "lz-prompt" }, prompt) : confirmHire(spot);
    return { marks, guide };
  }

  function pieceAt(square) {
    return state.board[square[0]][square[1]];
  }

  function confirmHire(spot) {
    // Only squares of the hire's steps were offered, so this is one of the legal hires.
    const action = { type: "hire", discard: ui.discard, from: ui.mover, to: ui.target };
    const mover = pieceAt(ui.mover);
    const water = state.water.some((s) => sameSquare(s, ui.target));
    // The destination's piece, unless it is the square the discard is about to fill.
    const taken = sameSquare(ui.target, spot) ? ui.discard : pieceAt(ui.target);
    const params = {
      discard: ui.discard, spot: squareName(spot), mover, from: squareName(ui.mover), to: squareName(ui.target), taken,
    };
    const text = water
      ? t("Discard {discard} on {spot}, move {mover} from {from} to {to}. {to} is water: the sticks decide. 3-5 dark: you take {taken}; 0-2: you take the {mover} itself.", params)
      : t("Discard {discard} on {spot}, move {mover} from {from} to {to}. You take {taken}.", params);
    return h(
      "div",
      { class: "panel lz-guide", "data-testid": "lz-hire-summary" },
      h("p", {}, text),
      h("div", { class: "actions" },
        h("button", { type: "button", "data-testid": "lz-hire-confirm", onclick: () => act(action) }, water ? t("Hire and throw the sticks") : t("Hire")),
        h("button", { type: "button", class: "secondary", "data-testid": "lz-hire-cancel", onclick: () => { ui.target = null; redraw(); } }, t("Change"))),
    );
  }

  // Focus stays on the same control through every redraw (js/focus.js).
  const draw = drawHand;

  // What a step changed (the marks on the board, the guide), the rest kept as shown
  // (js/dom.js morph): each step of a hire redraws the hand and its board.
  function drawNow() {
    // A seat's view holds its pieces not in a department ("concealed"; a phone's has no
    // whole "hand", webui/games/lauzait/choices.py): the table page's has neither.
    if (!state || state.phase === "over" || !state.concealed) {
      morph(container);
      return;
    }
    const { marks, guide } = hirePanel();
    const turn = myTurn();
    // Confirming a hire asks one thing, Hire or Change, and its summary says what the
    // turn does: the steps bar and "Form a department…" (back after Change) are left
    // out, so the summary takes their height and the page keeps its size through the
    // hire (it grew past the screen on some deals, and js/fit.js shrank the page at the
    // hire's last step and grew it back at Hire: two layouts of the whole page a turn).
    const confirming = ui.mode === "hire" && ui.target !== null;
    morph(
      container,
      turn && !confirming ? stepsBar() : null,
      h("h2", {}, t("Your pieces")),
      h("div", { class: "hand lz-hand", "data-testid": "hand" }, concealedPieces()),
      revealedDepartments(),
      turn ? [declarePanel(), confirming ? null : formPanel()] : null,
      guide,
      boardGrid(state, { marks }),
      // While the discard is chosen, and once the wild is picked (every piece marked):
      // another discard marks the pieces it lets move, and the note would only take room.
      turn && ui.mode === "hire" && (ui.discard === null || isWild(ui.discard)) && state.concealed.some(isWild)
        ? h("p", { class: "muted" }, t("A discarded wild lets any piece move."))
        : null,
    );
  }

  // Turned or resized across that height: the declare offer folds or unfolds.
  SHORT.addEventListener("change", () => state && draw());

  return (next) => {
    state = next;
    const stateKey = `${state.season}:${state.turn}:${state.step}:${state.concealed.join(",")}:${state.departments.map((d) => d.length).join(",")}`;
    if (stateKey !== ui.key) {
      ui.key = stateKey;
      reset();
    }
    draw();
  };
}
