"""The message catalogs: `.po` sources compiled into what the server and the page
scripts read, so both speak from the same sources (no second dictionary).

webui/translations/<lang>/LC_MESSAGES/messages.po  (kept in git, edited by people)
  -> messages.mo                                    (Flask-Babel, the server side)
  -> webui/static/i18n/<lang>.json                  (page scripts: entries used in .js)

`compile_all()` runs at install (scripts/setup, scripts/i18n compile) and again when
the app starts if a source is newer than what was compiled from it, so an update
never shows stale text. English is the source language: its catalog lists every
message id with an empty translation (the id itself is shown).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent
TRANSLATIONS = ROOT / "translations"
SCRIPT_CATALOGS = ROOT / "static" / "i18n"
DOMAIN = "messages"


def source(lang: str) -> Path:
    return TRANSLATIONS / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """Every language with a catalog source."""
    return sorted(
        path.parent.parent.name for path in TRANSLATIONS.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
    )


# babel.messages (reading and writing .po and .mo) is imported where it is used: the
# box compiles only when an update brought a newer .po, and otherwise never loads it.


def read(lang: str) -> Catalog:
    from babel.messages.pofile import read_po

    with source(lang).open("rb") as file:
        return read_po(file, locale=lang)


def _for_pages(path: str) -> bool:
    """Ids the page scripts look up: their own t() calls, and the words the box sends
    them as English templates (seat notices, take-back results, game titles: device/)."""
    return path.endswith(".js") or path.startswith("device/")


def script_catalog(catalog: Catalog) -> dict[str, Any]:
    """What the page scripts need: each id they may look up and its translation
    (a list of forms for a plural), untranslated and fuzzy entries left out."""
    found: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        if not any(_for_pages(path) for path, _line in message.locations):
            continue
        if message.pluralizable:
            forms = list(message.string)
            if all(forms):
                found[message.id[0]] = forms
        else:
            found[str(message.id)] = message.string
    return found


def compile_language(lang: str) -> None:
    from babel.messages.mofile import write_mo

    catalog = read(lang)
    mo = source(lang).with_suffix(".mo")
    with mo.open("wb") as file:
        write_mo(file, catalog)
    SCRIPT_CATALOGS.mkdir(parents=True, exist_ok=True)
    script = SCRIPT_CATALOGS / f"{lang}.json"
    script.write_text(
        json.dumps(script_catalog(catalog), ensure_ascii=False, sort_keys=True), "utf-8"
    )


def stale(lang: str) -> bool:
    po = source(lang)
    compiled = [po.with_suffix(".mo"), SCRIPT_CATALOGS / f"{lang}.json"]
    return any(not path.exists() or path.stat().st_mtime < po.stat().st_mtime for path in compiled)


def compile_all(*, only_stale: bool = False) -> list[str]:
    """Compile every language (or only those whose source changed); returns which."""
    done = [lang for lang in languages() if not only_stale or stale(lang)]
    for lang in done:
        compile_language(lang)
    return done


def translate(lang: str, translations_json: str) -> int:
    """Set translations in `lang`'s source from a JSON file {"id": "text"} (a plural:
    a list of forms); each set entry stops being fuzzy. Ids not in the catalog are
    refused (run `scripts/i18n sync` first). Returns how many were set."""
    from babel.messages.pofile import write_po

    wanted: Mapping[str, Any] = json.loads(Path(translations_json).read_text("utf-8"))
    catalog = read(lang)
    unknown = [msgid for msgid in wanted if catalog.get(msgid) is None]
    if unknown:
        raise SystemExit(f"not in the {lang} catalog (scripts/i18n sync first): {unknown[:10]}")
    for msgid, text in wanted.items():
        message = catalog[msgid]
        message.string = tuple(text) if isinstance(text, list) else text
        message.flags.discard("fuzzy")
    with source(lang).open("wb") as file:
        write_po(file, catalog, width=0, sort_by_file=True)
    return len(wanted)
