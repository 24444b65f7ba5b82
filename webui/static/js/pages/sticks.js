// /sticks: throw the box's dice-sticks and see that they are fair: how often each
// count came up against the expected 1:5:10:10:5:1 in 32, each stick's share of
// dark sides, and the latest throws. Follows the public stream for new throws.
import { api, follow, showConnection } from "../api.js";
import { h, replace, showError } from "../dom.js";
import { t, tn } from "../i18n.js";
import { sticksFace, throwButton, throwerName } from "../sticks.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

const root = document.getElementById("sticks-page");
let shown = null; // the throw number drawn last
let loading = false;
let again = false; // a throw arrived while loading: load once more

const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : "–");

function ago(history, at) {
  const seconds = Math.max(0, Math.round(history.now - at));
  if (seconds < 60) return t("{count} s ago", { count: seconds });
  if (seconds < 3600) return t("{count} min ago", { count: Math.round(seconds / 60) });
  if (seconds < 86400) return t("{count} h ago", { count: Math.round(seconds / 3600) });
  return tn("{count} day ago", "{count} days ago", Math.round(seconds / 86400));
}

function latest(history) {
  const last = history.recent[0];
  return h(
    "section",
    { class: "panel sticks-latest", "data-testid": "sticks-latest" },
    last
      ? [
          sticksFace(last, { key: last.number, big: true }),
          h("p", { "data-testid": "sticks-latest-text" }, t("Throw #{number}: {count} dark, by {name}, {ago}", {
            number: last.number, count: last.count, name: throwerName(last.by), ago: ago(history, last.at),
          })),
        ]
      : h("p", {}, t("No throw yet.")),
    h("div", { class: "actions" }, throwButton("sticks", () => load())),
  );
}

function frequencies(history) {
  const total = history.total;
  const share = history.expected_in_32.reduce((a, b) => a + b, 0);
  const widest = Math.max(...history.counts.map((n) => n / (total || 1)), ...history.expected_in_32.map((e) => e / share));
  const rows = history.counts.map((seen, count) => {
    const expected = history.expected_in_32[count];
    const bar = (fraction, cls) => h("span", { class: cls, style: `width: ${(100 * fraction) / widest}%` });
    return h(
      "tr",
      { "data-testid": "sticks-frequency", "data-count": count, "data-seen": seen },
      h("th", { class: "num" }, count),
      h("td", { class: "sticks-bars" },
        bar(total ? seen / total : 0, "seen"),
        bar(expected / share, "expected")),
      h("td", { class: "num" }, seen, h("br"), h("small", { class: "muted" }, percent(seen, total))),
      h("td", { class: "num muted" }, percent(expected, share)),
    );
  });
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, tn("Are they fair? {count} throw", "Are they fair? {count} throws", total)),
    h("p", { class: "muted" }, t("Each stick is a fair coin, so 0 to 5 dark sides come up 1, 5, 10, 10, 5 and 1 times in 32. Dark bars: this box; pale bars: fair sticks.")),
    h("table", { class: "sticks-table", "data-testid": "sticks-frequencies" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, t("Dark")), h("td", {}), h("th", { class: "num" }, t("Seen")), h("th", { class: "num" }, t("Fair")))),
      h("tbody", {}, rows)),
    fit(history),
    h("p", { "data-testid": "sticks-per-stick" }, t("Dark side up, stick by stick: {shares}", {
      shares: history.dark_per_stick.map((dark, i) => `${i + 1}: ${percent(dark, total)}`).join(" · "),
    })),
  );
}

function fit(history) {
  if (!history.fit) {
    return h("p", { class: "muted", "data-testid": "sticks-fit" },
      t("After {from} throws the box also tests the fit (chi-square): {total} so far.", { from: history.fit_from, total: history.total }));
  }
  const p = history.fit.p_value;
  const words = { total: history.total, p: p.toFixed(3) };
  return h("p", { "data-testid": "sticks-fit" }, p >= 0.01
    ? t("Chi-square test over {total} throws: p = {p}, what fair sticks give. Fair sticks give p below 0.01 in one test out of a hundred.", words)
    : t("Chi-square test over {total} throws: p = {p}, unusual: keep throwing, and tell the box's owner if it stays low. Fair sticks give p below 0.01 in one test out of a hundred.", words));
}

function recent(history) {
  if (!history.recent.length) return null;
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("Latest throws")),
    h("ol", { class: "sticks-recent", "data-testid": "sticks-recent" },
      history.recent.map((thrown) =>
        h("li", { "data-number": thrown.number }, sticksFace(thrown, { testid: "sticks-recent-throw" }), " ", byLine(history, thrown)))),
  );
}

const byLine = (history, thrown) =>
  t("#{number} by {name}, {ago}", { number: thrown.number, name: throwerName(thrown.by), ago: ago(history, thrown.at) });

async function load() {
  if (loading) {
    again = true;
    return;
  }
  loading = true;
  try {
    const history = await api("/api/sticks", undefined, { token: null });
    shown = history.recent[0]?.number ?? 0;
    replace(root, latest(history), frequencies(history), recent(history));
  } catch (err) {
    showError(err.message);
  } finally {
    loading = false;
    if (again) {
      again = false;
      load();
    }
  }
}

function onState(state) {
  const number = state.sticks?.number ?? 0;
  if (number !== shown) load();
}

load();
follow("/api/stream", { state: onState }, showConnection);
