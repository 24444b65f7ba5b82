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
from engines.base import (
    Action,
    Barrier,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    SetupError,
    View,
    new_seed,
)
from engines.cena import Cena
from engines.chanoyu import Chanoyu
from engines.lauzait import Lauzait
from engines.sarena import Sarena

__all__ = [
    "Action",
    "Barrier",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Option",
    "SetupError",
    "SetupRefused",
    "View",
    "check_setup",
    "game_info",
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


def game_info(name: str) -> GameInfo:
    """One engine's whole declaration (engines/base.py GameInfo)."""
    return _game_class(name).game_info


def info(name: str) -> dict[str, Any]:
    """What generic layers may know of one engine, JSON-ready: title, player range, the
    options a table may set with their defaults (never the secret ones), the actions
    only the whole table may take, labels for the game's random events, and whether
    it plays tricks or throws its own sticks."""
    declared = game_info(name)
    return {
        "name": declared.name,
        "title": declared.title,
        "min_players": declared.min_players,
        "max_players": declared.max_players,
        "defaults": {
            o.name: o.default for o in declared.options if not o.secret and o.default is not None
        },
        "table_actions": sorted(declared.table_actions),
        "random_events": dict(declared.random_events),
        "tricks": declared.tricks,
        "throws": declared.throws,
    }


def secret_options(name: str) -> frozenset[str]:
    """Options of a game that fix a deal or a secret: never shown, never set from a phone."""
    return frozenset(o.name for o in game_info(name).options if o.secret)


class SetupRefused(ValueError):
    """A game, player count or options no table may start. Like IllegalAction: the
    English `template` (extracted for the catalogs), a stable `code` and the `params`;
    each layer words it for its reader (the table's TableError, the web's 400)."""

    def __init__(self, template: str, code: str, params: Mapping[str, Any] | None = None) -> None:
        self.template, self.code, self.params = template, code, dict(params or {})
        super().__init__(template.format(**self.params) if self.params else template)


def check_setup(
    name: str, players: int, options: Mapping[str, Any], *, from_phone: bool = False
) -> int:
    """The one check of a setup before anyone keeps it: SetupRefused unless `name` is an
    engine that accepts this player count and these options (and, `from_phone`, none is
    secret: whoever set it would know the cards). Returns the engine's rules version."""
    if name not in names():
        raise SetupRefused(
            "unknown game {game}; known: {known}",
            "unknown_game",
            {"game": repr(name), "known": ", ".join(names())},
        )
    if from_phone:
        secret = sorted(str(key) for key in options if key in secret_options(name))
        if secret:
            raise SetupRefused(
                "option(s) {options} cannot be set from a phone",
                "secret_option",
                {"options": ", ".join(secret)},
            )
    try:
        return new(name, players, seed=0, options=options).rules_version
    except SetupError as err:  # the engine's own words, a catalog entry each
        raise SetupRefused(err.template, "invalid_setup", err.params) from None
    except ValueError as err:
        # The engine's own English words (engines check options in ValueErrors, not
        # catalog entries), after a sentence each reader gets in their language.
        raise SetupRefused(
            "the game cannot start with these settings: {reason}",
            "invalid_setup",
            {"reason": str(err)},
        ) from None
    except (TypeError, KeyError, AttributeError):
        raise SetupRefused("those game options are not valid", "invalid_setup") from None


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
