"""The Table's protocols on their own (device/table/): freeing a seat, recovery from a
bare journal and the next game's plan, each without a Table."""

from __future__ import annotations

import pytest

import engines
from device.journal import Journal, SeatRecord
from device.table import GRACE, TableError, bot_seats, recovery, release, rematch
from device.table import seating as seats
from device.table.interlude import Interlude
from device.table.release import ReleaseRequest
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
