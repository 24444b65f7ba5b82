"""The lobby: a QR code to join from a phone, the room code, who has sat down."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import qrcode
from PIL import Image

from device.screens.fonts import BIG, HUGE, SMALL
from device.screens.render import (
    HEIGHT,
    WIDTH,
    Draw,
    draw_text,
    fit_lines,
    game_title,
    render,
    wrap,
)

QR_MODULE_PX = 2  # one module per OLED pixel is too small for phone cameras
QR_BORDER = 2  # quiet zone, in modules
QR_AREA = 64  # the QR gets a square on the left, as tall as the screen
QR_LEFT = 0
PANEL_LEFT = QR_AREA  # the room code and seats fill the rest
MARKER_DIAMETER = 7
MARKER_STEP = 11


@lru_cache(maxsize=8)
def join_qr(join_url: str, border: int = QR_BORDER) -> tuple[tuple[bool, ...], ...] | None:
    """The QR modules (True = dark) of `join_url` with its quiet zone of `border`
    modules, or None when it needs more than `QR_AREA` pixels at `QR_MODULE_PX` a
    module.

    Cached: the mask search is ~85% of a lobby frame, and the URL changes once a game.
    """
    code = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_L,
        box_size=QR_MODULE_PX,
        border=border,
    )
    code.add_data(join_url)
    code.make(fit=True)
    matrix = tuple(tuple(row) for row in code.get_matrix())
    return matrix if len(matrix) * QR_MODULE_PX <= QR_AREA else None


def qr_top(modules: int) -> int:
    """Top edge of a QR of `modules` modules, centred vertically."""
    return (HEIGHT - modules * QR_MODULE_PX) // 2


def lobby_screen(status: Mapping[str, Any], join_url: str) -> Image.Image:
    """QR of the join link on the left; game, big room code and seats on the right."""
    matrix = join_qr(join_url)
    seats = status.get("seats") or []
    taken = [bool(seat.get("taken")) for seat in seats]

    def draw(d: Draw) -> None:
        if matrix is None:
            _draw_url(d, join_url)
        else:
            draw_qr(d, matrix)
        left, right = PANEL_LEFT + 2, WIDTH - 1
        draw_text(d, game_title(status), SMALL, (left, 0, right, 11), "centre")
        draw_text(d, status.get("room") or "", HUGE, (left, 12, right, 37), "centre")
        draw_text(d, f"{sum(taken)}/{len(taken)}", BIG, (left, 38, right, 51), "centre")
        _draw_seat_markers(d, taken, (left + right) // 2, 54)

    return render(draw)


def draw_qr(d: Draw, matrix: tuple[tuple[bool, ...], ...]) -> None:
    """Dark modules as unlit pixels on a lit square: the usual dark-on-light QR that
    every phone camera reads, on a screen that lights its 'white'."""
    top = qr_top(len(matrix))
    size = len(matrix) * QR_MODULE_PX
    d.rectangle((QR_LEFT, top, QR_LEFT + size - 1, top + size - 1), fill="white")
    for row, modules in enumerate(matrix):
        for col, dark in enumerate(modules):
            if dark:
                x, y = QR_LEFT + col * QR_MODULE_PX, top + row * QR_MODULE_PX
                d.rectangle((x, y, x + QR_MODULE_PX - 1, y + QR_MODULE_PX - 1), fill="black")


def _draw_url(d: Draw, join_url: str) -> None:
    """The link as text where its QR would be too big: a smaller QR would not scan."""
    width = QR_AREA - 4
    lines = fit_lines(wrap(join_url, SMALL, width), SMALL, width, max_lines=5)
    line_height = 12
    top = (HEIGHT - line_height * len(lines)) // 2
    for index, line in enumerate(lines):
        y = top + index * line_height
        draw_text(d, line, SMALL, (QR_LEFT, y, QR_LEFT + width, y + line_height - 1))


def _draw_seat_markers(d: Draw, taken: list[bool], centre_x: int, top: int) -> None:
    """One circle per seat, filled once someone sits there."""
    left = centre_x - (MARKER_STEP * (len(taken) - 1) + MARKER_DIAMETER) // 2
    for index, is_taken in enumerate(taken):
        x = left + index * MARKER_STEP
        box = (x, top, x + MARKER_DIAMETER - 1, top + MARKER_DIAMETER - 1)
        d.ellipse(box, outline="white", fill="white" if is_taken else None)
