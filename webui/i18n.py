"""Which language each screen speaks, and translating what the table says.

Each phone picks its own language: `?lang=` (the page's language switch, which
also sets a cookie so the phone keeps it), else that cookie, else the browser's
Accept-Language, else English. A page may name a different default for phones
that chose nothing (the table page: the table's configured language), through
`page_default`.

Engines, the table and the routes raise errors in English with a stable code and
`{name}` placeholders (`template`, `params`); `translated(err)` looks the template up
in the reader's catalog and fills in the same params, so every screen gets the reason
in its own language. Babel's catalogs are the only dictionary, kept below the box
(device/i18n/catalogs.py, with the language list): the server and the box read the
compiled .mo, the page scripts a JSON made from the same .po (`/i18n/<lang>.json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from babel.support import NullTranslations
from flask import Flask, g, request
from flask_babel import Babel, Domain, get_locale, gettext

from device.i18n import DEFAULT, LANGUAGES, catalogs, fill, say, valid, words

COOKIE = "tablemate_lang"
COOKIE_AGE = 400 * 24 * 3600  # about the most a browser keeps a cookie


def page_default(lang: str | None) -> None:
    """The language for this request when the reader chose none (e.g. the table
    page: the table's own language)."""
    g.tablemate_page_default = valid(lang)


def chosen() -> str | None:
    """The language the reader chose: `?lang=`, else their cookie."""
    return valid(request.args.get("lang")) or valid(request.cookies.get(COOKIE))


def select_locale() -> str:
    picked = chosen() or getattr(g, "tablemate_page_default", None)
    if picked:
        return picked
    return request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT


def current() -> str:
    return str(get_locale() or DEFAULT)


def translated(template: str, params: Mapping[str, Any] | None = None) -> str:
    """`template` in the reader's language with `params` filled in (English when the
    catalog has no translation). A translation that names a placeholder the
    params lack falls back to the English, never a 500."""
    text = gettext(template) if template else template
    lang = words(current())  # a param that is itself words (a list of names) says itself
    return fill(text, template, {key: say(value, lang) for key, value in (params or {}).items()})


class _CatalogDomain(Domain):
    """Flask-Babel's domain, reading the box's catalogs as the box does
    (`catalogs.load`: compiled, or the .po in memory where an install went stale)."""

    def get_translations(self) -> NullTranslations:
        return catalogs.load(str(get_locale() or DEFAULT))


class _Babel(Babel):
    @cached_property
    def domain_instance(self) -> Domain:
        return _CatalogDomain(domain=self.domain)


def init_app(app: Flask) -> None:
    catalogs.refresh()  # a checkout after a pull; an install only checks, never writes
    _Babel(app, locale_selector=select_locale)

    @app.context_processor
    def language() -> dict[str, Any]:
        return {"lang": current(), "languages": LANGUAGES}

    @app.after_request
    def remember(response: Any) -> Any:
        asked = valid(request.args.get("lang"))
        if asked and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax")
        return response
