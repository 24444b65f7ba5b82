"""Chanoyu on the web: the score sheet for a game played with real cards."""

from webui.games import WebGame
from webui.games.chanoyu import sheet

GAME = WebGame(
    sheet=sheet.bp,
    sheet_title="Chanoyu score sheet",
    sheet_blurb="for a game with real cards",
    sheet_intro=(
        "For a game played with real cards: after each round, enter every tableau as it "
        "lies on the table; the box adds up the points, says who hosts next and who wins."
    ),
)
