"""Random play whose every choice Hypothesis made, so a failing game shrinks.

`moves()` draws one fixed-size byte string per test case and hands the game a
`random.Random` that takes its bits from those bytes (then, if a game outlasts
them, from a generator seeded by them). Everything built on getrandbits and
random() (choice, shuffle, sample, randrange) is then Hypothesis' choice.

The bytes are read through a fixed pad, so that all zeros, where Hypothesis starts
and where shrinking heads, is an ordinary random game rather than "the first option
every time", which need not end (a Lauzait Cep seat may form, hire and dissolve
forever). A failing game shrinks to the fewest departures from that reference play.

Why not `st.randoms()` or one draw per pick: then the number of draws depends on
the game, and most test cases that Hypothesis derives by mutation run out of
choices part-way and are thrown away, which doubled the time of whole-game tests.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

# Bytes a test case draws for its game's choices. A pick among up to 256 options costs
# a byte (sometimes two or three, when rejected), so this covers nearly every game
# (most end within 300 actions); the rest finish on the seeded generator.
BYTES = 1000


class DrawnRandom(random.Random):
    """A generator that takes its bits from `drawn` (through the pad), then from
    `random.Random(drawn)`."""

    def __init__(self, drawn: bytes) -> None:
        super().__init__(drawn)
        self.drawn = drawn
        pad = random.Random(len(drawn)).randbytes(len(drawn))
        self.bits = (int.from_bytes(drawn, "big") ^ int.from_bytes(pad, "big")).to_bytes(
            len(drawn), "big"
        )
        self.used = 0

    def getrandbits(self, k: int, /) -> int:
        size = (k + 7) // 8
        if k <= 0 or self.used + size > len(self.bits):
            return super().getrandbits(k)
        chunk = self.bits[self.used : self.used + size]
        self.used += size
        return int.from_bytes(chunk, "big") >> (8 * size - k)

    def random(self) -> float:
        if self.used + 7 > len(self.bits):
            return super().random()
        return self.getrandbits(53) / (1 << 53)

    def __repr__(self) -> str:
        return f"DrawnRandom(<{len(self.drawn)} bytes, {self.drawn.count(0)} of them zero>)"


@st.composite
def moves(draw: st.DrawFn, size: int = BYTES) -> random.Random:
    """A generator for random play, all of whose choices Hypothesis made.

    (Not `.map(DrawnRandom)`: a failure report would print all the bytes.)"""
    return DrawnRandom(draw(st.binary(min_size=size, max_size=size)))
