// The page's one live region: what a screen reader says aloud as the game goes on.
// It is made once and stays; its text changes only when some news changes (whose
// turn it is, a trick won, a take-back), never because the page was redrawn, so a
// reader hears "Bo's turn" once, not on every card played.
//   announce(channel, text)   the news of one kind ("turn", "trick", ...) as it
//                             stands now; "" or null when there is none
// News given in the same moment (a trick won and the next turn) is said together.
import { h } from "./dom.js";

const region = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true", "data-testid": "announce" });
document.body.append(region);

const said = new Map(); // channel -> the text last given
let fresh = []; // news waiting for this moment's end
let queued = false;

export function announce(channel, text) {
  const now = (text || "").trim();
  if (said.get(channel) === now) return;
  said.set(channel, now);
  if (!now) return; // news that ends is not news
  fresh = fresh.filter(([c]) => c !== channel);
  fresh.push([channel, now]);
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    const words = fresh.map(([, words]) => words).join(" ");
    fresh = [];
    if (words && region.textContent !== words) region.textContent = words;
  });
}

// What a turn banner says, without its passing details (a count of moves left).
// A game's banner may name its news in data-news; its text otherwise.
export function bannerNews(root) {
  const banner = root?.querySelector('[data-testid="turn"]');
  if (!banner) return "";
  return banner.dataset.news || banner.textContent;
}
