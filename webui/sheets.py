"""What every game's score-sheet routes share (each game's own are webui/games/<name>/sheet.py)."""

from __future__ import annotations

from flask import render_template

from webui import games


def sheet_page(game: str) -> str:
    """The score sheet's page: a shell whose script is the game's own sheet.js."""
    declared = games.registered()[game]
    return render_template(
        "sheet.html",
        game=game,
        title=declared.sheet_title,
        intro=declared.sheet_intro,
        script=f"games/{game}/sheet.js",
    )
