"""Chanoyu on the box: trick, tableaux and scores on the OLED, the score sheet for real cards."""

from device.games import DeviceGame
from device.games.chanoyu.scoring import SCORING
from device.games.chanoyu.screens import (
    chanoyu_outcome,
    chanoyu_scores_screen,
    chanoyu_screen,
    chanoyu_tableaux_screen,
)
from device.games.chanoyu.sheet import ChanoyuSheet

GAME = DeviceGame(
    pages=(chanoyu_screen, chanoyu_tableaux_screen, chanoyu_scores_screen),
    sheet=ChanoyuSheet,
    outcome=chanoyu_outcome,
    scoring=SCORING,
)
