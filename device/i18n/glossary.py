"""One word per thing: docs/glossary.toml read, checked against a catalog, and shown as
docs/glossary.md.

A message's scope is where its ids are used: a file of one game's folders (engines/<game>/,
device/games/<game>/, webui/games/<game>/, webui/static/games/<game>/) makes it that
game's, any other file the app's; a message used in several places has several scopes
and must keep every one's words.

    python -m device.i18n.glossary     rewrites docs/glossary.md from the TOML
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

DOCS = Path(__file__).resolve().parents[2] / "docs"
SOURCE = DOCS / "glossary.toml"
PAGE = DOCS / "glossary.md"
APP = "app"
_PLACEHOLDER = re.compile(r"\{\w*\}")  # `{box}` is a number, not the box
_GAME_FOLDER = re.compile(r"^(?:engines|device/games|webui/games|webui/static/games)/(\w+)/")


@dataclass(frozen=True)
class Term:
    concept: str
    ja: str
    scope: tuple[str, ...]
    source: str = ""
    avoid: tuple[str, ...] = ()
    avoid_re: tuple[str, ...] = ()
    en: str | None = None
    exceptions: frozenset[str] = field(default_factory=frozenset)

    def problems(self, msgid: str, text: str) -> list[str]:
        """What is wrong with `text` (a translation of `msgid`) by this term."""
        found = [f"uses {word!r}" for word in self.avoid if word in text]
        found += [f"matches {rx!r}" for rx in self.avoid_re if re.search(rx, text)]
        if (
            self.en
            and msgid not in self.exceptions
            and re.search(self.en, _PLACEHOLDER.sub(" ", msgid), re.IGNORECASE)
            and self.ja not in text
        ):
            found.append(f"lacks {self.ja!r}")
        return [f"{problem} (for {self.concept})" for problem in found]


def terms(path: Path = SOURCE) -> list[Term]:
    with path.open("rb") as file:
        raw = tomllib.load(file)
    return [
        Term(
            concept=entry["concept"],
            ja=entry["ja"],
            scope=tuple(entry["scope"]),
            source=entry.get("source", ""),
            avoid=tuple(entry.get("avoid", ())),
            avoid_re=tuple(entry.get("avoid_re", ())),
            en=entry.get("en"),
            exceptions=frozenset(entry.get("except", ())),
        )
        for entry in raw["term"]
    ]


def scopes(paths: Iterable[str]) -> set[str]:
    """The scopes of a message used in these files."""
    found = set()
    for path in paths:
        match = _GAME_FOLDER.match(path)
        found.add(match[1] if match else APP)
    return found


def _forms(message: Message) -> Sequence[str]:
    string = message.string
    return [s for s in string if s] if isinstance(string, tuple | list) else [string or ""]


def violations(catalog: Catalog, glossary: Sequence[Term] | None = None) -> Iterator[str]:
    """Each place a translation strays from the glossary, as a readable line."""
    glossary = terms() if glossary is None else glossary
    for message in catalog:
        if not message.id or not message.string:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        where = scopes(path for path, _line in message.locations)
        for term in glossary:
            if not where & set(term.scope):
                continue
            for text in _forms(message):
                for problem in term.problems(msgid, text):
                    yield f"{msgid!r} => {text!r}: {problem}"


def markdown(glossary: Sequence[Term] | None = None) -> str:
    """docs/glossary.md: one table per scope."""
    import engines  # stdlib-only; each game's title as it declares it

    glossary = terms() if glossary is None else glossary
    titles = {APP: "The box, the pages and the tools"}
    titles.update((name, engines.info(name)["title"]) for name in engines.names())
    lines = [
        "# Glossary: one Japanese word per thing",
        "",
        "Generated from `docs/glossary.toml` by `python -m device.i18n.glossary`;",
        "`tests/webui/test_glossary.py` checks the Japanese catalog against it, each message",
        "within its scopes (found from its source files: a game's folders make it that game's).",
        "",
    ]
    for scope, title in titles.items():
        chosen = [term for term in glossary if term.scope[0] == scope]
        if not chosen:
            continue
        lines += [
            f"## {title}",
            "",
            "| concept | Japanese | not | also in | from |",
            "| --- | --- | --- | --- | --- |",
        ]
        for term in chosen:
            avoid = ", ".join([*term.avoid, *(f"`{rx}`" for rx in term.avoid_re)]) or "-"
            also = ", ".join(titles.get(s, s) for s in term.scope[1:]) or "-"
            lines.append(f"| {term.concept} | {term.ja} | {avoid} | {also} | {term.source} |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    PAGE.write_text(markdown(), "utf-8")
    sys.stdout.write(f"wrote {PAGE.relative_to(DOCS.parent)}\n")
