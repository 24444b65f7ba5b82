"""What each game declares for its bots, next to its rules (engines/<game>/bot.py).

The generic search (engines/bots/search.py) reads these and never a game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engines import rng as generators
from engines.base import Action, Game, View

G = TypeVar("G", bound=Game)

# Builds one full game consistent with a seat's view, hidden parts drawn at random.
World = Callable[[generators.Pcg32], Game]


@dataclass(frozen=True)
class BotKit:
    """One game's bot declarations.

    sampler(view, seat): reads the view once and returns a function drawing worlds:
        full games consistent with everything that seat has seen, what is hidden drawn
        from what remains with the given generator. A world's own generator (future
        deals, throws) is seeded from it too, so no world knows the real seed.
    easy(view, seat, actions, rng): the "easy" level, a simple real strategy.
    chapter(game): playouts stop when this changes (the end of a deal, a round, a
        season), and the game is judged by `value` there; None plays to the end.
    playouts: the search budget of the "normal" and "strong" levels, in playouts.
    policy(game, seat, rng): the playouts' cheap default policy; None: uniform random.
    depth: at most this many policy actions per playout, then judged by `value`
        (for chapters too long to play out within a bot's budget); None: no limit.
    value(game): each seat's reward in [0, 1] where a playout stops; None: the default
        (win shares when finished, else standing by scores; see search.value).
    candidates(view, seat, actions, level): the root actions worth searching at that
        level, when the seat has too many for its budget (a game's own judgement, from
        the view only); None: search them all.
    """

    sampler: Callable[[View, int], World]
    easy: Callable[[View, int, Sequence[Action], generators.Pcg32], Action]
    chapter: Callable[[Game], object] | None
    playouts: Mapping[str, int]
    policy: Callable[[Game, int, generators.Pcg32], Action] | None = None
    depth: int | None = None
    value: Callable[[Game], list[float]] | None = field(default=None)
    candidates: Callable[[View, int, Sequence[Action], str], Sequence[Action]] | None = None


def blank(cls: type[G], players: int, rng: generators.Pcg32) -> G:
    """A game object of `cls` with the shared parts a world needs and no state of its
    own yet (the sampler fills it in). It has no log: it is never saved or shown."""
    game = cls.__new__(cls)
    game.players = players
    game.seed = rng.getrandbits(63)
    game.options = {}
    game.generator = generators.CURRENT
    game.rng = generators.Pcg32(game.seed)
    game.log = []
    game.barriers = []
    return game


def deal_hidden(
    cards: Sequence[str],
    needs: Mapping[int, int],
    refuses: Mapping[int, Callable[[str], bool]],
    rng: generators.Pcg32,
) -> tuple[dict[int, list[str]], list[str]]:
    """Deal `cards` at random: needs[holder] cards to each holder, none that
    refuses[holder] refuses (a suit it showed it lacks); the rest are returned apart.

    The most constrained holders draw first, each from the cards it may hold; a draw
    that leaves one short starts over (a few times, then the constraints are dropped
    rather than fail: a view's facts never contradict, so that is only bad luck).
    """
    order = sorted(needs, key=lambda holder: (holder not in refuses, holder))
    for attempt in range(50):
        pool = list(cards)
        rng.shuffle(pool)
        dealt: dict[int, list[str]] = {}
        for holder in order:
            refuse = refuses.get(holder) if attempt < 49 else None
            places = [i for i, card in enumerate(pool) if refuse is None or not refuse(card)]
            if len(places) < needs[holder]:
                break
            taken = set(places[: needs[holder]])  # positions: pieces may repeat
            dealt[holder] = [pool[i] for i in sorted(taken)]
            pool = [card for i, card in enumerate(pool) if i not in taken]
        else:
            return dealt, pool
    raise ValueError("the hidden cards do not fit the view")  # counts that cannot add up
