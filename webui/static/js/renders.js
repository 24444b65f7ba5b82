// How often each region of a page was drawn: window.__renders = {page: 3, hand: 5, ...}.
// Browser tests and bench/phone.py read it to hold a move to one render; it costs an
// addition per draw.
const counts = (window.__renders = window.__renders || {});

export function counted(region) {
  counts[region] = (counts[region] || 0) + 1;
}
