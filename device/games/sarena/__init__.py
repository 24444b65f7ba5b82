"""Sàrénà on the box: turn and board on the OLED, the score sheet with secret colours."""

from device.games import DeviceGame
from device.games.sarena.scoring import SCORING
from device.games.sarena.screens import (
    sarena_board_screen,
    sarena_outcome,
    sarena_screen,
    sarena_summary_screen,
)
from device.games.sarena.sheet import SarenaSheet

GAME = DeviceGame(
    pages=(sarena_screen, sarena_board_screen),
    sheet=SarenaSheet,
    scoring=SCORING,
    summary=sarena_summary_screen,
    outcome=sarena_outcome,
)
