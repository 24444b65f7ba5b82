"""Score sheets and secret colours refuse in each reader's language (issue 15): a
sheet's SheetError, a round's NotTheOwner and WrongCode carry an English template, a
stable code and params; the page gets the reason worded for its reader, the code and
params beside it. A sheet's page and its title speak the reader's language too."""

from __future__ import annotations

from flask.testing import FlaskClient

from device.companion.sheet import SheetError
from device.i18n import catalogs

from .conftest import FakeSheets, refused

NAMES = ["Ann", "Bo", "Cy"]
JA = {"Accept-Language": "ja"}
EN = {"Accept-Language": "en"}


def test_a_sheets_refusal_is_worded_for_each_reader_with_its_code_and_params(
    client: FlaskClient,
) -> None:
    client.post("/api/companion/chanoyu/setup", json={"players": 3, "names": NAMES})
    entry = {"round": 1, "tableaux": [[{"card": "5S", "value": 6}], [], []]}
    english = client.post("/api/companion/chanoyu/round", json=entry, headers=EN)
    assert refused(english, 400, "sheet_tableau_value") == ("Ann's tableau: 5S is worth 5, not 6")
    assert english.get_json()["params"] == {"name": "Ann", "card": "5S", "number": 5, "value": 6}
    japanese = client.post("/api/companion/chanoyu/round", json=entry, headers=JA)
    text = refused(japanese, 400, "sheet_tableau_value")
    assert text == "Annさんの茶席：5Sの値は6ではなく5です。", text


def test_a_sheet_set_up_wrong_says_so_in_japanese(client: FlaskClient) -> None:
    body = {"players": 9, "names": NAMES}
    assert (
        refused(
            client.post("/api/companion/lauzait/setup", json=body, headers=JA),
            400,
            ("sheet_players"),
        )
        == "ラウツァイト・セプは2～4人用です。"
    )
    assert "players" in refused(
        client.post("/api/companion/lauzait/setup", json=body, headers=EN), 400
    )


def test_a_colours_refusal_to_a_phone_that_is_not_the_owner_is_translated(
    client: FlaskClient, sheets: FakeSheets
) -> None:
    drawn = sheets.colours().start(3, NAMES, owned=True)
    answer = client.post(
        "/api/colours/reveal",
        json={"round": drawn.id},
        headers={**JA, "X-Tablemate-Token": "not-the-owner"},
    )
    text = refused(answer, 403, "colours_not_owner")
    assert text.startswith("この色を公開できるのは"), text
    claim = client.post("/api/colours/claim", json={"round": drawn.id, "seat": 0}, headers=JA)
    assert refused(claim, 403, "wrong_code").startswith("先にこの回のコードを入力"), claim


def test_a_sheet_error_keeps_its_english_words_and_is_a_value_error() -> None:
    err = SheetError("deal must be 1 to {last}", "sheet_deal", {"last": 2})
    assert isinstance(err, ValueError) and str(err) == "deal must be 1 to 2"
    assert (err.template, err.code, err.params) == (
        "deal must be 1 to {last}",
        "sheet_deal",
        {"last": 2},
    )


def test_every_sheet_title_and_intro_has_a_japanese_translation(client: FlaskClient) -> None:
    page = client.get("/companion/chanoyu", headers=JA).get_data(as_text=True)
    assert "茶の湯得点表" in page and "茶席" in page
    japanese = catalogs.read("ja")
    for title in (
        "Céna score sheet",
        "Chanoyu score sheet",
        "Lauzait Cep bank and score sheet",
        "Sàrénà score sheet",
    ):
        message = japanese.get(title)
        assert message is not None and message.string and not message.fuzzy, title
