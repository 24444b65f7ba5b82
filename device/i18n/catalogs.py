"""The message catalogs: `.po` sources compiled into what the box, the server and the
page scripts read, so all three speak from the same sources (no second dictionary).

device/i18n/translations/<lang>/LC_MESSAGES/
  messages.po       kept in git, edited by people
  messages.mo       the box (device.i18n) and the pages (Flask-Babel) read it
  messages.json     the page scripts' entries (ids used in .js and sent by the box)
  messages.sha256   the hash of the .po these were compiled from

They live below the box (device/) because the box draws Japanese on the OLED without
loading Flask; the web layer imports them from here, never the reverse.

`compile_all()` runs when the project is installed (scripts/setup, systemd/install.sh,
`scripts/i18n compile`). An installed box never writes into its install: at start the
app only checks each catalog by content (the recorded hash against the .po's), and
a stale or missing one it cannot rewrite is compiled in memory with one warning
(`load`), so a translation never stops the box. English is the source language: its
catalog lists every message id with an empty translation (the id itself is shown).
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.support import NullTranslations, Translations

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

log = logging.getLogger(__name__)

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"


def source(lang: str) -> Path:
    return TRANSLATIONS / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled_mo(lang: str) -> Path:
    return source(lang).with_suffix(".mo")


def script_json(lang: str) -> Path:
    """The page scripts' catalog (served at /i18n/<lang>.json)."""
    return source(lang).with_suffix(".json")


def _stamp(lang: str) -> Path:
    return source(lang).with_suffix(".sha256")


def languages() -> list[str]:
    """Every language with a catalog source."""
    return sorted(
        path.parent.parent.name for path in TRANSLATIONS.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
    )


# babel.messages (reading and writing .po and .mo) is imported where it is used: an
# installed box finds its catalogs compiled and never loads it.


def read(lang: str) -> Catalog:
    from babel.messages.pofile import read_po

    with source(lang).open("rb") as file:
        return read_po(file, locale=lang)


def _for_pages(path: str) -> bool:
    """Ids the page scripts look up: their own t() calls, and the words the box sends
    them as English templates (seat notices, take-back results: device/)."""
    return path.endswith(".js") or path.startswith("device/")


@cache
def declared_words() -> frozenset[str]:
    """The words every engine declares (engines/base.py GameInfo: its title, its throws'
    labels, its barriers' sentences), which the box sends to pages as they are."""
    import engines  # pure and stdlib-only: cheap, but only needed when compiling

    return frozenset(word for name in engines.names() for word in engines.game_info(name).words())


def for_pages(message: Any) -> bool:
    """Whether the page scripts' catalog holds this catalog entry."""
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    return any(_for_pages(path) for path, _line in message.locations) or any(
        word in declared_words() for word in ids
    )


def script_catalog(catalog: Catalog) -> dict[str, Any]:
    """What the page scripts need: each id they may look up and its translation
    (a list of forms for a plural), untranslated and fuzzy entries left out."""
    found: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        if not for_pages(message):
            continue
        if message.pluralizable:
            forms = list(message.string)
            if all(forms):
                found[message.id[0]] = forms
        else:
            found[str(message.id)] = message.string
    return found


def _digest(lang: str) -> str:
    return hashlib.sha256(source(lang).read_bytes()).hexdigest()


def _mo_bytes(catalog: Catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def compile_language(lang: str) -> None:
    """Write `lang`'s .mo, page-script JSON and hash stamp (the stamp last, so an
    interrupted compile reads as stale and is done again)."""
    digest = _digest(lang)
    catalog = read(lang)
    compiled_mo(lang).write_bytes(_mo_bytes(catalog))
    script_json(lang).write_text(
        json.dumps(script_catalog(catalog), ensure_ascii=False, sort_keys=True), "utf-8"
    )
    _stamp(lang).write_text(digest + "\n", "utf-8")


def stale(lang: str) -> bool:
    """Whether `lang`'s compiled files are missing or were made from another .po.
    By content, not file times: pip unpacks files in no promised order."""
    stamp = _stamp(lang)
    if not (stamp.exists() and compiled_mo(lang).exists() and script_json(lang).exists()):
        return True
    return stamp.read_text("utf-8").strip() != _digest(lang)


def compile_all(*, only_stale: bool = False) -> list[str]:
    """Compile every language (or only the stale ones); returns which. For install
    time and development: it writes next to the sources."""
    done = [lang for lang in languages() if not only_stale or stale(lang)]
    for lang in done:
        compile_language(lang)
    return done


def refresh() -> list[str]:
    """At start: recompile stale catalogs where the install can be written (a
    development checkout after a pull); where it cannot (an installed box), leave them
    and say so once: `load` then compiles them in memory. Returns the stale ones."""
    behind = [lang for lang in languages() if stale(lang)]
    for lang in behind:
        try:
            compile_language(lang)
        except OSError as err:
            log.warning(
                "catalog %s is stale and cannot be rewritten (%s); using the .po in memory",
                lang,
                err,
            )
    return behind


@cache
def load(lang: str) -> NullTranslations:
    """`lang`'s translations: the compiled .mo when it matches its .po, else the .po
    compiled in memory (a read-only install whose catalogs went stale), else none."""
    if not source(lang).exists():
        return NullTranslations()
    if not stale(lang):
        return Translations.load(str(TRANSLATIONS), [lang], DOMAIN)
    return Translations(io.BytesIO(_mo_bytes(read(lang))), domain=DOMAIN)


def script_entries(lang: str) -> bytes:
    """The page scripts' catalog as JSON bytes, compiled or (stale) made in memory."""
    if not source(lang).exists():
        return b"{}"
    if not stale(lang):
        return script_json(lang).read_bytes()
    return json.dumps(script_catalog(read(lang)), ensure_ascii=False, sort_keys=True).encode()


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
