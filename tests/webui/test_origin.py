"""Writes only from the box's own pages (webui/guard.py): a write from another site's
page, or one a browser would send without asking (text/plain, a form), is refused
and changes nothing; the box's own pages, scripts and every read work as before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table

from .conftest import TOKEN_HEADER, FakeBox, FakeSheets, ok, refused, seat_players
from .test_fuzz import WRITES, Rig, make_rig

STATIC = Path(__file__).resolve().parents[2] / "webui" / "static"
TEMPLATES = STATIC.parent / "templates"


@pytest.fixture
def rig(table: Table, journal: Journal, box: FakeBox, sheets: FakeSheets) -> Rig:
    return make_rig(table, journal, box, sheets)


def json_write(rig: Rig, rule: str, headers: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The route's path and headers for its accepted body with its token."""
    write = WRITES[rule]
    token = rig.token(write.auth)
    if token:
        headers = {TOKEN_HEADER: token, **headers}
    return write.path or rule, headers


FOREIGN = [
    {"Origin": "http://evil.example"},
    {"Origin": "http://localhost.evil.example"},
    {"Origin": "http://localhost:8000"},  # another port is another site
    {"Origin": "https://localhost"},  # and another scheme
    {"Origin": "null"},  # a sandboxed frame, a file
    {"Origin": "http://[::1"},  # not even a URL
    {"Origin": "http://localhost:port"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "http://localhost", "Sec-Fetch-Site": "cross-site"},
]


@pytest.mark.parametrize("rule", list(WRITES))
def test_a_write_from_another_site_is_refused(rig: Rig, rule: str) -> None:
    before = rig.world()
    for origin in FOREIGN:
        path, headers = json_write(rig, rule, origin)
        response = rig.client.post(path, json=WRITES[rule].body, headers=headers)
        assert "own pages" in refused(response, 403, "cross_origin"), origin
    assert rig.world() == before


@pytest.mark.parametrize("rule", list(WRITES))
def test_a_write_that_is_not_json_is_refused(rig: Rig, rule: str) -> None:
    """What a page of another site may send without asking: text/plain, a form, or
    nothing at all (a body-less POST would throw the sticks)."""
    write = WRITES[rule]
    path = write.path or rule
    before = rig.world()
    body = json.dumps(write.body).encode()
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        response = rig.client.post(path, data=body, content_type=content_type)
        assert "JSON" in refused(response, 415, "json_required")
        response = rig.client.post(path, content_type=content_type)
        refused(response, 415, "json_required")
    response = rig.client.post(path, data={"from": "table"})  # a form's fields
    refused(response, 415, "json_required")
    assert rig.world() == before


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": "http://localhost"},
        {"Origin": "http://LocalHost:80"},  # the default port, any case
        {"Origin": "http://localhost/"},
        {"Sec-Fetch-Site": "same-origin"},
        {"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},  # typed by the user
    ],
)
def test_a_json_write_from_the_boxs_own_pages_works(client: FlaskClient, headers: dict) -> None:
    ok(client.post("/api/lobby", json={"game": "cena", "players": 3, "name": "A"}, headers=headers))
    ok(client.post("/sim/button/A", json={"down": True}, headers=headers))
    ok(client.post("/api/companion/cena/setup", json={"players": 3, "names": ["a", "b", "c"]},
                   headers=headers))  # fmt: skip
    ok(client.post("/api/colours/start", json={"players": 2}, headers=headers))


def test_a_box_reached_by_its_address_takes_its_own_pages(client: FlaskClient) -> None:
    body = {"game": "cena", "players": 3, "name": "A"}
    box = "http://192.168.1.20:8000"
    refused(client.post("/api/lobby", json=body, base_url=box,
                        headers={"Origin": "http://192.168.1.20:8001"}), 403)  # fmt: skip
    refused(client.post("/api/lobby", json=body, base_url=box,
                        headers={"Origin": "http://192.168.1.21:8000"}), 403)  # fmt: skip
    ok(client.post("/api/lobby", json=body, base_url=box, headers={"Origin": box}))


def test_the_token_header_also_marks_a_write_from_a_page_script(
    client: FlaskClient, table: Table
) -> None:
    """A custom header cannot be sent across sites without the box's consent either,
    so a write with the seat token needs no JSON type; the Origin check still holds."""
    seated = seat_players(client, table, start=False)
    host = {TOKEN_HEADER: seated.tokens[0]}
    refused(client.post("/api/host/start", headers={**host, "Origin": "http://evil.example"}), 403)
    ok(client.post("/api/host/start", headers=host))


def test_reads_are_untouched(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    foreign = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}
    for path in ("/api/status", "/api/games", "/healthz", "/", "/seat", "/table", "/sim"):
        response = client.get(path, headers=foreign, content_type="text/plain")
        assert response.status_code == 200, path
    ok(client.get("/api/state", headers={**foreign, TOKEN_HEADER: seated.tokens[1]}))


def test_unknown_routes_keep_their_own_errors(client: FlaskClient) -> None:
    refused(client.post("/api/nothing", data="x", content_type="text/plain"), 404, "not_found")
    refused(client.post("/api/status", data="x", content_type="text/plain"), 405)
    refused(
        client.post("/api/status", json={}, headers={"Origin": "http://evil.example"}),
        405,
        "method_not_allowed",
    )


def test_every_page_script_writes_json_through_api_js() -> None:
    """Every request of the box's pages goes through js/api.js's api(), which sends a
    body as JSON with its type; no page posts a form or a beacon."""
    scripts = sorted(STATIC.rglob("*.js"))
    assert scripts
    for script in scripts:
        text = script.read_text(encoding="utf-8")
        name = script.relative_to(STATIC).as_posix()
        # js/i18n.js only reads its static catalog (a GET with no body) and cannot
        # import api.js, which words its own errors through it.
        if name not in ("js/api.js", "js/i18n.js"):
            assert "fetch(" not in text, f"{name} fetches by itself: use api() from js/api.js"
        for banned in ("XMLHttpRequest", "sendBeacon", ".submit("):
            assert banned not in text, f"{name} uses {banned}"
    api = (STATIC / "js" / "api.js").read_text(encoding="utf-8")
    assert 'headers["Content-Type"] = "application/json"' in api
    assert "JSON.stringify(body)" in api
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert not re.search(r"<form[^>]*method=.?post", text, re.I), f"{template.name} posts"
