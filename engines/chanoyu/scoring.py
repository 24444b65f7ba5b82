"""Chanoyu scoring: tableau points, the end of the match and the next host.

These functions are the one place these rules live: the engine and the companion
score sheet both call them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from engines.chanoyu.cards import HIGHEST_VALUE, LOWEST_VALUE

WINNING_SCORE = 15
SAFE_SCORE = 8


def _cards_and_pairs(values: Sequence[int]) -> int:
    """1 point per card, plus 1 per pair of neighbours with consecutive values."""
    pairs = sum(1 for left, right in pairwise(values) if right == left + 1)
    return len(values) + pairs


# The published table is missing from our rulebook copy, so the rule is looked up by
# name: a table that has the published one can add it here under its own name.
SCORING_RULES: dict[str, Callable[[Sequence[int]], int]] = {
    "cards-and-pairs": _cards_and_pairs,
}
DEFAULT_SCORING = "cards-and-pairs"


def tableau_points(values: Sequence[int], scoring: str = DEFAULT_SCORING) -> int:
    """Points of one tableau, given its values from left to right.

    Raises ValueError for an unknown rule or values that are not a strictly
    increasing run of whole numbers from 1 to 10.
    """
    rule = SCORING_RULES.get(scoring)
    if rule is None:
        raise ValueError(f"unknown scoring {scoring!r}; known: {', '.join(sorted(SCORING_RULES))}")
    values = list(values)
    for value in values:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"tableau values must be whole numbers, not {value!r}")
        if not LOWEST_VALUE <= value <= HIGHEST_VALUE:
            raise ValueError(
                f"tableau values go from {LOWEST_VALUE} to {HIGHEST_VALUE}, not {value}"
            )
    if any(right <= left for left, right in pairwise(values)):
        raise ValueError(f"tableau values must increase from left to right: {values}")
    return rule(values)


def seats_right_of(seat: int, players: int) -> list[int]:
    """Every seat, closest to the right of `seat` first: seat-1, seat-2, ..., seat last."""
    return [(seat - step) % players for step in range(1, players + 1)]


def _first_right_of(candidates: Sequence[int], seat: int, players: int) -> int:
    return next(s for s in seats_right_of(seat, players) if s in candidates)


def _check_scores(scores: Sequence[int], seat: int, what: str) -> None:
    if not scores:
        raise ValueError("scores must list every seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(scores):
        raise ValueError(f"{what} must be a seat from 0 to {len(scores) - 1}, not {seat!r}")


def match_outcome(scores: Sequence[int], original_host: int) -> dict[str, Any] | None:
    """How the match ended once someone has 15 or more points, else None.

    {"winners": seats, "reason": code, ...} with the public facts a screen needs to
    say why, by reason:
    * "fell_short": someone has fewer than 8, so every seat with 15 or more loses and
      all the others share the win; "reached" (15 or more) and "short" (under 8).
    * "highest": everyone has 8 or more and one seat has the highest score.
    * "tie_to_host": everyone has 8 or more and the highest score is tied; the tied
      seat closest to the right of the original host wins; "tied" and "host".
    """
    _check_scores(scores, original_host, "the original host")
    if max(scores) < WINNING_SCORE:
        return None
    if min(scores) >= SAFE_SCORE:
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        winner = [_first_right_of(tied, original_host, len(scores))]
        if len(tied) == 1:
            return {"winners": winner, "reason": "highest"}
        return {"winners": winner, "reason": "tie_to_host", "tied": tied, "host": original_host}
    return {
        "winners": [seat for seat, score in enumerate(scores) if score < WINNING_SCORE],
        "reason": "fell_short",
        "reached": [seat for seat, score in enumerate(scores) if score >= WINNING_SCORE],
        "short": [seat for seat, score in enumerate(scores) if score < SAFE_SCORE],
    }


def match_result(scores: Sequence[int], original_host: int) -> list[int] | None:
    """The winning seats once someone has 15 or more points, else None.

    If everyone has 8 or more, the highest score wins; a tie goes to the tied seat
    closest to the right of the original host. Otherwise every seat with 15 or more
    loses and all the others share the win.
    """
    outcome = match_outcome(scores, original_host)
    return None if outcome is None else list(outcome["winners"])


def next_host(scores: Sequence[int], previous_host: int) -> int:
    """The most points hosts the next round; a tie goes to the tied seat closest to
    the right of the previous host (the previous host itself last)."""
    _check_scores(scores, previous_host, "the previous host")
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    return _first_right_of(tied, previous_host, len(scores))
