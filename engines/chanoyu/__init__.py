"""Chanoyu: counter-clockwise tricks, then build the tricks' cards into tableaux.

The scoring functions are public because the companion score sheet reuses them:
one rule, one place.
"""

from engines.chanoyu.game import Chanoyu
from engines.chanoyu.scoring import (
    DEFAULT_SCORING,
    SCORING_RULES,
    match_outcome,
    match_result,
    next_host,
    tableau_points,
)

__all__ = [
    "DEFAULT_SCORING",
    "SCORING_RULES",
    "Chanoyu",
    "match_outcome",
    "match_result",
    "next_host",
    "tableau_points",
]
