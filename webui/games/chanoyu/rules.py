"""Chanoyu's rules card (webui/rules_cards.py): each line links to its section of
docs/rules/chanoyu.md, and says what engines/chanoyu plays (RULES-DECISIONS.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from webui.rules_cards import Line, RulesCard

# The tableau rules a table may pick (engines/chanoyu/scoring.py SCORING_RULES).
SCORING = {
    "cards-and-pairs": _l(
        "Tableau points: 1 per card, plus 1 per pair of neighbours with consecutive values."
    ),
}


def options(chosen: Mapping[str, Any], players: int) -> Sequence[Line]:
    scoring = str(chosen.get("scoring", "cards-and-pairs"))
    known = SCORING.get(scoring)
    return [
        Line(
            _l("Seat {seat} is the first host."),
            "cards-and-the-deal",
            {"seat": int(chosen.get("host", 0)) + 1},
        ),
        Line(known, "the-round-and-scoring")
        if known is not None
        else Line(
            _l("Tableau points: the {name} rule."), "the-round-and-scoring", {"name": scoring}
        ),
    ]


CARD = RulesCard(
    title=_l("Chanoyu"),
    goal=(
        Line(
            _l(
                "Build your tableau from the tricks you win and reach 15 points, but only once "
                "everyone else has 8."
            ),
            "the-round-and-scoring",
        ),
    ),
    turn=(
        Line(
            _l("The host's right neighbour leads the first trick; play goes counter-clockwise."),
            "playing-to-a-trick",
        ),
        Line(_l("Follow the led suit if you can; otherwise play any card."), "playing-to-a-trick"),
        Line(
            _l(
                "The highest numbered card of the led suit wins (Ace is 1); face cards and "
                "Tsukumogami never win."
            ),
            "playing-to-a-trick",
        ),
        Line(
            _l(
                "The winner adds trick cards to either end of their tableau, values rising left to "
                "right (at least one if any fits); a face card takes any value, a Tsukumogami goes "
                "in anyone's tableau."
            ),
            "the-build",
        ),
        Line(
            _l(
                "The rest is discarded; everyone draws back to five while the pile allows; the "
                "winner leads."
            ),
            "drawing",
        ),
    ),
    end=(
        Line(
            _l(
                "A round is ten tricks; then tableaux are scored and the most points hosts the "
                "next round."
            ),
            "the-round-and-scoring",
        ),
        Line(
            _l(
                "After a round where someone has 15: if everyone has 8, the highest total wins; "
                "otherwise everyone with 15 loses and the others share the win."
            ),
            "the-round-and-scoring",
        ),
    ),
    options=options,
)
