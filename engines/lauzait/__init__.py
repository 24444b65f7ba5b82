"""Lauzait Cep: hire officials from the board, reveal departments, form a government.

The engine is ``Lauzait``; ``department_bonus``, ``formation_points`` and ``winners``
are the scoring rules, shared with the companion score sheet.
"""

from engines.lauzait.departments import department_bonus
from engines.lauzait.game import Lauzait
from engines.lauzait.scoring import formation_points, winners

__all__ = ["Lauzait", "department_bonus", "formation_points", "winners"]
