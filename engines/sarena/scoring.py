"""Sàrénà scoring, shared by the engine and the companion score sheet (one rule, one place)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

from engines.sarena.chips import COLOURS, Pile, check_box, faces, parse_pile


class FinalScores(TypedDict):
    chips: dict[int, int]  # seat -> chips in the piles topped by the seat's colour
    tiebreak: dict[int, int]  # seat -> of those chips, how many show the colour on a face
    winners: list[int]


def final_scores(piles: Iterable[Sequence[str]], colours: Mapping[int, str]) -> FinalScores:
    """Score an ended board: each seat takes the piles whose top face shows its colour.

    Most chips wins; among the tied, most collected chips showing the seat's colour
    on either face wins; still tied, the win is shared. piles: chips from the top
    down, e.g. ["R/B", "G/Y"]; empty piles are ignored. colours: seat -> colour.
    The engine scores with this function and so does the companion score sheet.
    """
    checked = [parse_pile(pile) for pile in piles]
    check_box(checked)
    check_colours(colours)
    return scored(checked, colours)


def scored(piles: Iterable[Pile], colours: Mapping[int, str]) -> FinalScores:
    """final_scores for piles and colours already checked (the engine's own board,
    valid by construction, scored without checking it again: it ends every playout)."""
    owner = {colour: seat for seat, colour in colours.items()}
    chips = dict.fromkeys(colours, 0)
    tiebreak = dict.fromkeys(colours, 0)
    for pile in piles:
        seat = owner.get(pile[0][0]) if pile else None  # the top chip's top face
        if seat is None:
            continue
        chips[seat] += len(pile)
        colour = colours[seat]
        tiebreak[seat] += sum(colour in faces(chip) for chip in pile)
    return {"chips": chips, "tiebreak": tiebreak, "winners": winners_of(chips, tiebreak)}


def winners_of(chips: Mapping[int, int], tiebreak: Mapping[int, int]) -> list[int]:
    """Most chips wins; among the tied, the most tie-break chips; still tied, all share.

    chips and tiebreak map the same seats to their counts. final_scores decides with
    this, and so does the score sheet when players give their counts instead of piles.
    """
    return list(outcome_of(chips, tiebreak)["winners"])


def outcome_of(chips: Mapping[int, int], tiebreak: Mapping[int, int]) -> dict[str, Any]:
    """The winners and how they won: {"winners", "reason", "tied"}.

    reason: "most_chips" (one seat has the most), "tie_break" (the most chips are
    tied and the tie-break decides), "shared" (tied on both: the win is shared).
    "tied" lists the seats with the most chips (one seat for "most_chips").
    """
    if not chips or set(chips) != set(tiebreak):
        raise ValueError("give chips and tie-break counts for the same seats")
    most = max(chips.values())
    tied = sorted(seat for seat in chips if chips[seat] == most)
    best = max(tiebreak[seat] for seat in tied)
    winners = [seat for seat in tied if tiebreak[seat] == best]
    if len(tied) == 1:
        reason = "most_chips"
    else:
        reason = "tie_break" if len(winners) < len(tied) else "shared"
    return {"winners": winners, "reason": reason, "tied": tied}


def check_colours(colours: Mapping[int, str]) -> None:
    """Each seat a known colour, no colour twice; ValueError otherwise."""
    if not colours:
        raise ValueError("at least one seat needs a colour")
    for seat, colour in colours.items():
        if colour not in COLOURS:
            raise ValueError(f"seat {seat}: {colour!r} is not a colour; use {', '.join(COLOURS)}")
    if len(set(colours.values())) != len(colours):
        raise ValueError("two seats cannot have the same colour")
