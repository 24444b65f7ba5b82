// "Suggest a move" in Céna's words: the card(s) and, for a play, whose side it goes to.
import { t } from "../../js/i18n.js";
import { whom } from "../../js/seats.js";
import { cardWords } from "./cards.js";

export function hintText(state, action) {
  if (action.type === "reveal") return t("Reveal {cards}", { cards: action.cards.map(cardWords).join(t(", ")) });
  if (action.type !== "play") return null;
  const card = cardWords(action.card);
  return action.to === state.you.seat
    ? t("Play {card} in front of yourself", { card })
    : t("Play {card} in front of {name}", { card, name: whom(state, action.to) });
}
