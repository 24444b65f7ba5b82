"""The HTML pages: each renders, carries its DOM hooks, and its ES modules exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from device.table import Table
from webui import create_app

from .conftest import FakeBox, seat_players

STATIC = Path(__file__).resolve().parents[2] / "webui" / "static"

PAGES = {
    "/": ["link-table", "link-sim", "link-companion-cena", "back-to-seat", "rejoin-notice"],
    "/j/abcd": ["join-room", "rejoin-notice"],
    "/J/ABCD": ["join-room", "rejoin-notice"],
    "/seat": ["seat-header", "hand-area"],
    "/table": ["table-view"],
    "/host": ["hardware-warnings"],
    "/sim": ["oled", "sim-button-A", "sim-button-B", "sim-button-C", "led-stick", "led-status"],
    "/companion/cena": [],
}


@pytest.mark.parametrize("path", sorted(PAGES))
def test_every_page_renders_with_its_hooks(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert 'data-testid="error"' in html  # every page shows errors inline
    for testid in PAGES[path]:
        assert f'data-testid="{testid}"' in html, testid
    module = re.search(r'<script type="module" src="([^"]+)"', html)
    assert module is not None
    assert client.get(module.group(1)).status_code == 200


def test_join_link_fills_in_the_room_code_in_upper_case(client: FlaskClient) -> None:
    for path in ("/j/abcd", "/J/ABCD", "/j/AbCd"):
        html = client.get(path).get_data(as_text=True)
        assert 'data-code="ABCD"' in html


def test_join_link_keeps_only_letters(client: FlaskClient) -> None:
    html = client.get('/j/<b>x"y').get_data(as_text=True)
    assert 'data-code="BXY"' in html
    assert "<b>" not in html


def test_without_box_or_sheets_there_is_no_sim_or_companion(table: Table) -> None:
    client = create_app(table, testing=True).test_client()
    html = client.get("/").get_data(as_text=True)
    assert "/sim" not in html and "/companion" not in html
    assert client.get("/sim").status_code == 404
    assert client.get("/companion/cena").status_code == 404


def test_a_real_box_that_is_not_simulated_has_no_sim_page(table: Table) -> None:
    client = create_app(table, FakeBox(simulated=False), testing=True).test_client()
    assert client.get("/sim").status_code == 404
    assert client.post("/sim/button/A", json={"down": True}).status_code == 404


def test_unknown_page_is_a_plain_404(client: FlaskClient) -> None:
    response = client.get("/nowhere")
    assert response.status_code == 404
    assert "Traceback" not in response.get_data(as_text=True)


def test_join_qr_encodes_the_box_join_url_once_a_room_is_open(
    client: FlaskClient, table: Table
) -> None:
    assert client.get("/join-qr.png").status_code == 404  # no room yet
    seat_players(client, table, start=False)
    response = client.get("/join-qr.png")
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert response.data.startswith(b"\x89PNG")


def test_join_qr_without_a_box_uses_the_address_the_browser_reached(table: Table) -> None:
    from webui.routes.pages import join_url

    table.open_lobby("cena", 3, {})
    room = table.status()["room"]
    app = create_app(table, testing=True)
    with app.test_request_context("/table", base_url="http://tablemate.local:8000"):
        assert join_url(room) == f"HTTP://TABLEMATE.LOCAL:8000/J/{room}"


def test_every_es_module_import_resolves() -> None:
    """No build step: each relative import must name a file that exists."""
    modules = sorted((STATIC / "js").rglob("*.js"))
    assert modules
    for module in modules:
        for target in re.findall(r'from "(\.{1,2}/[^"]+)"', module.read_text()):
            assert (module.parent / target).resolve().is_file(), f"{module}: {target}"


def test_no_page_loads_anything_from_the_internet() -> None:
    templates = Path(__file__).resolve().parents[2] / "webui" / "templates"
    for path in [*templates.glob("*.html"), *(STATIC / "js").rglob("*.js"), STATIC / "app.css"]:
        assert not re.search(r"(src|href)=\"https?://", path.read_text()), path
        assert "cdn" not in path.read_text().lower(), path


def test_the_table_page_names_the_box_as_phones_find_it(client: FlaskClient) -> None:
    page = client.get("/table").get_data(as_text=True)
    assert '<meta name="tablemate-box-name" content="tablemate.local">' in page


def test_the_page_scripts_catalog_is_served_from_the_box(client: FlaskClient) -> None:
    assert client.get("/i18n/ja.json").get_json()["Game over"] == "ゲーム終了"
    assert client.get("/i18n/xx.json").status_code == 404
