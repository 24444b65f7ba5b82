// Seats as people know them: names from the table status, the lobby list.
import { h, person } from "./dom.js";
import { botName, displayName, t } from "./i18n.js";
import { timeLeft } from "./news.js";

export function seatName(state, seat) {
  const entry = state.table.seats[seat];
  if (entry?.bot) return botName(entry.name, entry.bot);
  return entry ? displayName(entry.name) : t("Seat {number}", { number: seat + 1 });
}

// "you" for the caller's own seat, else the seat's name.
export function who(state, seat) {
  return seat === state.you?.seat ? t("you") : seatName(state, seat);
}

// The same inside a sentence: another player's name with its honorific (Japanese: さん),
// so a template never adds one after "you" (あなた).
export function whom(state, seat) {
  return seat === state.you?.seat ? t("you") : person(seatName(state, seat));
}

// The game's title in the reader's language: the table sends the English title,
// and each game's catalog entry translates it (a name is data: shown as it is).
const catalogText = t; // not t("..."): the id is the table's, not a literal here
export const gameTitle = (title) => (title ? catalogText(title) : "");

// A table notice (seat changes, dropped seats) in the reader's language: the box
// sends its English template and params beside the English text.
// A bot's name is marked on every screen ("Bot: Cogwheel, easy took seat 3").
export const noticeText = (notice) => {
  if (!notice.template) return notice.text;
  const params = notice.bot ? { ...notice.params, name: botName(notice.params.name, notice.bot) } : notice.params;
  return catalogText(notice.template, params);
};

// The lobby: room code and who has sat down.
export function lobbyList(state) {
  const table = state.table;
  return h(
    "ol",
    { class: "lobby-seats", "data-testid": "lobby-seats" },
    table.seats.map((seat) =>
      h(
        "li",
        { "data-testid": "lobby-seat", "data-seat": seat.seat, "data-taken": seat.taken },
        seat.taken ? seatName(state, seat.seat) : h("span", { class: "muted" }, t("free")),
        seat.seat === table.host ? t(" (host)") : "",
        seat.seat === state.you?.seat ? t(" (you)") : "",
      ),
    ),
  );
}

// The running totals under a game's score table, winners marked once it is over.
export function totalRow(state) {
  const winners = new Set(state.winners);
  return h(
    "tr",
    { class: "total" },
    h("th", {}, t("Total")),
    state.scores.map((score, s) =>
      h("td", { class: `num${winners.has(s) ? " winner" : ""}`, "data-testid": "score", "data-seat": s }, score),
    ),
  );
}

// One name field per seat, clockwise from seat 1: the top of every score sheet's setup.
export function nameInputs(count, names) {
  return Array.from({ length: count }, (_, seat) =>
    h("input", { type: "text", maxlength: 16, "data-testid": "sheet-name", "data-seat": seat,
      "aria-label": t("Seat {number} name", { number: seat + 1 }),
      placeholder: t("Seat {number}, clockwise", { number: seat + 1 }), value: names[seat] || "" }));
}

// Seats freed or taken during play, announced on every screen so no hand changes
// eyes unseen: "Seat 3 (Bo) was freed: Bo agreed", "Eve took seat 3". Each for the
// box's `shown` seconds from when this seat (or the table page) first showed it,
// then it goes: news once, never replayed after a reload or a wake (js/news.js).
export function seatNotices(state) {
  const fresh = (state.table.notices || [])
    .map((notice) => ({ notice, left: notice.shown ? timeLeft(state, `notice:${notice.id}`, notice.shown) : Infinity }))
    .filter(({ left }) => left > 0);
  if (!fresh.length) return null;
  const items = fresh.map(({ notice, left }) => {
    const item = h("li", { "data-testid": "notice", "data-kind": notice.kind }, noticeText(notice));
    if (left !== Infinity) setTimeout(() => (list.childElementCount > 1 ? item.remove() : list.remove()), left);
    return item;
  });
  const list = h(
    "ul",
    { class: "notice", "data-testid": "notices", "aria-live": "polite", style: "list-style: none; margin: 0.5rem 0;" },
    items,
  );
  return list;
}

// Why a saved game could not be resumed: the journal keeps the box's English sentence
// (device/table/core.py PROBLEM, OLDER_RULES, as data), each reader gets it in words of
// their own (tests/webui/test_no_english.py checks both sentences are these).
const OLDER_RULES = /^the saved game was played with rules of (.*) that this update no longer replays; it is kept in the box's history$/;

function problemText(problem) {
  const older = OLDER_RULES.exec(problem);
  if (older) {
    return t("the saved game was played with rules of {title} that this update no longer replays; it is kept in the box's history", { title: gameTitle(older[1]) });
  }
  if (problem === "the saved game could not be resumed after an update; it is kept in the box's history") {
    return t("the saved game could not be resumed after an update; it is kept in the box's history");
  }
  return problem;
}

// A saved game that could not be resumed after an update: said, never silent.
export function tableProblem(state) {
  const { problem, rescued_journal: file } = state.table;
  const rescued = file
    ? h("p", { class: "error", "data-testid": "journal-rescued" },
      t("The box's journal was damaged: it is kept as {file} and the box started with a fresh one. To bring back the last good copy, stop the box and run: tablemate restore --last", { file }))
    : null;
  const said = problem ? h("p", { class: "error", "data-testid": "table-problem" }, t("The box: {problem}.", { problem: problemText(problem) })) : null;
  return rescued && said ? h("div", {}, rescued, said) : rescued || said;
}
