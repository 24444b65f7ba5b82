"""Lauzait Cep's bot judgement: what a playout's end is worth, and which of a seat's
many hires are worth searching (engines/lauzait/bot.py declares both).

Why not the generic judgement (engines/bots/search.py `value`): at two seats it gives
a leader 1.0 whether or not the game is over, so a leading bot saw nothing to gain by
declaring and drifted (forming and dissolving for ever, the game never ending). Here a
lead is worth more the fewer seasons remain, and most when the game is over: the leader
wants seasons to end and whoever trails wants to catch up first.

Why a shortlist: a seat has about 140 hires (up to 300) and "normal" about 32 playouts,
so searching them all visits most once or never and picks by one noisy playout (ties
then went to the first listed: a dissolve or a form).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from engines.base import Action, Game, View
from engines.lauzait.board import is_water
from engines.lauzait.departments import possible_departments
from engines.lauzait.pieces import WILD, colour, dots, number, numbers_in_play

# About how far one season moves the margin between two seats, in points: a lead of
# this much with one season left is worth about 0.73 of a win.
SEASON_SPREAD = 6.0
# How many hires each level searches besides its dissolves, forms and declarations.
# Fewer for "strong", with four times the playouts: searching ten, each had about 12
# playouts and their means differed by less than the noise of such a mean, so the
# choice was close to a random pick among the ten (0.455 against normal over 56 games);
# over three, about 30 each, it won 0.627 of 200 (bench/bots.py strength).
HIRES_SEARCHED = {"normal": 6, "strong": 3}
# A water hire takes the destination piece on a throw of 3-5 (16 in 32), else the mover.
_TAKES_TARGET_IN_WATER = 0.5


def value(game: Game) -> list[float]:
    """Each seat's reward in [0, 1]: its share of the win when the game is over; else a
    logistic of its margin over the best other seat, flatter with more seasons to play
    (the current one counts while nobody has declared)."""
    players = game.players
    if game.finished:
        winners = game.winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    scores = game.scores
    seasons_left = max(players - game._season + 1, 1)  # type: ignore[attr-defined]
    scale = SEASON_SPREAD * math.sqrt(seasons_left)
    rewards = []
    for seat, score in enumerate(scores):
        best_other = max(other for s, other in enumerate(scores) if s != seat)
        rewards.append(1.0 / (1.0 + math.exp(-(score - best_other) / scale)))
    return rewards


def promise(pieces: Sequence[str]) -> float:
    """How close concealed pieces are to departments: each pair of one colour counts,
    more for a pair (towards three of a kind, worth more with more dots) than for
    neighbours or numbers two apart (towards a sequence); a wild fits anything."""
    wilds = sum(1 for piece in pieces if piece == WILD)
    real = sorted(piece for piece in pieces if piece != WILD)
    total = 1.5 * wilds * len(real)
    for i, first in enumerate(real):
        for second in real[i + 1 :]:
            if colour(first) != colour(second):
                continue
            apart = abs(number(first) - number(second))
            if apart == 0:
                total += 1.5 + 0.5 * dots(number(first))
            elif apart == 1:
                total += 1.5
            elif apart == 2:
                total += 1.0
    return total


class HireJudge:
    """How promising the concealed pieces are that a hire leaves (see `promise`), on
    one board for one seat's concealed pieces; each (discard, piece taken) judged once."""

    def __init__(self, board: Sequence[Sequence[str | None]], concealed: Sequence[str]) -> None:
        self._board = board
        self._concealed: Counter[str] = Counter(concealed)
        self._cache: dict[tuple[str, str | None], float] = {}

    def _after(self, discard: str, taken: str | None) -> float:
        found = self._cache.get((discard, taken))
        if found is None:
            left = self._concealed.copy()
            left[discard] -= 1
            kept = list(left.elements()) + ([taken] if taken is not None else [])
            found = self._cache[(discard, taken)] = promise(kept)
        return found

    def __call__(self, action: Action) -> float:
        board = self._board
        (row, col), (to_row, to_col) = action["from"], action["to"]
        mover, target = board[row][col], board[to_row][to_col]
        if target is None:  # the discard's square: the mover takes the discard
            target = action["discard"]
        worth = self._after(action["discard"], target)
        if is_water((to_row, to_col)):
            worth = _TAKES_TARGET_IN_WATER * worth + (1 - _TAKES_TARGET_IN_WATER) * self._after(
                action["discard"], mover
            )
        return worth


def candidates(view: View, seat: int, actions: Sequence[Action], level: str) -> list[Action]:
    """The root actions worth searching: every declaration and form, the hires that
    leave the most promising concealed pieces (the level's number of them), then the
    dissolves that lead somewhere (see `_rebuilds`). In that order, which also breaks
    the search's ties: ending the season or showing points before a hire, and undoing
    a department last."""
    keep = HIRES_SEARCHED.get(level)
    steps: dict[str, list[Action]] = {"declare": [], "form": [], "dissolve": []}
    hires: list[Action] = []
    for action in actions:
        (hires if action["type"] == "hire" else steps[action["type"]]).append(action)
    if hires or steps["declare"]:  # else a dissolve is all that is left: keep them all
        steps["dissolve"] = [a for a in steps["dissolve"] if _rebuilds(view, seat, a)]
    if keep is not None and len(hires) > keep:
        judged = HireJudge(view["board"], view["concealed"])
        ranked = sorted(range(len(hires)), key=lambda i: (-judged(hires[i]), i))
        hires = [hires[i] for i in ranked[:keep]]
    return [*steps["declare"], *steps["form"], *hires, *steps["dissolve"]]


def _rebuilds(view: View, seat: int, dissolve: Action) -> bool:
    """Whether this dissolve lets the seat form, the same day, another department (other
    pieces) than the one dissolved: a rebuild, which the search then judges. A dissolve
    that can only be formed again gives back its bonus for a hire with its pieces:
    searched, the playouts formed it again at once (so it looked free) and the bot
    dissolved and formed one department day after day, never declaring."""
    gone = view["departments"][seat][dissolve["department"]]
    loose = [*view["concealed"], *gone["pieces"]]
    numbers = numbers_in_play(view["players"])
    same = sorted(gone["pieces"])
    return any(sorted(pieces) != same for pieces, _roles in possible_departments(loose, numbers))
