"""Two complete languages (issue 15): every message id used in Python, templates and
page scripts is in both catalogs, the Japanese one translates each (not fuzzy) with
the same placeholders, and each screen picks its reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from flask.testing import FlaskClient

from device.i18n import catalogs
from device.table import Table

ROOT = Path(__file__).resolve().parents[2]
# As scripts/i18n extract: gettext's names, the page scripts' t/tn, and the errors'
# English templates (engines' IllegalAction and require, TableError, ApiError).
KEYWORDS = {
    "_": None,
    "_l": None,
    "N_": None,  # device/i18n.py: the box's words, said when drawn
    "Nn_": (1, 2),
    "gettext": None,
    "ngettext": (1, 2),
    "t": None,
    "tn": (1, 2),
    "TableError": None,
    "IllegalAction": None,
    "SetupError": None,  # engines' refusals of a setup (engines/base.py)
    "require": (2,),
    "ApiError": (2,),
    # device's refusals that become a TableError or an ApiError with their template
    "TakeBackRefused": None,
    "ReplayRefused": None,
    "RetentionError": None,
    # score sheets' and secret colours' refusals (device/companion/sheet.py's Refusal)
    "SheetError": None,
    "WrongCode": None,
    "NotTheOwner": None,
    "NotYourSeat": None,
}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def mapping() -> list[tuple[str, str]]:
    """babel.cfg's [method: pattern] sections, in order."""
    found = []
    for line in (ROOT / "babel.cfg").read_text().splitlines():
        match = re.fullmatch(r"\[(\w+):\s*(.+)\]", line.strip())
        if match:
            found.append((match[2], match[1]))
    return found


def extracted() -> dict[str, tuple[str, ...]]:
    """Every message id in the sources, as `scripts/i18n extract` finds them:
    id -> its plural form too, if any."""
    ids: dict[str, tuple[str, ...]] = {}
    methods = [(pattern, method) for pattern, method in mapping()]
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=methods, keywords=KEYWORDS
    ):
        forms = message if isinstance(message, tuple) else (message,)
        if forms and forms[0]:
            ids[forms[0]] = tuple(forms)
    return ids


@pytest.fixture(scope="module")
def source_ids() -> dict[str, tuple[str, ...]]:
    return extracted()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_message_id_in_the_sources_is_in_each_catalog(
    lang: str, source_ids: dict[str, tuple[str, ...]]
) -> None:
    catalog = catalogs.read(lang)
    missing = sorted(i for i in source_ids if catalog.get(i) is None)
    assert not missing, (
        f"{len(missing)} ids missing from {lang} (scripts/i18n update): {missing[:20]}"
    )


def test_japanese_translates_every_id_with_the_same_placeholders(
    source_ids: dict[str, tuple[str, ...]],
) -> None:
    catalog = catalogs.read("ja")
    untranslated, fuzzy, mismatched = [], [], []
    for msgid in source_ids:
        message = catalog.get(msgid)
        if message is None:
            continue  # the test above names it
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if not all(forms):
            untranslated.append(msgid)
        elif message.fuzzy:
            fuzzy.append(msgid)
        elif any(
            set(PLACEHOLDER.findall(form or "")) != set(PLACEHOLDER.findall(msgid))
            for form in forms
        ):
            mismatched.append(msgid)
    assert not untranslated, f"{len(untranslated)} untranslated: {untranslated[:20]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy: {fuzzy[:20]}"
    assert not mismatched, f"placeholders differ: {mismatched[:20]}"


def test_the_page_scripts_catalog_is_made_from_the_same_source() -> None:
    catalog = catalogs.read("ja")
    script = catalogs.script_catalog(catalog)
    for msgid, text in script.items():
        message = catalog.get(msgid)
        assert message is not None and (
            any(p.endswith(".js") or p.startswith("device/") for p, _ in message.locations)
            or msgid in catalogs.declared_words()  # a title, label or barrier an engine declares
        )
        string = message.string
        assert text == (list(string) if isinstance(string, tuple | list) else string)
    # The box sends each game's title and throw labels as the engine declares them.
    assert {"Céna", "Chanoyu", "Lauzait Cep", "Sàrénà", "Water", "Start", "Way"} <= set(script)


# --- each reader's language -----------------------------------------------------------


def nav_of(client: FlaskClient, path: str = "/", **headers: str) -> str:
    page = client.get(path, headers=headers)
    assert page.status_code == 200
    return page.get_data(as_text=True)


def test_a_phone_speaks_its_browsers_language_until_it_picks_one(client: FlaskClient) -> None:
    english = nav_of(client, **{"Accept-Language": "en-GB,en;q=0.9"})
    assert '<html lang="en">' in english and "My seat" in english
    japanese = nav_of(client, **{"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"})
    assert '<html lang="ja">' in japanese and "自分の席" in japanese
    assert '<html lang="en">' in nav_of(client, **{"Accept-Language": "fr-FR"}), "else English"
    # The switch: ?lang= sets a cookie, so the phone keeps its choice on every page.
    picked = client.get("/?lang=ja", headers={"Accept-Language": "en"})
    assert "tablemate_lang=ja" in picked.headers.get("Set-Cookie", "")
    assert '<html lang="ja">' in nav_of(client, "/seat", **{"Accept-Language": "en"})
    assert '<html lang="en">' in nav_of(client, "/?lang=en")
    assert '<html lang="en">' in nav_of(client, "/?lang=xx"), "an unknown language is ignored"


def test_an_error_is_worded_in_each_readers_language_with_its_code_and_params(
    client: FlaskClient, table: Table
) -> None:
    table.open_lobby("sarena", 2, {}, host_name="Ann")
    room = table.status()["room"]
    for lang, expected in (("en", "already called"), ("ja", "すでに")):
        response = client.post(
            "/api/join", json={"code": room, "name": " ann "}, headers={"Accept-Language": lang}
        )
        assert response.status_code == 409
        body = response.get_json()
        assert body["code"] == "name_taken" and body["params"] == {"name": "ann"}
        assert expected in body["error"], body
