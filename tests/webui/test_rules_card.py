"""Each game's rules card (webui/rules_cards.py, webui/routes/rules.py; issue 15, item 5):
every registered engine declares one (a goal, a turn in five lines, what ends it), its
option lines follow the table's options, every line links to a section that exists in
the fuller rules page, and both languages are whole."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

import engines
from device.table import Table
from tests.webui.conftest import ok, refused
from webui import rules_cards

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def card(client: FlaskClient, path: str, lang: str = "en") -> dict[str, Any]:
    body = ok(client.get(path, headers={"Accept-Language": lang}))
    assert isinstance(body["card"], dict)
    return body["card"]


def chosen(client: FlaskClient, game: str, lang: str = "en", **options: Any) -> dict[str, Any]:
    query = f"?options={json.dumps(options)}" if options else ""
    return card(client, f"/api/rules/{game}{query}", lang)


def lines(found: dict[str, Any], key: str) -> list[str]:
    (part,) = [s for s in found["sections"] if s["key"] == key]
    return [line["text"] for line in part["lines"]]


def page_ids(client: FlaskClient, game: str, lang: str = "en") -> set[str]:
    page = client.get(f"/rules/{game}", headers={"Accept-Language": lang})
    assert page.status_code == 200
    return set(re.findall(r'\sid="([^"]+)"', page.get_data(as_text=True)))


@pytest.mark.parametrize("game", engines.names())
def test_every_engine_declares_a_card_whose_lines_link_to_its_rules(
    client: FlaskClient, game: str
) -> None:
    assert game in rules_cards.registered(), f"webui/games/{game}/rules.py declares no CARD"
    found = chosen(client, game)
    assert [s["key"] for s in found["sections"]] == ["goal", "turn", "end", "options"]
    assert len(lines(found, "turn")) == 5, "a turn in five lines"
    assert lines(found, "goal") and lines(found, "end") and lines(found, "options")
    ids = page_ids(client, game)
    for part in found["sections"]:
        for line in part["lines"]:
            assert line["text"].strip() and "{" not in line["text"], line
            assert line["href"] == f"/rules/{game}#{line['section']}"
            assert line["section"] in ids, f"{game}: no section #{line['section']} in its rules"
    assert found["rules"] == f"/rules/{game}"


@pytest.mark.parametrize("game", engines.names())
def test_the_japanese_card_is_translated_line_by_line(client: FlaskClient, game: str) -> None:
    english, japanese = chosen(client, game, "en"), chosen(client, game, "ja")
    assert JAPANESE.search(japanese["title"]) and japanese["title"] != english["title"]
    for en_part, ja_part in zip(english["sections"], japanese["sections"], strict=True):
        assert JAPANESE.search(ja_part["heading"]), ja_part["heading"]
        for en_line, ja_line in zip(en_part["lines"], ja_part["lines"], strict=True):
            assert JAPANESE.search(ja_line["text"]), f"{game}: untranslated {ja_line['text']!r}"
            assert ja_line["href"] == en_line["href"], "the same section in either language"


def test_option_lines_follow_the_tables_options(client: FlaskClient) -> None:
    assert "Full rule" in lines(chosen(client, "cena"), "options")[0]
    cena = lines(chosen(client, "cena", simplified=True, host=2), "options")
    assert cena[0].startswith("Simplified rule") and "Seat 3 hosts" in cena[1]
    assert "deal 1 -10 per card numbered 6; deal 2 -4 per ale card" in cena[2]
    mine = [
        {"penalty": 3, "suit": "W"},
        {"penalty": 5, "parity": "even"},
        {"penalty": 1, "number": 2},
    ]
    ordered = lines(chosen(client, "cena", objectives=mine), "options")[2]
    assert (
        "deal 1 -3 per wine card; deal 2 -5 per even card; deal 3 -1 per card numbered 2" in ordered
    )
    drawn = lines(chosen(client, "cena", draw_objectives=True, objectives=mine * 2), "options")
    assert "drawn at random from a deck of 6" in drawn[2]
    assert "簡易ルール" in lines(chosen(client, "cena", "ja", simplified=True), "options")[0]

    assert lines(chosen(client, "lauzait"), "options") == [
        "Luminous piece: off.",
        "Layered bridges score 2: two departments with the same numbers.",
    ]
    lauzait = lines(chosen(client, "lauzait", luminous=True, layered_bridges=3), "options")
    assert lauzait[0].startswith("Luminous piece: on") and "score 3" in lauzait[1]
    assert "光駒" in lines(chosen(client, "lauzait", "ja", luminous=True), "options")[0]
    assert (
        "重なり橋は3点" in lines(chosen(client, "lauzait", "ja", layered_bridges=3), "options")[1]
    )

    assert lines(chosen(client, "sarena"), "options")[0].startswith("Fair chips: off")
    assert "exactly 9" in lines(chosen(client, "sarena", fair=True), "options")[0]
    assert "Seat 2 is the first host" in lines(chosen(client, "chanoyu", host=1), "options")[0]


def test_the_tables_card_has_its_options_in_the_readers_language(
    client: FlaskClient, table: Table
) -> None:
    assert refused(client.get("/api/rules"), 404, "no_game")
    table.open_lobby("lauzait", 3, {"luminous": True, "layered_bridges": 3}, host_name="Ann")
    english = card(client, "/api/rules")
    assert english["game"] == "lauzait" and english["players"] == 3
    assert lines(english, "options")[0].startswith("Luminous piece: on")
    assert "score 3" in lines(english, "options")[1]
    japanese = card(client, "/api/rules", "ja")
    assert japanese["title"] == "ラウツァイト・セプ"
    assert "光駒：あり" in lines(japanese, "options")[0]


def test_bad_requests_are_refused_with_a_code(client: FlaskClient) -> None:
    assert refused(client.get("/api/rules/chess"), 404, "no_rules_card")
    assert refused(client.get("/api/rules/cena?options=[1]"), 400, "invalid_field")
    assert refused(client.get("/api/rules/cena?options={"), 400, "invalid_field")
    # A secret option (a preset hand) is never an option a card is asked about.
    assert refused(client.get('/api/rules/cena?options={"hands":[]}'), 400, "invalid_field")
    assert refused(client.get("/api/rules/cena?options=" + "x" * 3000), 400, "invalid_field")
    assert refused(client.get("/api/rules/cena?players=9"), 400, "invalid_field")
    assert refused(client.get("/api/rules/cena?players=-1"), 400, "invalid_field")
    assert client.get("/rules/chess").status_code == 404
    assert client.get("/rules/..%2Fcena").status_code == 404


def test_the_fuller_rules_page_has_an_anchor_per_section(client: FlaskClient) -> None:
    page = client.get("/rules/sarena").get_data(as_text=True)
    assert '<h2 id="moves">Moves</h2>' in page and '<h2 id="end">End</h2>' in page
    spec = client.get("/rules/cena/spec").get_data(as_text=True)
    assert "<table>" in spec and "test_" in spec, "the engine's rules, each with its test"
    assert 'href="/rules/cena/spec"' in client.get("/rules/cena").get_data(as_text=True)
    # A language without its own page says the rules are in English, the page stays.
    japanese = client.get("/rules/sarena/spec", headers={"Accept-Language": "ja"})
    assert 'data-testid="rules-english-only"' in japanese.get_data(as_text=True)
    assert 'id="moves"' in japanese.get_data(as_text=True)
    assert client.get("/rules/chess/spec").status_code == 404


@pytest.mark.parametrize("game", engines.names())
def test_every_game_has_player_rules_in_both_languages_with_the_same_sections(
    client: FlaskClient, game: str
) -> None:
    english, japanese = page_ids(client, game), page_ids(client, game, "ja")
    assert japanese == english, "a Japanese reader's links land on the same sections"
    page = client.get(f"/rules/{game}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "rules-english-only" not in page
    assert "プレイヤーのためのルール" in page, "the page itself is in Japanese, for players"
    assert "test_" not in page, "a player page, not the engine's specification"
    for part in chosen(client, game, "ja")["sections"]:
        for line in part["lines"]:
            assert line["section"] in japanese


def test_a_page_may_name_its_own_language_for_the_card(client: FlaskClient, table: Table) -> None:
    # The table page speaks the table's language even where the TV's browser says English.
    table.open_lobby("cena", 3, {}, host_name="Ann")
    response = client.get("/api/rules?language=ja", headers={"Accept-Language": "en"})
    assert ok(response)["card"]["title"] == "チェーナ"
    assert "tablemate_lang" not in response.headers.get("Set-Cookie", ""), "no cookie set"
    assert card(client, "/api/rules?language=xx")["title"] == "Céna", "unknown: the reader's"
