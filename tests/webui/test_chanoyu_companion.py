"""The Chanoyu score sheet routes, against the real sheet on a real journal."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from .conftest import FakeSheets, ok, refused

PATH = "/api/companion/chanoyu"
SETUP = {"players": 3, "names": ["Ann", "Bob", "Cat"], "host": 1}


def run(suit: str, values: list[int]) -> list[dict[str, Any]]:
    ranks = {1: "A", **{n: str(n) for n in range(2, 11)}}
    return [{"card": f"{ranks[v]}{suit}"} for v in values]


def test_the_page_and_the_state_before_setup(client: FlaskClient, sheets: FakeSheets) -> None:
    page = client.get("/companion/chanoyu")
    assert page.status_code == 200
    script = re.search(r'src="(/v/\w+/games/chanoyu/sheet\.js)"', page.get_data(as_text=True))
    assert script is not None
    assert client.get(script[1]).status_code == 200
    assert 'href="/companion/chanoyu"' in client.get("/").get_data(as_text=True)
    state = ok(client.get(PATH))
    assert state == sheets.get("chanoyu").state() and state["players"] == 0


def test_setup_rounds_a_correction_and_the_end(client: FlaskClient) -> None:
    state = ok(client.post(f"{PATH}/setup", json=SETUP))
    assert state["names"] == SETUP["names"] and state["next_host"] == 1
    round_1: dict[str, Any] = {
        "round": 1,
        "tableaux": [
            [{"card": "QS", "value": 3}, *run("H", [4, 5])],
            [{"card": "T1", "value": 9}],
            run("C", [1, 2, 3]),
        ],
    }
    state = ok(client.post(f"{PATH}/round", json=round_1))
    assert state["rounds"][0]["points"] == [5, 1, 5]
    assert state["totals"] == [5, 1, 5]
    # Ann and Cat tie on 5: Ann (seat 0) is closer to the right of host Bob (seat 1).
    assert state["next_host"] == 0 and not state["over"]

    round_1["tableaux"][1] = [{"card": "T1", "value": 9}, {"card": "10D"}]
    state = ok(client.post(f"{PATH}/round", json=round_1))
    assert [(c["round"], c["before"], c["after"]) for c in state["corrections"]] == [
        (1, [5, 1, 5], [5, 3, 5])
    ]
    round_2 = {"round": 2, "tableaux": [run("S", list(range(1, 7))), run("D", [1, 2, 3]), []]}
    state = ok(client.post(f"{PATH}/round", json=round_2))
    assert state["totals"] == [16, 8, 5]
    # Cat has fewer than 8, so Ann (15 or more) loses; Bob and Cat share the win.
    assert state["over"] and state["winners"] == [1, 2] and state["next_host"] is None
    assert ok(client.get(PATH)) == state


def test_the_sheets_refusals_are_400_with_its_message(client: FlaskClient) -> None:
    bad_setup = {"players": 6, "names": ["A"] * 6}
    assert "3 to 5" in refused(client.post(f"{PATH}/setup", json=bad_setup), 400)
    round_1 = {"round": 1, "tableaux": [[], [], []]}
    assert "set up" in refused(client.post(f"{PATH}/round", json=round_1), 400)
    ok(client.post(f"{PATH}/setup", json=SETUP))
    backwards = {"round": 1, "tableaux": [run("S", [5, 2]), [], []]}
    assert "Ann's tableau" in refused(client.post(f"{PATH}/round", json=backwards), 400)
    face = {"round": 1, "tableaux": [[], [{"card": "KH"}], []]}
    assert "give the value" in refused(client.post(f"{PATH}/round", json=face), 400)
    assert "round must be 1 to 1" in refused(
        client.post(f"{PATH}/round", json={**round_1, "round": 2}), 400
    )


def test_malformed_requests_are_400_and_change_nothing(
    client: FlaskClient, sheets: FakeSheets
) -> None:
    ok(client.post(f"{PATH}/setup", json=SETUP))
    before = sheets.get("chanoyu").state()
    cases = [
        ("/setup", {"players": "3", "names": SETUP["names"]}, "players"),
        ("/setup", {"players": 3, "names": "Ann Bob Cat"}, "names"),
        ("/setup", {"players": 3, "names": ["Ann", 2, "Cat"]}, "names"),
        ("/setup", {**SETUP, "host": "Bob"}, "host"),
        ("/setup", {**SETUP, "scoring": 2}, "scoring"),
        ("/setup", {**SETUP, "colour": "red"}, "unknown"),
        ("/round", {"round": 1, "tableaux": "all"}, "tableaux"),
        ("/round", {"round": 1, "tableaux": [1, 2, 3]}, "tableaux"),
        ("/round", {"round": 1, "tableaux": [["5S"], [], []]}, "each tableau"),
        ("/round", {"round": True, "tableaux": [[], [], []]}, "round"),
        ("/round", {"tableaux": [[], [], []]}, "missing"),
        ("/round", {"round": 1, "tableaux": [[], [], []], "notes": "x"}, "unknown"),
    ]
    for path, body, words in cases:
        message = refused(client.post(f"{PATH}{path}", json=body), 400)
        assert words in message, (body, message)
    assert refused(client.post(f"{PATH}/round", data="{{", content_type="application/json"), 400)
    assert sheets.get("chanoyu").state() == before
