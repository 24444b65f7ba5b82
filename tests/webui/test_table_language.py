"""The table's language (issue 15, item 3): the host sets it from /host, the box's OLED
and the TV page speak it, and each phone keeps its own."""

from __future__ import annotations

from flask.testing import FlaskClient

from device.table import Table
from tests.webui.conftest import get, ok, post, refused, seat_players


def html_lang(client: FlaskClient, path: str, **headers: str) -> str:
    page = client.get(path, headers=headers)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    return text.split('<html lang="', 1)[1].split('"', 1)[0]


def test_only_the_host_sets_the_tables_language(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table, start=False)
    refused(
        post(client, "/api/host/language", {"language": "ja"}, seated.tokens[1]), 403, "not_host"
    )
    refused(post(client, "/api/host/language", {"language": "ja"}), 403)
    refused(
        post(client, "/api/host/language", {"language": "fr"}, seated.tokens[0]),
        400,
        "invalid_field",
    )
    refused(post(client, "/api/host/language", {}, seated.tokens[0]), 400, "invalid_field")
    assert table.status()["language"] == "en"
    ok(post(client, "/api/host/language", {"language": "ja"}, seated.tokens[0]))
    assert ok(get(client, "/api/state"))["table"]["language"] == "ja"


def test_the_tv_speaks_the_tables_language_unless_it_picked_its_own(
    client: FlaskClient, table: Table
) -> None:
    english_browser = {"Accept-Language": "en-GB,en;q=0.9"}
    assert html_lang(client, "/table", **english_browser) == "en"
    table.set_language("ja")
    assert html_lang(client, "/table", **english_browser) == "ja"
    # A phone's pages keep following its own browser.
    assert html_lang(client, "/", **english_browser) == "en"
    # A TV that picked English (its switch: ?lang=, then a cookie) keeps it.
    assert html_lang(client, "/table?lang=en") == "en"
    assert html_lang(client, "/table") == "en"


def test_the_host_page_offers_the_languages_with_the_tables_selected(
    client: FlaskClient, table: Table
) -> None:
    table.set_language("ja")
    page = client.get("/host", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'data-testid="table-language-select"' in page
    assert '<option value="ja" selected>日本語</option>' in page
    assert '<option value="en">English</option>' in page
