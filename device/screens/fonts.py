"""The few font sizes the OLED screens use, loaded once, and what each can draw.

Latin text uses Pillow's built-in scalable font (Aileron), so most screens need no
font files. It only covers ASCII and a few symbols: an accented letter is drawn as
its base letter ("Céna" -> "Cena"). Everything else a player may type (kana, kanji,
Hangul, Cyrillic...) is drawn with GNU Unifont (Debian's fonts-unifont, installed by
scripts/setup; its Japanese variant, so kanji take their Japanese forms). Unifont
is a bitmap design on a 16-pixel grid: crisp at 16 px, still legible at 12 and 10,
where an 8x8 font such as Misaki is either tiny or blurred when scaled to our line
heights. Without the font file, such characters show as "?", never as empty boxes.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

# Pixel sizes, from footnotes to the one thing that matters on a screen.
SMALL = 10
BODY = 12
BIG = 16
HUGE = 22

# Non-ASCII characters the built-in font does draw.
_EXTRA_GLYPHS = frozenset("…·°«»‘’“”")

# Where Debian's fonts-unifont puts its fonts; the Japanese variant first.
UNIFONT_PATHS = (
    Path("/usr/share/fonts/opentype/unifont/unifont_jp.otf"),
    Path("/usr/share/fonts/opentype/unifont/unifont.otf"),
)
UNIFONT_NATIVE = 16  # its design grid: larger sizes would only blur it
# Unicode categories Unifont draws: letters, marks, numbers, punctuation, symbols.
_DRAWN_CATEGORIES = frozenset("LMNPS")


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The built-in font at `size` pixels."""
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):
        # Without FreeType Pillow falls back to one tiny bitmap size: unreadable here.
        raise RuntimeError("Pillow was built without FreeType; the OLED screens need it")
    return loaded


@cache
def wide_font(size: int) -> ImageFont.FreeTypeFont | None:
    """Unifont for characters the built-in font lacks, at `size` px (16 at most);
    None when fonts-unifont is not installed."""
    for path in UNIFONT_PATHS:
        if path.exists():
            return ImageFont.truetype(str(path), min(size, UNIFONT_NATIVE))
    return None


def builtin_draws(char: str) -> bool:
    """Whether the built-in font has a glyph for `char`."""
    return (char.isascii() and char.isprintable()) or char in _EXTRA_GLYPHS


def _wide_draws(char: str) -> bool:
    """Whether Unifont (if installed) draws `char`: the Basic Multilingual Plane,
    assigned and visible (it has no glyphs for private use or unassigned points)."""
    return (
        ord(char) <= 0xFFFF
        and unicodedata.category(char)[0] in _DRAWN_CATEGORIES
        and wide_font(BODY) is not None
    )


@lru_cache(maxsize=4096)  # the same names and labels are drawn every frame
def printable(text: str) -> str:
    """`text` as the screens can draw it: "Céna" -> "Cena", "茶の湯" stays (drawn with
    Unifont), and what no font here has becomes "?"."""
    drawn = []
    for char in unicodedata.normalize("NFC", text):
        if builtin_draws(char):
            drawn.append(char)
            continue
        # An accented or full-width Latin letter: its plain form, in the main font.
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        if base and all(builtin_draws(c) for c in base):
            drawn.append(base)
        elif _wide_draws(char):
            drawn.append(char)
        else:
            drawn.append("?")
    return "".join(drawn)


def runs(text: str) -> list[tuple[str, bool]]:
    """`text` (already `printable`) cut into runs: (part, drawn with Unifont)."""
    found: list[tuple[str, bool]] = []
    for char in text:
        wide = not builtin_draws(char)
        if found and found[-1][1] == wide:
            found[-1] = (found[-1][0] + char, wide)
        else:
            found.append((char, wide))
    return found
