// The join form: room code, name, optionally a seat. On success the token is
// kept in localStorage and the phone goes to its seat.
import { api, saveToken } from "./api.js";
import { clearError, h, showError } from "./dom.js";

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
  const seatSelect = h("select", { id: "join-seat", "data-testid": "join-seat" }, h("option", { value: "" }, "Any free seat"));
  const button = h("button", { type: "submit", "data-testid": "join-submit" }, "Join");

  api("/api/status", undefined, { token: null })
    .then((status) => {
      for (const seat of status.seats.filter((s) => !s.taken)) {
        seatSelect.append(h("option", { value: seat.seat }, `Seat ${seat.seat + 1}`));
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
      button.disabled = false;
    }
  };

  return h(
    "form",
    { class: "panel", "data-testid": "join-form", onsubmit: submit },
    h("label", { for: "join-code" }, "Room code (4 letters)"),
    codeInput,
    h("label", { for: "join-name" }, "Your name"),
    nameInput,
    h("label", { for: "join-seat" }, "Seat"),
    seatSelect,
    h("div", { class: "actions" }, button),
  );
}
