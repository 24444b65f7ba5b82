"""The contract every game engine keeps.

A game is a value plus a log: (engine name, players, options, seed, actions).
Replaying the log on a fresh game rebuilds the state exactly, so the log is the
journal, the undo, the replay and the bug report. Engines are pure: no I/O, no
threads, no clock, and randomness only from ``self.rng``, seeded once.

Hidden information is reachable only through ``view(seat)``. Events returned by
``apply`` are public: they may be shown to every audience, so they never carry a
hand, a secret choice or the seed.
"""

from __future__ import annotations

import copy
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class IllegalAction(Exception):
    """The rules do not allow this action now. The game state is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def require(condition: bool, reason: str) -> None:
    """Raise IllegalAction(reason) unless condition holds."""
    if not condition:
        raise IllegalAction(reason)


_ATOMS = frozenset({str, int, float, bool, type(None)})


def copy_plain(value: Any) -> Any:
    """The same result as copy.deepcopy, several times faster on JSON-like data (actions).

    deepcopy cost more than a whole Céna move; anything not plain still goes through it.
    """
    kind = type(value)
    if kind is dict or kind is list:
        copied = value.copy()
        for key, item in copied.items() if kind is dict else enumerate(copied):
            if type(item) not in _ATOMS:
                copied[key] = copy_plain(item)
        return copied
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)


@dataclass(frozen=True)
class Option:
    """One option a table may set for a game, declared by the engine next to its rules.

    A secret option fixes a deal or a secret (a preset hand, a stacked pile, drawn
    colours): it exists for tests and the journal, is never shown to any audience and
    cannot be set from a phone, or whoever set it would know everyone's cards.
    `default` is what the game plays with when the option is not given; None when
    there is none to offer (a given board: without it the game deals its own).
    """

    name: str
    default: Any = None
    secret: bool = False


def new_seed() -> int:
    """A fresh seed from the operating system's CSPRNG."""
    return secrets.randbits(63)


class Game(ABC):
    """Base class of every engine. Subclasses implement the abstract parts.

    Subclasses must validate an action completely before changing any state in
    ``_apply``: an IllegalAction leaves the game exactly as it was.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # What generic layers (device, web, screens) read instead of naming a game:
    options_declared: ClassVar[tuple[Option, ...]] = ()
    # Action types only the whole table may decide (e.g. ending early when everyone
    # agrees): legal, but never offered to one player's phone.
    table_actions: ClassVar[frozenset[str]] = frozenset()
    # The game's own random events shown on screens (a throw's "purpose") and their
    # short labels.
    random_events: ClassVar[Mapping[str, str]] = {}

    def __init__(self, players: int, seed: int, options: Mapping[str, Any]) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("seed must be a whole number")
        if not isinstance(options, Mapping):
            raise ValueError("options must be a mapping")
        known = [option.name for option in self.options_declared]
        unknown = sorted(str(key) for key in options if key not in known)
        if unknown:
            raise ValueError(
                f"unknown {self.title} option(s): {', '.join(unknown)}; known: {', '.join(known)}"
            )
        self.players = players
        self.seed = seed
        self.options: dict[str, Any] = copy.deepcopy(dict(options))
        self.rng = random.Random(seed)
        self.log: list[tuple[int, Action]] = []
        self.setup()

    # --- what each engine implements ---------------------------------------

    @abstractmethod
    def setup(self) -> None:
        """Validate self.options and build the initial state (raise ValueError if bad)."""

    @property
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats whose input the game is waiting for (can be several)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action the seat may take now, as JSON-ready dicts."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Validate, then change the state; return public events."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What one seat may see (None: the public table)."""

    @property
    @abstractmethod
    def finished(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score so far."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once finished (ties share), else []."""

    # --- shared behaviour ---------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action for a seat; raise IllegalAction and change nothing if not allowed."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction('an action must be an object with a "type"')
        if self.finished:
            raise IllegalAction("the game is over")
        if seat not in self.to_act:
            raise IllegalAction("it is not your turn")
        logged = copy_plain(action)  # before _apply: nothing can fail after the state moved
        events = self._apply(seat, action)
        self.log.append((seat, logged))
        return events

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain data: engines.load(to_dict()) rebuilds it exactly.

        It holds the seed: it is for the journal, never for a phone.
        """
        return {
            "engine": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),
            "actions": [[seat, copy.deepcopy(action)] for seat, action in self.log],
        }

    def check_seat(self, seat: int | None) -> None:
        """Views accept a seat of this table or None."""
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players
        ):
            raise ValueError(f"there is no seat {seat!r} at this table")
