"""Each game's rules card: the goal, a turn in five lines, what ends the game and the
table's chosen options, each line linking to its section of the game's rules for
players (docs/rules/players/<name>.<lang>.md, served at /rules/<name> by
webui/routes/rules.py; the engine's specification, docs/rules/<name>.md, is at
/rules/<name>/spec).

A game declares its card in `webui/games/<name>/rules.py` as `CARD = RulesCard(...)`,
its words marked with `lazy_gettext` so Babel extracts them and each reader gets them
in their own language. Generic code renders whatever a game declares and never names
a game: `card_for(game)` finds the module by the engine's name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from flask_babel import lazy_gettext as _l

import engines
from webui import i18n

# What a card's words are: a lazy string (str() in the reader's language) or plain text.
Text = Any


@dataclass(frozen=True)
class Line:
    """One line of a card: a sentence and the section of the fuller rules it comes from
    (an anchor of the player pages, docs/rules/players/<name>.<lang>.md, the same in
    every language, as /rules/<name> renders them)."""

    text: Text
    section: str
    params: Mapping[str, Any] = field(default_factory=dict)  # `{name}` placeholders

    def render(self, game: str) -> dict[str, str]:
        return {
            "text": say(self.text, self.params),
            "href": f"/rules/{game}#{self.section}",
            "section": self.section,
        }


def say(text: Text, params: Mapping[str, Any] | None = None) -> str:
    """`text` (a lazy string) in the reader's language with `params` filled in; the
    English template is looked up (webui/i18n.py), so a translation missing a
    placeholder falls back to English, never a 500. Call inside a request."""
    if not params:
        return str(text)
    # flask_babel's LazyString keeps its msgid as its first argument; a str is itself.
    args = getattr(text, "_args", None)
    template = str(args[0]) if args else str(text)
    return i18n.translated(template, params)


# The table's options -> the lines saying what they are at this table.
OptionLines = Callable[[Mapping[str, Any], int], Sequence[Line]]


@dataclass(frozen=True)
class RulesCard:
    """What one game's card says; `turn` is exactly five lines."""

    title: Text  # the game's name in the reader's language
    goal: Sequence[Line]
    turn: Sequence[Line]
    end: Sequence[Line]
    options: OptionLines  # the table's options, each a line (defaults filled in first)


HEADINGS = {
    "goal": _l("Goal"),
    "turn": _l("A turn"),
    "end": _l("How it ends"),
    "options": _l("This table's options"),
}


@cache
def registered() -> dict[str, RulesCard]:
    """Every engine's card that exists, by engine name (`webui/games/<name>/rules.py`)."""
    found = {}
    for name in engines.names():
        module_name = f"webui.games.{name}.rules"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name not in (module_name, f"webui.games.{name}"):
                raise  # a broken import inside the game's module, not a missing card
            continue
        found[name] = module.CARD
    return found


def card_for(game: str) -> RulesCard | None:
    return registered().get(game)


def with_defaults(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The table's options with the engine's defaults for what it left out."""
    return {**engines.info(game)["defaults"], **options}


def render(game: str, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The card as the pages draw it, in the reader's language (call in a request)."""
    card = registered()[game]
    chosen = with_defaults(game, options)
    parts: dict[str, Sequence[Line]] = {
        "goal": card.goal,
        "turn": card.turn,
        "end": card.end,
        "options": card.options(chosen, players),
    }
    return {
        "game": game,
        "title": str(card.title),
        "players": players,
        "rules": f"/rules/{game}",
        "sections": [
            {
                "key": key,
                "heading": str(HEADINGS[key]),
                "lines": [line.render(game) for line in lines],
            }
            for key, lines in parts.items()
        ],
    }
