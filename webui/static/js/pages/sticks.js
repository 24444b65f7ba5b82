// /sticks: throw the box's dice-sticks and see that they are fair: how often each
// count came up against the expected 1:5:10:10:5:1 in 32, each stick's share of
// dark sides, and the latest throws. Follows the public stream for new throws.
import { api, follow, showConnection } from "../api.js";
import { h, replace, showError } from "../dom.js";
import { sticksFace, throwButton } from "../sticks.js";

const root = document.getElementById("sticks-page");
let shown = null; // the throw number drawn last
let loading = false;
let again = false; // a throw arrived while loading: load once more

const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : "–");

function ago(history, at) {
  const seconds = Math.max(0, Math.round(history.now - at));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} days ago`;
}

function latest(history) {
  const last = history.recent[0];
  return h(
    "section",
    { class: "panel sticks-latest", "data-testid": "sticks-latest" },
    last
      ? [
          sticksFace(last, { key: last.number, big: true }),
          h("p", { "data-testid": "sticks-latest-text" }, `Throw #${last.number}: ${last.count} dark, by ${last.by}, ${ago(history, last.at)}`),
        ]
      : h("p", {}, "No throw yet."),
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
    h("h2", {}, `Are they fair? ${total} throw${total === 1 ? "" : "s"}`),
    h("p", { class: "muted" }, "Each stick is a fair coin, so 0 to 5 dark sides come up 1, 5, 10, 10, 5 and 1 times in 32. Dark bars: this box; pale bars: fair sticks."),
    h("table", { class: "sticks-table", "data-testid": "sticks-frequencies" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "Dark"), h("th", {}, ""), h("th", { class: "num" }, "Seen"), h("th", { class: "num" }, "Fair"))),
      h("tbody", {}, rows)),
    fit(history),
    h("p", { "data-testid": "sticks-per-stick" }, "Dark side up, stick by stick: ",
      history.dark_per_stick.map((dark, i) => `${i + 1}: ${percent(dark, total)}`).join(" · ")),
  );
}

function fit(history) {
  if (!history.fit) {
    return h("p", { class: "muted", "data-testid": "sticks-fit" },
      `After ${history.fit_from} throws the box also tests the fit (chi-square): ${history.total} so far.`);
  }
  const p = history.fit.p_value;
  const verdict = p >= 0.01 ? "what fair sticks give" : "unusual: keep throwing, and tell the box's owner if it stays low";
  return h("p", { "data-testid": "sticks-fit" },
    `Chi-square test over ${history.total} throws: p = ${p.toFixed(3)}, ${verdict}. Fair sticks give p below 0.01 in one test out of a hundred.`);
}

function recent(history) {
  if (!history.recent.length) return null;
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, "Latest throws"),
    h("ol", { class: "sticks-recent", "data-testid": "sticks-recent" },
      history.recent.map((t) =>
        h("li", { "data-number": t.number }, sticksFace(t, { testid: "sticks-recent-throw" }), ` #${t.number} by ${t.by}, ${ago(history, t.at)}`))),
  );
}

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
