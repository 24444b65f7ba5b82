// Work that needs the page laid out, done in the frame's own rendering step: after a
// draw's script, before the browser paints. A draw that measured the page (js/fit.js)
// or put focus back (js/focus.js) in its own task made the browser restyle and lay the
// page out in that task, the one a tap waits on; here that is done once, by the frame
// that lays it out anyway, and a slow phone's draw is script only.
//
//   beforePaint(job)           fits the page: run first, once a frame however often asked
//   beforePaint(job, "focus")  needs the fitted page (focus, scrolling into view): after
//
// requestAnimationFrame runs before the frame's style, layout and paint, so nothing is
// ever painted unfitted, and focus is back before assistive technology reads the frame.
const steps = { layout: new Set(), focus: new Set() };
let queued = false;

function run() {
  queued = false;
  for (const jobs of Object.values(steps)) {
    const now = [...jobs];
    jobs.clear();
    for (const job of now) job();
  }
}

export function beforePaint(job, step = "layout") {
  steps[step].add(job);
  if (queued) return;
  queued = true;
  requestAnimationFrame(run);
}
