// Scale, never clip. Every size on the play pages is in rem, so the root's font size
// scales the whole page: type, cards, boards (tap targets keep their 48 px, app.css's
// --touch). After each draw, fit() finds the largest root size, at most the one the
// stylesheet gives and at least `floor` of it, at which nothing overflows: the page
// does not scroll and no region (the trick, the hand) hides part of itself.
//
// The sizes are the rungs of one ladder, 6 % apart from the stylesheet's size down to
// the floor. A page laid out at a size it never had costs a slow phone 150-215 ms at
// 6x throttling (its fonts made, every word shaped again), at a size it had 40-70 ms
// (bench/phone.py): a hand that shrinks and grows back goes between the same few.
//
// Cheap on a slow phone: it starts from the rung that fitted last time, so a draw
// that changes little costs one layout. A draw that no longer fits jumps down as many
// rungs as the page measured too big (sizes are in rem: the page shrinks about in
// proportion), and once a jump fits, halves the rungs jumped over, since a page does
// not shrink quite in proportion (a board bound by the width, a region that gains
// what the others give up): a few layouts, not one per rung. A page with room again
// (a panel closed) goes back up as many rungs as the room it leaves free can take
// (`room`, read from the layout just made: upright, the gap above the hand), halving
// the way when that was too far; a step up that did not fit is not tried again until
// the page has fewer elements or other classes (a card played, a panel closed). The
// stylesheet's size and whether the text is enlarged are measured (with the page's
// scaling undone: a restyle of every rem in the page) only on the first draw, after a
// resize and when the page comes back into view. Enlarged text (125 % or more,
// js/text-size.js) is never scaled: that layout scrolls instead.
import { beforePaint } from "./frame.js";
import { textLarge } from "./text-size.js";

const html = document.documentElement;
const STEP = 1.06; // one rung of the ladder: how much smaller each size is than the last
// The ladder's sizes, rounded down to a tenth of a pixel (a size rounded up by a
// fraction of a pixel can overflow again): the size kept is the size measured.
const down = (size) => Math.floor(size * 10) / 10;
// Rungs for a factor of size: how many 6 % steps it spans (a little less than a
// whole number of them counts as that number).
const rungs = (factor) => Math.floor(Math.log(factor) / Math.log(STEP) + 0.01);
// Rungs down for a page `over` times too big: enough of them (and a little more, as
// fixed sizes such as tap targets do not shrink).
const rungsDown = (over) => Math.max(1, Math.ceil(Math.log(over / 0.99) / Math.log(STEP) - 0.01));

// room(): the height (px) the page leaves free at the size set now, or null when it
// cannot tell (then one rung up is tried).
export function fitter({ regions = () => [], floor = 0.7, enabled = () => true, room = () => null } = {}) {
  let last = 0; // the rung that fitted last time: 0 is the stylesheet's size
  let own = ""; // the root's inline size as fit() last left it
  let outside = ""; // an inline size someone else gave the root (kept, never scaled)
  let ladder = null; // the sizes (px) from the stylesheet's down to the floor; null: to be measured
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
  // How many rungs the page may go back up, by the room it leaves free (read from the
  // layout excess() just made): sizes are in rem, so the page grows about in
  // proportion, as many rungs as that room takes (less a margin for text that wraps);
  // one when the room may just take one or the page cannot tell; none when it cannot.
  const rungsUp = () => {
    const free = room();
    if (free === null || free === undefined) return 1;
    const spare = Math.max(0, free) / Math.max(1, innerHeight - Math.max(0, free));
    const most = rungs(1 + 0.9 * spare);
    if (most >= 1) return most;
    return spare >= 0.9 * (STEP - 1) ? 1 : 0;
  };
  // Rung 0 is the stylesheet's own size: no inline size.
  const set = (rung) => {
    html.style.fontSize = rung === 0 ? outside : `${ladder[rung]}px`;
    own = html.style.fontSize;
  };
  const measure = () => {
    set(0);
    large = textLarge();
    const base = parseFloat(getComputedStyle(html).fontSize);
    ladder = [base];
    while (ladder.at(-1) / STEP >= base * floor) ladder.push(down(base / STEP ** ladder.length));
    if (ladder.at(-1) > base * floor + 0.1) ladder.push(Math.ceil(base * floor * 10) / 10);
    tried = null;
  };

  // The largest size between rung `failing` (too big) and rung `fitting` (fits), by
  // halving the rungs between them: the page does not shrink in proportion (a board
  // bound by the width, a region that gains what the others give up), so a jump that
  // fits may have gone further than it had to.
  const bisect = (failing, fitting) => {
    while (fitting - failing > 1) {
      const middle = (failing + fitting) >> 1;
      set(middle);
      if (fits()) fitting = middle;
      else failing = middle;
    }
    return fitting;
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
      ladder = null;
    }
    if (!enabled()) {
      set(0);
      last = 0;
      ladder = null;
      return;
    }
    if (ladder === null) measure();
    // Enlarged text (js/text-size.js) scrolls instead: fitting would undo the reader's size.
    if (large) {
      set(0);
      last = 0;
      return;
    }
    let rung = Math.min(last, ladder.length - 1);
    set(rung); // unchanged since the last draw: no restyle
    let over = excess();
    if (over <= 1) {
      // Room again (a smaller hand, a closed panel): back up the ladder.
      if (rung > 0 && !sameOrBigger(tried)) {
        const up = rungsUp();
        const bigger = Math.max(0, rung - up);
        let fitted = rung;
        if (up > 0) {
          set(bigger);
          fitted = fits() ? bigger : bisect(bigger, rung);
        }
        // A size up there did not fit: not tried again while the page is no smaller.
        tried = fitted === bigger ? null : shape();
        rung = fitted;
        set(rung);
      }
    } else {
      tried = null;
      // Too big: down as many rungs as the excess asks, check, and again while it is
      // still too big; at worst the floor.
      const lowest = ladder.length - 1;
      let failing = rung;
      let found = null;
      for (let i = 0; i < 4 && rung < lowest; i += 1) {
        rung = Math.min(lowest, rung + rungsDown(over));
        set(rung);
        over = excess();
        if (over <= 1) {
          found = bisect(failing, rung);
          break;
        }
        failing = rung;
      }
      rung = found ?? lowest;
      set(rung);
    }
    last = rung;
  }

  addEventListener("resize", () => {
    last = 0;
    ladder = null;
    beforePaint(fit);
  });
  // Back from the phone's settings (a new text size, perhaps): measured again.
  document.addEventListener("visibilitychange", () => {
    ladder = null;
  });
  // Asked after each draw: done in the frame that paints it (js/frame.js), once.
  return () => beforePaint(fit);
}
