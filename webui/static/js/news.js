// News a page has shown is not shown again (issue 28): a finished trick, a seat
// change, how a take-back ended. Each is shown for a while from when this audience
// (one seat of one room, or the table page) first showed it, and that moment is
// remembered in localStorage, so a reload, a phone waking from sleep, a reopened tab
// or a reconnected stream carries on where it was instead of replaying the news as
// if it had just happened. The box stamps news with its deal (device/table/news.py,
// state.table.deal) and drops an earlier deal's; here a new deal forgets the old.
const KEY = "tablemate.news";
const AUDIENCES = 4; // audiences remembered (a phone that moved seat, the host page)
const MOST = 40; // pieces of news remembered per audience, newest kept

function load() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

function save(all) {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // no storage: news shows again after a reload, nothing worse
  }
}

const memory = new Map(); // audience -> {deal, seen}: this page's own, if storage fails

// When this audience first showed the news `id` (ms since the epoch): now, if never.
// Without a room (a page with no table) nothing is remembered.
export function firstShown(state, id) {
  const now = Date.now();
  const room = state?.table?.room;
  if (!room) return now;
  const audience = `${room}/${state.you?.seat ?? "table"}`;
  const deal = state.table.deal ?? "";
  const all = load();
  let mine = all[audience] ?? memory.get(audience);
  // Written only when something is new: each write costs a slow phone a draw's worth.
  let changed = !all[audience] || Object.keys(all).at(-1) !== audience; // the newest audience is last
  if (!mine || mine.deal !== deal) {
    mine = { deal, seen: {} };
    changed = true;
  }
  if (typeof mine.seen[id] !== "number") {
    mine.seen[id] = now;
    changed = true;
    const ids = Object.keys(mine.seen).sort((a, b) => mine.seen[a] - mine.seen[b]);
    for (const old of ids.slice(0, Math.max(0, ids.length - MOST))) delete mine.seen[old];
  }
  memory.set(audience, mine);
  if (!changed) return mine.seen[id];
  delete all[audience]; // re-added last: the oldest audiences go first
  all[audience] = mine;
  for (const old of Object.keys(all).slice(0, Math.max(0, Object.keys(all).length - AUDIENCES))) delete all[old];
  save(all);
  return mine.seen[id];
}

// How many ms the news `id` still shows, `seconds` from when it was first shown.
export function timeLeft(state, id, seconds) {
  return firstShown(state, id) + seconds * 1000 - Date.now();
}

// JSON with every object's keys sorted: the same news reads the same from any source
// (the box sorts the keys of its answers and of its stream, webui/live.py, but a
// name must not hang on that).
const canonical = (value) =>
  Array.isArray(value) ? `[${value.map(canonical).join(",")}]`
    : value && typeof value === "object"
      ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`
      : JSON.stringify(value);

// A short, stable name for a piece of news drawn from its content (e.g. a trick).
export function digest(value) {
  const text = canonical(value);
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
