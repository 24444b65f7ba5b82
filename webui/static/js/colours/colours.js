// The four colours of the secret tokens and the chips. Each is shown with its
// name as well as its hue, so colour is never the only cue.
import { h } from "../dom.js";
import { t } from "../i18n.js";

// The letters are the box's; the names the reader's (English: red, blue, ...).
export const COLOURS = { R: t("red"), B: t("blue"), Y: t("yellow"), G: t("green") };
export const COLOUR_LETTERS = Object.keys(COLOURS);

export const colourName = (colour) => COLOURS[colour] || colour;

export function swatch(colour, { big = false } = {}) {
  return h(
    "span",
    { class: `swatch colour-${colour}${big ? " big" : ""}`, "data-colour": colour },
    colourName(colour),
  );
}

// The colours nobody drew, once everyone's is known.
export function undrawn(colours) {
  return COLOUR_LETTERS.filter((c) => !colours.includes(c));
}
