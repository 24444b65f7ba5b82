"""Take-backs through the Table: who may ask, the table's consent, the journal, a crash.

The engine half (barriers, replays) is tests/engines/test_takeback.py; here the
table's flow around it (device/table/takeback.py) and what every audience then sees.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from device.journal import Journal
from device.table import Table, TableError
from device.table.takeback import HOST_GRACE, MAX_STEPS
from tests.engines.drawn import moves


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def journal(path: Path) -> Iterator[Journal]:
    opened = Journal(path)
    yield opened
    opened.close()


@pytest.fixture
def table(journal: Journal, clock: Clock) -> Table:
    return Table(journal, clock=clock)


def seated(table: Table, game: str = "cena", players: int = 3, **setup: Any) -> list[str]:
    table.open_lobby(game, players, {}, take_backs=setup.get("take_backs"))
    room = table.status()["room"]
    tokens = [table.join(room, name)[1] for name in ("Ann", "Bo", "Cy", "Di")[:players]]
    table.start()
    return tokens


def to_cena_play(table: Table) -> None:
    """Céna: everyone chooses public cards (the last choice is a barrier)."""
    while table.view(None)["phase"] == "reveal":
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0])


def move(table: Table, request: str | None = None) -> int:
    seat = table.to_act()[0]
    table.act(seat, table.legal_actions(seat)[0], request=request)
    return seat


def games_views(table: Table) -> str:
    """Every audience's game view (the table's own status left out), as bytes."""
    players = table.status()["players"]
    views = []
    for seat in [None, *range(players)]:
        view = table.view(seat)
        del view["table"]
        views.append(view)
    return json.dumps(views, sort_keys=True)


def code(err: pytest.ExceptionInfo[TableError]) -> str:
    return err.value.code


def request_of(table: Table) -> dict[str, Any] | None:
    pending: dict[str, Any] | None = table.status()["take_back"]["request"]
    return pending


# --- ask ------------------------------------------------------------------------------


def test_undo_is_offered_at_once_only_until_another_seat_moves(table: Table) -> None:
    # Issue 28: the pages show Undo right after a seat's own move ("own"); once another
    # seat has moved the offer stays (as the table's setting allows) as a second step.
    seated(table)
    to_cena_play(table)
    first = move(table)
    assert table.status()["take_back"]["own"] == [first]
    second = move(table)
    status = table.status()["take_back"]
    assert status["own"] == [second]
    assert {"seat": first, "steps": 2} in status["offers"]


def test_a_mis_tap_is_taken_back_once_everyone_else_agrees(table: Table, journal: Journal) -> None:
    seated(table)
    to_cena_play(table)
    before = games_views(table)
    seat = move(table)
    assert table.status()["take_back"]["offers"] == [{"seat": seat, "steps": 1}]
    assert table.request_take_back(seat) == "asked"
    pending = request_of(table)
    assert pending is not None
    others = [s for s in range(3) if s != seat]
    assert pending["seat"] == seat and pending["steps"] == 1 and pending["waiting"] == others
    assert table.status()["take_back"]["offers"] == []  # nobody asks twice meanwhile

    # The game waits while the table answers: no move is offered, none is taken.
    assert table.to_act() == [] and table.legal_actions(seat) == []
    game = table._state.game
    assert game is not None
    waiting = game.to_act[0]
    with pytest.raises(TableError) as err:
        table.act(waiting, game.legal_actions(waiting)[0])
    assert code(err) == "take_back_pending"

    assert table.answer_take_back(others[0], True) == "agreed"
    assert request_of(table)["agreed"] == [others[0]]  # type: ignore[index]
    assert table.answer_take_back(others[1], True) == "taken_back"
    assert games_views(table) == before
    status = table.status()["take_back"]
    assert status["request"] is None
    assert status["result"]["kind"] == "taken_back"
    assert (
        status["result"]["text"] == f"{table.status()['seats'][seat]['name']}'s move was taken back"
    )
    # Journaled as its own entry: who asked, who agreed, what went.
    record = journal.latest_game()
    assert record is not None
    [entry] = journal.take_backs(record.id)
    assert (entry.seat, entry.steps, entry.outcome, entry.mode) == (seat, 1, "taken_back", "ask")
    assert [a["seat"] for a in entry.agreed] == others
    assert [s for s, _ in entry.actions] == [seat]
    assert len(record.actions) == entry.first_idx
    move(table)  # play goes on


def test_one_refusal_ends_the_request_and_keeps_the_move(table: Table, journal: Journal) -> None:
    seated(table)
    to_cena_play(table)
    seat = move(table)
    after = games_views(table)
    table.request_take_back(seat)
    others = [s for s in range(3) if s != seat]
    table.answer_take_back(others[0], True)
    assert table.answer_take_back(others[1], False) == "refused"
    assert games_views(table) == after
    status = table.status()["take_back"]
    assert status["request"] is None and status["result"]["kind"] == "refused"
    assert table.status()["seats"][others[1]]["name"] in status["result"]["text"]
    record = journal.latest_game()
    assert record is not None
    assert [e.outcome for e in journal.take_backs(record.id)] == ["refused"]
    move(table)  # the game goes on


def test_the_asker_withdraws_and_only_the_asker(table: Table) -> None:
    seated(table)
    to_cena_play(table)
    seat = move(table)
    table.request_take_back(seat)
    other = (seat + 1) % 3
    with pytest.raises(TableError) as err:
        table.withdraw_take_back(other)
    assert code(err) == "take_back_not_yours"
    with pytest.raises(TableError) as err:
        table.answer_take_back(seat, True)
    assert code(err) == "take_back_own_request"
    assert table.withdraw_take_back(seat) == "withdrawn"
    assert table.status()["take_back"]["result"]["kind"] == "withdrawn"
    with pytest.raises(TableError) as err:
        table.answer_take_back(other, True)
    assert code(err) == "no_take_back"


def test_only_the_player_who_moved_can_ask_and_never_twice(table: Table) -> None:
    seated(table)
    to_cena_play(table)
    seat = move(table)
    other = (seat + 1) % 3
    with pytest.raises(TableError) as err:
        table.request_take_back(other)
    assert code(err) == "take_back_not_yours"
    assert "only the player who made a move" in str(err.value)
    table.request_take_back(seat)
    with pytest.raises(TableError) as err:
        table.request_take_back(seat)
    assert code(err) == "take_back_pending"
    with pytest.raises(TableError) as err:
        table.answer_take_back(other, True)
        table.answer_take_back(other, True)
    assert code(err) == "take_back_answered"


def test_several_steps_back_to_the_askers_move_with_everyone_agreeing(table: Table) -> None:
    seated(table)
    to_cena_play(table)
    before = games_views(table)
    first = move(table)
    second = move(table)
    assert second != first
    offers = {o["seat"]: o["steps"] for o in table.status()["take_back"]["offers"]}
    assert offers == {first: 2, second: 1}
    table.request_take_back(first, steps=2)
    for seat in range(3):
        if seat != first:
            table.answer_take_back(seat, True)
    assert games_views(table) == before


def test_never_across_a_barrier_said_in_a_players_words(table: Table) -> None:
    seated(table)
    to_cena_play(table)  # the last choice showed everyone's public cards
    last = table.status()["take_back"]
    assert last["offers"] == []
    record_seat = None
    # Whoever chose last cannot take it back: everyone has seen the cards.
    for seat in range(3):
        with pytest.raises(TableError) as err:
            table.request_take_back(seat)
        if code(err) == "take_back_public_cards_shown":
            record_seat = seat
            assert str(err.value) == (
                "that cannot be taken back: everyone's public cards have been shown"
            )
    assert record_seat is not None
    first = move(table)
    with pytest.raises(TableError) as err:
        table.request_take_back(record_seat, steps=2)
    assert code(err) in ("take_back_public_cards_shown", "take_back_not_yours")
    with pytest.raises(TableError) as err:
        table.request_take_back(first, steps=MAX_STEPS + 1)
    assert code(err) == "take_back_steps"


def test_a_throw_of_the_sticks_is_a_barrier_named_for_players(table: Table) -> None:
    seated(table, "lauzait", 2)
    rng = random.Random(4)
    for _ in range(400):  # until a hire into the water throws the sticks
        game = table._state.game
        assert game is not None
        if game.barriers and game.barriers[-1] == "sticks_thrown" and game.log:
            break
        seat = rng.choice(table.to_act())
        # Never "end_game" (a table action in the legal list): the game must go on.
        moves = [a for a in table.legal_actions(seat) if a["type"] != "end_game"]
        table.act(seat, rng.choice(moves))
    else:
        pytest.fail("no throw")
    seat = game.log[-1][0]
    with pytest.raises(TableError) as err:
        table.request_take_back(seat)
    assert code(err) == "take_back_sticks_thrown"
    assert str(err.value) == "that cannot be taken back: the sticks have been thrown"


def test_the_game_over_cannot_be_taken_back(table: Table) -> None:
    seated(table, "sarena", 2)
    rng = random.Random(1)
    while table.phase == "playing":
        seat = rng.choice(table.to_act())
        table.act(seat, rng.choice(table.legal_actions(seat)))
    assert table.status()["take_back"]["offers"] == []
    game = table._state.game
    assert game is not None
    with pytest.raises(TableError) as err:
        table.request_take_back(game.log[-1][0])
    assert code(err) == "take_back_game_over"
    assert "the game is over" in str(err.value)


# --- modes ----------------------------------------------------------------------------


def test_take_backs_off(table: Table) -> None:
    seated(table, "sarena", 2, take_backs="off")
    assert table.status()["take_back"]["mode"] == "off"
    seat = move(table)
    assert table.status()["take_back"]["offers"] == []
    with pytest.raises(TableError) as err:
        table.request_take_back(seat)
    assert code(err) == "take_backs_off"
    assert str(err.value) == "take-backs are off at this table"


def test_free_take_backs_are_granted_at_once_until_the_next_player_acts(
    table: Table, journal: Journal
) -> None:
    seated(table, "sarena", 2, take_backs="free")
    before = games_views(table)
    seat = move(table)
    assert table.request_take_back(seat) == "taken_back"
    assert games_views(table) == before
    assert table.status()["take_back"]["result"]["kind"] == "taken_back"
    first = move(table)
    second = move(table)
    assert first != second
    assert table.status()["take_back"]["offers"] == [{"seat": second, "steps": 1}]
    with pytest.raises(TableError) as err:
        table.request_take_back(first, steps=2)
    assert code(err) == "take_back_too_late"
    record = journal.latest_game()
    assert record is not None
    assert [(e.mode, e.agreed) for e in journal.take_backs(record.id)] == [("free", [])]


def test_the_mode_is_set_in_the_lobby_and_checked(table: Table) -> None:
    table.open_lobby("sarena", 2, {})
    assert table.status()["take_back"]["mode"] == "ask"
    table.configure(take_backs="free")
    assert table.status()["take_back"]["mode"] == "free"
    with pytest.raises(TableError) as err:
        table.configure(take_backs="sometimes")
    assert code(err) == "invalid_take_backs"
    assert table.status()["take_back"]["mode"] == "free"
    table.configure(options={})  # other settings leave it alone
    assert table.status()["take_back"]["mode"] == "free"
    with pytest.raises(TableError):
        table.open_lobby("sarena", 2, {}, take_backs="always")


# --- the host, empty seats and absent phones --------------------------------------------


def test_the_host_answers_for_an_empty_seat_at_once(table: Table) -> None:
    seated(table)
    to_cena_play(table)
    before = games_views(table)
    seat = move(table)
    empty = next(s for s in (1, 2) if s != seat)
    table.release_seat(empty, by=empty)  # that player leaves: their seat is empty
    assert table.status()["host"] == 0
    table.request_take_back(seat)
    assert request_of(table)["empty"] == [empty]  # type: ignore[index]
    with pytest.raises(TableError) as err:
        table.answer_take_back(empty, True)  # nobody holds it to answer for it
    assert code(err) == "not_seated"
    if seat != 0:
        assert table.answer_take_back(0, True) == "agreed"
    assert table.answer_take_back(0, True, for_seat=empty) == "taken_back"
    assert games_views(table) == before


def test_the_host_waits_for_a_silent_phone_then_answers_for_it(table: Table, clock: Clock) -> None:
    tokens = seated(table)
    to_cena_play(table)
    host = table.status()["host"]
    seat = move(table)
    while seat == host:
        seat = move(table)
    table.request_take_back(seat)
    silent = next(s for s in range(3) if s not in (seat, host))
    with pytest.raises(TableError) as err:
        table.answer_take_back(seat, True, for_seat=silent)  # not the host
    assert code(err) == "not_host"
    with pytest.raises(TableError) as err:
        table.answer_take_back(host, True, for_seat=silent)
    assert code(err) == "take_back_wait"
    assert f"{int(HOST_GRACE)} s" in str(err.value)
    clock.now += HOST_GRACE
    table.answer_take_back(host, True, for_seat=silent)
    assert request_of(table)["by_host"] == [silent]  # type: ignore[index]
    assert table.answer_take_back(host, True) == "taken_back"
    assert tokens  # every seat kept its token
    assert all(table.seat_of(token) is not None for token in tokens)


def test_the_askers_leaving_drops_the_request(table: Table, journal: Journal) -> None:
    seated(table)
    to_cena_play(table)
    seat = move(table)
    table.request_take_back(seat)
    table.release_seat(seat, by=seat)
    status = table.status()["take_back"]
    assert status["request"] is None and status["result"]["kind"] == "dropped"
    record = journal.latest_game()
    assert record is not None
    assert [e.outcome for e in journal.take_backs(record.id)] == ["dropped"]


# --- crashes and retries --------------------------------------------------------------


def test_a_pending_request_survives_a_crash(path: Path, clock: Clock) -> None:
    journal = Journal(path)
    table = Table(journal, clock=clock)
    seated(table)
    to_cena_play(table)
    before = games_views(table)
    seat = move(table)
    table.request_take_back(seat)
    others = [s for s in range(3) if s != seat]
    table.answer_take_back(others[0], True)
    pending = request_of(table)
    journal.close()  # the power goes: only what was committed stays

    journal = Journal(path)
    again = Table(journal, clock=clock)
    assert request_of(again) == pending
    assert again.to_act() == []
    game = again._state.game
    assert game is not None
    waiting = game.to_act[0]
    with pytest.raises(TableError) as err:
        again.act(waiting, game.legal_actions(waiting)[0])
    assert code(err) == "take_back_pending"
    assert again.answer_take_back(others[1], True) == "taken_back"
    assert games_views(again) == before
    after = games_views(again)
    journal.close()

    # And the state after the take-back is rebuilt exactly: the actions left, replayed.
    journal = Journal(path)
    third = Table(journal, clock=clock)
    assert games_views(third) == after
    assert request_of(third) is None
    move(third)
    journal.close()


def test_a_retried_request_never_brings_back_a_move_taken_back(table: Table) -> None:
    seated(table, "sarena", 2, take_backs="free")
    seat = table.to_act()[0]
    action = table.legal_actions(seat)[0]
    events = table.act(seat, action, request="phone-move-0001")
    assert table.act(seat, action, request="phone-move-0001") == events  # a lost answer
    table.request_take_back(seat)
    before = games_views(table)
    with pytest.raises(TableError) as err:
        table.act(seat, action, request="phone-move-0001")
    assert code(err) == "taken_back"
    assert games_views(table) == before
    # The same place in the log, a new move: its own answer, never the old one's.
    other = table.legal_actions(seat)[-1]
    fresh = table.act(seat, other, request="phone-move-0002")
    assert table.act(seat, other, request="phone-move-0002") == fresh
    with pytest.raises(TableError) as err:
        table.act(seat, action, request="phone-move-0001")
    assert code(err) == "taken_back"


def without_fingerprint(status: dict) -> dict:
    """The status but its deal's fingerprint: random hex, where "A5" may be by chance."""
    return {key: value for key, value in status.items() if key != "fingerprint"}


def test_the_status_never_says_what_was_taken_back(table: Table) -> None:
    seated(table)
    cards_before = {s: set(table.view(s)["hand"]) for s in range(3)}
    # A secret choice of public cards, not the last one: it can be taken back.
    seat = move(table)
    chosen = table.view(seat)["chosen"]
    assert chosen
    table.request_take_back(seat)
    for audience in (None, *[s for s in range(3) if s != seat]):
        text = json.dumps(without_fingerprint(table.view(audience)["table"]))
        assert not any(card in text for card in chosen)
    for other in range(3):
        if other != seat:
            table.answer_take_back(other, True)
    text = json.dumps(without_fingerprint(table.status()))
    assert not any(card in text for card in chosen)
    assert {s: set(table.view(s)["hand"]) for s in range(3)} == cards_before
    assert table.view(seat)["chosen"] is None


# --- the property: any accepted take-back restores every view, and chance stays put ---

# Each game at its fewest players, as its engine declares.
PLAYERS = {name: engines.info(name)["min_players"] for name in engines.names()}
WALK = 50  # actions per random game


@pytest.mark.parametrize("name", sorted(PLAYERS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=moves(300))
def test_any_accepted_take_back_restores_every_view_and_replays_the_same_chance(
    name: str, seed: int, choices: random.Random
) -> None:
    walk_with_take_backs(name, seed, choices, WALK)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PLAYERS))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=moves())
def test_take_backs_through_long_games(name: str, seed: int, choices: random.Random) -> None:
    walk_with_take_backs(name, seed, choices, 400)


def walk_with_take_backs(name: str, seed: int, choices: random.Random, walk: int) -> None:
    """Random play through the Table, asking for random take-backs now and then (every
    other seat agreeing): each accepted one restores every audience's view from before
    the move taken back, and the same moves played again meet the same chance."""
    journal = Journal(":memory:")
    table = Table(journal)
    with patch("engines.new_seed", return_value=seed):
        seated(table, name, PLAYERS[name])
    # (every audience's view before it, seat, action, its events) per action in the log
    played: list[tuple[str, int, dict[str, Any], list[dict[str, Any]]]] = []
    for _ in range(walk):
        if table.phase != "playing":
            break
        game = table._state.game
        assert game is not None and len(played) == len(game.log)
        if played and choices.random() < 0.3:
            seat = choices.randrange(PLAYERS[name])
            steps = choices.randint(1, min(4, len(played)))
            try:
                outcome = table.request_take_back(seat, steps)
            except TableError as err:
                barrier = game.take_back_barrier(steps)
                if barrier is not None:  # a barrier always stops it, and says which
                    assert err.code == f"take_back_{barrier}"
                else:
                    assert err.code == "take_back_not_yours"
                    assert game.log[-steps][0] != seat
                continue
            assert outcome == "asked"
            assert game.take_back_barrier(steps) is None and game.log[-steps][0] == seat
            for other in range(PLAYERS[name]):
                if other != seat:
                    outcome = table.answer_take_back(other, True)
            assert outcome == "taken_back"
            undone = played[-steps:]
            del played[-steps:]
            assert games_views(table) == undone[0][0], "a take-back restores every view"
            # Played again, the same moves meet the same chance: no re-roll, no look-ahead.
            for seen, seat_then, action, events in undone:
                assert games_views(table) == seen
                assert table.act(seat_then, action) == events
                played.append((seen, seat_then, action, events))
            continue
        if not table.to_act():  # the pause after a deal's summary: the host goes on
            table.skip_interlude()
            continue
        seen = games_views(table)
        seat = choices.choice(table.to_act())
        action = choices.choice(table.legal_actions(seat))
        played.append((seen, seat, action, table.act(seat, action)))
    journal.close()


def test_a_draw_and_a_department_are_said_in_a_players_words(table: Table) -> None:
    seated(table, "chanoyu", 3)
    rng = random.Random(2)
    game = table._state.game
    assert game is not None
    while not game.barriers or game.barriers[-1] != "cards_drawn":
        if not table.to_act():
            table.skip_interlude()
        seat = rng.choice(table.to_act())
        table.act(seat, rng.choice(table.legal_actions(seat)))
        game = table._state.game
        assert game is not None
    with pytest.raises(TableError) as err:
        table.request_take_back(game.log[-1][0])
    assert code(err) == "take_back_cards_drawn"
    assert str(err.value) == "that cannot be taken back: cards have been drawn since"


def test_barrier_words_name_the_player_or_you() -> None:
    from device.table.takeback import barrier_refusal
    from engines.lauzait import Lauzait

    def said(code: str, asker: bool) -> tuple[str, str, dict[str, object], str]:
        err = barrier_refusal(code, "Bo", asker=asker, game=Lauzait)
        return str(err), err.template, err.params, err.code

    prefix = "that cannot be taken back: "
    # One whole sentence per case (a template with the name as a param), so each
    # language words it: never "you"/"has" pasted into a shared sentence.
    assert said("department_shown", False) == (
        prefix + "Bo has shown a department",
        prefix + "{name} has shown a department",
        {"name": "Bo"},
        "take_back_department_shown",
    )
    assert said("department_shown", True)[0] == prefix + "you have shown a department"
    assert said("sticks_thrown", False)[0] == prefix + "the sticks have been thrown"
    assert said("a_new_secret", False)[0] == prefix + "something has been revealed since"


# --- old news ------------------------------------------------------------------------


def test_a_deal_before_is_old_news_on_every_screen(table: Table) -> None:
    # Issue 28: a phone reopened after the deal's end replayed how a take-back ended and
    # a seat change of the deal before. News carries its deal; the status shows only
    # the current deal's, and a new piece of news is shown again.
    seated(table)
    to_cena_play(table)
    seat = move(table)
    table.request_take_back(seat)
    refuser = next(s for s in range(3) if s != seat)
    table.answer_take_back(refuser, False)
    status = table.status()
    deal = status["deal"]
    assert status["take_back"]["result"]["deal"] == deal
    table.release_seat(2, by=2)  # Cy frees their own seat: every screen is told
    [freed] = table.status()["notices"]
    assert freed["deal"] == deal and freed["shown"] > 0

    while table.status()["interlude"] is None:  # to the deal's end
        move(table)
    status = table.status()
    assert status["deal"] != deal
    assert status["take_back"]["result"] is None and status["notices"] == []
    for waiting in status["interlude"]["waiting"]:
        table.continue_play(waiting)

    room = table.status()["room"]
    table.join(room, "Di")  # news of this deal
    status = table.status()
    assert [n["text"] for n in status["notices"]] == ["Di took seat 3"]
    assert status["notices"][0]["deal"] == status["deal"]
