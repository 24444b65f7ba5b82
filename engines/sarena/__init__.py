"""Sàrénà (2-4 players): move chips and piles; the piles topped by your secret colour are yours.

    game.py     turns, moves, the end, views
    layout.py   the board as data (circles, arrows, lines)
    chips.py    chip notation, flipping, the box of 36, a random setup
    scoring.py  final_scores, shared with the companion score sheet

Rules as implemented, each with its test: docs/rules/sarena.md.
"""

from engines.sarena.game import Sarena
from engines.sarena.scoring import final_scores, outcome_of, winners_of

__all__ = ["Sarena", "final_scores", "outcome_of", "winners_of"]
