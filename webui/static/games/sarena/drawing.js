// The Sàrénà board as an SVG: circles joined by lines, arrow circles ringed with
// arrows, and on each circle its pile: filled with the colour on top and that
// colour's letter (R, B, Y, G, the box's letters) big in the middle, its height in a
// badge, and a strip of its chips from the top down (each chip's top face on the
// left, its other face on the right). Colour is never the only cue: besides the
// letter, every colour but yellow has its own pattern (red stripes, blue dots, green
// checks), on the piles and on each chip face. The board is data (state.layout), so a
// custom layout draws the same way.
import { colourName } from "../../js/colours/colours.js";
import { t } from "../../js/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 100;
const MARGIN = 34; // room for the row letters and column numbers

// s("circle", {cx: 1}, child...): an SVG element.
function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// "B4": row letter from the top, column number from the left (as on the OLED).
export const squareName = ([row, col]) => `${String.fromCharCode(65 + row)}${col + 1}`;
export const key = ([row, col]) => `${row},${col}`;
export const faces = (chip) => chip.split("/");
export const topColour = (pile) => (pile.length ? faces(pile[0])[0] : null);

export function chipWords(chip) {
  const [top, bottom] = faces(chip);
  return t("{top} ({bottom} below)", { top: colourName(top), bottom: colourName(bottom) });
}

export function pileWords(pile) {
  if (!pile.length) return t("empty");
  return t("{count} high, {colour} on top: {chips}", { count: pile.length, colour: colourName(topColour(pile)), chips: pile.map(chipWords).join(t(", ")) });
}

// The patterns, defined once per page in a hidden SVG that every board refers to
// (url(#sr-pattern-R) in game.css), so two boards on a page share one set of ids.
const PATTERNS = {
  R: () => s("path", { d: "M -2 2 L 2 -2 M 0 8 L 8 0 M 6 10 L 10 6", class: "pattern-ink" }),
  B: () => s("circle", { cx: 4, cy: 4, r: 1.9, class: "pattern-dot" }),
  G: () => s("path", { d: "M 0 0 H 4 V 4 H 0 Z M 4 4 H 8 V 8 H 4 Z", class: "pattern-fill" }),
};

function ensurePatterns() {
  if (document.getElementById("sr-patterns")) return;
  const defs = s("defs", {}, Object.entries(PATTERNS).map(([colour, mark]) =>
    s("pattern", { id: `sr-pattern-${colour}`, width: 8, height: 8, patternUnits: "userSpaceOnUse" }, mark())));
  document.body.append(s("svg", { id: "sr-patterns", class: "sr-patterns", width: 0, height: 0, "aria-hidden": "true", focusable: "false" }, defs));
}

// A face of a chip or pile: its colour, then its pattern over it (none for yellow).
function faceOf(colour, shape, attrs) {
  return [
    s(shape, { ...attrs, class: `${attrs.class} colour-${colour}` }),
    colour in PATTERNS ? s(shape, { ...attrs, class: `pattern pattern-${colour}` }) : null,
  ];
}

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// Enter or Space taps a circle; an arrow key moves focus to the next circle that way
// (skipping squares of the layout without one), its Tab stop moving with it.
function keyOn(event, [row, col], onTap) {
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    onTap([row, col]);
    return;
  }
  const step = STEPS[event.key];
  if (!step) return;
  event.preventDefault();
  const board = event.currentTarget.ownerSVGElement;
  for (let r = row + step[0], c = col + step[1]; r >= 0 && c >= 0 && r < 64 && c < 64; r += step[0], c += step[1]) {
    const next = board.querySelector(`[data-testid="spot"][data-square="${r},${c}"]`);
    if (!next) continue;
    event.currentTarget.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus();
    return;
  }
}

const centre = ([row, col]) => [col * CELL + CELL / 2, row * CELL + CELL / 2];

function arrowMarks(cx, cy) {
  // Four small arrow heads round the circle, all turning the same way: "flip here".
  return [0, 90, 180, 270].map((angle) =>
    s("path", { class: "arrow-mark", d: "M -7 -47 L 7 -41 L -7 -35 Z", transform: `translate(${cx} ${cy}) rotate(${angle})` }),
  );
}

function chipStrip(pile, cx, cy) {
  const width = 16;
  const left = cx - (pile.length * width) / 2;
  return pile.map((chip, i) => {
    const [top, bottom] = faces(chip);
    const x = left + i * width;
    return s(
      "g",
      { class: "chip", "data-chip": chip },
      faceOf(top, "rect", { class: "face", x: x + 1, y: cy + 12, width: width / 2 - 1, height: 16 }),
      faceOf(bottom, "rect", { class: "face", x: x + width / 2, y: cy + 12, width: width / 2 - 1, height: 16 }),
    );
  });
}

function spot(state, square, marks, onTap) {
  const [row, col] = square;
  const pile = state.board[row][col];
  const arrow = marks.arrows.has(key(square));
  const [cx, cy] = centre(square);
  const k = key(square);
  const top = topColour(pile);
  const classes = ["spot", arrow ? "arrow" : "plain", pile.length ? "pile" : "empty"];
  if (marks.selected === k) classes.push("selected");
  if (marks.targets.has(k)) classes.push("target");
  if (marks.stuck && pile.length) classes.push(marks.sources.has(k) ? "movable" : "stuck");
  if (marks.last.has(k)) classes.push("last");
  const where = arrow
    ? t("{square}, arrow circle: {pile}", { square: squareName(square), pile: pileWords(pile) })
    : `${squareName(square)}: ${pileWords(pile)}`;
  // What a tap does here, for a screen reader (sighted players see the rings and lights).
  let label = where;
  if (marks.targets.has(k)) label = t("{place}, move here", { place: where });
  else if (marks.stuck && marks.sources.has(k)) label = t("{place}, can move", { place: where });
  return s(
    "g",
    {
      class: classes.join(" "),
      "data-testid": "spot",
      "data-square": k,
      "data-name": squareName(square),
      "data-height": pile.length,
      "data-top": top || "",
      "data-pile": pile.join(" "),
      "data-arrow": arrow,
      "data-target": marks.targets.has(k),
      "data-source": marks.sources.has(k),
      role: onTap ? "button" : "img",
      // One Tab stop for the whole board; arrow keys go from circle to circle.
      tabindex: onTap ? (marks.entry === k ? 0 : -1) : null,
      "aria-pressed": onTap && pile.length ? marks.selected === k : null,
      "aria-label": label,
      onclick: onTap ? () => onTap(square) : null,
      onkeydown: onTap ? (e) => keyOn(e, square, onTap) : null,
    },
    s("title", {}, label),
    s("circle", { class: "hit", cx, cy, r: 49 }),
    arrow ? s("circle", { class: "arrow-ring", cx, cy, r: 44 }) : null,
    arrow ? arrowMarks(cx, cy) : null,
    s("circle", { class: "base", cx, cy, r: 38 }),
    pile.length ? faceOf(top, "circle", { class: "top", cx, cy, r: 34 }) : null,
    pile.length ? s("text", { class: "letter", x: cx, y: cy + 4, "aria-hidden": "true" }, top) : null,
    pile.length > 1 ? [
      s("circle", { class: "height-badge", cx: cx + 31, cy: cy - 31, r: 13 }),
      s("text", { class: "height", x: cx + 31, y: cy - 24 }, pile.length),
    ] : null,
    pile.length ? chipStrip(pile, cx, cy) : null,
  );
}

// selected: "r,c" or null; targets: the squares it may move to; sources: the squares
// that can move, or null when it is not this seat's turn (then nothing is dimmed);
// onTap(square), or null for a board to look at only.
export function boardSvg(state, { selected = null, targets = new Set(), sources = null, onTap = null } = {}) {
  ensurePatterns();
  const { rows, cols } = state.layout;
  const last = new Set(state.last_move ? [key(state.last_move.from), key(state.last_move.to)] : []);
  const marks = {
    selected, targets, last, sources: sources || new Set(), stuck: sources !== null,
    arrows: new Set(state.layout.arrows.map(key)),
  };
  // The board's one Tab stop: the chosen pile, else the first that can move, else the first pile.
  const circles = state.layout.circles.map(key);
  marks.entry = selected || circles.find((k) => marks.sources.has(k))
    || circles.find((k) => { const [r, c] = k.split(",").map(Number); return state.board[r][c].length; }) || circles[0];
  const labels = [
    ...Array.from({ length: rows }, (_, r) => s("text", { class: "axis", x: -MARGIN / 2, y: r * CELL + CELL / 2 + 8 }, String.fromCharCode(65 + r))),
    ...Array.from({ length: cols }, (_, c) => s("text", { class: "axis", x: c * CELL + CELL / 2, y: -MARGIN / 2 + 8 }, c + 1)),
  ];
  return s(
    "svg",
    {
      class: `sarena-board${onTap ? " interactive" : ""}`,
      "data-testid": "sarena-board",
      viewBox: `${-MARGIN} ${-MARGIN} ${cols * CELL + MARGIN + 4} ${rows * CELL + MARGIN + 4}`,
      role: "group",
      "aria-label": onTap ? t("The board: arrow keys go from circle to circle, Enter chooses") : t("The board"),
    },
    labels,
    state.layout.lines.map(([a, b]) => {
      const [x1, y1] = centre(a);
      const [x2, y2] = centre(b);
      return s("line", { class: "link", x1, y1, x2, y2 });
    }),
    state.layout.circles.map((square) => spot(state, square, marks, onTap)),
  );
}
