"""The Céna score sheet routes, against a fake sheet."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import FakeSheets, ok, refused

SETUP = {"players": 3, "names": ["Ann", "Bob", "Cat"]}


def test_state_before_setup(client: FlaskClient, sheets: FakeSheets) -> None:
    assert ok(client.get("/api/companion/cena")) == sheets.sheet.state()


def test_setup_then_deals_then_a_correction(client: FlaskClient) -> None:
    objectives = [
        {"penalty": 10, "number": 6},
        {"penalty": 4, "suit": "A"},
        {"penalty": 1, "parity": "odd"},
    ]
    state = ok(client.post("/api/companion/cena/setup", json={**SETUP, "objectives": objectives}))
    assert state["names"] == SETUP["names"] and state["objectives"] == objectives
    alliances = [{"cards": ["W1", "W2"]}, {"count": 20, "penalty_cards": ["M6"]}, {"count": 14}]
    deal = {"deal": 1, "objective": objectives[0], "alliances": alliances}
    state = ok(client.post("/api/companion/cena/deal", json=deal))
    assert [d["deal"] for d in state["deals"]] == [1]
    assert state["corrections"] == []
    state = ok(client.post("/api/companion/cena/deal", json={**deal, "objective": None}))
    assert len(state["corrections"]) == 1
    assert ok(client.get("/api/companion/cena")) == state


def test_the_sheets_own_refusals_are_400_with_its_message(client: FlaskClient) -> None:
    bad_setup = {"players": 7, "names": ["A"] * 7}
    assert "3 to 5" in refused(client.post("/api/companion/cena/setup", json=bad_setup), 400)
    deal = {"deal": 1, "objective": None, "alliances": [{"count": 1}] * 3}
    assert "set up" in refused(client.post("/api/companion/cena/deal", json=deal), 400)


def test_malformed_sheet_requests_are_400_and_change_nothing(
    client: FlaskClient, sheets: FakeSheets
) -> None:
    ok(client.post("/api/companion/cena/setup", json=SETUP))
    before = sheets.sheet.state()
    cases = [
        ("/setup", {"players": "3", "names": SETUP["names"]}, "players"),
        ("/setup", {"players": 3, "names": "Ann Bob Cat"}, "names"),
        ("/setup", {"players": 3, "names": ["Ann", 2, "Cat"]}, "names"),
        ("/setup", {"players": 3, "names": SETUP["names"], "objectives": ["x"]}, "objectives"),
        ("/setup", {**SETUP, "colour": "red"}, "unknown"),
        ("/deal", {"deal": 1, "alliances": "all"}, "alliances"),
        ("/deal", {"deal": 1, "alliances": [1, 2, 3]}, "alliances"),
        ("/deal", {"deal": 1, "alliances": [{"cards": "W1"}] * 3}, "cards"),
        ("/deal", {"deal": 1, "alliances": [{"cards": [1]}] * 3}, "cards"),
        ("/deal", {"deal": 1, "alliances": [{"count": "3"}] * 3}, "count"),
        ("/deal", {"deal": 1, "alliances": [{"count": 3, "penalty_cards": [7]}] * 3}, "penalty"),
        ("/deal", {"deal": 1, "alliances": [{"won": 3}] * 3}, "unknown alliance"),
        ("/deal", {"deal": 1, "objective": "six", "alliances": []}, "objective"),
        ("/deal", {"deal": True, "alliances": []}, "deal"),
    ]
    for path, body, words in cases:
        message = refused(client.post(f"/api/companion/cena{path}", json=body), 400)
        assert words in message, (body, message)
    bad_json = client.post("/api/companion/cena/deal", data="{{", content_type="application/json")
    assert refused(bad_json, 400)
    assert sheets.sheet.state() == before
