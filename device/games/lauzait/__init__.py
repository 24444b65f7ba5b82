"""Lauzait Cep on the box: turn, board and scores on the OLED, the bank and score sheet."""

from device.games import DeviceGame
from device.games.lauzait.scoring import SCORING
from device.games.lauzait.screens import (
    lauzait_board_screen,
    lauzait_scores_screen,
    lauzait_screen,
    lauzait_summary_screen,
)
from device.games.lauzait.sheet import LauzaitSheet

GAME = DeviceGame(
    pages=(lauzait_screen, lauzait_board_screen, lauzait_scores_screen),
    sheet=LauzaitSheet,
    scoring=SCORING,
    summary=lauzait_summary_screen,
)
