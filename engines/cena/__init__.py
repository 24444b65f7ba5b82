"""Céna: the engine plus the scoring rules the companion score sheet shares with it."""

from engines.cena.cards import CARDS, SUIT_NAMES
from engines.cena.game import Cena
from engines.cena.objectives import DEFAULT_OBJECTIVES, objective_text, parse_objective
from engines.cena.scoring import alliance_score, alliance_scores, seat_scores, winners_of

__all__ = [
    "CARDS",
    "DEFAULT_OBJECTIVES",
    "SUIT_NAMES",
    "Cena",
    "alliance_score",
    "alliance_scores",
    "objective_text",
    "parse_objective",
    "seat_scores",
    "winners_of",
]
