// Sàrénà's table option: "fair" turns the chips so each colour is on top of
// exactly 9 of the 36. The secret colours are always drawn by the box.
import { h } from "../../js/dom.js";
import { t } from "../../js/i18n.js";

export function optionsEditor(options) {
  const fair = h("input", { type: "checkbox", "data-testid": "opt-fair", checked: Boolean(options.fair) });
  const node = h(
    "fieldset",
    { class: "options", "data-testid": "options-sarena" },
    h("legend", {}, t("Sàrénà options")),
    h("label", { class: "check" }, fair, t("Fair setup: each colour on top of exactly 9 chips")),
  );
  return { node, read: () => (fair.checked ? { fair: true } : {}) };
}
