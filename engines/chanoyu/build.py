"""The build step: the trick's winner adds trick cards to tableaux.

Cards join one at a time, each checked against the tableaux as the earlier ones
left them. A whole build may list its cards in any order: they are placed in the
order that succeeds whenever any order does (see `placing_order`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engines.base import Action, IllegalAction, require
from engines.chanoyu.cards import (
    HIGHEST_VALUE,
    LOWEST_VALUE,
    NUMBER,
    SUIT,
    VALUES,
    is_card,
    is_face,
    is_tsukumogami,
    number_of,
)
from engines.chanoyu.tableau import (
    ENDS,
    LEFT,
    RIGHT,
    Placement,
    Slot,
    Tableau,
    check_fits,
    placements_of,
    with_placement,
)
from engines.rng import Pcg32

_EXAMPLE = '{"card": "5H", "at": "left"}'


@dataclass
class BuildStep:
    """The trick's winner choosing which of the trick's cards to place."""

    seat: int
    trick: list[tuple[int, str]]
    remaining: list[str]
    placed: list[str] = field(default_factory=list)


def legal_placements(step: BuildStep, tableaux: Sequence[Sequence[Slot]]) -> list[Placement]:
    """Every single placement the winner may make now."""
    return [
        placement
        for card in step.remaining
        for placement in placements_of(card, step.seat, tableaux)
    ]


def placement_actions(step: BuildStep, tableaux: Sequence[Sequence[Slot]]) -> list[Action]:
    """legal_placements as "place" actions, built directly (a search lists them often)."""
    found: list[Action] = []
    own = tableaux[step.seat]
    low = own[0].value if own else HIGHEST_VALUE + 1  # values that fit at the left end: < low
    high = own[-1].value if own else LOWEST_VALUE - 1  # ... and at the right end: > high
    for card in step.remaining:
        number = NUMBER[card]
        if number is not None:
            if number < low:
                found.append({"type": "place", "card": card, "at": LEFT})
            if number > high:
                found.append({"type": "place", "card": card, "at": RIGHT})
        elif SUIT[card] is not None:  # a face card names its value
            found += [
                {"type": "place", "card": card, "at": LEFT, "value": value}
                for value in range(LOWEST_VALUE, low)
            ]
            found += [
                {"type": "place", "card": card, "at": RIGHT, "value": value}
                for value in range(high + 1, HIGHEST_VALUE + 1)
            ]
        else:
            for seat, tableau in enumerate(tableaux):
                taken = {slot.value for slot in tableau}
                found += [
                    {"type": "place", "card": card, "seat": seat, "value": value}
                    for value in VALUES
                    if value not in taken
                ]
    return found


def random_build_action(step: BuildStep, tableaux: Sequence[Sequence[Slot]], rng: Pcg32) -> Action:
    """What rng.choice of the build phase's legal actions returns (placement_actions,
    then stopping when may_stop allows it), from the same single draw: it counts the
    placements of each card instead of listing them all."""
    own = tableaux[step.seat]
    low = own[0].value if own else HIGHEST_VALUE + 1
    high = own[-1].value if own else LOWEST_VALUE - 1
    below, above = low - LOWEST_VALUE, HIGHEST_VALUE - high  # values free at each end
    spirit = -1  # placements of a Tsukumogami: every free value of every tableau
    counts = []
    for card in step.remaining:
        number = NUMBER[card]
        if number is not None:
            counts.append((number < low) + (number > high))
        elif SUIT[card] is not None:
            counts.append(below + above)
        else:
            if spirit < 0:
                spirit = sum(len(VALUES) - len(tableau) for tableau in tableaux)
            counts.append(spirit)
    total = sum(counts)
    stop = bool(step.placed) or total == 0  # may_stop, as any_placement is total > 0
    index = rng.randrange(total + stop)
    if index == total:
        return {"type": "build", "cards": []}
    for card, count in zip(step.remaining, counts, strict=True):
        if index >= count:
            index -= count
            continue
        number = NUMBER[card]
        if number is not None:
            return {
                "type": "place",
                "card": card,
                "at": LEFT if number < low and not index else RIGHT,
            }
        if SUIT[card] is not None:
            if index < below:
                return {"type": "place", "card": card, "at": LEFT, "value": LOWEST_VALUE + index}
            return {"type": "place", "card": card, "at": RIGHT, "value": high + 1 + index - below}
        for seat, tableau in enumerate(tableaux):
            taken = {slot.value for slot in tableau}
            free = [value for value in VALUES if value not in taken]
            if index < len(free):
                return {"type": "place", "card": card, "seat": seat, "value": free[index]}
            index -= len(free)
    raise AssertionError("the draw is below the number of actions")  # unreachable


def any_placement(step: BuildStep, tableaux: Sequence[Sequence[Slot]]) -> bool:
    """Whether legal_placements has any, without listing them."""
    own = tableaux[step.seat]
    low = own[0].value if own else HIGHEST_VALUE + 1
    high = own[-1].value if own else LOWEST_VALUE - 1
    for card in step.remaining:
        number = NUMBER[card]
        if number is not None:
            if number < low or number > high:
                return True
        elif SUIT[card] is not None:
            if low > LOWEST_VALUE or high < HIGHEST_VALUE:
                return True
        elif any(len(tableau) < len(VALUES) for tableau in tableaux):
            return True
    return False


def may_stop(step: BuildStep, tableaux: Sequence[Sequence[Slot]]) -> bool:
    """The winner must place at least one card if any fits; after that, stopping is free."""
    return bool(step.placed) or not any_placement(step, tableaux)


def plan(
    step: BuildStep, tableaux: Sequence[Sequence[Slot]], raw_cards: Sequence[object]
) -> tuple[list[Placement], list[Tableau]]:
    """Check placements written as in a build action without changing anything.

    Returns the placements in the order they are made and the tableaux as they
    would be after them; raises IllegalAction on the first one the rules forbid.
    """
    remaining, done = list(step.remaining), list(step.placed)
    placements = []
    for raw in raw_cards:
        placement = parse_placement(raw, remaining, done, step.seat, len(tableaux))
        remaining.remove(placement.card)
        done.append(placement.card)
        placements.append(placement)
    placements.sort(key=placing_order)
    after = [list(tableau) for tableau in tableaux]
    for placement in placements:
        owner = None if placement.seat == step.seat else placement.seat
        check_fits(after[placement.seat], placement, owner)
        after[placement.seat] = with_placement(after[placement.seat], placement)
    return placements, after


def placing_order(placement: Placement) -> tuple[int, int]:
    """Left-end cards from the highest value down, then right-end cards from the
    lowest up, then Tsukumogami: if any order of a build's placements is legal,
    this one is (a Tsukumogami only needs its value free, and placed last it can
    never stand in the way of an end card)."""
    if placement.at == LEFT:
        return (0, -placement.value)
    if placement.at == RIGHT:
        return (1, placement.value)
    return (2, 0)


def parse_placement(
    raw: object, remaining: Sequence[str], done: Sequence[str], builder: int, players: int
) -> Placement:
    """Read one placement object; raise IllegalAction if it is malformed or not available."""
    if not isinstance(raw, Mapping):
        raise IllegalAction(
            "each card to build is an object such as {example}",
            "action_fields",
            {"example": _EXAMPLE},
        )
    card = raw.get("card")
    if not isinstance(card, str) or not is_card(card):
        raise IllegalAction(
            "{card} is not a Chanoyu card (examples: AS, 10H, QD, T1)",
            "not_a_card",
            {"card": repr(card)},
        )
    require(card not in done, "{card} is already placed", "placed_twice", {"card": card})
    require(card in remaining, "{card} is not in the trick you won", "not_won", {"card": card})
    _reject_extra_fields(raw, card)
    if is_tsukumogami(card):
        seat = _whole(raw.get("seat"))
        if seat is None or not 0 <= seat < players:
            raise IllegalAction(
                'say whose tableau {card} joins: "seat" from 0 to {last}',
                "name_seat",
                {"card": card, "last": players - 1},
            )
        return Placement(card, seat, _named_value(raw, card))
    at = raw.get("at")
    if not isinstance(at, str) or at not in ENDS:
        raise IllegalAction(
            'say which end of your tableau {card} goes to: "at": "left" or "right"',
            "name_end",
            {"card": card},
        )
    number = number_of(card)
    value = _named_value(raw, card) if number is None else number
    return Placement(card, builder, value, at)


def _reject_extra_fields(raw: Mapping[str, object], card: str) -> None:
    if is_tsukumogami(card):
        allowed = {"card", "seat", "value"}
    elif is_face(card):
        allowed = {"card", "at", "value"}
    else:
        allowed = {"card", "at"}
    extra = sorted(set(raw) - allowed, key=str)
    if not extra:
        return
    if extra[0] == "seat":
        raise IllegalAction(
            "{card} can only join your own tableau: only a Tsukumogami names a seat",
            "own_tableau_only",
            {"card": card},
        )
    if extra[0] == "value":
        raise IllegalAction(
            "{card} is worth {value}: only face and Tsukumogami cards name a value",
            "value_fixed",
            {"card": card, "value": number_of(card)},
        )
    if extra[0] == "at":
        raise IllegalAction(
            '{card} goes wherever its value fits: give "seat" and "value", not "at"',
            "no_end_for_tsukumogami",
            {"card": card},
        )
    raise IllegalAction(
        "unexpected field {field} for {card}",
        "action_fields",
        {"field": repr(extra[0]), "card": card},
    )


def _named_value(raw: Mapping[str, object], card: str) -> int:
    value = _whole(raw.get("value"))
    if value is None or not LOWEST_VALUE <= value <= HIGHEST_VALUE:
        raise IllegalAction(
            'name the value {card} stands for: "value" from {lowest} to {highest}',
            "name_value",
            {"card": card, "lowest": LOWEST_VALUE, "highest": HIGHEST_VALUE},
        )
    return value


def _whole(value: object) -> int | None:
    """The value if it is a whole number (JSON true/false are not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None
