// A round of secret colours on this phone: type the round's code and choose your
// seat once, then hold to see your colour. The claim ({round, seat, token}) stays
// in this browser's localStorage, so a reload finds it; the colour itself is
// fetched with that token, kept in memory and put on the page only while the
// button is held. Once the round is revealed, everyone's colour shows.
import { api } from "../api.js";
import { clearError, h, listing, replace, sentence, showError } from "../dom.js";
import { t } from "../i18n.js";
import { colourName, swatch, undrawn } from "./colours.js";
import { codeInAddress, ownerOf } from "./owner.js";
import { holdToReveal } from "./reveal.js";

const CLAIM_KEY = "tablemate.colour";

function storedClaim() {
  try {
    return JSON.parse(localStorage.getItem(CLAIM_KEY) || "null");
  } catch {
    return null;
  }
}

// This phone's claim in round `round` (a number): {round, seat, token}, or null.
export function claimIn(round) {
  const claim = storedClaim();
  return claim && round && claim.round === round ? claim : null;
}

export function revealTable(round) {
  const nobody = undrawn(round.colours);
  return [
    h("table", { "data-testid": "colour-reveal" },
      h("tbody", {}, round.names.map((name, seat) =>
        h("tr", { "data-testid": "colour-reveal-row", "data-seat": seat, "data-colour": round.colours[seat] },
          h("th", {}, name), h("td", {}, swatch(round.colours[seat])))))),
    nobody.length ? h("p", { class: "muted" }, t("Nobody drew {colours}.", { colours: listing(nobody.map(colourName)) })) : null,
  ];
}

// Returns {node, render(round)}; round is the public round ({round, players, names,
// claimed, revealed, colours}) or null. refresh(): the page fetches its round again.
export function colourPanel(refresh) {
  const secret = holdToReveal(t("Hold to see your colour"), ({ colour }) => [
    h("p", { class: "secret-colour" }, sentence(t("Your colour: {colour}"), { colour: swatch(colour, { big: true }) })),
    h("p", { class: "muted" }, t("Keep it to yourself until the end of the game.")),
  ]);
  const node = h("section", { class: "panel", "data-testid": "colour-panel" });
  let shownKey = "";
  let fetched = null; // {round, seat} whose colour `secret` holds
  let typed = codeInAddress(); // the round code as typed (or from the owner's link)

  async function fetchColour(claim) {
    if (fetched && fetched.round === claim.round && fetched.seat === claim.seat) return;
    try {
      const mine = await api(`/api/colours/mine?round=${claim.round}`, undefined, { token: claim.token });
      fetched = { round: mine.round, seat: mine.seat };
      secret.set({ colour: mine.colour });
    } catch (err) {
      if (err.status === 403) {
        localStorage.removeItem(CLAIM_KEY); // not this round's seat any more: choose again
        shownKey = "";
      }
      showError(err.message);
    }
  }

  // The code input, filled in from the owner's link (the owner's own phone needs none).
  function codeField() {
    const input = h("input", {
      type: "text", id: "colour-code", class: "code", "data-testid": "colour-code", value: typed,
      maxlength: 4, autocomplete: "off", autocapitalize: "characters", pattern: "[A-Za-z]{4}", inputmode: "text",
      placeholder: "ABCD", oninput: (event) => (typed = event.target.value.trim().toUpperCase()),
    });
    return h("p", { "data-testid": "colour-code-field" },
      h("label", { for: "colour-code" }, t("Round code")), input,
      h("span", { class: "muted" }, t("4 letters, shown by the phone that drew the colours (or by the box, if it drew them).")));
  }

  async function claimSeat(round, seat) {
    const own = ownerOf(round.round);
    const code = round.needs_code ? (own ? own.code : typed) : undefined;
    if (round.needs_code && !/^[A-Za-z]{4}$/.test(code || "")) {
      showError(t("Type the round code first: 4 letters, shown by the phone that drew the colours (or by the box)."));
      node.querySelector("[data-testid=colour-code]")?.focus();
      return;
    }
    if (!confirm(t("Are you {name}? Only one phone can take each seat.", { name: round.names[seat] }))) return;
    clearError();
    try {
      const body = code === undefined ? { round: round.round, seat } : { round: round.round, seat, code };
      const claim = await api("/api/colours/claim", body, { token: null });
      localStorage.setItem(CLAIM_KEY, JSON.stringify(claim));
      shownKey = "";
      await refresh();
    } catch (err) {
      showError(err.message);
    }
  }

  function render(round) {
    const claim = storedClaim();
    const mine = round && claim && claim.round === round.round ? claim : null;
    const key = JSON.stringify([round, mine && mine.seat, round && ownerOf(round.round)?.code]);
    if (key === shownKey) return; // unchanged: keep the hold button as it is (it may be held)
    shownKey = key;
    if (!round || !round.round) {
      replace(node, h("h2", {}, t("Secret colours")), h("p", { class: "muted" }, t("No colours have been drawn yet.")));
      return;
    }
    if (round.revealed) {
      replace(node, h("h2", {}, t("The colours, revealed")), revealTable(round));
      return;
    }
    if (mine) {
      replace(
        node,
        h("h2", {}, t("Your secret colour")),
        h("p", { "data-testid": "colour-you" }, t("This phone is {name}'s.", { name: round.names[mine.seat] })),
        secret.node,
      );
      fetchColour(mine);
      return;
    }
    replace(
      node,
      h("h2", {}, t("Which player are you?")),
      round.needs_code && !ownerOf(round.round) ? codeField() : null,
      h("p", { class: "muted" }, t("Tap your own name. Then hold the button to see your colour, hidden from the others.")),
      h("div", { class: "seat-choice" }, round.names.map((name, seat) =>
        h("button", {
          type: "button", "data-testid": "colour-seat", "data-seat": seat, disabled: round.claimed[seat],
          class: round.claimed[seat] ? "secondary" : "", onclick: () => claimSeat(round, seat),
        }, round.claimed[seat] ? t("{name} (taken)", { name }) : name))),
      h("p", { class: "muted" }, t("No phone? Pass the box: press A, choose Secret colours, then Pass the box; each player holds A to look.")),
    );
  }

  return { node, render };
}
