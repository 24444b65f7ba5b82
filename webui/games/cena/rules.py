"""Céna's rules card (webui/rules_cards.py): each line links to its section of
docs/rules/cena.md, and says what engines/cena plays (RULES-DECISIONS.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from webui.rules_cards import Line, RulesCard, say

DEALS = 3
# Suit names stay as printed on the cards (the Japanese rulebook says "aleスート" too).
SUITS = {"C": "cider", "W": "wine", "M": "mead", "A": "ale"}

# One sentence per kind of objective card, so each language orders it its own way
# (the same ids as the phone's objective, webui/static/games/cena/cards.js).
OBJECTIVES = {
    "": _l("{penalty} per card"),
    "s": _l("{penalty} per {suit} card"),
    "n": _l("{penalty} per card numbered {number}"),
    "sn": _l("{penalty} per {suit} card numbered {number}"),
    "odd": _l("{penalty} per odd card"),
    "odds": _l("{penalty} per odd {suit} card"),
    "oddn": _l("{penalty} per odd card numbered {number}"),
    "oddsn": _l("{penalty} per odd {suit} card numbered {number}"),
    "even": _l("{penalty} per even card"),
    "evens": _l("{penalty} per even {suit} card"),
    "evenn": _l("{penalty} per even card numbered {number}"),
    "evensn": _l("{penalty} per even {suit} card numbered {number}"),
}


def objective_text(objective: Mapping[str, Any]) -> str:
    """An objective card in the reader's words, from its fields (the engine's "text" is
    English)."""
    kind = (
        f"{objective.get('parity') or ''}"
        f"{'s' if objective.get('suit') else ''}{'n' if objective.get('number') else ''}"
    )
    params = {
        "penalty": str(-int(objective.get("penalty", 0))),
        "suit": SUITS.get(str(objective.get("suit")), ""),
        "number": objective.get("number", ""),
    }
    return say(OBJECTIVES.get(kind, OBJECTIVES[""]), params)


def options(chosen: Mapping[str, Any], players: int) -> Sequence[Line]:
    lines = [
        Line(
            _l("Simplified rule: a card is only ever placed in front of its own player.")
            if chosen.get("simplified")
            else _l(
                "Full rule: a card may go in front of any player who has none yet (the "
                "simplified rule is off)."
            ),
            "play-phase-play",
        ),
        Line(
            _l("Seat {seat} hosts the first deal."),
            "the-game",
            {"seat": int(chosen.get("host", 0)) + 1},
        ),
    ]
    deck = [o for o in chosen.get("objectives") or [] if isinstance(o, Mapping)]
    if chosen.get("draw_objectives"):
        lines.append(
            Line(
                _l("Objective cards are drawn at random from a deck of {count}."),
                "objective-cards",
                {"count": len(deck) or DEALS},
            )
        )
    elif len(deck) == DEALS:
        # Without drawing the engine plays exactly one card per deal, in this order.
        first, second, third = (objective_text(objective) for objective in deck)
        lines.append(
            Line(
                _l(
                    "Objective cards in this order: deal 1 {first}; deal 2 {second}; "
                    "deal 3 {third}."
                ),
                "objective-cards",
                {"first": first, "second": second, "third": third},
            )
        )
    return lines


CARD = RulesCard(
    title=_l("Céna"),
    goal=(
        Line(_l("Score the most points over three deals."), "the-game"),
        Line(
            _l(
                "You are allied with both neighbours: each alliance scores 1 point per card it "
                "wins, minus the objective card's penalties, and you score both of yours."
            ),
            "scoring-a-deal",
        ),
    ),
    turn=(
        Line(
            _l(
                "Each deal, choose 3 cards of your hand as public cards; they show once everyone "
                "has chosen."
            ),
            "information-phase-phase-reveal",
        ),
        Line(
            _l("The host's left neighbour leads; then clockwise, follow the lead suit if you can."),
            "play-phase-play",
        ),
        Line(
            _l("Place your card in front of a player who has no card yet in this trick."),
            "play-phase-play",
        ),
        Line(
            _l(
                "An alliance takes its suit from the card in front of its right player and its "
                "number from the card in front of its left player."
            ),
            "who-wins-a-trick",
        ),
        Line(
            _l(
                "The lead-suit alliance with the highest number wins the trick's cards (a tie: the "
                "one completed later); its left player leads next."
            ),
            "who-wins-a-trick",
        ),
    ),
    end=(
        Line(
            _l("A deal ends when the hands are empty: it is scored and the host moves left."),
            "scoring-a-deal",
        ),
        Line(_l("After three deals the highest total wins; a tie shares the victory."), "the-game"),
    ),
    options=options,
)
