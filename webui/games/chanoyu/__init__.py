"""Chanoyu on the web: the score sheet for a game played with real cards."""

from flask_babel import lazy_gettext as _l

from webui.games import WebGame
from webui.games.chanoyu import sheet

GAME = WebGame(
    sheet=sheet.bp,
    sheet_title=_l("Chanoyu score sheet"),
    sheet_blurb=_l("for a game with real cards"),
    sheet_intro=_l(
        "For a game played with real cards: after each round, enter every tableau as it "
        "lies on the table; the box adds up the points, says who hosts next and who wins."
    ),
)
