"""What the box says itself (the OLED, its menus and notices), in the table's language.

The catalogs live here, below the box (`device/i18n/catalogs.py`), so the box draws
Japanese without loading Flask; the pages (webui/i18n.py) read the same ones during
a request. The box draws outside any request, on its render thread: `words(lang)` is
one language's `gettext`/`ngettext`, with `{name}` placeholders filled as everywhere
else.

Screens stay pure: they are handed the language, never look it up. A screen that
gets the table's status reads `status["language"]` (`words_for(status)`), the one
thing every screen is already given; the few that draw without a status (menus,
notices, secret colours) take `lang` as a parameter.

Words chosen before anyone knows who will read them (a menu's items, a notice, a
throw's label, module constants) are `Text`: the English id and its params, made
with the markers `N_(...)` and `Nn_(...)` that `scripts/i18n extract` sees, and
said in a language only when drawn (`say`). So a menu opened in English is drawn
in Japanese the moment the table's language changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Self

from babel.support import NullTranslations

from device.i18n import catalogs

# Code -> its own name, as a language menu and the pages' switch show it.
LANGUAGES = {"en": "English", "ja": "日本語"}
DEFAULT = "en"


def valid(lang: object) -> str | None:
    return lang if isinstance(lang, str) and lang in LANGUAGES else None


class Words:
    """One language's translations; English (the ids themselves) when it has none."""

    def __init__(self, lang: str, translations: NullTranslations) -> None:
        self.lang = lang
        self._translations = translations

    def gettext(self, message: str, **params: Any) -> str:
        return fill(self._translations.gettext(message), message, params)

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """The form for `n`; `{count}` is `n` unless params say otherwise."""
        text = self._translations.ngettext(singular, plural, n)
        english = singular if n == 1 else plural
        return fill(text, english, {"count": n, **params})

    def name(self, name: str) -> str:
        """A name the box made up for a nameless player ("Player 3", also a name deleted
        from history) in this language; a name someone typed, as it is."""
        made = _MADE_UP_NAME.fullmatch(name)
        return self.gettext(PLAYER_N, number=int(made[1])) if made else name

    def bot(self, name: str, level: str, *, short: bool = False) -> str:
        """A bot's seat as every screen marks it: "Bot: Cogwheel, normal"; `short` for
        the OLED's narrow columns, the name first so that cutting it keeps the name:
        "Cogwheel (bot)"."""
        if short:
            return self.gettext(BOT_SHORT, name=name)
        template = BOT_LABELS.get(level)
        return self.gettext(template, name=name) if template else name

    def people(self, names: Iterable[str], joiner: str = ", ") -> str:
        """Names as a list in this language, each with its honorific ("花子さん、Annさん"):
        Japanese puts さん on every name, not only after the last. `joiner` is the
        English one (", " or " and ")."""
        names = list(names)
        if self.lang == DEFAULT:
            return joiner.join(names)
        return self.gettext(LIST_COMMA).join(self.gettext(PERSON, name=name) for name in names)


def fill(text: str, english: str, params: Mapping[str, Any]) -> str:
    """`text` with its placeholders filled; a translation naming a placeholder the
    params lack falls back to the English, never an error (the box and the pages)."""
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return english.format(**params)


@cache
def words(lang: str | None) -> Words:
    """The words of `lang` (English for None or a language without a catalog)."""
    code = valid(lang) or DEFAULT
    if code == DEFAULT:
        return Words(code, NullTranslations())  # English is the ids themselves
    return Words(code, catalogs.load(code))


def words_for(status: Mapping[str, Any] | None) -> Words:
    """The table's language, from the status every screen is given."""
    return words((status or {}).get("language"))


class Text(str):
    """Words to say later, in the reader's language: a str of the English (so code and
    tests that only know English keep working), which also keeps its id and params to
    say it again in another language (a param may itself be a Text)."""

    message: str
    params: Mapping[str, Any]
    plural: str | None
    n: int  # which plural form (not `count`: str has a method of that name)

    def __new__(
        cls,
        message: str,
        params: Mapping[str, Any] | None = None,
        plural: str | None = None,
        count: int = 1,
    ) -> Self:
        params = dict(params or {})
        english = message if plural is None or count == 1 else plural
        made = super().__new__(cls, fill(english, english, params))
        made.message, made.params, made.plural, made.n = message, params, plural, count
        return made

    def say(self, lang: Words | str | None) -> str:
        w = lang if isinstance(lang, Words) else words(lang)
        params = {key: say(value, w) for key, value in self.params.items()}
        if self.plural is None:
            return w.gettext(self.message, **params)
        return w.ngettext(self.message, self.plural, self.n, **params)


def N_(message: str, **params: Any) -> Text:
    """Mark `message` for the catalogs; worded later, when drawn."""
    return Text(message, params)


def Nn_(singular: str, plural: str, count: int, **params: Any) -> Text:
    """A plural marked for the catalogs: "{count} player" / "{count} players"."""
    return Text(singular, {"count": count, **params}, plural, count)


def say(text: Any, lang: Words | str | None) -> Any:
    """A Text in `lang`; anything else (a name, a number: data) as it is."""
    return text.say(lang) if isinstance(text, Text) else text


class People(Text):
    """A list of names to say later (a refusal's `{names}`): English as `joiner` joins
    them, each other language through `Words.people` (Japanese: さん on every name)."""

    names: tuple[str, ...]
    joiner: str

    def __new__(cls, names: Sequence[str], joiner: str = ", ") -> Self:
        made = super().__new__(cls, joiner.join(names))
        made.names, made.joiner = tuple(names), joiner
        return made

    def say(self, lang: Words | str | None) -> str:
        w = lang if isinstance(lang, Words) else words(lang)
        return w.people(self.names, self.joiner)


# What the table and the sheets call a nameless player (data, in English), said per reader.
PLAYER_N = N_("Player {number}").message
_MADE_UP_NAME = re.compile(r"Player (\d+)")
# TRANSLATORS: one person's name in a list of names ("Ann, Bo"); Japanese adds さん to each.
PERSON = N_("{name}").message
# TRANSLATORS: the separator between names in a list ("Ann, Bo and Cy").
LIST_COMMA = N_(", ").message


BOT_SHORT = N_("{name} (bot)").message
# How a bot's seat is named on every screen, per level (engines/bots LEVELS); the phones'
# pages say the same (webui/static/js/i18n.js botName).
BOT_LABELS = {
    "easy": N_("Bot: {name}, easy").message,
    "normal": N_("Bot: {name}, normal").message,
    "strong": N_("Bot: {name}, strong").message,
}
