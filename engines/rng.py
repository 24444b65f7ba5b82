"""The games' random generators, whose every sequence is fixed by this file.

A stored game is replayed from its seed, so the same seed must give the same deal on
any Python: Python promises that only for `random.Random.random()`, not for its
`shuffle`, `sample` or `randrange`. So engines draw through the primitives here.

Each game records which generator it was dealt with (`Game.to_dict()["rng"]`):

* ``"pcg32-1"`` (CURRENT): PCG32 (XSH RR, 64-bit state, O'Neill 2014) in pure Python,
  seeded through SplitMix64; bounded draws by rejection, so every outcome is equally
  likely. Every game started since hardening issue 23.
* ``"mt19937-py311"`` (LEGACY): what every game used before: Python's Mersenne
  Twister core (seeding and `getrandbits`/`random`, which have not changed since
  Python 2.4) with Python 3.11's own `shuffle`, `sample` and `randrange` copied
  here, so a game saved without a generator replays as it was dealt even after an
  upgrade changes Python's versions of them.

Both count their draws (`draws`), so `Game.apply` can tell, at the cost of one
comparison, whether an action used chance (a take-back barrier).
"""

from __future__ import annotations

import math
import random
from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

CURRENT = "pcg32-1"
LEGACY = "mt19937-py311"

_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
_PCG_MULT = 6364136223846793005
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment


class Rng(Protocol):
    """What engines (and the sticks and secret colours) draw from. A game passes its
    own generator; the device, outside any game, passes `random.SystemRandom()`."""

    def random(self) -> float: ...

    def getrandbits(self, k: int, /) -> int: ...

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int: ...

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...

    def sample(self, population: Sequence[T], k: int, /) -> list[T]: ...


def splitmix64(x: int) -> int:
    """One SplitMix64 output for the state x (Steele, Lea and Flood 2014)."""
    z = (x + _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Pcg32:
    """PCG32 with the same methods as random.Random that engines use.

    `Pcg32.from_stream(state, sequence)` is the reference `pcg32_srandom_r`, whose
    outputs the tests check against the reference implementation's; `Pcg32(seed)`
    spreads any whole-number seed (taken modulo 2^128) over state and stream.
    """

    __slots__ = ("_inc", "_state", "draws")

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("seed must be a whole number")
        low, high = seed & _MASK64, (seed >> 64) & _MASK64
        state = splitmix64(low ^ splitmix64(high))
        self._seed(state, splitmix64(state ^ high))

    @classmethod
    def from_stream(cls, state: int, sequence: int) -> Pcg32:
        rng = cls.__new__(cls)
        rng._seed(state & _MASK64, sequence & _MASK64)
        return rng

    def _seed(self, state: int, sequence: int) -> None:
        self.draws = 0
        self._inc = ((sequence << 1) | 1) & _MASK64
        self._state = 0
        self._next32()
        self._state = (self._state + state) & _MASK64
        self._next32()
        self.draws = 0

    def getstate(self) -> tuple[int, int, int]:
        return (self._state, self._inc, self.draws)

    def setstate(self, state: tuple[int, int, int]) -> None:
        self._state, self._inc, self.draws = state

    def _next32(self) -> int:
        old = self._state
        self._state = (old * _PCG_MULT + self._inc) & _MASK64
        self.draws += 1
        shifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((shifted >> rot) | (shifted << (-rot & 31))) & _MASK32

    def _below(self, n: int) -> int:
        """0 <= r < n, every value equally likely (n >= 1)."""
        if n <= 0x100000000:
            # Reject the few lowest outputs that would make some remainders likelier.
            threshold = (0x100000000 - n) % n
            r = self._next32()
            while r < threshold:
                r = self._next32()
            return r % n
        bits = n.bit_length()
        r = self.getrandbits(bits)
        while r >= n:
            r = self.getrandbits(bits)
        return r

    def getrandbits(self, k: int, /) -> int:
        """k random bits (the high bits of each output first)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k <= 32:
            return self._next32() >> (32 - k) if k else 0
        words, rest = divmod(k, 32)
        value = 0
        for _ in range(words):
            value = (value << 32) | self._next32()
        return (value << rest) | (self._next32() >> (32 - rest)) if rest else value

    def random(self) -> float:
        """A float in [0, 1) on a 2^-53 grid, from two outputs."""
        high = self._next32() >> 5
        low = self._next32() >> 6
        return (high * 67108864 + low) * (1.0 / 9007199254740992.0)

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int:
        """A value of range(start, stop, step), each equally likely."""
        if stop is None:
            start, stop = 0, start
        if step == 0:
            raise ValueError("zero step for randrange")
        count = (stop - start + step - (1 if step > 0 else -1)) // step
        if count <= 0:
            raise ValueError(f"empty range for randrange ({start}, {stop}, {step})")
        return start + step * self._below(count)

    def randint(self, a: int, b: int, /) -> int:
        """a <= n <= b."""
        return self.randrange(a, b + 1)

    def choice(self, seq: Sequence[T], /) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self._below(len(seq))]

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        """Fisher-Yates in place: every order equally likely."""
        below = self._below
        for i in range(len(x) - 1, 0, -1):
            j = below(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population: Sequence[T], k: int, /) -> list[T]:
        """k distinct positions of population, in the order drawn (a partial Fisher-Yates)."""
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError("sample larger than population or is negative")
        below = self._below
        result = []
        for i in range(k):
            j = below(n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
        return result


class LegacyRandom(random.Random):
    """The generator every game used before "pcg32-1", kept so those games replay.

    The Mersenne Twister core is Python's (its seeding, `getrandbits` and `random`);
    `shuffle`, `sample`, `randrange` and `randint` (all that engines ever drew with) are
    Python 3.11's own code, copied so that a newer Python's changes to them cannot
    change an old deal.
    """

    draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.draws += 1
        return super().getrandbits(k)

    def _below(self, n: int) -> int:  # 3.11's _randbelow_with_getrandbits
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int:
        start, step = _whole(start), _whole(step)
        if stop is None:
            if step != 1:
                raise TypeError("Missing a non-None stop argument")
            if start > 0:
                return self._below(start)
            raise ValueError("empty range for randrange()")
        width = _whole(stop) - start
        if step == 1:
            if width > 0:
                return start + self._below(width)
            raise ValueError(f"empty range for randrange ({start}, {stop}, {width})")
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return start + step * self._below(n)

    def randint(self, a: int, b: int, /) -> int:
        return self.randrange(a, b + 1)

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        below = self._below
        for i in reversed(range(1, len(x))):
            j = below(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(  # type: ignore[override]  # no `counts`: no engine uses it
        self, population: Sequence[T], k: int, /
    ) -> list[T]:
        if not isinstance(population, Sequence):
            raise TypeError("Population must be a sequence.")
        below = self._below
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result: list[Any] = [None] * k
        setsize = 21  # size of a small set minus size of an empty list
        if k > 5:
            setsize += 4 ** math.ceil(math.log(k * 3, 4))  # table size for big sets
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = below(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected: set[int] = set()
            for i in range(k):
                j = below(n)
                while j in selected:
                    j = below(n)
                selected.add(j)
                result[i] = population[j]
        return result


def _whole(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"randrange takes whole numbers, not {value!r}")
    return value


GENERATORS: dict[str, type[Pcg32] | type[LegacyRandom]] = {
    CURRENT: Pcg32,
    LEGACY: LegacyRandom,
}


def generator(name: str, seed: int) -> Pcg32 | LegacyRandom:
    """The named generator, seeded. ValueError for a name this build does not know."""
    try:
        cls = GENERATORS[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown random generator {name!r}; known: {', '.join(sorted(GENERATORS))}"
        ) from None
    return cls(seed)
