"""Sàrénà chips and piles: notation, flipping, the box of 36, a random setup.

A chip is ``"top/bottom"``, e.g. ``"R/B"``; a pile is a tuple of chips from the
top down. The box holds six chips of each of the six pairs of the four colours.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from engines.rng import Rng
from engines.secret_colours import COLOURS as SECRET_COLOURS

Pile = tuple[str, ...]

COLOURS = SECRET_COLOURS  # red, blue, yellow, green: chips and secret tokens alike
PAIRS = tuple(combinations(COLOURS, 2))
CHIPS_PER_PAIR = 6
BOX_SIZE = CHIPS_PER_PAIR * len(PAIRS)  # 36
MAX_HEIGHT = 4
FAIR_TOPS = BOX_SIZE // len(COLOURS)  # 9: each colour on top of as many chips

# Every chip both ways round -> its pair; views score the board often, so look it up.
_PAIR_OF = {
    f"{top}/{bottom}": frozenset((top, bottom))
    for pair in PAIRS
    for top, bottom in (pair, pair[::-1])
}


def faces(chip: str) -> tuple[str, str]:
    """The (top, bottom) colours of a chip written "top/bottom"."""
    top, bottom = chip.split("/")
    return top, bottom


def turned_over(chip: str) -> str:
    top, bottom = faces(chip)
    return f"{bottom}/{top}"


# Every chip -> the same chip turned over: flipping is in every playout, so look it up.
_TURNED = {chip: turned_over(chip) for chip in _PAIR_OF}


def flipped(pile: Pile) -> Pile:
    """A pile turned over as one: the order reverses and every chip shows its other face."""
    turned = _TURNED
    return tuple([turned[chip] for chip in reversed(pile)])


def parse_chip(value: object) -> str:
    """Check a chip's notation; ValueError names what is wrong."""
    if isinstance(value, str) and value in _PAIR_OF:
        return value
    raise ValueError(
        f"{value!r} is not a chip: write top/bottom with two different colours "
        f"of {', '.join(COLOURS)}, e.g. R/B"
    )


def parse_pile(value: object) -> Pile:
    """A list of chips from the top down, at most MAX_HEIGHT; [] is an empty circle."""
    if not isinstance(value, list | tuple):
        raise ValueError(f"a pile is a list of chips from the top down, not {value!r}")
    if len(value) > MAX_HEIGHT:
        raise ValueError(f"a pile holds at most {MAX_HEIGHT} chips, not {len(value)}")
    return tuple(parse_chip(chip) for chip in value)


def check_box(piles: Iterable[Pile]) -> None:
    """Every chip must come from the box: at most six of each colour pair."""
    counts = Counter(_PAIR_OF[chip] for pile in piles for chip in pile)
    for pair, count in counts.items():
        if count > CHIPS_PER_PAIR:
            name = "/".join(sorted(pair, key=COLOURS.index))
            raise ValueError(f"the box holds only {CHIPS_PER_PAIR} {name} chips, not {count}")


def random_chips(rng: Rng, fair: bool) -> list[str]:
    """The 36 chips of the box in random order, each turned at random.

    fair: each colour is on top of exactly 9 chips. We redraw the orientations
    until that holds (about 1 draw in 123 does), which keeps every fair
    orientation exactly as likely as the others.
    """
    chips = [f"{a}/{b}" for a, b in PAIRS for _ in range(CHIPS_PER_PAIR)]
    while True:
        oriented = [_TURNED[chip] if rng.random() < 0.5 else chip for chip in chips]
        if not fair or _is_fair(oriented):
            break
    rng.shuffle(oriented)
    return oriented


def _is_fair(chips: list[str]) -> bool:
    tops = Counter(chip[0] for chip in chips)  # a chip's top face: one letter
    return all(tops[colour] == FAIR_TOPS for colour in COLOURS)
