"""Secret colours: each seat draws one colour token, the rest stay face down.

Pure: the caller passes the random generator. Engines pass their seeded
``self.rng``; the device, outside any game, passes ``random.SystemRandom()``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.rng import Rng

COLOURS = ("R", "B", "Y", "G")  # red, blue, yellow, green: the four tokens


def draw_colours(
    rng: Rng,
    seats: int,
    colours: Sequence[str] = COLOURS,
) -> dict[int, str]:
    """Give seats 0..seats-1 one distinct colour each, drawn at random from colours.

    The colours nobody drew are not returned: like unused tokens, they stay hidden.
    """
    if len(set(colours)) != len(colours):
        raise ValueError("the colours to draw from must all be different")
    if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= len(colours):
        raise ValueError(f"between 1 and {len(colours)} seats can draw a colour, not {seats!r}")
    drawn = rng.sample(list(colours), seats)
    return dict(enumerate(drawn))
