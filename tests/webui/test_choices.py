"""A phone's compact view (?compact=1, webui/choices.py): the same choices as the full
legal list, described in a few hundred bytes, and nothing more."""

from __future__ import annotations

import json
import random
from itertools import combinations
from typing import Any

import pytest
from flask.testing import FlaskClient

import engines
from device.table import Table
from webui.choices import pick_from
from webui.games.lauzait.choices import SQUARES
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
    for pieces, ways in state["choices"].get("form", {}).items():
        for roles in ways.split(","):
            actions.add(
                frozen({"type": "form", "pieces": pieces.split(" "), "roles": roles.split(" ")})
            )
    for departments in state["choices"].get("declare", []):
        written = [{"pieces": p.split(" "), "roles": r.split(" ")} for p, r in departments]
        actions.add(frozen({"type": "declare", "departments": written}))
    reveal = state["choices"].get("reveal")
    if reveal:
        for cards in combinations(reveal["from"], reveal["pick"]):
            actions.add(frozen({"type": "reveal", "cards": list(cards)}))
    hire = state["choices"].get("hire")
    if hire:
        actions.update(frozen(action) for action in hires_of(hire))
    return actions


def hires_of(hire: dict[str, Any]) -> list[dict[str, Any]]:
    """Every hire a compact description stands for (squares as letters, SQUARES)."""
    width = hire["width"]

    def square(letter: str) -> list[int]:
        return list(divmod(SQUARES.index(letter), width))

    moves = {word[0]: word[1:] for word in hire["moves"].split(" ")}
    return [
        {"type": "hire", "discard": piece, "from": square(start), "to": square(end)}
        for piece, starts in hire["discards"].items()
        for start in (moves if starts is None else starts)
        for end in moves[start]
    ]


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
        throws = [
            [throw["seat"], throw["count"], throw["purpose"]] for throw in full["start_throws"]
        ]
        return {**{k: v for k, v in full.items() if k != "hand"}, "start_throws": throws}
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


def test_a_move_s_answer_carries_the_mover_s_compact_view(
    client: FlaskClient, table: Table
) -> None:
    """POST /api/action?compact=1 answers with the mover's view after the move, the same
    as GET /api/state?compact=1 then: a phone draws its move from one request (issue
    28). Without ?compact=1 the answer is the move's events alone, as before."""
    seated = seat_players(client, table)
    token = seated.tokens[0]
    stream = Stream(client.get(f"/api/stream?compact=1&token={token}", buffered=False))
    _, streamed = stream.next()
    state = ok(get(client, "/api/state?compact=1", token))
    cards = state["choices"]["reveal"]["from"][:3]
    body = {"action": {"type": "reveal", "cards": cards}, "request": "move-one-0"}
    answer = ok(post(client, "/api/action?compact=1", body, token=token))
    assert answer["events"]
    assert answer["state"] == ok(get(client, "/api/state?compact=1", token))
    assert set(answer["state"]["chosen"]) == set(cards)
    # The stream's state of that version reads the same, keys in the same order: the
    # page compares what it drew as text, and a move drawn from its answer must not
    # look changed when the stream brings the same game again.
    while streamed["table"]["version"] < answer["state"]["table"]["version"]:
        _, streamed = stream.next()
    stream.close()
    assert json.dumps(streamed) == json.dumps(answer["state"])
    # Another seat's move, answered without a view: events only.
    cards = ok(get(client, "/api/state?compact=1", seated.tokens[1]))["hand"][:3]
    reveal = {"action": {"type": "reveal", "cards": cards}}
    plain = ok(post(client, "/api/action", reveal, token=seated.tokens[1]))
    assert set(plain) == {"events"}


# Deals (the game's seed, and the seed of the moves played) whose seat states were the
# largest of 30 seeds x whole games in bench/state_sizes.py (Nov 2026): Lauzait Cep's
# 1028 at its move 33 (2,838 bytes; 3,931 before its hires were letters and its
# declarations described), 1001 at move 17 and 1016 at move 299. None: the fixture's.
STATE_DEALS = [("cena", None, 60), ("lauzait", 1028, 60), ("lauzait", 1001, 60)]
STATE_DEALS += [("lauzait", 1016, 320)]


@pytest.mark.parametrize(("game", "seed", "moves"), STATE_DEALS)
def test_a_phone_s_state_stays_small_through_play(
    game: str,
    seed: int | None,
    moves: int,
    client: FlaskClient,
    table: Table,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28's target: a seat's state <= 3 KB in play (bench/phone.py and
    bench/state_sizes.py measure it), through deals that gave the largest ones: moves
    at random, never ending a season or the game early (as bench/state_sizes.py)."""
    if seed is not None:
        monkeypatch.setattr(engines, "new_seed", lambda: seed)
    rng = random.Random(5 if seed is None else seed)
    seated = seat_players(client, table) if game == "cena" else seat_lauzait(client, table)
    largest = 0
    for _ in range(moves):
        if table.status()["phase"] != "playing":
            break
        pause = table.status()["interlude"]
        for waiting in pause["waiting"] if pause else []:
            ok(post(client, "/api/continue", token=seated.tokens[waiting]))
        for token in seated.tokens:
            compact = get(client, "/api/state?compact=1", token).get_data()
            largest = max(largest, len(compact))
        seat = table.to_act()[0]
        legal = ok(get(client, "/api/state", seated.tokens[seat]))["legal"]
        going = [a for a in legal if a["type"] not in ("declare", "end_game")] or legal
        ok(post(client, "/api/action", {"action": rng.choice(going)}, seated.tokens[seat]))
    assert 0 < largest <= 3072


def test_lauzait_forms_are_pieces_and_roles() -> None:
    forms: list[dict[str, Any]] = [
        {"type": "form", "pieces": ["G3", "G4", "J"], "roles": ["G3", "G4", "G5"]},
        {"type": "form", "pieces": ["G3", "G4", "J"], "roles": ["G3", "G4", "G2"]},
    ]
    dissolve: dict[str, Any] = {"type": "dissolve", "department": 0}
    assert lauzait_choices([*forms, dissolve], {"board": [[None] * 5]}) == (
        [dissolve],
        {"form": {"G3 G4 J": "G3 G4 G5,G3 G4 G2"}},
    )
    odd = [*forms, {"type": "form", "pieces": ["G1"], "roles": ["G1"], "bonus": 2}]
    assert lauzait_choices(odd, {"board": [[None] * 5]}) == (odd, {})
    spaced = [*forms, {"type": "form", "pieces": ["G1", "G 2", "J"], "roles": ["G1", "G2", "G3"]}]
    assert lauzait_choices(spaced, {"board": [[None] * 5]}) == (spaced, {})


def test_lauzait_declarations_are_their_departments() -> None:
    department = {"pieces": ["G1", "G2", "J"], "roles": ["G1", "G2", "G3"]}
    other = {"pieces": ["W4", "W4", "W4"], "roles": ["W4", "W4", "W4"]}
    ways: list[dict[str, Any]] = [
        {"type": "declare", "departments": [department, other, other]},
        {"type": "declare", "departments": [other, department, other]},
    ]
    hire = {"type": "hire", "discard": "G5", "from": [0, 0], "to": [0, 1]}
    legal, described = lauzait_choices([*ways, hire], {"board": [[None] * 5 for _ in range(5)]})
    assert legal == []
    assert described["declare"] == [
        [["G1 G2 J", "G1 G2 G3"], ["W4 W4 W4", "W4 W4 W4"], ["W4 W4 W4", "W4 W4 W4"]],
        [["W4 W4 W4", "W4 W4 W4"], ["G1 G2 J", "G1 G2 G3"], ["W4 W4 W4", "W4 W4 W4"]],
    ]
    # A stalemate's declaration has no departments: every declaration stays listed.
    stalemate: list[dict[str, Any]] = [*ways, {"type": "declare"}]
    assert lauzait_choices(stalemate, {"board": [[None] * 5]}) == (stalemate, {})


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
    # Squares as letters: "a" is [0, 0], "b" [0, 1], "f" [1, 0] (row * 5 + column).
    assert legal == [] and described == {
        "hire": {"width": 5, "discards": {"G1": None}, "moves": "abf"}
    }
    more = [*hires[:2], {"type": "hire", "discard": "G2", "from": [0, 2], "to": [0, 3]}]
    more.append({"type": "hire", "discard": "J", "from": [0, 0], "to": [0, 1]})
    more.append({"type": "hire", "discard": "J", "from": [0, 0], "to": [1, 0]})
    more.append({"type": "hire", "discard": "J", "from": [0, 2], "to": [0, 3]})
    _, described = lauzait_choices(more, board)
    # Only a discard that frees every square that can move is written null.
    assert described["hire"]["discards"] == {"G1": "a", "G2": "c", "J": None}
    assert described["hire"]["moves"] == "abf cd"
    assert sorted(map(frozen, hires_of(described["hire"]))) == sorted(map(frozen, more))
    # A board of more squares than letters: the hires stay listed.
    huge = {"board": [[None] * 9 for _ in range(9)]}
    assert lauzait_choices(more, huge) == (more, {})
