"""The contract every game engine keeps.

A game is a value plus a log: (engine name, players, options, seed, generator,
actions). Replaying the log on a fresh game rebuilds the state exactly, so the log
is the journal, the undo, the replay and the bug report. Engines are pure: no I/O,
no threads, no clock, and randomness only from ``self.rng``, seeded once: one of
the generators of engines/rng.py, whose sequences no Python upgrade can change.

Hidden information is reachable only through ``view(seat)``. Events returned by
``apply`` are public: they may be shown to every audience, so they never carry a
hand, a secret choice or the seed.

Take-backs: every applied action is marked with its *barrier*, or None. A barrier
is an action that used the game's generator (a deal, a shuffle, a throw), showed
hidden information to anyone (a draw into a hand, a reveal of secret choices) or
ended the game; nothing at or before a barrier can be taken back, whatever the
table agrees, so a take-back can never re-roll chance or un-see a secret.
"""

from __future__ import annotations

import copy
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engines import rng as generators

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class IllegalAction(Exception):
    """The rules do not allow this action now. The game state is unchanged.

    `template` is the reason in English with `{name}` placeholders filled from
    `params`; `code` a stable word for it. Engines never translate: a screen shows
    the reason in its reader's language by looking the template up in its catalog
    and filling in the same params (webui/i18n.py). `reason` is the English text.
    """

    def __init__(
        self, template: str, code: str = "illegal", params: Mapping[str, Any] | None = None
    ) -> None:
        self.template = template
        self.code = code
        self.params = dict(params or {})
        self.reason = template.format(**self.params) if self.params else template
        super().__init__(self.reason)


class SetupError(ValueError):
    """A player count or option the rules refuse, worded like IllegalAction: the English
    `template` (extracted for the catalogs) and its `params`, so each screen says it in
    its reader's language (engines.check_setup passes both on); str() is the English."""

    def __init__(self, template: str, params: Mapping[str, Any] | None = None) -> None:
        self.template = template
        self.params = dict(params or {})
        super().__init__(template.format(**self.params) if self.params else template)


def require(
    condition: bool, reason: str, code: str = "illegal", params: Mapping[str, Any] | None = None
) -> None:
    """Raise IllegalAction(reason, code, params) unless condition holds."""
    if not condition:
        raise IllegalAction(reason, code, params)


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


def N_(message: str) -> str:
    """Marks English words a game declares (its title, a throw's label, a barrier's
    sentence) for the catalogs (scripts/i18n extract). Engines never translate: it
    returns the words unchanged, and each screen words them in its reader's language."""
    return message


@dataclass(frozen=True)
class Barrier:
    """How a take-back refused at one barrier code is worded: a whole English sentence,
    marked for the catalogs (N_), where `{name}` is the player whose action it was.
    `own` is the sentence when that player is the one asking (None: `words` fits both),
    so each language words both cases whole, never "you"/"has" pasted in."""

    words: str
    own: str | None = None

    def wording(self, asker: bool) -> str:
        return self.own if asker and self.own is not None else self.words


# Barrier codes every game shares; an engine may name its own (GameInfo.barriers,
# returned by its Game.barrier override).
CHANCE = "chance"  # the game's generator was used: a deal, a shuffle, a throw
GAME_OVER = "game_over"  # the game ended: final scores and secrets are out
NOTHING = "nothing"  # fewer actions than asked for (take_back_barrier)

SHARED_BARRIERS: Mapping[str, Barrier] = {
    CHANCE: Barrier(
        N_("that cannot be taken back: chance has had its say since (a deal, a shuffle or a throw)")
    ),
    GAME_OVER: Barrier(N_("that cannot be taken back: the game is over")),
    NOTHING: Barrier(N_("that cannot be taken back: there is no move to take back")),
}


@dataclass(frozen=True)
class GameInfo:
    """All that generic layers know of a game before one is played, declared once next
    to its rules (after OpenSpiel's GameType and GameInfo): each layer reads this,
    never a second copy of it. Words are English, marked for the catalogs with N_."""

    name: str  # the engine's public name, also its packages' folder name
    title: str  # N_("Céna"): every screen words it in its reader's language
    min_players: int
    max_players: int
    # The options a table may set (a secret one fixes a deal: never set from a phone).
    options: tuple[Option, ...] = ()
    # Action types only the whole table may decide (e.g. ending early when everyone
    # agrees): legal, but never offered to one player's phone.
    table_actions: frozenset[str] = frozenset()
    # The purposes of the game's own throws (a public view's last_throw["purpose"])
    # and their short labels (N_), shown as the sticks tumble.
    random_events: Mapping[str, str] = field(default_factory=dict)
    # The game's own barrier codes (what its Game.barrier returns beyond the shared
    # SHARED_BARRIERS) and how a refused take-back words each.
    barriers: Mapping[str, Barrier] = field(default_factory=dict)
    # Capabilities generic layers and tests read instead of guessing from a name:
    tricks: bool = False  # its views carry "trick" and "last_trick" (the trick moment)
    throws: bool = False  # its public view counts its own throws ("throws", "last_throw")

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def barrier(self, code: str) -> Barrier | None:
        """How a barrier code is worded: the game's own, else a shared one, else None."""
        return self.barriers.get(code) or SHARED_BARRIERS.get(code)

    def words(self) -> list[str]:
        """Every English word this declaration marks for the catalogs (for the page
        scripts' catalog: the box sends titles and labels to pages as templates)."""
        found = [self.title, *self.random_events.values()]
        for barrier in self.barriers.values():
            found += [barrier.words] if barrier.own is None else [barrier.words, barrier.own]
        return found


def new_seed() -> int:
    """A fresh seed from the operating system's CSPRNG."""
    return secrets.randbits(63)


def _chance(chance: bool) -> str | None:
    return CHANCE if chance else None


class Game(ABC):
    """Base class of every engine. Subclasses implement the abstract parts.

    Subclasses must validate an action completely before changing any state in
    ``_apply``: an IllegalAction leaves the game exactly as it was.
    """

    # What generic layers (device, web, screens) read instead of naming a game: one
    # declaration (see GameInfo). The attributes below follow from it (__init_subclass__).
    game_info: ClassVar[GameInfo]
    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_declared: ClassVar[tuple[Option, ...]] = ()
    table_actions: ClassVar[frozenset[str]] = frozenset()
    random_events: ClassVar[Mapping[str, str]] = {}
    # The version of the rules a saved game replays with. Raise it with any change that
    # makes an unfinished game's log replay differently (a deal, a score, a legal move):
    # a game saved with another version is then kept as history, never resumed wrongly.
    rules_version: ClassVar[int] = 1
    # The latest finished deal, round or season, or the game's end, as every screen
    # shows it before play goes on: None until there is one. Engines build it from
    # their own scoring and put it in every view as "summary"; a new "key" tells the
    # Table to wait until the players have read it (device/table/interlude.py). Public:
    # only what the rules show everyone at that moment. Shape: docs/architecture.md.
    summary: View | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """An engine declares `game_info`; its name, title, player range, options,
        table actions and random events are then readable as class attributes too.
        An engine written before GameInfo (those attributes declared one by one) gets
        its `game_info` built from them, so it keeps working."""
        super().__init_subclass__(**kwargs)
        declared: GameInfo | None = cls.__dict__.get("game_info")
        if declared is not None:
            cls.name, cls.title = declared.name, declared.title
            cls.min_players, cls.max_players = declared.min_players, declared.max_players
            cls.options_declared = declared.options
            cls.table_actions = declared.table_actions
            cls.random_events = declared.random_events
        elif "name" in cls.__dict__:
            cls.game_info = GameInfo(
                cls.name,
                cls.title,
                cls.min_players,
                cls.max_players,
                tuple(cls.options_declared),
                frozenset(cls.table_actions),
                dict(cls.random_events),
            )

    def __init__(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any],
        generator: str = generators.CURRENT,
    ) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                "{title} is for {low} to {high} players, not {players}",
                {
                    "title": self.title,
                    "low": self.min_players,
                    "high": self.max_players,
                    "players": players,
                },
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
        self.options: dict[str, Any] = copy_plain(dict(options))
        # The generator a game was dealt with is part of the game: an older game keeps
        # its own (engines/rng.py), so its log replays to the same deal.
        self.generator = generator
        self.rng = generators.generator(generator, seed)
        self.log: list[tuple[int, Action]] = []
        self.barriers: list[str | None] = []  # one per log entry: why it cannot be undone
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

    def barrier(self, seat: int, action: Action, events: list[Event], chance: bool) -> str | None:
        """Why the action just applied may never be taken back (a short code), or None.

        Engines override this to name what their actions reveal (e.g. "cards_drawn"),
        each such code declared with its wording in `game_info.barriers`, calling
        super() for the shared cases (SHARED_BARRIERS). `chance` says the generator was used;
        `apply` makes that a barrier even if an override forgets it.
        """
        if chance:
            return CHANCE
        if self.finished:
            return GAME_OVER
        return None

    # --- shared behaviour ---------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action for a seat; raise IllegalAction and change nothing if not allowed."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(
                "there is no seat {seat} at this table", "no_such_seat", {"seat": repr(seat)}
            )
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction('an action must be an object with a "type"', "action_shape")
        if self.finished:
            raise IllegalAction("the game is over", "game_over")
        if seat not in self.to_act:
            raise IllegalAction("it is not your turn", "not_your_turn")
        logged = copy_plain(action)  # before _apply: nothing can fail after the state moved
        draws = self.rng.draws
        events = self._apply(seat, action)
        chance = self.rng.draws != draws
        self.log.append((seat, logged))
        self.barriers.append(self.barrier(seat, action, events, chance) or _chance(chance))
        return events

    # --- search (engines/bots) -------------------------------------------------
    # A bot plays thousands of games in its head from a world its determinizer built
    # (never from the table's game). These skip what only a table needs: the log, the
    # barriers and the copies of actions. A game moved by `play` has no log to replay:
    # it is never saved, shown or taken back. Engines override them for speed.

    def play(self, seat: int, action: Action) -> None:
        """Apply an action taken from `search_actions` or `random_action`, unlogged."""
        self._apply(seat, action)

    def search_actions(self, seat: int) -> list[Action]:
        """legal_actions less the table's own (ending early): a bot never takes those."""
        actions = self.legal_actions(seat)
        if self.table_actions:
            actions = [a for a in actions if a["type"] not in self.table_actions]
        return actions

    def random_action(self, seat: int, rng: generators.Pcg32) -> Action:
        """One of search_actions(seat), each equally likely: the playouts' default."""
        return rng.choice(self.search_actions(seat))

    def take_back_barrier(self, steps: int) -> str | None:
        """Why the last `steps` actions cannot be taken back (a barrier's code, or
        "nothing" when there are fewer actions), or None when they all can."""
        if not isinstance(steps, int) or isinstance(steps, bool) or steps < 1:
            raise ValueError("take back one action or more")
        if steps > len(self.log):
            return NOTHING
        return next((b for b in reversed(self.barriers[-steps:]) if b is not None), None)

    def taken_back(self, steps: int) -> Game:
        """The game exactly as it was before its last `steps` actions: replayed from the
        seed, so every view and the generator are as they were. ValueError across a
        barrier: the caller checks `take_back_barrier` first."""
        barrier = self.take_back_barrier(steps)
        if barrier is not None:
            raise ValueError(f"cannot take back across a barrier ({barrier})")
        game = type(self)(self.players, self.seed, self.options, self.generator)
        for seat, action in self.log[:-steps]:
            game.apply(seat, copy_plain(action))
        return game

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain data: engines.load(to_dict()) rebuilds it exactly.

        It holds the seed: it is for the journal, never for a phone.
        """
        return {
            "engine": self.name,
            "players": self.players,
            "seed": self.seed,
            "generator": self.generator,
            "options": copy_plain(self.options),
            "actions": [[seat, copy_plain(action)] for seat, action in self.log],
        }

    def check_seat(self, seat: int | None) -> None:
        """Views accept a seat of this table or None."""
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players
        ):
            raise ValueError(f"there is no seat {seat!r} at this table")
