"""Which alliance wins a complete trick."""

from __future__ import annotations

from collections.abc import Sequence

from engines.cena.cards import NUMBER_OF, SUIT_OF


def winning_alliance(placed: Sequence[str], placed_at: Sequence[int], lead_suit: str) -> int:
    """The winning alliance k (seats k and k+1) of a complete trick.

    placed[s] is the card in front of seat s, placed_at[s] when it went down (0 = the
    lead). Alliance k plays the suit of placed[k] and the number of placed[k+1]. Among
    alliances of the lead suit the highest number wins; on a tie the alliance determined
    later (its second card down later) wins, and when one card determines two tied
    alliances at once, the one whose other card went down later wins. Comparing
    (number, later card, earlier card) covers all three; two alliances never share both
    times, so there is exactly one winner. The alliance in front of whose seat k the lead
    card lies has the lead suit, so there is always a candidate.
    """
    n = len(placed)
    best_alliance = -1
    best_key = -1
    for k in range(n):
        if SUIT_OF[placed[k]] != lead_suit:
            continue
        left = k + 1 if k + 1 < n else 0
        first, second = placed_at[k], placed_at[left]
        later, earlier = (first, second) if first > second else (second, first)
        # (number, later, earlier) compared as one whole number: times are below 8.
        key = (NUMBER_OF[placed[left]] << 6) | (later << 3) | earlier
        if key > best_key:
            best_alliance, best_key = k, key
    return best_alliance
