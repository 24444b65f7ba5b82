"""Sàrénà's rules card (webui/rules_cards.py): each line links to its section of
docs/rules/sarena.md, and says what engines/sarena plays (RULES-DECISIONS.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from webui.rules_cards import Line, RulesCard


def options(chosen: Mapping[str, Any], players: int) -> Sequence[Line]:
    return [
        Line(
            _l("Fair chips: each colour is on top of exactly 9 chips at the start.")
            if chosen.get("fair")
            else _l(
                "Fair chips: off. Chips are turned at random, so some colours may start on top "
                "more."
            ),
            "setup",
        ),
        Line(
            _l("Board: the standard 6x6 board.")
            if chosen.get("layout", "standard") == "standard"
            else _l("Board: a layout set by the table."),
            "options",
        ),
    ]


CARD = RulesCard(
    title=_l("Sàrénà"),
    goal=(
        Line(
            _l(
                "Only your phone shows your secret colour: at the end, the piles topped by your "
                "colour should hold the most chips."
            ),
            "scoring",
        ),
    ),
    turn=(
        Line(
            _l("On your turn you must move one chip or one whole pile, whatever colour it shows."),
            "turns",
        ),
        Line(_l("It moves along a line to the next circle."), "moves"),
        Line(
            _l("Onto a chip or pile: stack it on top, unflipped; a pile holds at most 4 chips."),
            "moves",
        ),
        Line(
            _l("Onto an empty circle with arrows: flip the whole pile over (order and faces)."),
            "moves",
        ),
        Line(_l("Never onto an empty plain circle, and never split a pile."), "moves"),
    ),
    end=(
        Line(_l("The game ends when nothing can move."), "end"),
        Line(
            _l(
                "Each player takes the piles topped by their colour: most chips wins; a tie goes "
                "to "
                "the most chips showing your colour on either face, then is shared."
            ),
            "scoring",
        ),
    ),
    options=options,
)
