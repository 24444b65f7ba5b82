// The join form: room code, name, optionally a seat. On success the token is
// kept in localStorage and the phone goes to its seat. A game nobody can join now
// (every seat taken, or just ended) is offered to watch instead: at once for the
// room code given (the QR link), or when the box refuses the join.
import { api, saveToken } from "./api.js";
import { clearError, h, replace, showError } from "./dom.js";
import { t } from "./i18n.js";
import { watchOffer, watchReason, watchReasonOf } from "./rematch.js";

const NAME_KEY = "tablemate.name";

export function joinForm(code = "") {
  const codeInput = h("input", {
    type: "text", id: "join-code", class: "code", "data-testid": "join-code", value: code,
    maxlength: 4, autocomplete: "off", autocapitalize: "characters", required: true,
    pattern: "[A-Za-z]{4}", inputmode: "text",
  });
  const nameInput = h("input", {
    type: "text", id: "join-name", "data-testid": "join-name", maxlength: 16, required: true,
    autocomplete: "nickname", value: localStorage.getItem(NAME_KEY) || "",
  });
  const seatSelect = h("select", { id: "join-seat", "data-testid": "join-seat" }, h("option", { value: "" }, t("Any free seat")));
  const button = h("button", { type: "submit", "data-testid": "join-submit" }, t("Join"));
  const offer = h("div", { "data-testid": "watch-offer-box" }); // the offer to watch, when made

  api("/api/status", undefined, { token: null })
    .then((status) => {
      if (code && status.room === code.toUpperCase()) replace(offer, watchOffer(watchReason(status)));
      for (const seat of status.seats.filter((s) => !s.taken)) {
        seatSelect.append(h("option", { value: seat.seat }, t("Seat {number}", { number: seat.seat + 1 })));
      }
    })
    .catch(() => {});

  const submit = async (event) => {
    event.preventDefault();
    clearError();
    button.disabled = true;
    const body = { code: codeInput.value.trim(), name: nameInput.value };
    if (seatSelect.value !== "") body.seat = Number(seatSelect.value);
    try {
      const joined = await api("/api/join", body, { token: null });
      saveToken(joined.token);
      localStorage.setItem(NAME_KEY, nameInput.value);
      location.assign("/seat");
    } catch (err) {
      showError(err.message);
      replace(offer, watchOffer(watchReasonOf(err)));
      button.disabled = false;
    }
  };

  return [offer, h(
    "form",
    { class: "panel", "data-testid": "join-form", onsubmit: submit },
    h("label", { for: "join-code" }, t("Room code (4 letters)")),
    codeInput,
    h("label", { for: "join-name" }, t("Your name")),
    nameInput,
    h("label", { for: "join-seat" }, t("Seat")),
    seatSelect,
    h("div", { class: "actions" }, button),
  )];
}
