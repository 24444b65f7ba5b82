// Scale, never clip. Every size on the play pages is in rem, so the root's font size
// scales the whole page: type, cards, boards (tap targets keep their 48 px, app.css's
// --touch). After each draw, fit() finds the largest root size, at most the one the
// stylesheet gives and at least `floor` of it, at which nothing overflows: the page
// does not scroll and no region (the trick, the hand) hides part of itself.
//
// Cheap on a slow phone: it starts from the size that fitted last time, so a draw
// that changes little costs one layout (two when it tries a step back up); only a
// draw that no longer fits searches. Every layout of the whole page costs a slow
// phone tens of milliseconds (bench/phone.py: ~7 of them made a Lauzait hire's step
// one task of seconds at 6x throttling), so the search scales the size by how much
// too big the page measured (sizes are in rem: the page shrinks about in proportion)
// and checks, two or three layouts instead of halving the range five times.
// Enlarged text (125 % or more, js/text-size.js) is never scaled: that layout
// scrolls instead.
//
// A step back up costs two layouts of the whole page at a new size (every text
// shaped again: ~100 ms each on a slow phone), so a page that can tell how much
// height it has to spare (`room`, read from the layout just made) tries only a step
// that room can take, and the largest one it can take: after a panel closes the page
// grows back in one move, not one 6 % step per move.
//
// Each draw costs a slow phone one layout here, not four: the stylesheet's size and
// whether the text is enlarged are measured (with the page's scaling undone: a
// restyle of every rem in the page) only on the first draw, after a resize and when
// the page comes back into view; and a step back up that did not fit is not tried
// again until the page has fewer elements or other classes (a card played, a panel
// closed).
import { textLarge } from "./text-size.js";

const html = document.documentElement;
const STEP = 1.06; // how much bigger to try once the page has room again
// Sizes are tried as they are kept, rounded down to a tenth of a pixel (a size rounded
// up by a fraction of a pixel can overflow again): the size kept is the size measured,
// and setting it costs no further restyle.
const down = (size) => Math.floor(size * 10) / 10;

// room(): the height (px) the page leaves free at the size set now, or null when it
// cannot tell (then every step back up is tried).
export function fitter({ regions = () => [], floor = 0.7, enabled = () => true, room = () => null } = {}) {
  let last = null; // the root size that fitted last time (px), null: the stylesheet's
  let own = ""; // the root's inline size as fit() last left it
  let outside = ""; // an inline size someone else gave the root (kept, never scaled)
  let base = null; // the stylesheet's root size (px); null: to be measured
  let large = false; // the reader's text is enlarged (js/text-size.js)
  let tried = null; // the page when a step back up last did not fit: {count, classes}

  // How much too big the page is at the size set now (<= 1: it fits): one layout.
  const excess = () => {
    const page = document.scrollingElement;
    let ratio = Math.max(page.scrollHeight / innerHeight, page.scrollWidth / innerWidth);
    // A region hides nothing below its edge, nor past its side (a board kept at its
    // least width in a column too narrow for it).
    for (const node of regions()) {
      if (node) {
        ratio = Math.max(ratio, node.scrollHeight / (node.clientHeight + 1), node.scrollWidth / (node.clientWidth + 1));
      }
    }
    return ratio;
  };
  const fits = () => excess() <= 1;
  // The sizes to try back up, as factors of the size now, by the room the page leaves
  // free (read from the layout excess() just made). Sizes are in rem, so the page grows
  // about in proportion: the largest factor that room takes (less a margin for text
  // that wraps), then one step; one step when the room may just take it; none when it
  // cannot; one step when the page cannot tell.
  const stepsUp = () => {
    const free = room();
    if (free === null || free === undefined) return [STEP];
    const spare = Math.max(0, free) / Math.max(1, innerHeight - Math.max(0, free));
    const most = 1 + 0.9 * spare;
    if (most > STEP) return [most, STEP];
    return spare >= 0.9 * (STEP - 1) ? [STEP] : [];
  };
  const set = (size) => {
    html.style.fontSize = size === null ? outside : `${size}px`;
    own = html.style.fontSize;
  };

  // The page as a step back up saw it: fewer elements or other classes may have room.
  const shape = () => ({ count: document.body.getElementsByTagName("*").length, classes: document.body.className });
  const sameOrBigger = (seen) => {
    const now = shape();
    return seen !== null && now.count >= seen.count && now.classes === seen.classes;
  };

  function fit() {
    if (html.style.fontSize !== own) {
      outside = html.style.fontSize;
      base = null;
    }
    if (!enabled()) {
      set(null);
      last = null;
      base = null;
      return;
    }
    if (base === null) {
      set(null);
      large = textLarge();
      base = parseFloat(getComputedStyle(html).fontSize);
      tried = null;
    }
    // Enlarged text (js/text-size.js) scrolls instead: fitting would undo the reader's size.
    if (large) {
      set(null);
      last = null;
      return;
    }
    let size = last === null ? base : Math.min(last, base);
    set(size < base ? size : null); // unchanged since the last draw: no restyle
    let over = excess();
    if (over <= 1) {
      // Room again (a smaller hand, a closed panel): back towards the full size.
      if (size < base && !sameOrBigger(tried)) {
        let fitted = false;
        for (const factor of stepsUp()) {
          const bigger = Math.min(base, down(size * factor));
          set(bigger < base ? bigger : null);
          if (fits()) {
            size = bigger;
            fitted = true;
            break;
          }
        }
        set(size < base ? size : null);
        tried = fitted ? null : shape();
      }
    } else {
      tried = null;
      // Too big: shrink in proportion to the excess (a little more, as fixed sizes
      // such as tap targets do not shrink), check, and again while it is still too big;
      // at worst the floor.
      const low = Math.ceil(base * floor * 10) / 10;
      let found = null;
      for (let i = 0; i < 4 && size > low; i += 1) {
        size = Math.max(low, down(Math.min(size * 0.99, size / over) * 0.99));
        set(size);
        over = excess();
        if (over <= 1) {
          found = size;
          break;
        }
      }
      size = found ?? low;
      set(size);
    }
    last = size >= base ? null : down(size);
    set(last);
  }

  addEventListener("resize", () => {
    last = null;
    base = null;
    requestAnimationFrame(fit);
  });
  // Back from the phone's settings (a new text size, perhaps): measured again.
  document.addEventListener("visibilitychange", () => {
    base = null;
  });
  return fit;
}
