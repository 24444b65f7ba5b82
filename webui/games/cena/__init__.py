"""Céna on the web: the score sheet for a game played with real cards."""

from webui.games import WebGame
from webui.games.cena import sheet

GAME = WebGame(
    sheet=sheet.bp,
    sheet_title="Céna score sheet",
    sheet_blurb="for a game with real cards",
    sheet_intro="For a game played with real cards: the box adds up the scores.",
)
