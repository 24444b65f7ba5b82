"""Céna on the web: the score sheet for a game played with real cards."""

from flask_babel import lazy_gettext as _l

from webui.games import WebGame
from webui.games.cena import choices, sheet

GAME = WebGame(
    sheet=sheet.bp,
    choices=choices.choices,
    phone_view=choices.phone_view,
    sheet_title=_l("Céna score sheet"),
    sheet_blurb=_l("for a game with real cards"),
    sheet_intro=_l("For a game played with real cards: the box adds up the scores."),
)
