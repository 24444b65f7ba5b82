"""A list of names in Japanese puts さん on every name, not only after the last (issue 26):
the box's screens (`Words.people`), a refusal's `{names}` said later (`People`), and the
page scripts' `people()` read the same catalog entry ("{name}" -> "{name}さん")."""

from __future__ import annotations

from device.i18n import People, catalogs, say, words
from device.screens.render import seat_name
from device.screens.result import winners_text


def test_each_name_gets_its_honorific_in_japanese_and_none_in_english() -> None:
    assert words("ja").people(["花子", "Ann", "たろう"]) == "花子さん、Annさん、たろうさん"
    assert words("en").people(["Ann", "Bo"]) == "Ann, Bo"
    assert words("en").people(["Ann", "Bo"], " & ") == "Ann & Bo"
    assert words("ja").people([]) == ""


def test_a_refusal_keeps_its_names_to_say_them_in_the_readers_language() -> None:
    names = People(["Ann", "Bo"], " and ")
    assert names == "Ann and Bo", "English everywhere the str is read (JSON params, logs)"
    assert say(names, "ja") == "Annさん、Boさん"
    text = words("ja").gettext("waiting for {names} to agree", names=say(names, "ja"))
    assert text == "Annさん、Boさんの同意を待っています。"


def test_the_result_screen_names_every_winner_with_san() -> None:
    status = {"language": "ja", "seats": [{"name": "花子"}, {"name": "Ann"}, {"name": "Bo"}]}
    assert winners_text([0, 1], status) == "花子さん、Annさんの勝ち"
    assert seat_name(status, 2) == "Bo"


def test_the_page_scripts_get_the_same_honorific() -> None:
    assert catalogs.script_catalog(catalogs.read("ja"))["{name}"] == "{name}さん"
