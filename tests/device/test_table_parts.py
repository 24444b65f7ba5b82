"""The Table's protocols on their own (device/table/): freeing a seat, recovery from a
bare journal and the next game's plan, each without a Table."""

from __future__ import annotations

import json
import sqlite3

import pytest

import engines
from device.journal import Journal, SeatRecord
from device.table import (
    GRACE,
    TableError,
    bot_seats,
    lobby,
    play,
    recovery,
    release,
    rematch,
    seat_changes,
    status,
)
from device.table import seating as seats
from device.table.interlude import Interlude
from device.table.release import ReleaseRequest
from device.table.settings import TableSettings
from device.table.state import TableState
from device.table.takeback import HOST_GRACE, Seating, TakeBacks

NAMES = {0: "Ana", 1: "Bo", 2: "Cy"}


def seating(now: float = 100.0, taken: frozenset[int] = frozenset({0, 1, 2})) -> Seating:
    return Seating(1, 3, taken, 0, lambda seat: NAMES.get(seat, f"Seat {seat + 1}"), now)


def test_one_grace_for_a_silent_phone() -> None:
    assert GRACE == HOST_GRACE == 20.0


def test_a_seat_is_freed_at_once_in_the_lobby_and_for_its_own_holder() -> None:
    assert release.ask(None, "lobby", 2, 0, seating()) == release.Step("freed", "free", 2)
    own = release.ask(None, "playing", 2, 2, seating())
    assert (own.action, own.seat, own.log) == ("free", 2, "left")


def test_during_play_another_seat_is_asked_for_with_the_askers_consent() -> None:
    step = release.ask(None, "playing", 2, 0, seating(now=5.0))
    assert (step.outcome, step.action) == ("asked", "keep")
    assert step.request == ReleaseRequest(2, 0, 5.0, frozenset({0}))
    with pytest.raises(TableError) as other:
        release.ask(step.request, "playing", 1, 0, seating())
    assert other.value.code == "release_pending"
    with pytest.raises(TableError) as free:
        release.ask(None, "playing", 2, 0, seating(taken=frozenset({0, 1})))
    assert free.value.code == "seat_free"


def test_the_holder_frees_or_keeps_their_seat() -> None:
    asked = ReleaseRequest(2, 0, 0.0, frozenset({0}))
    freed = release.answer(asked, "playing", 2, True, seating(now=1.0))
    assert (freed.outcome, freed.seat, freed.log, freed.by) == ("freed", 2, "freed", "holder")
    kept = release.answer(asked, "playing", 2, False, seating(now=1.0))
    assert (kept.outcome, kept.action, kept.log) == ("refused", "end", "kept")


def test_the_table_frees_a_lost_phones_seat_only_after_the_grace() -> None:
    asked = ReleaseRequest(2, 0, 0.0, frozenset({0}))
    early = release.answer(asked, "playing", 1, True, seating(now=GRACE - 1))
    assert (early.outcome, early.request) == (
        "agreed",
        ReleaseRequest(2, 0, 0.0, frozenset({0, 1})),
    )
    assert early.request is not None
    with pytest.raises(TableError) as wait:
        release.ask(early.request, "playing", 2, 0, seating(now=GRACE - 1))
    assert wait.value.code == "release_wait" and wait.value.params["seconds"] == 1
    late = release.answer(asked, "playing", 1, True, seating(now=GRACE))
    assert (late.outcome, late.seat, late.by) == ("freed", 2, "table")
    refused = release.answer(asked, "playing", 1, False, seating())
    assert (refused.action, refused.log, refused.by) == ("end", "refused", "Bo")
    withdrawn = release.answer(asked, "playing", 0, False, seating())
    assert (withdrawn.outcome, withdrawn.action, withdrawn.log) == ("withdrawn", "end", None)


def test_a_request_after_a_seat_is_freed_and_after_a_restart() -> None:
    asked = ReleaseRequest(2, 0, 0.0, frozenset({0, 1}))
    assert release.after_freed(asked, 2) is None and release.after_freed(asked, 0) is None
    assert release.after_freed(asked, 1) == ReleaseRequest(2, 0, 0.0, frozenset({0}))
    data = release.to_data(asked)
    assert data == {"seat": 2, "by": 0, "agreed": [0, 1]}
    assert release.resumed(data, {0, 2}, 50.0) == ReleaseRequest(2, 0, 50.0, frozenset({0}))
    assert release.resumed(data, {0, 1}, 50.0) is None
    shown = release.status(asked, seating())
    assert shown is not None and shown["waiting"] == [] and shown["grace"] == GRACE


def _recover(journal: Journal) -> TableState:
    return recovery.recover(journal, 0.0, Interlude(journal), TakeBacks(journal))


def test_recovery_builds_the_table_from_a_bare_journal() -> None:
    journal = Journal(":memory:")
    assert _recover(journal) == TableState()
    game_id = journal.open_game("cena", 3, {}, "ABCD")
    for seat, name in NAMES.items():
        journal.set_seat(game_id, seat, name, f"token-{seat}")
    journal.set_host(game_id, 0)
    lobby = _recover(journal)
    assert (lobby.phase, lobby.room, lobby.host_seat, lobby.game) == ("lobby", "ABCD", 0, None)
    game = engines.new("cena", 3, seed=7)
    journal.start_game(game_id, 7, game.rules_version, generator=game.generator)
    seat = game.to_act[0]
    action = game.legal_actions(seat)[0]
    game.apply(seat, action)
    journal.append_action(game_id, 0, seat, action)
    playing = _recover(journal)
    assert playing.phase == "playing" and playing.game is not None
    assert playing.game.log == game.log and playing.seat_name(1) == "Bo"


def test_a_journal_that_no_longer_replays_is_kept_with_a_problem() -> None:
    journal = Journal(":memory:")
    game_id = journal.open_game("cena", 3, {}, "ABCD", rules_version=999)
    journal.start_game(game_id, 7, 999)
    state = _recover(journal)
    assert state.phase == "idle" and state.record_id == game_id and state.problem
    record = journal.game(game_id)
    assert record is not None and record.status == "unreplayable"


def test_the_next_game_keeps_what_is_not_changed_and_frees_seats_beyond_it() -> None:
    seats = {seat: SeatRecord(seat, name, f"token-{seat}") for seat, name in NAMES.items()}
    before = TableState(
        phase="over", record_id=4, engine="cena", players=3, options={"x": 1}, room="ABCD",
        seats=seats, host_seat=2, open_hands=False,
    )  # fmt: skip
    again = rematch.plan(before, "free", None, None, None, None)
    assert (again.engine, again.players, again.options, again.room) == ("cena", 3, {"x": 1}, "ABCD")
    assert (again.after, again.take_backs, again.open_hands) == (4, "free", False)
    smaller = rematch.plan(before, "ask", "sarena", 2, None, True)
    assert smaller.options == {} and [r.seat for r in smaller.seats.freed] == [2]
    assert smaller.seats.host == 0  # the host's seat is freed: the lowest kept seat hosts


# --- seating.py and bot_seats.py: who may sit where, without a Table ------------------


def three_seats(phase: str, bots: tuple[int, ...] = ()) -> TableState:
    seats = {0: SeatRecord(0, "Ann", "t0")}
    for seat in bots:
        seats[seat] = SeatRecord(seat, f"Bot{seat}", f"b{seat}", "bot", "easy")
    return TableState(phase=phase, engine="cena", players=3, seats=seats, record_id=1)


def test_a_person_takes_a_free_seat_first_then_a_bots_in_the_lobby_only() -> None:
    assert seats.seat_for_person(three_seats("lobby", bots=(1,)), None) == 2
    assert seats.seat_for_person(three_seats("lobby", bots=(1, 2)), None) == 1
    assert seats.seat_for_person(three_seats("lobby", bots=(1, 2)), 2) == 2
    for asked, code in ((None, "table_full"), (2, "table_full")):
        with pytest.raises(TableError) as err:
            seats.seat_for_person(three_seats("playing", bots=(1, 2)), asked)
        assert err.value.code == code
    with pytest.raises(TableError) as err:
        seats.seat_for_person(three_seats("lobby", bots=(2,)), 0)
    assert err.value.code == "seat_taken"


def test_a_persons_name_is_never_a_bots_nor_taken() -> None:
    table = three_seats("lobby")
    for name, code in (("Cogwheel", "name_is_bot"), (" ann ", rematch.NAME_TAKEN)):
        with pytest.raises(TableError) as err:
            seats.check_person_name(table, seats.clean_name(name))
        assert err.value.code == code
    seats.check_person_name(table, "Bo")


def test_a_bot_never_takes_the_last_persons_seat_and_gets_a_free_name() -> None:
    table = three_seats("lobby", bots=(1,))
    with pytest.raises(TableError) as err:
        bot_seats.check_seat(table, 0)
    assert err.value.code == "last_person"
    bot_seats.check_seat(table, 2)
    assert bot_seats.next_name(table) not in {"Ann", "Bot1"}
    assert bot_seats.turns(table, [0, 1], 7) == []  # no game dealt: nobody waits


# --- lobby.py, seat_changes.py, play.py, status.py: the journal's side, without a Table


def kept(s: TableState) -> tuple[object, ...]:
    """What a restart must find again of the table (recovery.py reads it back)."""
    seats = {n: (r.name, r.token, r.kind, r.level) for n, r in sorted(s.seats.items())}
    return (s.phase, s.engine, s.players, s.options, s.room, seats, s.host_seat, s.open_hands)


def opened(journal: Journal, **asked: object) -> TableState:
    setup: dict[str, object] = {"game": "cena", "players": 3, "options": {}, "take_backs": "ask"}
    return lobby.open_new(journal, None, lobby.Opening(**{**setup, **asked}))  # type: ignore[arg-type]


def test_a_lobby_opened_with_its_host_is_what_the_journal_holds() -> None:
    journal = Journal(":memory:")
    state = opened(journal, host_name="Ana", opener="key", open_hands=False)
    assert (state.phase, state.host_seat, state.seats[0].name) == ("lobby", 0, "Ana")
    assert len(state.room) == lobby.ROOM_LENGTH and set(state.room) <= set(lobby.ROOM_ALPHABET)
    assert kept(_recover(journal)) == kept(state)
    assert lobby.reclaim(state, "key") == (0, state.seats[0].token)
    assert lobby.reclaim(state, "other") is None and lobby.reclaim(state, None) is None
    lobby.configure(journal, state, "sarena", 2, None, "free", True)
    assert (state.engine, state.players, state.open_hands) == ("sarena", 2, True)
    assert kept(_recover(journal)) == kept(state)


def test_a_lobby_refuses_a_bad_setup_and_writes_nothing() -> None:
    journal = Journal(":memory:")
    with pytest.raises(TableError) as err:
        opened(journal, players=9)
    assert err.value.code == "invalid_setup"
    assert _recover(journal) == TableState()
    state = opened(journal, players=4, host_name="Ana")
    seat_changes.seat_person(journal, state, "Di", 3)
    with pytest.raises(TableError) as err:
        lobby.configure(journal, state, None, 3, None, None, None)
    assert err.value.code == "seats_taken" and state.players == 4
    assert kept(_recover(journal)) == kept(state)


def test_seats_taken_swapped_given_to_a_bot_and_freed_are_what_the_journal_holds() -> None:
    journal = Journal(":memory:")
    state = opened(journal)
    first, _ = seat_changes.seat_person(journal, state, "Ana", None)
    assert (first, state.host_seat) == (0, 0)  # the first seated hosts
    assert seat_changes.seat_person(journal, state, "Bo", 2)[0] == 2
    with journal.transaction():
        bot = seat_changes.seat_bot(journal, state, 1, "easy")
    assert state.seats[1].is_bot and state.seats[1].name == bot
    seat_changes.swap(journal, state, 0, 2)
    assert (state.seats[2].name, state.seats[0].name, state.host_seat) == ("Ana", "Bo", 2)
    assert kept(_recover(journal)) == kept(state)
    left: list[int] = []
    seat_changes.free(journal, state, 2, None, None, left.append)
    assert left == [2] and state.host_seat == 0  # host rights pass to a person
    assert kept(_recover(journal)) == kept(state)
    with pytest.raises(TableError) as err:
        seat_changes.swap(journal, state, 0, 5)
    assert err.value.code == "no_such_seat"


def test_the_last_person_leaving_a_lobby_closes_it() -> None:
    journal = Journal(":memory:")
    state = opened(journal, host_name="Ana")
    step = release.ask(None, "lobby", 0, 0, state.seating(0.0))
    assert seat_changes.carry_out(journal, state, step, lambda seat: None) is True
    assert _recover(journal) == TableState()  # abandoned: nothing open after a restart


def test_a_deal_is_sealed_and_a_move_the_journal_cannot_keep_is_undone() -> None:
    journal = Journal(":memory:")
    state = opened(journal, host_name="Ana")
    for name in ("Bo", "Cy"):
        seat_changes.seat_person(journal, state, name, None)
    play.deal(journal, state)
    assert state.phase == "playing" and state.game is not None and state.commitment
    game = state.game
    seat = game.to_act[0]
    action = game.legal_actions(seat)[0]
    events = game.apply(seat, action)
    interlude = Interlude(journal)
    play.keep_move(journal, state, interlude, None, "r1", events)
    assert play.answered_before(journal, state, seat, action, "r1") == events
    with pytest.raises(TableError) as reused:
        play.answered_before(journal, state, seat, {"type": "other"}, "r1")
    assert reused.value.code == "request_reused"
    recovered = _recover(journal)
    assert recovered.game is not None and recovered.game.log == game.log

    def broken(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    seat = game.to_act[0]
    events = game.apply(seat, game.legal_actions(seat)[0])
    journal.append_action = broken  # type: ignore[method-assign]
    with pytest.raises(TableError) as lost:
        play.keep_move(journal, state, interlude, None, "r2", events)
    assert lost.value.code == "not_saved"
    assert state.game is not None and state.game.log == recovered.game.log


def test_a_game_ended_from_the_table_keeps_its_seats() -> None:
    journal = Journal(":memory:")
    state = opened(journal, game="sarena", players=2, host_name="Ana")
    seat_changes.seat_person(journal, state, "Bo", None)
    play.deal(journal, state)
    play.end_early(journal, state)
    assert (state.phase, state.ended_early) == ("over", True)
    seat_changes.leave_after_game(journal, state, 1)
    assert set(state.seats) == {0} and journal.seat_log(state.record_id or 0)[-1].kind == "left"
    with pytest.raises(TableError) as err:
        seat_changes.leave_after_game(journal, state, 1)
    assert err.value.code == "not_seated"


def test_the_status_shows_no_token_seed_or_secret_option() -> None:
    journal = Journal(":memory:")
    state = opened(journal, host_name="Ana")
    seat_changes.seat_person(journal, state, "Bo", None)
    seat_changes.seat_person(journal, state, "Cy", None)
    play.deal(journal, state)
    state.options = {"hands": "a secret deal"}  # a secret option (set by tests, never shown)
    run = status.Run(version=3, boot="b00t", rescued_journal=None)
    shown = status.public_status(
        state, state.seating(0.0), TableSettings(journal, "en"), Interlude(journal),
        TakeBacks(journal), run,
    )  # fmt: skip
    assert (shown["version"], shown["boot"], shown["phase"]) == (3, "b00t", "playing")
    assert [seat["name"] for seat in shown["seats"]] == ["Ana", "Bo", "Cy"]
    text = json.dumps(shown)
    assert all(record.token not in text for record in state.seats.values())
    assert shown["options"] == {} and "a secret deal" not in text
    record = journal.game(state.record_id or 0)
    assert record is not None and str(record.seed) not in text
