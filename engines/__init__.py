"""Rules engines: pure, deterministic games behind one contract (see engines/base.py).

import engines
g = engines.new("cena", players=4, seed=7, options={})
g.apply(g.to_act[0], g.legal_actions(g.to_act[0])[0])
engines.load(g.to_dict())   # the same game, replayed
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines import rng
from engines.base import Action, Event, Game, IllegalAction, Option, View, new_seed
from engines.cena import Cena
from engines.chanoyu import Chanoyu
from engines.lauzait import Lauzait
from engines.sarena import Sarena

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "View",
    "info",
    "load",
    "names",
    "new",
    "secret_options",
]

# One line per game; the key is the engine's public name.
_GAMES: dict[str, type[Game]] = {
    Cena.name: Cena,
    Chanoyu.name: Chanoyu,
    Lauzait.name: Lauzait,
    Sarena.name: Sarena,
}


def names() -> list[str]:
    """The engines this build knows, sorted."""
    return sorted(_GAMES)


def info(name: str) -> dict[str, Any]:
    """What generic layers may know of one engine, JSON-ready: title, player range, the
    options a table may set with their defaults (never the secret ones), the actions
    only the whole table may take, and labels for the game's random events."""
    cls = _game_class(name)
    return {
        "name": cls.name,
        "title": cls.title,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "defaults": {
            o.name: o.default
            for o in cls.options_declared
            if not o.secret and o.default is not None
        },
        "table_actions": sorted(cls.table_actions),
        "random_events": dict(cls.random_events),
    }


def secret_options(name: str) -> frozenset[str]:
    """Options of a game that fix a deal or a secret: never shown, never set from a phone."""
    return frozenset(o.name for o in _game_class(name).options_declared if o.secret)


def new(
    name: str,
    players: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    generator: str = rng.CURRENT,
) -> Game:
    """Start a game. Without a seed, one is drawn from the OS CSPRNG; `generator`
    names the random generator (engines/rng.py): a new game takes the current one.

    Raises ValueError for an unknown engine, a player count, options or a generator
    it rejects.
    """
    cls = _game_class(name)
    return cls(players, new_seed() if seed is None else seed, options or {}, generator)


def load(data: Mapping[str, Any]) -> Game:
    """Rebuild a game from to_dict() output by replaying its actions. A saved game
    without a "generator" was dealt before games recorded theirs: rng.LEGACY."""
    try:
        name, players, seed = data["engine"], data["players"], data["seed"]
        options, actions = data.get("options", {}), data["actions"]
        generator = data.get("generator", rng.LEGACY)
    except (KeyError, TypeError, AttributeError) as err:
        raise ValueError(f"not a saved game: missing {err}") from None
    game = new(name, players=players, seed=seed, options=options, generator=generator)
    for entry in actions:
        seat, action = entry
        game.apply(seat, action)
    return game


def _game_class(name: str) -> type[Game]:
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known: {', '.join(names())}") from None
