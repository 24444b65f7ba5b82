"""One word per thing (issue 26): docs/glossary.toml names one Japanese term per concept
and the variants not to use, each within its scope (the app's messages or one game's);
the Japanese catalog keeps to it, and docs/glossary.md shows exactly the TOML."""

from __future__ import annotations

from babel.messages.catalog import Catalog

import engines
from device.i18n import catalogs, glossary


def test_the_japanese_catalog_keeps_one_word_per_thing() -> None:
    found = list(glossary.violations(catalogs.read("ja")))
    assert not found, f"{len(found)} strays from docs/glossary.toml:\n" + "\n".join(found[:30])


def test_docs_glossary_md_is_generated_from_the_toml() -> None:
    assert glossary.PAGE.read_text("utf-8") == glossary.markdown(), (
        "docs/glossary.md is stale: python -m device.i18n.glossary"
    )


def test_a_message_takes_the_scopes_of_the_files_that_use_it() -> None:
    assert glossary.scopes(["webui/static/games/chanoyu/board.js"]) == {"chanoyu"}
    assert glossary.scopes(["engines/lauzait/game.py", "device/table/core.py"]) == {
        "lauzait",
        "app",
    }
    assert glossary.scopes(["webui/templates/host.html"]) == {"app"}


def test_the_host_is_hosuto_for_the_app_and_teishu_for_chanoyu_only() -> None:
    """The same English word, two concepts: the check follows each message's scope."""
    catalog = Catalog(locale="ja")
    catalog.add("Host controls", "ホスト操作", locations=[("webui/templates/seat.html", 1)])
    catalog.add("Host {name}", "亭主 {name}", locations=[("device/games/chanoyu/screens.py", 1)])
    assert not list(glossary.violations(catalog))
    wrong = Catalog(locale="ja")
    wrong.add("Host {name}", "ホスト {name}", locations=[("device/games/chanoyu/screens.py", 1)])
    wrong.add("Host controls", "亭主の操作", locations=[("webui/templates/seat.html", 1)])
    problems = list(glossary.violations(wrong))
    assert any("ホスト {name}" in p and "uses 'ホスト'" in p for p in problems)
    assert any("亭主の操作" in p and "uses '亭主'" in p for p in problems)


def test_every_term_names_a_known_scope_and_its_word_is_not_among_its_variants() -> None:
    known = {glossary.APP, *engines.names()}
    for term in glossary.terms():
        assert set(term.scope) <= known, term
        assert term.ja not in term.avoid, term
