"""Sàrénà on the web: the score sheet, with the secret colours, for a game on a real board."""

from flask_babel import lazy_gettext as _l

from webui.games import WebGame
from webui.games.sarena import sheet

GAME = WebGame(
    sheet=sheet.bp,
    sheet_title=_l("Sàrénà score sheet"),
    sheet_blurb=_l("with the secret colours, for a game on a real board"),
    sheet_intro=_l(
        "For a game on a real board: the box draws the secret colours, then scores the end."
    ),
    draws_colours=True,
)
