"""Lauzait Cep on the web: the bank and score sheet for a game played with real pieces."""

from webui.games import WebGame
from webui.games.lauzait import sheet

GAME = WebGame(
    sheet=sheet.bp,
    sheet_title="Lauzait Cep bank and score sheet",
    sheet_blurb="for a game with real pieces",
    sheet_intro=(
        "For a game with real pieces: the box keeps the bank instead of banknotes, tracks "
        "the seasons and adds up every declaration."
    ),
)
