"""Céna on the box: the table and scores on the OLED, the score sheet for real cards."""

from device.games import DeviceGame
from device.games.cena.scoring import SCORING
from device.games.cena.screens import cena_scores_screen, cena_screen
from device.games.cena.sheet import CenaSheet

GAME = DeviceGame(
    pages=(cena_screen, cena_scores_screen),
    sheet=CenaSheet,
    scoring=SCORING,
)
