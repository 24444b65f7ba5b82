// /sim: the simulated box. Buttons press on pointerdown and release on pointerup,
// so a click is a short press and holding is a long press (keys a, b, c too).
// The OLED image and the LEDs follow /sim/stream.
import { api, follow, showConnection } from "../api.js";
import { showError } from "../dom.js";
// Enlarged text (js/text-size.js) on every page.
import "../text-size.js";

const oled = document.querySelector("[data-testid=oled]");
const held = new Map(); // each button held down: when (performance.now())
// Presses and releases reach the box in the order they were made: sent one after
// another (two requests at once may arrive the other way round, and a release the box
// saw before its press left the button held). A release says how long the button was
// held here: a press that reached the box late is not cut short there (a tap taken
// for contact bounce).
let sent = Promise.resolve();

function press(name, down) {
  if (held.has(name) === down) return; // already in that state
  const body = { down };
  if (down) held.set(name, performance.now());
  else {
    body.held_ms = Math.min(10000, Math.round(performance.now() - held.get(name)));
    held.delete(name);
  }
  document.querySelector(`[data-button=${name}]`).classList.toggle("down", down);
  sent = sent.then(() => api(`/sim/button/${name}`, body, { token: null })).catch((err) => showError(err.message));
}

for (const button of document.querySelectorAll("[data-button]")) {
  const name = button.dataset.button;
  button.addEventListener("pointerdown", (e) => {
    button.setPointerCapture(e.pointerId);
    press(name, true);
  });
  button.addEventListener("pointerup", () => press(name, false));
  button.addEventListener("pointercancel", () => press(name, false));
  button.addEventListener("contextmenu", (e) => e.preventDefault()); // long touch
}

const KEYS = { a: "A", b: "B", c: "C" };
document.addEventListener("keydown", (e) => {
  const name = KEYS[e.key.toLowerCase()];
  if (name && !e.repeat) press(name, true);
});
document.addEventListener("keyup", (e) => {
  const name = KEYS[e.key.toLowerCase()];
  if (name) press(name, false);
});
window.addEventListener("blur", () => [...held.keys()].forEach((name) => press(name, false)));

function show(box) {
  box.leds.sticks.forEach((on, index) => {
    document.querySelector(`[data-testid=led-stick][data-index="${index}"]`).dataset.on = String(on);
  });
  const status = document.querySelector("[data-testid=led-status]");
  const [r, g, b] = box.leds.status.map((v) => Math.round(Math.min(Math.max(v, 0), 1) * 255));
  status.style.background = `rgb(${r}, ${g}, ${b})`;
  status.dataset.rgb = box.leds.status.join(",");
  oled.src = `/sim/oled.png?v=${box.version}`;
  oled.dataset.version = box.version;
}

follow("/sim/stream", { box: show }, showConnection);
