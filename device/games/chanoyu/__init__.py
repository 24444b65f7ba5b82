"""Chanoyu on the box: trick, tableaux and scores on the OLED, the score sheet for real cards."""

from device.games import DeviceGame
from device.games.chanoyu.scoring import SCORING
from device.games.chanoyu.screens import (
    chanoyu_scores_screen,
    chanoyu_screen,
    chanoyu_tableaux_screen,
)
from device.games.chanoyu.sheet import ChanoyuSheet
from device.i18n import N_

GAME = DeviceGame(
    title=N_("Chanoyu"),
    pages=(chanoyu_screen, chanoyu_tableaux_screen, chanoyu_scores_screen),
    sheet=ChanoyuSheet,
    scoring=SCORING,
)
