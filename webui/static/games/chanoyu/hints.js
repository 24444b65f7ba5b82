// "Suggest a move" in Chanoyu's words: the card to play, or where a won card goes.
import { t } from "../../js/i18n.js";
import { seatName } from "../../js/seats.js";
import { cardShort, numberOf } from "./cards.js";

export function hintText(state, action) {
  if (action.type === "play") return t("Play {card}", { card: cardShort(action.card) });
  if (action.type === "build") return action.cards?.length ? t("Done: discard {cards}", { cards: action.cards.map(cardShort).join(t(", ")) }) : t("Done");
  if (action.type !== "place") return null;
  const card = cardShort(action.card);
  const value = action.value ?? numberOf(action.card);
  if (action.at === "left") return t("Place {card} as {value} at the left end of your tableau", { card, value });
  if (action.at === "right") return t("Place {card} as {value} at the right end of your tableau", { card, value });
  if (action.seat === undefined || action.seat === state.you.seat) return t("Place {card} as {value} in your tableau", { card, value });
  return t("Place {card} as {value} in {name}'s tableau", { card, value, name: seatName(state, action.seat) });
}
