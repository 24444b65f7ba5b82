"""Tableaux: where a card may join one, and what the tableau looks like after.

A tableau is a list of slots, left to right, whose values strictly increase. The
trick's winner adds numbered and face cards at either end of their own tableau; a
Tsukumogami joins any player's tableau wherever its named value fits.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engines.base import IllegalAction
from engines.chanoyu.cards import VALUES, is_face, is_tsukumogami, number_of

LEFT = "left"
RIGHT = "right"
ENDS = (LEFT, RIGHT)


class Slot(NamedTuple):
    card: str
    value: int


Tableau = list[Slot]


@dataclass(frozen=True)
class Placement:
    """One card joining one tableau with a value (at an end, for non-Tsukumogami)."""

    card: str
    seat: int
    value: int
    at: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The placement as it is written in a build action."""
        if is_tsukumogami(self.card):
            return {"card": self.card, "seat": self.seat, "value": self.value}
        if is_face(self.card):
            return {"card": self.card, "at": self.at, "value": self.value}
        return {"card": self.card, "at": self.at}


def values_of(tableau: Sequence[Slot]) -> list[int]:
    return [slot.value for slot in tableau]


def fits_at_end(tableau: Sequence[Slot], value: int, at: str) -> bool:
    if not tableau:
        return True
    return value < tableau[0].value if at == LEFT else value > tableau[-1].value


def free_values(tableau: Sequence[Slot]) -> list[int]:
    """Values a Tsukumogami may take here: any not yet in the tableau."""
    taken = set(values_of(tableau))
    return [value for value in VALUES if value not in taken]


def check_fits(tableau: Sequence[Slot], placement: Placement, owner: int | None) -> None:
    """Raise IllegalAction unless the placement keeps `tableau` strictly increasing.

    `owner` is the seat whose tableau it is, None for the builder's own (the
    messages say "your tableau"). Only a Tsukumogami joins another seat's tableau,
    and it names a free value, so the end messages are always about your own.
    """
    card, value = placement.card, placement.value
    params = {"card": card, "value": value, "seat": owner}
    if placement.at is None:
        if value not in free_values(tableau):
            if owner is None:
                raise IllegalAction(
                    "{card} cannot take value {value}: your tableau already has a {value}",
                    "value_taken",
                    params,
                )
            raise IllegalAction(
                "{card} cannot take value {value}: seat {seat}'s tableau already has a {value}",
                "value_taken",
                params,
            )
        return
    if fits_at_end(tableau, value, placement.at):
        return
    face = is_face(card)
    if placement.at == LEFT:
        params["limit"] = tableau[0].value
        if face:
            raise IllegalAction(
                "{card} as {value} cannot go at the left end: it must be lower than {limit},"
                " the leftmost value of your tableau",
                "out_of_order",
                params,
            )
        raise IllegalAction(
            "{card} cannot go at the left end: it must be lower than {limit},"
            " the leftmost value of your tableau",
            "out_of_order",
            params,
        )
    params["limit"] = tableau[-1].value
    if face:
        raise IllegalAction(
            "{card} as {value} cannot go at the right end: it must be higher than {limit},"
            " the rightmost value of your tableau",
            "out_of_order",
            params,
        )
    raise IllegalAction(
        "{card} cannot go at the right end: it must be higher than {limit},"
        " the rightmost value of your tableau",
        "out_of_order",
        params,
    )


def with_placement(tableau: Sequence[Slot], placement: Placement) -> Tableau:
    """A new tableau with the (already checked) placement added."""
    slot = Slot(placement.card, placement.value)
    if placement.at == LEFT:
        return [slot, *tableau]
    if placement.at == RIGHT:
        return [*tableau, slot]
    position = bisect.bisect(values_of(tableau), placement.value)
    return [*tableau[:position], slot, *tableau[position:]]


def placements_of(card: str, builder: int, tableaux: Sequence[Sequence[Slot]]) -> list[Placement]:
    """Every legal placement of one trick card by the trick's winner."""
    if is_tsukumogami(card):
        return [
            Placement(card, seat, value)
            for seat, tableau in enumerate(tableaux)
            for value in free_values(tableau)
        ]
    own = tableaux[builder]
    number = number_of(card)
    choices = VALUES if number is None else (number,)
    return [
        Placement(card, builder, value, at)
        for at in ENDS
        for value in choices
        if fits_at_end(own, value, at)
    ]
