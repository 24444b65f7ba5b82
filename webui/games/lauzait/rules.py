"""Lauzait Cep's rules card (webui/rules_cards.py): each line links to its section
of docs/rules/lauzait.md, and says what engines/lauzait plays (RULES-DECISIONS.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from webui.rules_cards import Line, RulesCard


def options(chosen: Mapping[str, Any], players: int) -> Sequence[Line]:
    return [
        Line(
            _l(
                "Luminous piece: on. A stock piece is turned up each season; each identical "
                "piece in the declarer's hand scores 1 more."
            )
            if chosen.get("luminous")
            else _l("Luminous piece: off."),
            "setup-of-a-season",
        ),
        Line(
            _l("Layered bridges score {points}: two departments with the same numbers."),
            "declaring-lauzait-cep",
            {"points": int(chosen.get("layered_bridges", 2))},
        ),
    ]


CARD = RulesCard(
    title=_l("Lauzait Cep"),
    goal=(
        Line(
            _l(
                "Score the most points: bonuses for the departments you form, victory points "
                "when you declare Lauzait-Cep."
            ),
            "the-game",
        ),
    ),
    turn=(
        Line(
            _l("Dissolve (optional): hide one revealed department again and pay back its bonus."),
            "departments",
        ),
        Line(
            _l(
                "Form (optional): reveal three of a kind or three in sequence, one colour, for "
                "its bonus."
            ),
            "departments",
        ),
        Line(
            _l(
                "Declare Lauzait-Cep (optional) with three revealed departments, or three in a "
                "concealed hand."
            ),
            "declaring-lauzait-cep",
        ),
        Line(
            _l(
                "Hire (always): discard a piece onto the empty square, move a board piece of the "
                "same colour one number up or down to a square around it, and take the piece there."
            ),
            "hiring",
        ),
        Line(
            _l(
                "A wild lets any piece move; from the mountain a piece jumps up to 2 squares; into "
                "water, throw the sticks: 0-2 you take the moving piece."
            ),
            "hiring",
        ),
    ),
    end=(
        Line(
            _l(
                "A declaration ends the season: the declarer scores victory points and a new "
                "season is dealt."
            ),
            "declaring-lauzait-cep",
        ),
        Line(
            _l(
                "After as many seasons as players, or when the whole table agrees, the highest "
                "total wins; ties all win."
            ),
            "the-game",
        ),
    ),
    options=options,
)
