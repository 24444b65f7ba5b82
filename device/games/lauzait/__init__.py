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
from device.i18n import N_

GAME = DeviceGame(
    title=N_("Lauzait Cep"),
    pages=(lauzait_screen, lauzait_board_screen, lauzait_scores_screen),
    sheet=LauzaitSheet,
    scoring=SCORING,
    summary=lauzait_summary_screen,
)

# The engine's labels of its throws (its random_events), for the catalogs: the box
# words "Water: Ann" in the table's language (device.box.look.throw_label).
THROW_LABELS = (N_("Water"), N_("Start"), N_("Way"))
