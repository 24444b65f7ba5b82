// Céna's table options: the simplified rule, the first host and the Objective
// Cards (a list to play in order, or a deck of 3-8 to draw from at random).
import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { SUITS } from "./cards.js";

const DEALS = 3;
const MAX_DECK = 8;

export function objectiveRow(objective, onRemove) {
  const select = (name, label, any, choices, value) =>
    h(
      "select",
      { "data-field": name, "aria-label": label },
      h("option", { value: "" }, any),
      choices.map(([key, text]) => h("option", { value: key, selected: String(value ?? "") === String(key) }, text)),
    );
  const row = h(
    "div",
    { class: "row objective-row", "data-testid": "objective-row" },
    h("label", {}, t("Penalty per card"), " ",
      h("input", { type: "number", min: 0, max: 99, "data-field": "penalty", value: objective.penalty ?? 0 })),
    select("suit", t("suit"), t("any suit"), Object.entries(SUITS).map(([k, v]) => [k, `${v} (${k})`]), objective.suit),
    select("number", t("number"), t("any number"), Array.from({ length: 10 }, (_, i) => [i + 1, String(i + 1)]), objective.number),
    select("parity", t("odd or even"), t("any parity"), [["odd", t("odd")], ["even", t("even")]], objective.parity),
    h("button", { type: "button", class: "secondary", "data-testid": "objective-remove", onclick: () => onRemove(row) }, t("Remove")),
  );
  return row;
}

export function readRow(row) {
  const field = (name) => row.querySelector(`[data-field=${name}]`).value;
  const objective = { penalty: Number(field("penalty")) };
  if (field("suit")) objective.suit = field("suit");
  if (field("number")) objective.number = Number(field("number"));
  if (field("parity")) objective.parity = field("parity");
  return objective;
}

// options: the current options; defaults: the engine's; players: seat count.
// Returns {node, read()}; read() gives the options to send.
export function optionsEditor(options, defaults, players) {
  const value = { ...defaults, ...options };
  const simplified = h("input", { type: "checkbox", "data-testid": "opt-simplified", checked: value.simplified });
  const draw = h("input", { type: "checkbox", "data-testid": "opt-draw", checked: value.draw_objectives });
  const host = h(
    "select",
    { "data-testid": "opt-host", id: "opt-host" },
    Array.from({ length: players }, (_, s) => h("option", { value: s, selected: s === value.host }, t("Seat {number}", { number: s + 1 }))),
  );
  const rows = h("div", { "data-testid": "objectives" });
  const remove = (row) => row.remove();
  for (const objective of value.objectives) rows.append(objectiveRow(objective, remove));
  const add = h(
    "button",
    {
      type: "button", class: "secondary", "data-testid": "objective-add",
      onclick: () => rows.children.length < MAX_DECK && rows.append(objectiveRow({ penalty: 5, number: 1 }, remove)),
    },
    t("Add an objective card"),
  );

  const node = h(
    "fieldset",
    { class: "options", "data-testid": "options-cena" },
    h("legend", {}, t("Céna options")),
    h("label", { class: "check" }, simplified, t("Simplified rule: play cards only in front of yourself")),
    h("label", { for: "opt-host" }, t("Host of the first deal (the seat to their left leads)")),
    host,
    h("h3", {}, t("Objective cards")),
    h("p", { class: "muted" }, t("A penalty per won card matching a suit, a number and/or odd/even. Give {deals} in deal order, or up to {most} to draw from.", { deals: DEALS, most: MAX_DECK })),
    rows,
    h("div", { class: "actions" }, add),
    h("label", { class: "check" }, draw, t("Draw {count} at random from these", { count: DEALS })),
  );

  const read = () => ({
    simplified: simplified.checked,
    host: Math.min(Number(host.value), players - 1),
    draw_objectives: draw.checked,
    objectives: [...rows.children].map(readRow),
  });
  return { node, read };
}
