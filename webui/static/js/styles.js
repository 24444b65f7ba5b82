// Style sheets a script needs, each loaded once. They are named by their path under
// webui/static and fetched from where the page's styles are (its versioned URL in
// <meta name="tablemate-static">, webui/assets.py), unless the page's own combined
// style sheet (<link data-styles="app.css summary.css ...">) already brought them:
// a page lists in its template the sheets it always needs, so they come in one request.
const base = document.querySelector("meta[name=tablemate-static]")?.content || "/static/";
const present = new Set(
  [...document.querySelectorAll("link[data-styles]")].flatMap((link) => link.dataset.styles.split(" ")),
);

export function needStyle(file) {
  if (present.has(file)) return;
  present.add(file);
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = base + file;
  document.head.append(link);
}

// Where the page's scripts are (a game's components load from there, js/games.js):
// the same versioned folder, or this page's bundle of them (webui/bundle.py).
export const scriptBase = document.querySelector("meta[name=tablemate-scripts]")?.content || base;
