// The header bar's links where the bar is not shown: on a phone on its side during
// play the bar gives its height to the game (app.css) and its links sit at the top of
// the Scores drawer, each a 44 px target. They are the bar's own (base.html): no
// second list.
import { h, handlerFree } from "./dom.js";

// testid: the list's own ("drawer-pages"); a link's is "<testid>-<the bar link's>".
export function pageLinks(testid) {
  const bar = document.querySelector("body > header.bar");
  if (!bar) return null;
  const links = [...bar.querySelectorAll("a")].map((link) => {
    const copy = link.cloneNode(true);
    copy.dataset.testid = `${testid}-${link.dataset.testid ?? "home"}`;
    return handlerFree(copy); // a link and nothing more: kept by a redraw (dom.js morph)
  });
  return h("nav", { class: "page-links", "data-testid": testid }, links);
}
