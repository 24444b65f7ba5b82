// Hold to reveal: a secret shows only while a finger (or the mouse, or the space
// bar) is held on the button, and is taken out of the page again on release. While
// hidden, nothing of the secret is in the DOM: only the caller's JavaScript keeps
// it, so a glance, a screenshot or a look at the page source shows nothing.
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";

const HIDERS = new Set(); // every widget's hide(): the page going away hides them all

for (const event of ["blur", "pagehide"]) window.addEventListener(event, () => HIDERS.forEach((hide) => hide()));
document.addEventListener("visibilitychange", () => HIDERS.forEach((hide) => hide()));

// label: the button's text (the same whatever the secret); show(secret): the nodes
// to show while held. Returns {node, set(secret)}; set(null) when there is none.
export function holdToReveal(label, show) {
  let secret = null;
  let holding = false;
  const shown = h("div", { class: "secret-shown", "data-testid": "secret-shown", "aria-live": "polite" });
  const button = h(
    "button",
    { type: "button", class: "hold-reveal", "data-testid": "hold-reveal", "aria-pressed": "false" },
    label,
  );

  function draw() {
    const visible = holding && secret !== null;
    button.classList.toggle("holding", holding);
    button.setAttribute("aria-pressed", String(holding));
    shown.classList.toggle("open", visible);
    replace(shown, visible ? show(secret) : h("span", { class: "muted" }, t("Hidden. Make sure nobody else can see your screen.")));
  }
  const hold = () => {
    holding = true;
    draw();
  };
  const hide = () => {
    if (!holding) return;
    holding = false;
    draw();
  };
  HIDERS.add(hide);

  button.addEventListener("pointerdown", (event) => {
    event.preventDefault(); // no text selection, no focus scroll
    button.setPointerCapture?.(event.pointerId); // a finger sliding off still counts until lifted
    hold();
  });
  for (const event of ["pointerup", "pointercancel", "lostpointercapture", "blur"]) button.addEventListener(event, hide);
  button.addEventListener("contextmenu", (event) => event.preventDefault()); // a long press is not a menu
  button.addEventListener("keydown", (event) => {
    if (event.key !== " " && event.key !== "Enter") return;
    event.preventDefault();
    if (!event.repeat) hold();
  });
  button.addEventListener("keyup", (event) => (event.key === " " || event.key === "Enter") && hide());

  draw();
  return {
    node: h("div", { class: "hold-box", "data-testid": "hold-box" }, shown, button),
    set(value) {
      secret = value;
      draw();
    },
  };
}
