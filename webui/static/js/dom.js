// Tiny DOM helpers: build elements, show an inline error.
import { t } from "./i18n.js";

// An element's handlers, by event type. h() listens through `dispatch`, which calls the
// element's handler of the moment, so that morph() can give an element it keeps the
// handlers of the one drawn in its place (they see the new state).
const HANDLERS = Symbol("handlers");
// Set by h() on each element: WIRED, it or an element inside it has handlers; PURE,
// it and every element inside it were made by h() and none is a form field, canvas or
// dialog (whose state is not all in their attributes): morph() may keep it whole.
const WIRED = Symbol("wired");
const PURE = Symbol("pure");
const REPLACED = new Set(["INPUT", "SELECT", "TEXTAREA", "CANVAS", "DIALOG", "IFRAME", "VIDEO", "AUDIO"]);
// Which element it is, for morph() (see identity): written by h() as it sets the
// attributes, else on first asking. morph() changes no naming attribute of an element
// it keeps (it keeps one only for a drawing of the same identity).
const IDENTITY = Symbol("identity");
// The attributes that say which element this is (js/focus.js names controls the same way).
const NAMING = new Set(["id", "data-testid", "data-card", "data-piece", "data-square", "data-row", "data-col", "data-to", "data-seat", "data-at", "data-index"]);

function dispatch(event) {
  this[HANDLERS][event.type]?.call(this, event);
}

// An element made otherwise than by h() (a copy of the page's own links) with no
// handlers, it and all inside it: morph() may keep it, as an element of h()'s.
export function handlerFree(node) {
  for (const element of [node, ...node.querySelectorAll("*")]) {
    element[HANDLERS] = {};
    element[WIRED] = false;
    element[PURE] = !REPLACED.has(element.tagName);
  }
  return node;
}

// h("button", {class: "x", "data-testid": "y", onclick: fn}, "text", child, [more])
// data-* and aria-* attributes keep true/false as text; other false/null attributes are left out.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  node[HANDLERS] = {};
  let wired = false;
  let pure = !REPLACED.has(node.tagName);
  let name = node.tagName;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, String(value));
    else if (value === false) continue;
    else if (key.startsWith("on")) {
      node[HANDLERS][key.slice(2)] = value;
      node.addEventListener(key.slice(2), dispatch);
      wired = true;
    }
    else if (key === "class") node.className = value;
    else if (key === "value") node.value = value;
    else if (key === "checked") node.checked = Boolean(value);
    else node.setAttribute(key, value === true ? "" : String(value));
    if (NAMING.has(key)) name += `|${key}=${node.getAttribute(key)}`;
  }
  node[IDENTITY] = name;
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    if (child instanceof Node) {
      if (child.nodeType === Node.ELEMENT_NODE) {
        wired ||= child[WIRED] === true;
        pure &&= child[PURE] === true;
      } else if (child.nodeType !== Node.TEXT_NODE) {
        pure = false;
      }
    }
    node.append(child instanceof Node ? child : String(child));
  }
  node[WIRED] = wired;
  node[PURE] = pure;
  return node;
}

// A translated sentence with elements in it: "Open one from the {link}." with
// {link: <a>} gives ["Open one from the ", <a>, "."], in the sentence's own order.
export function sentence(text, nodes) {
  return text.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name && name in nodes ? nodes[name] : part;
  }).filter((part) => part !== "");
}

const shown = (children) =>
  children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c))));

export function replace(node, ...children) {
  node.replaceChildren(...shown(children));
}

// replace(), except that the elements already shown are kept where the new drawing has
// the same element (the same tag and naming attributes: a card, a seat's slot, a
// square) and only what differs is changed: their attributes, their text, their
// handlers. On a slow phone every new element costs a restyle, a layout of its text
// and a repaint; a move changes a card or two of the hand and one slot of the trick.
// Focus, and scrolling inside a kept element, stay. Only elements made by h() are
// kept (their handlers are known); form fields, canvases and dialogs, whose state is
// not all in their attributes, are always replaced, as is anything made otherwise.
export function morph(node, ...children) {
  morphChildren(node, shown(children));
}

function identity(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return `#${node.nodeType}`;
  if (node[IDENTITY] !== undefined) return node[IDENTITY];
  let name = node.tagName;
  for (const attribute of node.attributes) if (NAMING.has(attribute.name)) name += `|${attribute.name}=${attribute.value}`;
  node[IDENTITY] = name;
  return name;
}

const keepable = (old, fresh) =>
  old.nodeType === Node.TEXT_NODE
    ? fresh.nodeType === Node.TEXT_NODE
    : old.nodeType === Node.ELEMENT_NODE && fresh.nodeType === Node.ELEMENT_NODE &&
      old[HANDLERS] !== undefined && fresh[HANDLERS] !== undefined && !REPLACED.has(old.tagName);

function morphChildren(parent, fresh) {
  const old = [...parent.childNodes];
  // Most often the same children in the same places, some changed inside.
  if (old.length === fresh.length && old.every((child, i) => keepable(child, fresh[i]) && identity(child) === identity(fresh[i]))) {
    old.forEach((child, i) => morphNode(child, fresh[i]));
    return;
  }
  const byIdentity = new Map(); // the shown children of each identity, in order
  for (const child of old) {
    const name = identity(child);
    const same = byIdentity.get(name);
    if (same) same.push(child);
    else byIdentity.set(name, [child]);
  }
  const wanted = fresh.map((child) => {
    const same = byIdentity.get(identity(child));
    const kept = same?.[0];
    if (!kept || !keepable(kept, child)) return child;
    same.shift();
    morphNode(kept, child);
    return kept;
  });
  const staying = new Set(wanted);
  for (const child of old) if (!staying.has(child)) child.remove();
  // In order, moving nothing that is already in its place (a moved element loses focus).
  let at = parent.firstChild;
  for (const child of wanted) {
    if (child === at) at = at.nextSibling;
    else parent.insertBefore(child, at);
  }
}

function morphNode(old, fresh) {
  if (old.nodeType === Node.TEXT_NODE) {
    if (old.data !== fresh.data) old.data = fresh.data;
    return;
  }
  // Unchanged (one comparison inside the browser): only its handlers are new.
  if (old[PURE] && fresh[PURE] && old.isEqualNode(fresh)) {
    takeHandlers(old, fresh);
    return;
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  old[HANDLERS] = fresh[HANDLERS];
  for (const type of Object.keys(fresh[HANDLERS])) old.addEventListener(type, dispatch);
  morphChildren(old, [...fresh.childNodes]);
  // Its elements now are the fresh drawing's, kept or moved in: so are its marks.
  old[WIRED] = fresh[WIRED];
  old[PURE] = fresh[PURE];
}

// An unchanged element and those inside it take the fresh drawing's handlers.
function takeHandlers(old, fresh) {
  if (!old[WIRED] && !fresh[WIRED]) return;
  old[HANDLERS] = fresh[HANDLERS];
  for (const type of Object.keys(fresh[HANDLERS])) old.addEventListener(type, dispatch);
  old[WIRED] = fresh[WIRED];
  const inside = fresh.children;
  let i = 0;
  for (const child of old.children) takeHandlers(child, inside[i++]);
}

const errorBox = () => document.querySelector("[data-testid=error]");

export function showError(message) {
  const box = errorBox();
  box.textContent = message;
  box.hidden = false;
}

export function clearError() {
  const box = errorBox();
  if (!box.hidden) box.hidden = true; // written only when shown: each write restyles
}

// "A", "A and B", "A, B and C" in the reader's language ("A、BとC").
export function listing(words) {
  if (words.length < 2) return words.join("");
  // TRANSLATORS: the separator between names in a list ("Ann, Bo and Cy").
  const items = words.slice(0, -1).join(t(", "));
  return t("{items} and {last}", { items, last: words[words.length - 1] });
}

// One person's name as a list shows it: Japanese puts さん on every name ("花子さん、Annさん"),
// not only after the last. The box does the same (device/i18n: Words.people).
// TRANSLATORS: one person's name in a list of names ("Ann, Bo"); Japanese adds さん to each.
export const person = (name) => t("{name}", { name });

// Names as a list in the reader's language, each with its honorific.
export const people = (names) => listing(names.map(person));
