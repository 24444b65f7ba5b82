"""The layout both trick-taking games share on the OLED: whose turn on top, then one
column per seat with the card lying before it and the seat's name under it."""

from __future__ import annotations

from device.screens.render import TITLE_BAR_HEIGHT, WIDTH, Box

# Rows, top to bottom (the title bar above them; a footer line below them).
TURN_BOX: Box = (2, TITLE_BAR_HEIGHT, WIDTH - 1, 28)
CARD_TOP, CARD_BOTTOM = 30, 43
LABEL_TOP, LABEL_BOTTOM = 44, 53


def seat_columns(players: int) -> list[tuple[int, int, int]]:
    """(seat, left, right) of one column per seat, in seat order, centred on the screen."""
    width = WIDTH // players
    margin = (WIDTH - width * players) // 2
    return [
        (seat, margin + seat * width, margin + (seat + 1) * width - 1) for seat in range(players)
    ]


def card_box(left: int, right: int) -> Box:
    """Where a card lies in a seat's column, one pixel apart from its neighbours."""
    return (left, CARD_TOP, right - 1, CARD_BOTTOM)
