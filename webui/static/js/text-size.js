// Enlarged text (a phone's text size, the browser's font size, zoomed text): when
// the page's text is 125 % or more of its usual 17 px, <html> gets the class
// "text-large", and app.css lets the one-screen play layout and the header bar grow
// and the page scroll: enlarged text degrades to scrolling, never to clipping.
// A probe 10rem wide tells when the text size changes while the page is open.
const USUAL = 17;
const probe = document.createElement("div");
probe.setAttribute("aria-hidden", "true");
Object.assign(probe.style, { position: "absolute", top: "0", left: "0", visibility: "hidden", width: "10rem", height: "0", overflow: "hidden", pointerEvents: "none" });
document.body.append(probe);

// Whether the text is enlarged now; js/fit.js asks with its own scaling undone, and
// never scales enlarged text back down (its shrinking alone never crosses the line).
// The TV across the room (body.big on a wide screen) sizes its type from the screen
// (app.css: 16 px at 720p to 48 px at 4K) and fits itself: its size is not enlarged text.
const tv = matchMedia("(min-width: 1000px)");
export function textLarge() {
  const rem = probe.getBoundingClientRect().width / 10;
  const large = rem >= USUAL * 1.25 && !(document.body.classList.contains("big") && tv.matches);
  return document.documentElement.classList.toggle("text-large", large);
}

const check = () => void textLarge();

check();
new ResizeObserver(check).observe(probe);
tv.addEventListener("change", check);
