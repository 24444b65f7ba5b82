"""Bot seats at the Table: the seat's kind in the journal, bots never consent nor count
as people, names no person may take, and the runner (device/bots.py) pacing and dropping
moves, driven here by a synchronous executor and a fake clock (no sleeps)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from device import i18n
from device.bots import BotRunner
from device.history.core import History, PastGame, SeatResult
from device.history.stats import standings
from device.journal import Journal
from device.screens.render import seat_name
from device.table import Table, TableError


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Inline(Executor):
    """Runs each submitted call at once (or holds it until `release()` when `held`)."""

    def __init__(self) -> None:
        self.held = False
        self.waiting: list[tuple[Future[Any], Callable[[], Any]]] = []
        self.calls = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls += 1
        future: Future[Any] = Future()
        work = lambda: fn(*args, **kwargs)  # noqa: E731
        if self.held:
            self.waiting.append((future, work))
        else:
            self._run(future, work)
        return future

    def release(self) -> None:
        for future, work in self.waiting:
            self._run(future, work)
        self.waiting.clear()

    @staticmethod
    def _run(future: Future[Any], work: Callable[[], Any]) -> None:
        try:
            future.set_result(work())
        except Exception as err:  # as a real executor: the future carries it
            future.set_exception(err)


def first_legal(engine: str, view: dict[str, Any], seat: int, level: str, *_: Any) -> Any:
    """A chooser standing in for the search: the bot contract's call, a cheap answer."""
    from engines import bots

    return bots.choose(engine, view, seat, "easy")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    opened = Journal(tmp_path / "journal.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def table(journal: Journal, clock: Clock) -> Table:
    return Table(journal, clock=clock)


def lobby(table: Table, game: str = "sarena", players: int = 2, **setup: Any) -> str:
    """A lobby with Ann hosting at seat 1; returns her token."""
    ticket = table.open_lobby(game, players, {}, host_name="Ann", **setup)
    assert ticket is not None
    return ticket[1]


def test_a_bot_takes_a_free_lobby_seat_and_is_journaled_as_one(
    table: Table, journal: Journal, clock: Clock
) -> None:
    lobby(table)
    name = table.add_bot(1, "easy")
    seats = table.status()["seats"]
    assert seats[1] == {"seat": 1, "name": name, "taken": True, "bot": "easy"}
    assert seats[0]["bot"] is None
    record = journal.latest_open()
    assert record is not None
    assert [(s.kind, s.level) for s in record.seats] == [("person", None), ("bot", "easy")]
    again = Table(journal, clock=clock)  # a restart: still a bot, at its level
    assert again.status()["seats"][1]["bot"] == "easy"


def test_bot_seats_refuse_bad_requests_and_change_nothing(table: Table) -> None:
    lobby(table, "cena", 3)
    table.add_bot(2, "easy")
    for seat, level, code in (
        (0, "easy", "last_person"),  # bots never play on for nobody
        (2, "normal", "seat_taken"),  # a bot's already
        (7, "easy", "no_such_seat"),
        (1, "genius", "bot_level"),
        ("1", "easy", "no_such_seat"),
    ):
        with pytest.raises(TableError) as err:
            table.add_bot(seat, level)
        assert err.value.code == code
    assert [(s["taken"], s["bot"]) for s in table.status()["seats"]] == [
        (True, None),
        (False, None),
        (True, "easy"),
    ]


def test_two_bots_have_two_names_and_no_person_may_take_one(table: Table) -> None:
    lobby(table, "cena", 3)
    first, second = table.add_bot(1), table.add_bot(2)
    assert first is not None and first != second
    table.release_seat(2, by=0)  # the host frees a bot's seat in the lobby: at once
    room = table.status()["room"]
    with pytest.raises(TableError) as err:
        table.join(room, f" {first.lower()} ")
    assert err.value.code == "name_is_bot"
    assert table.join(room, "Bo")[0] == 2


def test_host_rights_never_pass_to_a_bot_and_a_lobby_of_bots_closes(table: Table) -> None:
    lobby(table, "cena", 3)
    table.add_bot(1)
    table.release_seat(0, by=0)  # the only person leaves
    assert table.phase == "idle"


def test_bots_approve_take_backs_at_once(table: Table) -> None:
    lobby(table, "cena", 3, take_backs="ask")
    table.add_bot(1)
    table.add_bot(2)
    table.start()
    while 0 not in table.to_act():  # the bots' turns, played here by hand
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0])
    table.act(0, table.legal_actions(0)[0])
    assert {"seat": 0, "steps": 1} in table.status()["take_back"]["offers"]
    assert table.request_take_back(0) == "taken_back"  # nobody to wait for: bots agreed
    assert 0 in table.to_act() and table.status()["take_back"]["request"] is None


def test_bots_never_count_as_people_when_a_seat_is_freed(table: Table) -> None:
    token = lobby(table, "cena", 3)
    room = table.status()["room"]
    table.join(room, "Bo")
    table.add_bot(2)
    table.start()
    assert table.seat_of(token) == 0
    # Freeing Bo's seat: two people only, so Bo or the box decides, never the bot.
    assert table.release_seat(1, by=0) == "asked"
    with pytest.raises(TableError) as err:
        table.release_seat(1, by=0)
    assert err.value.code == "release_needs_holder"
    assert table.status()["release"]["waiting"] == []  # the bot is awaited by nobody
    with pytest.raises(TableError) as err:
        table.answer_release(2, True)  # a bot never consents
    assert err.value.code == "not_seated"


def test_the_runner_paces_a_bot_move_and_plays_it_through_act(table: Table, clock: Clock) -> None:
    lobby(table)
    table.add_bot(1, "easy")
    table.start()
    inline = Inline()
    runner = BotRunner(table, inline, clock=clock, thinker=first_legal)
    try:
        turns = 0
        while table.status()["phase"] != "over" and turns < 400:
            turns += 1
            if 1 in table.to_act():
                moved = table.version
                assert runner.step() == pytest.approx(table.bot_pace)  # thought, not yet due
                clock.now += table.bot_pace
                assert runner.step() == 0.0 and table.version > moved  # played
            elif 0 in table.to_act():
                table.act(0, table.legal_actions(0)[0])
            else:
                break
        assert table.status()["phase"] == "over"
    finally:
        runner.close()


def test_the_runner_drops_a_move_once_the_game_moved_on(table: Table, clock: Clock) -> None:
    lobby(table, "cena", 3, take_backs="free")
    table.add_bot(1, "easy")
    table.add_bot(2, "easy")
    table.start()
    inline = Inline()
    inline.held = True  # the bot is still thinking
    runner = BotRunner(table, inline, clock=clock, thinker=first_legal)
    try:
        while not set(table.to_act()) & {1, 2}:
            table.act(0, table.legal_actions(0)[0])
        turn = table.bot_turns()[0]
        runner.step()
        assert inline.calls == 1
        table.act(turn.seat, table.legal_actions(turn.seat)[0])  # the game moves on
        version = table.version
        inline.release()
        clock.now += 60
        runner.step()  # the old thought is dropped; a new one begins for the next turn
        assert not table.bot_act(turn, {"type": "anything"})  # stale: nothing done
        assert table.version >= version
        assert inline.calls == 2 or not table.bot_turns()
    finally:
        runner.close()


def test_standings_keep_a_bot_apart_from_a_person_of_the_same_name() -> None:
    def game(ref: str, bot: str | None) -> PastGame:
        seats = [SeatResult(0, "Ann", 10, True), SeatResult(1, "Cogwheel", 5, False, bot)]
        return PastGame(ref, "digital", "sarena", "Sàrénà", 1.0, 2.0, "finished", seats)

    board = standings([game("1", "normal"), game("2", None)])  # a sheet's typed "Cogwheel"
    lines = {(p["name"], p["bot"]): p["plays"] for p in board["players"]}
    assert lines == {("Ann", None): 2, ("Cogwheel", "normal"): 1, ("Cogwheel", None): 1}
    assert board["head_to_head"]["bots"].count("normal") == 1


def test_screens_and_history_mark_a_bot_seat(table: Table, journal: Journal) -> None:
    lobby(table)
    name = table.add_bot(1, "strong")
    assert name is not None
    status = table.status()
    assert seat_name(status, 1) == f"{name} (bot)"  # the OLED: narrow, the name first
    assert seat_name({**status, "language": "ja"}, 1) == f"{name}（ボット）"
    assert i18n.words("ja").bot(name, "strong") == f"ボット：{name}（つよい）"
    table.start()
    table.end_game()
    (past,) = History(journal).games()
    assert [(s.name, s.bot) for s in past.seats] == [("Ann", None), (name, "strong")]


@pytest.mark.slow
def test_a_person_plays_sarena_against_a_bot_to_the_end(journal: Journal) -> None:
    """End to end: the real worker process thinks, the runner's thread moves; pacing is
    met at once by a clock that runs ahead (the table's pace is at least a second)."""
    table = Table(journal)
    lobby(table)
    table.add_bot(1, "normal")
    table.start()
    ahead = iter(range(0, 10**9, 100))
    runner = BotRunner(table, clock=lambda: float(next(ahead))).start()
    changed = threading.Event()
    table.subscribe(lambda _version: changed.set())
    try:
        for _ in range(2000):
            if table.phase == "over":
                break
            if 0 in table.to_act():
                table.act(0, table.legal_actions(0)[0])
            else:
                assert changed.wait(timeout=60), "the bot never moved"
                changed.clear()
        assert table.phase == "over"
        game = journal.latest_game()
        assert game is not None and game.status == "over"
        assert {seat for seat, _ in game.actions} == {0, 1}  # the bot's moves are journaled
    finally:
        runner.close()


def test_a_seat_freed_during_play_goes_to_a_bot_and_back_to_a_person(table: Table) -> None:
    lobby(table, "cena", 3)
    room = table.status()["room"]
    table.join(room, "Bo")
    table.join(room, "Cy")
    table.start()
    table.leave(2)  # Cy leaves during play: the seat is free
    name = table.add_bot(2, "easy")
    assert table.status()["notices"][-1]["params"]["name"] == name  # every screen is told
    assert table.status()["seats"][2]["bot"] == "easy"
    # A person takes it back: two people, so the box confirms (a bot never consents).
    assert table.release_seat(2, by=0) == "asked"
    assert table.status()["release"]["box_confirms"]
    assert table.confirm_release_on_box() == "freed"
    assert table.join(room, "Di")[0] == 2
    assert table.status()["seats"][2]["bot"] is None


def test_bots_do_not_play_on_for_nobody(table: Table) -> None:
    lobby(table, "cena", 3)
    table.add_bot(1)
    table.add_bot(2)
    table.start()
    assert table.bot_turns()  # the reveal: everyone chooses at once
    table.leave(0)
    assert table.bot_turns() == []
    assert table.status()["host"] is None  # host rights never pass to a bot


def test_a_person_takes_a_bots_seat_in_the_lobby_at_once(table: Table) -> None:
    lobby(table, "cena", 3)
    room = table.status()["room"]
    table.add_bot(1)
    table.add_bot(2, "strong")
    assert table.join(room, "Bo", seat=2)[0] == 2  # the seat asked for, a bot's
    assert table.join(room, "Cy")[0] == 1  # no seat free: the first bot's
    assert [s["bot"] for s in table.status()["seats"]] == [None, None, None]
    with pytest.raises(TableError) as err:
        table.join(room, "Di")
    assert err.value.code == "table_full"


def test_a_persons_seat_goes_to_a_bot_during_play_with_their_consent(
    table: Table, journal: Journal
) -> None:
    lobby(table, "cena", 3)
    room = table.status()["room"]
    table.join(room, "Bo")
    table.join(room, "Cy")
    table.start()
    assert table.add_bot(1, "easy", by=0) is None  # Bo's phone is asked first
    assert table.status()["release"]["bot"] == "easy"
    assert table.status()["seats"][1]["bot"] is None
    again = Table(journal)  # a restart keeps what was asked
    assert again.status()["release"]["bot"] == "easy"
    assert table.answer_release(1, True) == "freed"  # Bo agrees: the bot sits down at once
    seats = table.status()["seats"]
    assert seats[1]["bot"] == "easy" and seats[1]["name"] != "Bo"
    bot = seats[1]["name"]
    kinds = [(n["kind"], n["bot"]) for n in table.status()["notices"][-2:]]
    assert kinds == [("freed", None), ("took", "easy")]
    assert table.status()["notices"][-1]["text"] == f"Bot: {bot}, easy took seat 2"
    assert table.status()["release"] is None


def test_the_host_hands_their_own_seat_to_a_bot_and_host_rights_pass_to_a_person(
    table: Table,
) -> None:
    lobby(table, "cena", 3)
    room = table.status()["room"]
    table.join(room, "Bo")
    table.join(room, "Cy")
    table.start()
    name = table.add_bot(0, "normal", by=0)  # one's own seat: at once
    assert name is not None and table.status()["seats"][0]["bot"] == "normal"
    assert table.status()["host"] == 1


def test_a_bot_freed_and_left_empty_is_still_a_bot_in_notices_and_history(
    table: Table, journal: Journal
) -> None:
    from device.box.controls import notice_text

    lobby(table, "cena", 3)
    table.join(table.status()["room"], "Bo")
    bot = table.add_bot(2, "strong")
    assert bot is not None
    table.start()
    assert table.release_seat(2, by=0) == "asked"  # two people: the box confirms
    assert table.confirm_release_on_box() == "freed"
    (freed,) = table.status()["notices"][-1:]
    assert freed["bot"] == "strong"
    assert freed["text"] == f"Seat 3 (Bot: {bot}, strong) was freed on the box"
    assert notice_text(freed) == f"Seat 3 ({bot} (bot)) was freed on the box"  # the OLED
    assert i18n.Text(freed["template"], freed["params"]).say("ja").count(bot) == 1
    table.end_game()
    (past,) = History(journal).games()
    assert [(s.name, s.bot) for s in past.seats] == [("Ann", None), ("Bo", None), (bot, "strong")]


class Broken(Inline):
    """An executor whose worker has died: what it was thinking, and anything sent
    after, fails as a dead ProcessPoolExecutor's does."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        from concurrent.futures.process import BrokenProcessPool

        self.calls += 1
        future: Future[Any] = Future()
        future.set_exception(BrokenProcessPool("a child process terminated abruptly"))
        return future


def test_a_dead_worker_is_replaced_and_the_bot_moves(table: Table, clock: Clock) -> None:
    lobby(table)
    table.add_bot(1, "easy")
    table.start()
    pools: list[Executor] = [Broken(), Inline()]  # the first worker dies, its successor thinks
    made: list[Executor] = []

    def pool() -> tuple[Executor, Any]:
        made.append(pools[len(made)])
        return made[-1], None

    runner = BotRunner(table, clock=clock, thinker=first_legal, pools=pool)
    try:
        while 1 not in table.to_act():
            table.act(0, table.legal_actions(0)[0])
        moved = table.version
        runner.step()  # thought in the dead worker: broken
        clock.now += table.bot_pace
        assert runner.step() == 0.0 and len(made) == 2  # a new worker
        runner.step()  # thinks again
        clock.now += table.bot_pace
        assert runner.step() == 0.0 and table.version > moved  # and plays
    finally:
        runner.close()


def test_a_bot_that_cannot_think_plays_easy_and_logs_no_card(
    table: Table, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    lobby(table)
    table.add_bot(1, "strong")
    table.start()

    def failing(*_: Any) -> Any:
        raise ValueError("secret: the red 3 is in my hand")

    runner = BotRunner(table, Inline(), clock=clock, thinker=failing)
    try:
        while 1 not in table.to_act():
            table.act(0, table.legal_actions(0)[0])
        moved = table.version
        runner.step()
        clock.now += table.bot_pace
        assert runner.step() == 0.0 and table.version > moved  # the easy strategy's move
        assert "ValueError" in caplog.text and "secret" not in caplog.text
    finally:
        runner.close()


@pytest.mark.slow
def test_a_killed_worker_process_is_replaced(journal: Journal) -> None:
    """The real worker, killed as the unit's memory ceiling would: a new one thinks."""
    import os
    import signal

    from device.bots import process_pool

    table = Table(journal)
    lobby(table)
    table.add_bot(1, "easy")
    table.start()
    made: list[Executor] = []

    def pool() -> tuple[Executor, Any]:
        executor, ticket = process_pool()
        made.append(executor)
        return executor, ticket

    ahead = iter(range(0, 10**9, 100))
    runner = BotRunner(table, clock=lambda: float(next(ahead)), pools=pool)
    try:
        worker = made[0].submit(os.getpid).result(timeout=60)
        os.kill(worker, signal.SIGKILL)
        runner.start()
        changed = threading.Event()
        table.subscribe(lambda _version: changed.set())
        while 1 not in table.to_act():
            table.act(0, table.legal_actions(0)[0])
        for _ in range(100):
            if 1 not in table.to_act():
                break
            assert changed.wait(timeout=60), "the bot never moved"
            changed.clear()
        assert 1 not in table.to_act() and len(made) == 2
    finally:
        runner.close()
