"""A phone's compact view (?compact=1, webui/choices.py): the same choices as the full
legal list, described in a few hundred bytes, and nothing more."""

from __future__ import annotations

import json
import random
from itertools import combinations
from typing import Any

import pytest
from flask.testing import FlaskClient

from device.table import Table
from webui.choices import pick_from
from webui.games.lauzait.choices import choices as lauzait_choices
from webui.state import TABLE_UNREAD

from .conftest import Seated, get, ok, post, seat_players
from .test_lauzait import seat_lauzait
from .test_stream import Stream


def frozen(action: dict[str, Any]) -> str:
    """An action as a comparable value (a reveal's cards in any order)."""
    if "cards" in action:
        action = {**action, "cards": sorted(action["cards"])}
    return json.dumps(action, sort_keys=True)


def expanded(state: dict[str, Any]) -> set[str]:
    """Every action the compact view stands for, as the full list would give them."""
    actions = {frozen(a) for a in state["legal"]}
    for card, places in state["choices"].get("play", []):
        actions.update(frozen({"type": "play", "card": card, "to": to}) for to in places)
    for pieces, ways in state["choices"].get("form", []):
        for roles in ways:
            actions.add(frozen({"type": "form", "pieces": pieces, "roles": roles.split(" ")}))
    reveal = state["choices"].get("reveal")
    if reveal:
        for cards in combinations(reveal["from"], reveal["pick"]):
            actions.add(frozen({"type": "reveal", "cards": list(cards)}))
    hire = state["choices"].get("hire")
    if hire:
        width = hire["width"]
        moves = dict((start, ends) for start, ends in hire["moves"])
        for piece, starts in hire["discards"]:
            for start in moves if starts is None else starts:
                for end in moves[start]:
                    square = lambda n: [n // width, n % width]  # noqa: E731
                    actions.add(
                        frozen(
                            {
                                "type": "hire",
                                "discard": piece,
                                "from": square(start),
                                "to": square(end),
                            }
                        )
                    )
    return actions


def both_views(seated: Seated, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    token = seated.tokens[seat]
    full = ok(get(seated.client, "/api/state", token))
    compact = ok(get(seated.client, "/api/state?compact=1", token))
    return full, compact


def without_unread(full: dict[str, Any]) -> dict[str, Any]:
    """The full view less what a phone's page never reads (WebGame.phone_view)."""
    if full["game"] == "cena":
        return {k: v for k, v in full.items() if k != "tricks"}
    if full["game"] == "lauzait":
        throws = [{k: v for k, v in t.items() if k != "sticks"} for t in full["start_throws"]]
        return {**full, "start_throws": throws}
    return full


def check_same_choices(full: dict[str, Any], compact: dict[str, Any]) -> None:
    assert expanded(compact) == {frozen(a) for a in full["legal"]}
    # Beside legal and choices, the compact view is the full view less what the page
    # never reads: no new field, no other value.
    rest = {k: v for k, v in compact.items() if k not in ("legal", "choices", "table")}
    trimmed = without_unread(full)
    assert rest == {k: v for k, v in trimmed.items() if k not in ("legal", "table")}
    seal = full["table"]["fingerprint"]
    table = {k: v for k, v in full["table"].items() if k not in TABLE_UNREAD}
    assert compact["table"] == {**table, "fingerprint": {"short": seal["short"]}}


def play(seated: Seated, rng: random.Random) -> None:
    """One action of the first seat the game waits for (after any summary)."""
    pause = seated.table.status()["interlude"]
    for waiting in pause["waiting"] if pause else []:
        ok(post(seated.client, "/api/continue", token=seated.tokens[waiting]))
    seat = seated.table.to_act()[0]
    legal = ok(get(seated.client, "/api/state", seated.tokens[seat]))["legal"]
    ok(post(seated.client, "/api/action", {"action": rng.choice(legal)}, seated.tokens[seat]))


def test_cenas_reveal_is_the_cards_to_pick_three_from(client: FlaskClient, table: Table) -> None:
    seated = seat_players(client, table)
    full, compact = both_views(seated, 0)
    assert len(full["legal"]) == 220  # every three of twelve cards
    assert compact["choices"] == {"reveal": {"pick": 3, "from": full["hand"]}}
    assert compact["legal"] == []
    check_same_choices(full, compact)
    assert len(str(compact)) < len(str(full)) / 4
    # The full view, without ?compact=1, is as it always was.
    assert "choices" not in full


def test_compact_views_stand_for_every_legal_action_through_play(
    client: FlaskClient, table: Table
) -> None:
    rng = random.Random(7)
    seated = seat_players(client, table)
    for _ in range(40):
        for seat in range(3):
            check_same_choices(*both_views(seated, seat))
        play(seated, rng)


def test_a_lauzait_hire_is_its_steps(client: FlaskClient, table: Table) -> None:
    rng = random.Random(3)
    seated = seat_lauzait(client, table)
    hired = 0
    for _ in range(30):
        seat = table.to_act()[0]
        full, compact = both_views(seated, seat)
        check_same_choices(full, compact)
        if any(a["type"] == "hire" for a in full["legal"]):
            hired += 1
            assert "hire" in compact["choices"]
            assert not any(a["type"] == "hire" for a in compact["legal"])
            assert len(str(compact["choices"])) < len(str(full["legal"])) / 3
        play(seated, rng)
    assert hired > 5


def test_the_public_view_has_no_choices_and_a_stream_can_be_compact(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table)
    public = ok(client.get("/api/state?compact=1"))
    assert public["legal"] == [] and public["choices"] == {}
    stream = Stream(client.get(f"/api/stream?compact=1&token={seated.tokens[1]}", buffered=False))
    name, state = stream.next()
    stream.close()
    assert name == "state" and state["you"]["seat"] == 1
    assert state["choices"]["reveal"]["from"] == state["hand"]


@pytest.mark.parametrize("game", ["cena", "lauzait"])
def test_a_phone_s_state_stays_small_through_play(
    game: str, client: FlaskClient, table: Table
) -> None:
    """Issue 28's target: a seat's state <= 3 KB in play (bench/phone.py measures it)."""
    rng = random.Random(5)
    seated = seat_players(client, table) if game == "cena" else seat_lauzait(client, table)
    largest = 0
    for _ in range(60):
        if table.status()["phase"] != "playing":
            break
        for token in seated.tokens:
            compact = get(seated.client, "/api/state?compact=1", token).get_data()
            largest = max(largest, len(compact))
        play(seated, rng)
    assert 0 < largest <= 3072


def test_lauzait_forms_are_pieces_and_roles() -> None:
    forms: list[dict[str, Any]] = [
        {"type": "form", "pieces": ["G3", "G4", "J"], "roles": ["G3", "G4", "G5"]},
        {"type": "form", "pieces": ["G3", "G4", "J"], "roles": ["G3", "G4", "G2"]},
    ]
    dissolve: dict[str, Any] = {"type": "dissolve", "department": 0}
    assert lauzait_choices([*forms, dissolve], {"board": [[None] * 5]}) == (
        [dissolve],
        {"form": [[["G3", "G4", "J"], ["G3 G4 G5", "G3 G4 G2"]]]},
    )
    odd = [*forms, {"type": "form", "pieces": ["G1"], "roles": ["G1"], "bonus": 2}]
    assert lauzait_choices(odd, {"board": [[None] * 5]}) == (odd, {})


def test_what_cannot_be_described_exactly_stays_listed() -> None:
    every = [
        {"type": "reveal", "cards": ["A1", "A2"]},
        {"type": "reveal", "cards": ["A1", "A3"]},
        {"type": "reveal", "cards": ["A2", "A3"]},
    ]
    assert pick_from(every, "cards") == {"pick": 2, "from": ["A1", "A2", "A3"]}
    assert pick_from(every[:2], "cards") is None  # one pair missing
    assert pick_from([*every[:2], {"type": "reveal", "cards": ["A1", "A1"]}], "cards") is None
    assert pick_from([{**every[0], "why": 1}, *every[1:]], "cards") is None
    board = {"board": [[None] * 5 for _ in range(5)]}
    hires = [
        {"type": "hire", "discard": "G1", "from": [0, 0], "to": [0, 1]},
        {"type": "hire", "discard": "G1", "from": [0, 0], "to": [1, 0]},
        {"type": "hire", "discard": "G2", "from": [0, 0], "to": [0, 1]},  # not [1, 0]
    ]
    assert lauzait_choices(hires, board) == (hires, {})
    legal, described = lauzait_choices(hires[:2], board)
    assert legal == [] and described == {
        "hire": {"width": 5, "discards": [["G1", None]], "moves": [[0, [1, 5]]]}
    }
    more = [*hires[:2], {"type": "hire", "discard": "G2", "from": [0, 2], "to": [0, 3]}]
    more.append({"type": "hire", "discard": "J", "from": [0, 0], "to": [0, 1]})
    more.append({"type": "hire", "discard": "J", "from": [0, 0], "to": [1, 0]})
    more.append({"type": "hire", "discard": "J", "from": [0, 2], "to": [0, 3]})
    _, described = lauzait_choices(more, board)
    # Only a discard that frees every square that can move is written null.
    assert described["hire"]["discards"] == [["G1", [0]], ["G2", [2]], ["J", None]]
