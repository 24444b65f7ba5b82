"""Drawing a screen through luma, and the small helpers every screen shares.

A screen is a pure function from data to a 128x64 mode "1" image: it builds a draw
function and hands it to `render`, which draws on a luma device (by default a fresh
in-memory `dummy`) exactly as the real OLED would be drawn.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Literal

from luma.core.device import dummy
from luma.core.render import canvas
from PIL import Image, ImageDraw

import engines
from device import games
from device.i18n import say, words_for
from device.screens.fonts import SMALL, font, printable, runs, wide_font

WIDTH, HEIGHT = 128, 64
TITLE_BAR_HEIGHT = 12
ELLIPSIS = "…"

Box = tuple[int, int, int, int]  # left, top, right, bottom; inclusive, as PIL draws them
Draw = ImageDraw.ImageDraw
DrawFn = Callable[[Draw], None]
Align = Literal["left", "centre", "right"]


_scratch = threading.local()


def _scratch_device() -> Any:
    """One luma dummy per rendering thread, reused for every frame.

    A new dummy per frame would leak: luma registers an atexit hook for every device
    it creates, which keeps the device and its last frame alive until exit.
    """
    device = getattr(_scratch, "device", None)
    if device is None:
        device = _scratch.device = dummy(width=WIDTH, height=HEIGHT, mode="1")
    return device


def render(draw_fn: DrawFn, device: Any = None) -> Image.Image:
    """Draw one frame with `draw_fn` on `device` and return a copy of that frame.

    `device` must keep its last frame in `.image`, as luma's dummy does (the real
    display is fed the returned image by hardware.Display).
    """
    target = device if device is not None else _scratch_device()
    with canvas(target) as draw:
        draw_fn(draw)
    image: Image.Image = target.image
    return image.copy()


def box_width(box: Box) -> int:
    return box[2] - box[0] + 1


@lru_cache(maxsize=4096)  # screens measure the same names and labels every frame
def text_width(text: str, size: int) -> int:
    """Pixels from the pen position to the right edge of the ink of `text`, measured
    as mode "1" draws it (hinted for 1-bit, a few pixels wider than anti-aliased)."""
    if not text:
        return 0
    if all(not wide for _, wide in runs(text)):
        return int(font(size).getbbox(text, mode="1")[2])
    bitmap, left, _ = _text_bitmap(text, size)
    return left + bitmap.width


def truncate(text: str, size: int, width: int, ellipsis: str = ELLIPSIS) -> str:
    """`text` made drawable and cut so it is at most `width` px wide, ending in
    `ellipsis` when cut (pass "" where every pixel counts, as in narrow columns)."""
    text = printable(text)
    if text_width(text, size) <= width:
        return text
    while text and text_width(text.rstrip() + ellipsis, size) > width:
        text = text[:-1]
    return text.rstrip() + ellipsis if text else ""


def largest_size(text: str, width: int, sizes: tuple[int, ...]) -> int:
    """The biggest of `sizes` at which `text` fits in `width`, else the smallest one."""
    fitting = [size for size in sizes if text_width(printable(text), size) <= width]
    return max(fitting) if fitting else min(sizes)


def draw_text(
    draw: Draw,
    text: str,
    size: int,
    box: Box,
    align: Align = "left",
    fill: str = "white",
    ellipsis: str = ELLIPSIS,
) -> None:
    """Draw one line of `text` inside `box` (left, top, right, bottom), vertically
    centred, truncated so it never spills out of the box sideways."""
    left, top, right, bottom = box
    line = truncate(text, size, right - left + 1, ellipsis)
    # Placed by the ink width that `truncate` measured, so centring matches the fit.
    spare = right - left + 1 - text_width(line, size)
    x = {"left": left, "centre": left + spare // 2, "right": left + spare}[align]
    if line:
        bitmap, dx, dy = _text_bitmap(line, size)
        draw.bitmap((x + dx, (top + bottom + 1) // 2 + dy), bitmap, fill=fill)


@lru_cache(maxsize=1024)
def _text_bitmap(line: str, size: int) -> tuple[Image.Image, int, int]:
    """`line` rasterised once, as a 1-bit mask, and its offset from the "lm" anchor.

    FreeType rendering is most of a frame's cost and screens redraw the same names
    and labels every frame; pasting the cached mask gives the very same pixels.
    """
    # Each run in its font (fonts.runs: the built-in one, or Unifont for what it lacks),
    # one after the other on the same middle line.
    placed = []
    pen = 0
    for part, wide in runs(line):
        face = (wide_font(size) if wide else None) or font(size)
        placed.append((pen, part, face))
        pen += int(face.getlength(part, mode="1"))
    boxes = [
        [int(edge) for edge in face.getbbox(part, mode="1", anchor="lm")]
        for _, part, face in placed
    ]
    left = min(x + box[0] for (x, _, _), box in zip(placed, boxes, strict=True))
    top = min(box[1] for box in boxes)
    right = max(x + box[2] for (x, _, _), box in zip(placed, boxes, strict=True))
    bottom = max(box[3] for box in boxes)
    bitmap = Image.new("1", (max(1, right - left), max(1, bottom - top)))
    draw = ImageDraw.Draw(bitmap)
    for x, part, face in placed:
        draw.text((x - left, -top), part, font=face, fill=1, anchor="lm")
    return bitmap, left, top


def title_bar(draw: Draw, title: str, right_text: str = "") -> None:
    """An inverted bar across the top: the screen's title, optional detail on the right."""
    draw.rectangle((0, 0, WIDTH - 1, TITLE_BAR_HEIGHT - 1), fill="white")
    left, right, bottom = 2, WIDTH - 3, TITLE_BAR_HEIGHT - 1
    if right_text:
        draw_text(draw, right_text, SMALL, (left, 0, right, bottom), "right", fill="black")
        right -= text_width(printable(right_text), SMALL) + 6
    draw_text(draw, title, SMALL, (left, 0, right, bottom), fill="black")


def wrap(text: str, size: int, width: int) -> list[str]:
    """`text` broken into lines of at most `width` px, at spaces where it can,
    inside a word (a URL) where it must."""
    lines: list[str] = []
    line = ""
    for word in printable(text).split():
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for char in word:
            if text_width(line + char, size) > width and line:
                lines.append(line)
                line = ""
            line += char
    if line:
        lines.append(line)
    return lines


def fit_lines(lines: list[str], size: int, width: int, max_lines: int) -> list[str]:
    """At most `max_lines` lines; if some were cut, the last one shown ends in an ellipsis."""
    if len(lines) <= max_lines:
        return lines
    kept = lines[:max_lines]
    last = kept[-1]
    while last and text_width(last + ELLIPSIS, size) > width:
        last = last[:-1]
    return [*kept[:-1], last + ELLIPSIS]


def seat_name(status: Mapping[str, Any], seat: int) -> str:
    """The name a seat's player joined with, else "Seat N" (counted from 1 for people)
    in the table's language; a bot's marked "Cogwheel (bot)" (short: the OLED is narrow)."""
    seats = status.get("seats") or []
    record = seats[seat] if 0 <= seat < len(seats) else {}
    name = record.get("name")
    if name and record.get("taken", True) and record.get("bot"):
        return words_for(status).bot(str(name), str(record["bot"]), short=True)
    if name and record.get("taken", True):  # a free seat's name is the table's "Seat N"
        return words_for(status).name(str(name))
    return words_for(status).gettext("Seat {number}", number=seat + 1)


def game_title(status: Mapping[str, Any]) -> str:
    """The title of the table's game in the table's language ("" with no game)."""
    game = status.get("game")
    if not game or game not in engines.names():
        return str(status.get("title") or game or "")
    return str(say(games.title(game), words_for(status)))


def require_public(view: Mapping[str, Any]) -> None:
    """Refuse a seat's view: the box sits in the middle of the table, in sight of all."""
    if view.get("seat") is not None:
        raise ValueError(f"screens show the public view only, not seat {view['seat']}'s")
