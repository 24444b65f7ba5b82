// The deal's fingerprint: the first digits of the commitment to the game's seed and
// setup made when it started (device/history/fingerprint.py). Every screen shows it; after
// the game the replay page reveals the seed and proves it gives the same digits.
import { h } from "./dom.js";
import { t } from "./i18n.js";

export const fingerprintHint = () =>
  t("The deal's fingerprint, sealed when the game started: after the game its replay shows the seed and checks it");

// "Deal 3F2A" (Japanese: 封印 3F2A).
export function dealFingerprint(state) {
  const seal = state.table.fingerprint;
  if (!seal) return null;
  return h("span", { class: "fingerprint", "data-testid": "fingerprint", title: fingerprintHint() },
    t("Deal {fingerprint}", { fingerprint: seal.short }));
}
