// Lauzait Cep pieces: colour letter + number ("G5"), a wild is "J". Green and
// white pieces each have their own look AND show their letter, number and dots,
// so colour is never the only cue.
import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";

// Each colour's pieces by name: the Japanese rulebook calls them 筆 (white) and 兵
// (green), as in its 筆兵無傾, so a name is one template per colour, not a colour word.
const NAMES = {
  G: (number) => t("green {number}", { number }),
  W: (number) => t("white {number}", { number }),
};
export const COLOURS = Object.keys(NAMES);
export const WILD = "J";

export const isWild = (piece) => piece === WILD;
export const colourOf = (piece) => (isWild(piece) ? null : piece[0]);
export const numberOf = (piece) => Number(piece.slice(1));

// Points printed on a piece: 0-3 one dot, 4-7 two, 8-9 three.
export const dots = (number) => (number <= 3 ? 1 : number <= 7 ? 2 : 3);

// "G5", or "J as G4" for a wild playing a role.
export function played(piece, role) {
  return isWild(piece) && role ? t("J as {role}", { role }) : piece;
}

export function pieceName(piece) {
  return isWild(piece) ? t("wild") : NAMES[colourOf(piece)](numberOf(piece));
}

function faceParts(piece, role) {
  if (isWild(piece)) {
    return [
      h("span", { class: "lz-number" }, "J"),
      h("span", { class: "lz-name" }, role ? t("as {role}", { role }) : t("wild")),
    ];
  }
  return [
    h("span", { class: "lz-number" }, numberOf(piece)),
    h("span", { class: "lz-name" }, `${colourOf(piece)} ${"•".repeat(dots(numberOf(piece)))}`),
  ];
}

const classesOf = (piece, extra) =>
  ["lz-piece", `lz-${isWild(piece) ? "J" : colourOf(piece)}`, ...extra].filter(Boolean).join(" ");

// A piece to look at. role: what a wild plays; badge: a small label on its corner.
export function pieceFace(piece, { role = null, badge = null, small = false, ...attrs } = {}) {
  return h(
    "span",
    { ...attrs, class: classesOf(piece, [small ? "small" : "", attrs.class]), "data-piece": piece, title: pieceName(piece) },
    faceParts(piece, role),
    badge ? h("span", { class: "badge" }, badge) : null,
  );
}

// A piece to tap.
export function pieceButton(piece, { classes = [], badge = null, role = null, ...attrs } = {}) {
  return h(
    "button",
    {
      type: "button",
      ...attrs,
      class: classesOf(piece, classes),
      "data-piece": piece,
      "aria-label": `${pieceName(piece)}${badge ? `, ${badge}` : ""}`,
    },
    faceParts(piece, role),
    badge ? h("span", { class: "badge" }, badge) : null,
  );
}

// A department as its three pieces, wilds showing their roles.
export function departmentFace(department, { small = true } = {}) {
  return h(
    "span",
    { class: "lz-department", "data-testid": "lz-department-pieces" },
    department.pieces.map((piece, i) => pieceFace(piece, { role: isWild(piece) ? department.roles[i] : null, small })),
  );
}

// Every piece code of a game, for pickers: 0s only with four players.
export function allCodes(players = 4) {
  const low = players === 4 ? 0 : 1;
  const codes = [];
  for (const colour of COLOURS) {
    for (let n = low; n <= 9; n += 1) codes.push(`${colour}${n}`);
  }
  return [...codes, WILD];
}
