// Talking to the box: JSON requests with the seat token, and the live stream.
// The box words its own refusals ("error", in the reader's language: webui/errors.py);
// this file only words what the box cannot say: that it cannot be reached.
import { t } from "./i18n.js";

const TOKEN_KEY = "tablemate.token";
export const TOKEN_HEADER = "X-Tablemate-Token";

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const saveToken = (token) => localStorage.setItem(TOKEN_KEY, token);
export const forgetToken = () => localStorage.removeItem(TOKEN_KEY);

// Worded apart from `new ApiError(...)`: the catalog tools read only the first call.
const unreachable = () => t("The box cannot be reached: check the Wi-Fi.");
const refused = (data, response) => data.error || t("Error {status}", { status: response.status });

export class ApiError extends Error {
  constructor(status, message, code = null) {
    super(message);
    this.status = status;
    this.code = code; // the stable word from webui/errors.py, e.g. "table_full"
  }
}

// GET path (no body) or POST body as JSON. Sends the stored token unless
// options.token is given (null: ask as the public, e.g. the table page).
export async function api(path, body = undefined, { token = getToken() } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers[TOKEN_HEADER] = token;
  const init = { headers, cache: "no-store" };
  if (body !== undefined) {
    init.method = "POST";
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, unreachable());
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, refused(data, response), data.code || null);
  return data;
}

// A file to save (the host's backup): a GET with the token like api(), answered
// with the file's bytes and the name the box gave it; refused like api().
export async function apiFile(path, { token = getToken() } = {}) {
  const headers = {};
  if (token) headers[TOKEN_HEADER] = token;
  let response;
  try {
    response = await fetch(path, { headers, cache: "no-store" });
  } catch {
    throw new ApiError(0, unreachable());
  }
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new ApiError(response.status, refused(data, response), data.code || null);
  }
  const disposition = response.headers.get("Content-Disposition") || "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] || null;
  return { blob: await response.blob(), name };
}

// The state as this browser's seat sees it: null when the stored token is no
// longer a seat's (it is forgotten then), the public state without a token.
// path: the seat page asks for its compact view (/api/state?compact=1).
export async function myState(path = "/api/state") {
  try {
    return await api(path);
  } catch (err) {
    if (err.status === 403) {
      forgetToken();
      return null;
    }
    throw err;
  }
}

// This tab's id for its live streams, kept across reloads (sessionStorage is
// per tab): the box then ends the stream of the page that was reloaded at once,
// instead of counting it until it times out. Not a secret, and not the seat.
const CLIENT_KEY = "tablemate.client";

function newClientId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12)); // randomUUID needs https
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function clientId(fresh = false) {
  try {
    let id = sessionStorage.getItem(CLIENT_KEY);
    if (fresh || !id) {
      id = newClientId();
      sessionStorage.setItem(CLIENT_KEY, id);
    }
    return id;
  } catch {
    return newClientId(); // no storage: still one id per stream
  }
}

// Follow an SSE stream. handlers: {eventName(data)}, and optionally
// closed() -> Promise<bool>: whether to connect again after the server refused
// the stream (by default always: the box may just be restarting).
// onStatus(connected) tells the page when the link drops and comes back.
// The URL gets ?client=<this tab's id>; "replaced" means another page with the
// same id (a duplicated tab) took over the stream: this one takes a new id.
export function follow(url, handlers, onStatus = () => {}) {
  let source = null;
  let stopped = false;
  const retry = async () => {
    if (stopped) return;
    if (!handlers.closed || (await handlers.closed())) open();
  };
  const open = (fresh = false) => {
    const sep = url.includes("?") ? "&" : "?";
    source = new EventSource(`${url}${sep}client=${clientId(fresh)}`);
    source.onopen = () => onStatus(true);
    source.onerror = () => {
      onStatus(false);
      // A dropped link reconnects by itself; a refused one ends up CLOSED.
      if (source.readyState === EventSource.CLOSED) setTimeout(retry, 3000);
    };
    source.addEventListener("replaced", () => {
      source.close();
      if (!stopped) open(true);
    });
    for (const [name, handler] of Object.entries(handlers)) {
      if (name !== "closed") source.addEventListener(name, (e) => handler(JSON.parse(e.data)));
    }
  };
  open();
  return () => {
    stopped = true;
    source.close();
  };
}

export function showConnection(connected) {
  const badge = document.querySelector("[data-testid=connection]");
  if (badge) badge.hidden = connected;
}
