"""Bots for empty seats: they see one seat's view and nothing more.

from engines import bots
action = bots.choose("cena", game.view(seat), seat, level="normal", seed=0)

`choose` is pure like the engines: no I/O, threads or clock. The same view, seat,
level and seed give the same action, one of the seat's legal actions (never a table
action such as ending early). A caller with a deadline passes `should_stop`, asked
between playouts (then the choice may depend on timing). Levels:

* "easy": a simple strategy each game declares, so new players win sometimes;
* "normal", "strong": information-set MCTS (engines/bots/search.py) over worlds the
  game's determinizer draws from the view, with the game's playout budgets.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from engines import rng as generators
from engines.base import Action, View
from engines.botkit import BotKit
from engines.bots import search
from engines.cena import bot as cena_bot
from engines.chanoyu import bot as chanoyu_bot
from engines.lauzait import bot as lauzait_bot
from engines.sarena import bot as sarena_bot

__all__ = ["LEVELS", "BotKit", "choose", "kit"]

LEVELS = ("easy", "normal", "strong")

# One line per game, keyed by the engine's public name (as engines/__init__.py does).
_KITS: dict[str, BotKit] = {
    "cena": cena_bot.KIT,
    "chanoyu": chanoyu_bot.KIT,
    "lauzait": lauzait_bot.KIT,
    "sarena": sarena_bot.KIT,
}


def kit(name: str) -> BotKit:
    """The bot declarations of one game; ValueError for a game without bots."""
    try:
        return _KITS[name]
    except (KeyError, TypeError):
        raise ValueError(f"no bots for {name!r}; known: {', '.join(sorted(_KITS))}") from None


def choose(
    name: str,
    view: View,
    seat: int,
    level: str = "normal",
    seed: int = 0,
    should_stop: Callable[[], bool] | None = None,
    playouts: int | None = None,
) -> Action:
    """The bot's action for `seat` from its view (`g.view(seat)`, nothing more).

    `playouts` overrides the level's budget (tests use tiny ones). ValueError for an
    unknown game or level, a view of another seat, or a seat with nothing to do.
    """
    declared = kit(name)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    if view.get("seat") != seat:
        raise ValueError(f"this is the view of seat {view.get('seat')!r}, not of seat {seat}")
    if seat not in view.get("to_act", ()):
        raise ValueError(f"seat {seat} has nothing to do now")
    rng = generators.Pcg32(_mix(seed, name, seat, level, view))
    world = declared.sampler(view, seat)
    actions = world(generators.Pcg32(0)).search_actions(seat)  # the seat's own: any world
    if len(actions) == 1:
        return actions[0]
    if level == "easy":
        return declared.easy(view, seat, actions, rng)
    if declared.candidates is not None:
        actions = list(declared.candidates(view, seat, actions, level)) or actions
    budget = declared.playouts[level] if playouts is None else playouts
    return search.search(declared, world, seat, actions, max(budget, 1), rng, should_stop)


def _mix(seed: int, *parts: Any) -> int:
    """The search's seed: the caller's, mixed with what is being decided, so two
    decisions with one seed still draw differently."""
    text = json.dumps([seed, *parts], sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:16], "big")
