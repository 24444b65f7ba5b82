"""The few font sizes the OLED screens use, loaded once.

Pillow's built-in scalable font (Aileron) is used so a fresh machine needs no font
files. It only covers ASCII and a few symbols, so text goes through `printable`
before it is drawn: otherwise an accented name would show as empty boxes.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from PIL import ImageFont

# Pixel sizes, from footnotes to the one thing that matters on a screen.
SMALL = 10
BODY = 12
BIG = 16
HUGE = 22

# Non-ASCII characters the built-in font does draw.
_EXTRA_GLYPHS = frozenset("…·°«»‘’“”")


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The built-in font at `size` pixels."""
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):
        # Without FreeType Pillow falls back to one tiny bitmap size: unreadable here.
        raise RuntimeError("Pillow was built without FreeType; the OLED screens need it")
    return loaded


def printable(text: str) -> str:
    """`text` folded to what the built-in font can draw: "café" -> "cafe", "茶" -> "?"."""
    folded = []
    for char in unicodedata.normalize("NFKD", text):
        if unicodedata.combining(char):
            continue  # the accent split off by NFKD; its base letter stays
        if (char.isascii() and char.isprintable()) or char in _EXTRA_GLYPHS:
            folded.append(char)
        else:
            folded.append("?")
    return "".join(folded)
