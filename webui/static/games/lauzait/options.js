// Lauzait Cep's table options: the luminous variant, and what Layered Bridges
// are worth (2 in the Japanese rulebook and the designer's sheet, 3 in the English).
import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";

// Returns {node, read()}; read() gives the options to send.
export function optionsEditor(options) {
  const value = { luminous: false, layered_bridges: 2, ...options };
  const luminous = h("input", { type: "checkbox", "data-testid": "opt-luminous", checked: value.luminous });
  const bridges = h(
    "select",
    { id: "opt-bridges", "data-testid": "opt-bridges" },
    [[2, t("2 points (Japanese rulebook)")], [3, t("3 points (English rulebook)")]].map(([points, text]) =>
      h("option", { value: points, selected: points === value.layered_bridges }, text)),
  );
  const node = h(
    "fieldset",
    { class: "options", "data-testid": "options-lauzait" },
    h("legend", {}, t("Lauzait Cep options")),
    h("label", { class: "check" }, luminous, t("Luminous piece: one face-down piece is turned up each season; each one in the declarer's hand scores 1")),
    h("label", { for: "opt-bridges" }, t("Layered Bridges are worth")),
    bridges,
  );
  return { node, read: () => ({ luminous: luminous.checked, layered_bridges: Number(bridges.value) }) };
}
