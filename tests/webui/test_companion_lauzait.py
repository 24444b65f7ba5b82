"""The Lauzait Cep bank and score sheet routes, against the real sheet on the test
journal: a whole short game, the calculator, and refusals that change nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from engines.lauzait import formation_points

from .conftest import FakeSheets, ok, refused

PATH = "/api/companion/lauzait"
GOVERNMENT: list[list[Any]] = [
    ["G1", "G2", "G3"],
    ["W5", "W5", "W5"],
    ["G7", "G8", {"piece": "J", "as": "G9"}],
]


def call(client: FlaskClient, path: str, body: Any = None) -> Any:
    return ok(client.post(f"{PATH}{path}", json={} if body is None else body))


def test_the_page_and_an_empty_sheet(client: FlaskClient) -> None:
    page = client.get("/companion/lauzait")
    assert page.status_code == 200 and b"games/lauzait/sheet.js" in page.data
    assert ok(client.get(PATH))["players"] == 0


def test_a_short_game_through_the_routes(client: FlaskClient, sheets: FakeSheets) -> None:
    state = call(client, "/setup", {"players": 2, "names": ["Ann", "Bo"], "layered_bridges": 3})
    assert state["names"] == ["Ann", "Bo"] and state["seasons"][0]["direction"] == "clockwise"
    state = call(
        client, "/form", {"seat": 0, "pieces": ["G2", "G3", "J"], "roles": ["G2", "G3", "G4"]}
    )
    department = state["seats"][0]["revealed"][0]
    assert department["bonus"] == 1
    state = call(client, "/dissolve", {"seat": 0, "department": department["id"]})
    assert state["scores"] == [0, 0]
    state = call(client, "/declare", {"seat": 1, "departments": GOVERNMENT, "luminous": "G1"})
    assert (
        state["scores"][1]
        == formation_points(GOVERNMENT, luminous="G1", layered_bridges=3)["total"]
    )
    state = call(client, "/season", {"start_player": 1, "direction": "clockwise"})
    assert state["seasons"][1]["by_hand"] is True
    dissolve = next(entry for entry in state["log"] if entry["kind"] == "dissolve")
    state = call(client, "/void", {"entry": dissolve["id"]})  # Ann keeps her bonus
    assert state["scores"][0] == 1 and state["corrections"][-1]["kind"] == "void"
    state = call(client, "/finish")
    assert state["over"] and state["winners"] == [1]
    assert ok(client.get(PATH)) == sheets.get("lauzait").state()


def test_the_calculator_writes_nothing(client: FlaskClient, sheets: FakeSheets) -> None:
    call(client, "/setup", {"players": 3, "names": ["Ann", "Bo", "Cy"]})
    before = sheets.get("lauzait").state()
    answer = call(client, "/calculate", {"departments": GOVERNMENT, "stalemate": True})
    assert answer["formation"] == formation_points(GOVERNMENT, stalemate=True)
    assert answer["bonuses"] == [1, 6, 2]
    bare = call(
        client,
        "/calculate",
        {"departments": [], "stalemate": True, "hand": ["J"] * 9, "luminous": "J"},
    )
    assert bare["formation"]["total"] == 3 + 15 + 9
    assert sheets.get("lauzait").state() == before


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("/setup", {"players": "3", "names": ["a", "b", "c"]}, "players"),
        ("/setup", {"players": 3, "names": ["a", 2, "c"]}, "names"),
        ("/setup", {"players": 5, "names": ["a"] * 5}, "2 to 4"),
        ("/form", {"seat": 0, "pieces": "G1 G2 G3"}, "pieces"),
        ("/form", {"seat": 0, "pieces": ["G1", "G2", 3]}, "pieces"),
        ("/form", {"seat": 0, "pieces": ["G1", "G2", "G4"]}, "not a department"),
        ("/form", {"seat": 9, "pieces": ["G1", "G2", "G3"]}, "seat"),
        ("/form", {"seat": 0, "pieces": ["G1", "G2", "G3"], "colour": "G"}, "unknown"),
        ("/dissolve", {"seat": 0, "department": 77}, "no such department"),
        ("/dissolve", {"seat": 0}, "missing"),
        ("/declare", {"seat": 0, "departments": [["G1", "G2", "G4"]] * 3}, "not a department"),
        ("/declare", {"seat": 0, "departments": [[{"piece": "J"}]]}, "department lists"),
        ("/declare", {"seat": 0, "departments": ["G1"]}, "department lists"),
        ("/declare", {"seat": 0, "departments": GOVERNMENT, "stalemate": "yes"}, "stalemate"),
        ("/declare", {"seat": 0, "departments": GOVERNMENT, "hand": ["G1"]}, "hand"),
        ("/declare", {"seat": 0, "departments": GOVERNMENT, "season": 4}, "season"),
        ("/season", {"start_player": 0, "direction": "up"}, "direction"),
        ("/void", {"entry": 123456}, "only a form"),
        ("/calculate", {"departments": GOVERNMENT, "layered_bridges": 7}, "(?i)layered"),
    ],
)
def test_bad_entries_are_400_with_a_reason_and_change_nothing(
    client: FlaskClient, sheets: FakeSheets, path: str, body: Any, words: str
) -> None:
    call(client, "/setup", {"players": 3, "names": ["Ann", "Bo", "Cy"]})
    before = sheets.get("lauzait").state()
    message = refused(client.post(f"{PATH}{path}", json=body), 400)
    assert re.search(words, message), message
    assert sheets.get("lauzait").state() == before


def test_a_body_that_is_not_json_is_refused(client: FlaskClient) -> None:
    assert refused(client.post(f"{PATH}/setup", data="{{", content_type="application/json"), 400)
