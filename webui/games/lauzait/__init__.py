"""Lauzait Cep on the web: the bank and score sheet for a game played with real pieces."""

from flask_babel import lazy_gettext as _l

from webui.games import WebGame
from webui.games.lauzait import choices, sheet

GAME = WebGame(
    sheet=sheet.bp,
    choices=choices.choices,
    phone_view=choices.phone_view,
    sheet_title=_l("Lauzait Cep bank and score sheet"),
    sheet_blurb=_l("for a game with real pieces"),
    sheet_intro=_l(
        "For a game with real pieces: the box keeps the bank instead of banknotes, tracks "
        "the seasons and adds up every declaration."
    ),
)
