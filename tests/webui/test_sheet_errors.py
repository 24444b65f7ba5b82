"""A score sheet refuses an entry with ValueError; webui.sheets makes that a 400 with
its message, for every sheet's routes and secret colours, and for them alone."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Blueprint, Flask
from flask.testing import FlaskClient

from webui import errors
from webui.sheets import sheet_blueprint

from .conftest import FakeSheets, ok, refused

SETUP = {"players": 3, "names": ["Ann", "Bo", "Cy"]}
MESSAGE = "the sheet says no"


def refuse(*args: Any, **kwargs: Any) -> None:
    raise ValueError(MESSAGE)


@pytest.mark.parametrize(
    ("owner", "method", "path", "body"),
    [
        ("cena", "setup", "/api/companion/cena/setup", SETUP),
        ("cena", "state", "/api/companion/cena", None),
        ("chanoyu", "setup", "/api/companion/chanoyu/setup", SETUP),
        ("lauzait", "finish", "/api/companion/lauzait/finish", {}),
        ("lauzait", "calculate", "/api/companion/lauzait/calculate", {"departments": []}),
        ("sarena", "setup", "/api/companion/sarena/setup", SETUP),
        ("colours", "start", "/api/colours/start", {"players": 3}),
        ("colours", "claim", "/api/colours/claim", {"round": 1, "seat": 0}),
        ("colours", "reveal", "/api/colours/reveal", {"round": 1}),
    ],
)
def test_a_sheets_value_error_is_a_400_with_its_message(
    client: FlaskClient,
    sheets: FakeSheets,
    monkeypatch: pytest.MonkeyPatch,
    owner: str,
    method: str,
    path: str,
    body: dict[str, Any] | None,
) -> None:
    target = sheets.colours() if owner == "colours" else sheets.get(owner)
    monkeypatch.setattr(target, method, refuse)
    answer = client.get(path) if body is None else client.post(path, json=body)
    assert refused(answer, 400) == MESSAGE


def test_the_colour_of_a_missing_round_is_a_400(client: FlaskClient) -> None:
    answer = client.get("/api/colours/mine?round=9", headers={"X-Tablemate-Token": "t"})
    assert "no such round" in refused(answer, 400)


def test_only_the_sheets_blueprints_turn_value_errors_into_400s() -> None:
    app = Flask(__name__)
    errors.register(app)
    sheet = sheet_blueprint("cena")
    plain = Blueprint("plain", __name__)

    @sheet.get("/api/sheet-says-no")
    def sheet_says_no() -> dict[str, Any]:
        raise ValueError(MESSAGE)

    @sheet.get("/api/sheet-says-yes")
    def sheet_says_yes() -> dict[str, Any]:
        return {"ok": True}

    @plain.get("/api/plain-fails")
    def plain_fails() -> dict[str, Any]:
        raise ValueError("a bug, not a refusal")

    app.register_blueprint(sheet)
    app.register_blueprint(plain)
    client = app.test_client()
    assert refused(client.get("/api/sheet-says-no"), 400) == MESSAGE
    assert ok(client.get("/api/sheet-says-yes")) == {"ok": True}
    assert "went wrong" in refused(client.get("/api/plain-fails"), 500)
