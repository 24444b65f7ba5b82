"""Rules: each game's card (webui/rules_cards.py) and its fuller rules as implemented.

GET /api/rules                    the table's game: its card with the table's options
                                  (either card: ?language=xx words it in the page's own
                                  language, e.g. the table page's, without setting a cookie)
GET /api/rules/<game>?players=&options={json}
                                  a game being chosen (the host's settings, a new game)
GET /rules/<game>                 the rules for players, docs/rules/players/<game>.<lang>.md
                                  (the English page where the reader's language has none),
                                  an anchor per section, so a card's line opens
                                  /rules/<game>#section
GET /rules/<game>/spec            the rules as the engine implements them, each with its
                                  test: docs/rules/<game>.md (<game>.<lang>.md where there
                                  is one)

Options are the table's public ones only (Table.status() never holds a secret one), and
a chosen game's options may name only the engine's non-secret options.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import force_locale
from markupsafe import Markup

import engines
from webui import i18n, rules_cards
from webui.errors import ApiError
from webui.services import services

bp = Blueprint("rules", __name__)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
PLAYERS = DOCS / "players"  # the rules as players read them, one page per language
MAX_OPTIONS_CHARS = 2000  # a whole Céna objective deck is ~400


@bp.get("/api/rules")
def current_card() -> dict[str, Any]:
    status = services().table.status()
    game = status.get("game")
    if status["phase"] == "idle" or not game:
        raise ApiError(404, "No game is open at the table", "no_game")
    if rules_cards.card_for(game) is None:
        raise ApiError(404, "This game has no rules card", "no_rules_card")
    return {"card": _in_language(game, status["players"], status.get("options") or {})}


@bp.get("/api/rules/<game>")
def chosen_card(game: str) -> dict[str, Any]:
    if game not in engines.names() or rules_cards.card_for(game) is None:
        raise ApiError(404, "This game has no rules card", "no_rules_card")
    info = engines.info(game)
    players = _players(info)
    options = _options(game)
    return {"card": _in_language(game, players, options)}


def _in_language(game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The card in `?language=` when the page names one of ours, else the reader's."""
    asked = i18n.valid(request.args.get("language"))
    if asked is None:
        return rules_cards.render(game, players, options)
    with force_locale(asked):
        return rules_cards.render(game, players, options)


def _players(info: dict[str, Any]) -> int:
    raw = request.args.get("players")
    if raw is None:
        return int(info["min_players"])
    if not raw.isdigit() or not info["min_players"] <= int(raw) <= info["max_players"]:
        raise ApiError(
            400,
            "Players must be from {low} to {high}",
            "invalid_field",
            params={"low": info["min_players"], "high": info["max_players"]},
        )
    return int(raw)


def _options(game: str) -> dict[str, Any]:
    raw = request.args.get("options")
    if not raw:
        return {}
    try:
        options = json.loads(raw) if len(raw) <= MAX_OPTIONS_CHARS else None
    except ValueError:
        options = None
    public = set(engines.info(game)["defaults"])
    if not isinstance(options, dict) or not set(options) <= public:
        raise ApiError(400, "Those are not this game's options", "invalid_field")
    return options


@bp.get("/rules/<game>")
def rules_page(game: str) -> str:
    return _page(game, players=True)


@bp.get("/rules/<game>/spec")
def spec_page(game: str) -> str:
    return _page(game, players=False)


def _page(game: str, *, players: bool) -> str:
    if game not in engines.names():
        abort(404)
    lang = i18n.current()
    found = _rendered(game, lang, players)
    if found is None:
        abort(404)
    html, toc, translated = found
    title = rules_cards.card_for(game)
    return render_template(
        "rules.html",
        game=game,
        title=str(title.title) if title else engines.info(game)["title"],
        body=Markup(html),
        toc=Markup(toc),
        english_only=lang != "en" and not translated,
    )


def _source(game: str, lang: str, players: bool) -> tuple[Path, bool] | None:
    """The page's file and whether it is in `lang`: a player page in the reader's
    language, else in English, else (a game without player pages, or `spec`) the
    engine's rules in the reader's language or in English."""
    choices = [PLAYERS / f"{game}.{lang}.md", PLAYERS / f"{game}.en.md"] if players else []
    choices += [DOCS / f"{game}.{lang}.md", DOCS / f"{game}.md"]
    for path in choices:
        if path.is_file():
            return path, lang == "en" or path.name == f"{game}.{lang}.md"
    return None


@cache
def _rendered(game: str, lang: str, players: bool = True) -> tuple[str, str, bool] | None:
    """(html, table of contents, whether in `lang`) of a game's rules; a page's
    headings get ids from their English words, and a translation names the same ids
    (`## 手番 {#a-turn-a-day}`), so a card's link finds its section in either."""
    found = _source(game, lang, players)
    if found is None:
        return None
    path, translated = found
    # Imported here, not at the top: most evenings never open the full rules, and
    # Python-Markdown costs the box about half a megabyte from the moment it loads.
    import markdown

    converter = markdown.Markdown(
        extensions=["toc", "tables", "fenced_code", "attr_list"],
        extension_configs={"toc": {"toc_depth": "2-3"}},
    )
    html = converter.convert(path.read_text("utf-8"))
    return html, str(getattr(converter, "toc", "")), translated
