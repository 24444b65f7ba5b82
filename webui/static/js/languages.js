// This phone's language switch where the page's footer cannot be seen (the seat
// page during play is one screen: its footer is hidden, so the switch sits in the
// Scores drawer). The languages are the footer's own (base.html, from webui/i18n.py):
// no second list. A link is `?lang=xx`: the box answers in that language and the
// phone keeps it (a cookie).
import { h, handlerFree } from "./dom.js";
import { t } from "./i18n.js";

// testid: the switch's own ("drawer-languages"); its links are "<testid>-<code>".
export function languageSwitch(testid) {
  const footer = document.querySelector("footer.languages");
  if (!footer) return null;
  const choices = [...footer.children].map((choice) => {
    const copy = choice.cloneNode(true);
    if (copy.dataset.testid) copy.dataset.testid = `${testid}-${choice.lang}`;
    return handlerFree(copy); // a link and nothing more: kept by a redraw (dom.js morph)
  });
  return h("nav", { class: "languages", "data-testid": testid, "aria-label": t("Language") }, choices);
}
