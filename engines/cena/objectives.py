"""Objective Cards: a penalty per won card matching a suit, a number and/or a parity.

An objective is a plain dict, the same shape in options, views and events:
{"penalty": 8, "suit": "M", "parity": "odd", "text": "-8 per odd mead card"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, TypeGuard

from engines.base import SetupError
from engines.cena.cards import CARDS, NUMBER_OF, SUIT_NAMES, SUIT_OF

Objective = dict[str, Any]

CRITERIA = ("suit", "number", "parity")
PARITIES = ("odd", "even")
# "text" is accepted (and rewritten) so an objective copied from a view can be passed back.
_KEYS = {"penalty", *CRITERIA, "text"}

# The three cards the Japanese rulebook recommends for a first game, in deal order.
DEFAULT_OBJECTIVES: tuple[Mapping[str, Any], ...] = (
    {"penalty": 10, "number": 6},
    {"penalty": 4, "suit": "A"},
    {"penalty": 8, "suit": "M", "parity": "odd"},
)


def parse_objective(raw: object) -> Objective:
    """Check one objective and return it with its "text"; ValueError if it is not valid."""
    if not isinstance(raw, Mapping):
        raise SetupError("an objective must be an object with a penalty and criteria")
    unknown = sorted(str(key) for key in raw if key not in _KEYS)
    if unknown:
        raise SetupError("unknown objective field(s): {fields}", {"fields": ", ".join(unknown)})
    penalty = raw.get("penalty")
    if not _is_int(penalty) or penalty < 0:
        raise SetupError("an objective's penalty must be a whole number, 0 or more")
    objective: Objective = {"penalty": penalty}
    if "suit" in raw:
        if not isinstance(raw["suit"], str) or raw["suit"] not in SUIT_NAMES:
            raise SetupError("an objective's suit must be one of C, W, M, A")
        objective["suit"] = raw["suit"]
    if "number" in raw:
        if not _is_int(raw["number"]) or not 1 <= raw["number"] <= 10:
            raise SetupError("an objective's number must be 1 to 10")
        objective["number"] = raw["number"]
    if "parity" in raw:
        if raw["parity"] not in PARITIES:
            raise SetupError("an objective's parity must be odd or even")
        objective["parity"] = raw["parity"]
    if len(objective) == 1:
        raise SetupError("an objective needs at least one of a suit, a number or odd/even")
    if not matching_cards(objective):
        if raw.get("parity") == "odd":  # only a number and a parity can match nothing
            raise SetupError("no card numbered {number} is odd", {"number": raw.get("number")})
        raise SetupError("no card numbered {number} is even", {"number": raw.get("number")})
    objective["text"] = objective_text(objective)
    return objective


def matches(card: str, objective: Mapping[str, Any]) -> bool:
    """True when the card meets every criterion the objective gives."""
    if "suit" in objective and SUIT_OF[card] != objective["suit"]:
        return False
    if "number" in objective and NUMBER_OF[card] != objective["number"]:
        return False
    if "parity" in objective:
        odd = NUMBER_OF[card] % 2 == 1
        if odd != (objective["parity"] == "odd"):
            return False
    return True


def matching_cards(objective: Mapping[str, Any]) -> frozenset[str]:
    """Every card the objective penalises."""
    return _matching(objective.get("suit"), objective.get("number"), objective.get("parity"))


@cache  # at most 5 x 11 x 3 criteria combinations; scoring asks at every deal's end
def _matching(suit: str | None, number: int | None, parity: str | None) -> frozenset[str]:
    criteria = {"suit": suit, "number": number, "parity": parity}
    rule = {key: value for key, value in criteria.items() if value is not None}
    return frozenset(card for card in CARDS if matches(card, rule))


def objective_text(objective: Mapping[str, Any]) -> str:
    """A player's reading of the card: "-8 per odd mead card", "-10 per card numbered 6"."""
    words = [str(-objective["penalty"]), "per"]
    if "parity" in objective:
        words.append(objective["parity"])
    if "suit" in objective:
        words.append(SUIT_NAMES[objective["suit"]])
    words.append("card")
    if "number" in objective:
        words += ["numbered", str(objective["number"])]
    return " ".join(words)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
