// Tiny DOM helpers: build elements, show an inline error.
import { t } from "./i18n.js";

// h("button", {class: "x", "data-testid": "y", onclick: fn}, "text", child, [more])
// data-* and aria-* attributes keep true/false as text; other false/null attributes are left out.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, String(value));
    else if (value === false) continue;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "value") node.value = value;
    else if (key === "checked") node.checked = Boolean(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
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

// replace(), except that a region drawn again the same as it is shown (the same
// elements, attributes and text) is left alone: on a slow phone every node swapped
// costs a restyle, a layout and a repaint, and most moves change only the hand and
// the board. Only for regions whose controls' handlers depend on nothing but what
// their attributes show. True when it replaced.
export function update(node, ...children) {
  const fresh = shown(children);
  const old = node.childNodes;
  if (old.length === fresh.length && fresh.every((child, i) => child.isEqualNode(old[i]))) return false;
  node.replaceChildren(...fresh);
  return true;
}

const errorBox = () => document.querySelector("[data-testid=error]");

export function showError(message) {
  const box = errorBox();
  box.textContent = message;
  box.hidden = false;
}

export function clearError() {
  errorBox().hidden = true;
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
