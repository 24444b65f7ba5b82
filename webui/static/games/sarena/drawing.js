// The Sàrénà board as an SVG: circles joined by lines, arrow circles ringed with
// arrows, and on each circle its pile: filled with the colour on top, its height in
// the middle, and a strip of its chips from the top down (each chip's top face on
// the left, its other face on the right). The board is data (state.layout), so a
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

const centre = ([row, col]) => [col * CELL + CELL / 2, row * CELL + CELL / 2];

function arrowMarks(cx, cy) {
  // Four small arrow heads round the circle, all turning the same way: "flip here".
  return [0, 90, 180, 270].map((angle) =>
    s("path", { class: "arrow-mark", d: "M -7 -47 L 7 -41 L -7 -35 Z", transform: `translate(${cx} ${cy}) rotate(${angle})` }),
  );
}

function chipStrip(pile, cx, cy) {
  const width = 15;
  const left = cx - (pile.length * width) / 2;
  return pile.map((chip, i) => {
    const [top, bottom] = faces(chip);
    const x = left + i * width;
    return s(
      "g",
      { class: "chip", "data-chip": chip },
      s("rect", { class: `face colour-${top}`, x: x + 1, y: cy + 14, width: width / 2 - 1, height: 13 }),
      s("rect", { class: `face colour-${bottom}`, x: x + width / 2, y: cy + 14, width: width / 2 - 1, height: 13 }),
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
  if (marks.stuck && pile.length && !marks.sources.has(k)) classes.push("stuck");
  if (marks.last.has(k)) classes.push("last");
  const label = arrow
    ? t("{square}, arrow circle: {pile}", { square: squareName(square), pile: pileWords(pile) })
    : `${squareName(square)}: ${pileWords(pile)}`;
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
      tabindex: onTap ? 0 : null,
      "aria-label": label,
      onclick: onTap ? () => onTap(square) : null,
      onkeydown: onTap ? (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), onTap(square)) : null,
    },
    s("title", {}, label),
    s("circle", { class: "hit", cx, cy, r: 49 }),
    arrow ? s("circle", { class: "arrow-ring", cx, cy, r: 44 }) : null,
    arrow ? arrowMarks(cx, cy) : null,
    s("circle", { class: "base", cx, cy, r: 38 }),
    pile.length ? s("circle", { class: `top colour-${top}`, cx, cy, r: 34 }) : null,
    pile.length > 1 ? s("text", { class: "height", x: cx, y: cy + 3 }, pile.length) : null,
    pile.length ? chipStrip(pile, cx, cy) : null,
  );
}

// selected: "r,c" or null; targets: the squares it may move to; sources: the squares
// that can move, or null when it is not this seat's turn (then nothing is dimmed);
// onTap(square), or null for a board to look at only.
export function boardSvg(state, { selected = null, targets = new Set(), sources = null, onTap = null } = {}) {
  const { rows, cols } = state.layout;
  const last = new Set(state.last_move ? [key(state.last_move.from), key(state.last_move.to)] : []);
  const marks = {
    selected, targets, last, sources: sources || new Set(), stuck: sources !== null,
    arrows: new Set(state.layout.arrows.map(key)),
  };
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
      "aria-label": t("The board"),
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
