// The page scripts' words in the reader's language. The server picks the language
// (webui/i18n.py) and writes it in <html lang>; the words come from a catalog made
// from the same Babel .po sources as the server's (device/i18n/catalogs.py), so there is
// no second dictionary. English is the source: an id without a translation shows as
// it is. `scripts/i18n extract` finds t("...") and tn("one", "many", n) calls.
export const lang = document.documentElement.lang || "en";

const catalog = lang === "en"
  ? {}
  : await fetch(`/i18n/${lang}.json`).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));

const fill = (text, params) =>
  params ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole)) : text;

// t("Waiting for {count} more", { count: 2 })
export function t(msgid, params) {
  const found = catalog[msgid];
  return fill(typeof found === "string" ? found : msgid, params);
}

// tn("{count} card", "{count} cards", n, { count: n }): English picks by n; a catalog
// gives its language's forms (Japanese has one).
export function tn(singular, plural, n, params) {
  const forms = catalog[singular];
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms)) text = forms.length === 1 ? forms[0] : forms[n === 1 ? 0 : 1] ?? text;
  return fill(text, { count: n, ...params });
}

// A name the box made up for a nameless player ("Player 3", also what a deleted name
// becomes in history: device/history/retention.py) in the reader's language; a name
// someone typed, as it is. The box's screens do the same (device/i18n: Words.name).
export function displayName(name) {
  const made = /^Player (\d+)$/.exec(name ?? "");
  return made ? t("Player {number}", { number: Number(made[1]) }) : name;
}

// A bot's seat as every screen marks it (device/i18n BOT_LABELS): "Bot: Cogwheel, normal".
const BOT_LABELS = {
  easy: (name) => t("Bot: {name}, easy", { name }),
  normal: (name) => t("Bot: {name}, normal", { name }),
  strong: (name) => t("Bot: {name}, strong", { name }),
};
export function botName(name, level) {
  const label = BOT_LABELS[level];
  return label ? label(name) : name;
}
