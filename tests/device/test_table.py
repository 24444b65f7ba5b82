"""The Table: lobby, seats, tokens, actions journaled before they are published, recovery."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

import engines
from device.journal import REQUESTS_KEPT, Journal
from device.table import RELEASE_GRACE, Table, TableError
from device.table.rematch import standings
from engines import IllegalAction
from tests.interludes import read_summary


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def table(journal_path: Path):
    journal = Journal(journal_path)
    yield Table(journal)
    journal.close()


def seat_everyone(table: Table, game: str = "cena", players: int = 3, **options):
    table.open_lobby(game, players, options)
    room = table.status()["room"]
    return [table.join(room, f"P{i}")[1] for i in range(players)]


def without_version(view: dict) -> dict:
    """Views minus the change counter and the run it counts in, new with each process."""
    table = {k: v for k, v in view["table"].items() if k not in ("version", "boot")}
    return {**view, "table": table}


def play_some(table: Table, count: int) -> None:
    for _ in range(count):
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0])
        read_summary(table)


def test_a_new_table_is_idle(table: Table) -> None:
    status = table.status()
    assert status["phase"] == "idle"
    assert status["seats"] == []
    assert table.view(None) == {"table": status}


def test_lobby_gives_a_room_code_and_seats(table: Table) -> None:
    table.open_lobby("cena", 4, {})
    status = table.status()
    assert status["phase"] == "lobby"
    assert len(status["room"]) == 4 and status["room"].isalpha()
    assert [s["taken"] for s in status["seats"]] == [False] * 4


def test_join_needs_the_room_code(table: Table) -> None:
    table.open_lobby("cena", 3, {})
    with pytest.raises(TableError, match="room code"):
        table.join("ZZZZ" if table.status()["room"] != "ZZZZ" else "YYYY", "Ann")
    seat, token = table.join(table.status()["room"].lower(), "  Ann \n")
    assert seat == 0
    assert table.seat_of(token) == 0
    assert table.status()["seats"][0]["name"] == "Ann"


def test_first_to_join_is_host(table: Table) -> None:
    tokens = seat_everyone(table)
    assert table.status()["host"] == 0
    assert table.is_host(tokens[0])
    assert not table.is_host(tokens[1])
    assert not table.is_host("not-a-token")
    assert table.seat_of("") is None


def test_status_never_shows_tokens_or_secret_options(table: Table) -> None:
    deal = engines.new("cena", 3, seed=1)
    hands = [deal.view(seat)["hand"] for seat in range(3)]
    assert "hands" in engines.secret_options("cena")
    tokens = seat_everyone(table, hands=hands, simplified=True)
    status = table.status()
    for token in tokens:
        assert token not in json.dumps(status)
    # Not the deal's fingerprint: random hex, where a card code may be by chance.
    assert hands[0][0] not in json.dumps({k: v for k, v in status.items() if k != "fingerprint"})
    assert table.status()["options"] == {"simplified": True}


def test_full_table_refuses_more_players(table: Table) -> None:
    seat_everyone(table)
    with pytest.raises(TableError, match="every seat"):
        table.join(table.status()["room"], "Late")


def test_cannot_start_before_every_seat_is_taken(table: Table) -> None:
    table.open_lobby("cena", 3, {})
    table.join(table.status()["room"], "Ann")
    with pytest.raises(TableError, match="waiting for seat 2, 3"):
        table.start()
    assert table.phase == "lobby"


def test_bad_setup_is_refused_and_changes_nothing(table: Table) -> None:
    with pytest.raises(TableError):
        table.open_lobby("cena", 9, {})
    with pytest.raises(TableError):
        table.open_lobby("chess", 2, {})
    with pytest.raises(TableError):
        table.open_lobby("cena", 3, {"no such option": 1})
    assert table.status()["phase"] == "idle"


def test_actions_go_through_the_engine(table: Table) -> None:
    seat_everyone(table)
    table.start()
    version = table.version
    with pytest.raises(IllegalAction):
        table.act(0, {"type": "play", "card": "W1", "to": 0})  # reveal phase
    assert table.version == version
    seat = table.to_act()[0]
    events = table.act(seat, table.legal_actions(seat)[0])
    assert events and table.version == version + 1


def test_subscribers_hear_a_version_after_the_journal_has_it(table: Table, journal_path) -> None:
    seat_everyone(table)
    table.start()
    seen: list[tuple[int, int]] = []

    def on_change(version: int) -> None:
        # The action is already durable when we are told: read it back from disk.
        with sqlite3.connect(journal_path) as db:
            seen.append((version, db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]))

    table.subscribe(on_change)
    play_some(table, 2)
    assert seen == [(seen[0][0], 1), (seen[0][0] + 1, 2)]


def test_unsubscribe_stops_notifications(table: Table) -> None:
    calls: list[int] = []
    unsubscribe = table.subscribe(calls.append)
    table.open_lobby("cena", 3, {})
    unsubscribe()
    table.configure(options={"simplified": True})
    assert len(calls) == 1


def test_a_failing_subscriber_does_not_break_the_table(table: Table) -> None:
    def broken(_version: int) -> None:
        raise RuntimeError("boom")

    table.subscribe(broken)
    table.open_lobby("cena", 3, {})
    assert table.phase == "lobby"


def test_a_failed_journal_write_rejects_the_action(table: Table, monkeypatch) -> None:
    seat_everyone(table)
    table.start()
    play_some(table, 1)
    before = table.view(None)
    seat = table.to_act()[0]

    def disk_full(*_args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(table._journal, "append_action", disk_full)
    with pytest.raises(TableError, match="could not save"):
        table.act(seat, table.legal_actions(seat)[0])
    assert table.view(None) == before


def test_the_game_survives_a_restart(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    tokens = seat_everyone(table)
    table.start()
    play_some(table, 7)
    views = [without_version(table.view(seat)) for seat in range(3)]
    journal.close()

    again = Table(Journal(journal_path))
    assert [without_version(again.view(seat)) for seat in range(3)] == views
    assert [again.seat_of(token) for token in tokens] == [0, 1, 2]
    assert again.is_host(tokens[0])


def test_a_lobby_survives_a_restart(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    table.open_lobby("cena", 4, {"simplified": True})
    _, token = table.join(table.status()["room"], "Ann")
    status = without_version({"table": table.status()})
    journal.close()
    again = Table(Journal(journal_path))
    assert without_version({"table": again.status()}) == status
    assert again.seat_of(token) == 0


def test_a_finished_game_stays_as_history(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    seat_everyone(table)
    table.start()
    while table.phase == "playing":
        play_some(table, 1)
    assert table.phase == "over"
    assert table.view(None)["winners"]
    assert journal.history()[0]["status"] == "over"
    # The result is the last committed change: a restart shows it again, until cleared.
    again = Table(journal)
    assert again.phase == "over" and again.view(None)["winners"] == table.view(None)["winners"]
    again.end_game()
    assert Table(journal).phase == "idle"  # nothing left to resume or show
    assert journal.history()[0]["status"] == "over"


def test_ending_a_game_keeps_the_table_and_clearing_it_is_its_own_choice(
    journal_path: Path,
) -> None:
    # Issue 28: "End the game" during play takes the game to its result (abandoned: no
    # winners, out of the standings, kept as history) and keeps every seat, name and the
    # room code for Play again or another game, across a restart too.
    table = Table(Journal(journal_path))
    tokens = seat_everyone(table)
    table.start()
    room = table.status()["room"]
    seat = table.to_act()[0]
    table.act(seat, table.legal_actions(seat)[0])
    table.end_game()
    assert table.phase == "over"
    status = table.status()
    assert status["room"] == room and status["ended_early"] is True
    assert [table.seat_of(token) for token in tokens] == [0, 1, 2]
    result = status["result"]
    assert result["ended_early"] and not any(s["winner"] for s in result["seats"])
    assert {s["rank"] for s in result["seats"]} == {None}
    view = table.view(None)
    assert view["phase"] == "over" and view["to_act"] == [] and view["winners"] == []
    assert table.to_act() == [] and table.legal_actions(seat) == []
    assert table._journal.history()[0]["status"] == "abandoned"
    with pytest.raises(TableError, match="no game is being played"):
        table.request_take_back(seat)
    again = Table(Journal(journal_path))  # a restart shows the same result, seats kept
    assert again.phase == "over" and again.status()["ended_early"] is True
    assert again.seat_of(tokens[2]) == 2 and again.status()["room"] == room
    assert again.rematch() == "playing"  # play again: same seats, a new deal
    assert again.status()["ended_early"] is False and again.seat_of(tokens[1]) == 1
    again.end_game()
    again.clear_table()  # the explicit choice: every seat freed
    assert again.phase == "idle" and again.seat_of(tokens[0]) is None
    with pytest.raises(TableError):
        again.clear_table()


@pytest.mark.parametrize(
    ("scores", "winners", "ranks"),
    [
        ([3, 9, 9, 1], [1, 2], [3, 1, 1, 4]),  # the most win: a shared first, then by score
        ([12, -4, 5], [1], [3, 1, 2]),  # the fewest win (winners' score is the lowest)
        ([0, 0, 0], [0, 1, 2], [1, 1, 1]),
    ],
)
def test_standings_rank_every_seat(scores: list[int], winners: list[int], ranks: list[int]) -> None:
    class Over:
        pass

    game = Over()
    game.scores, game.winners = scores, winners  # type: ignore[attr-defined]
    names = [f"P{seat}" for seat in range(len(scores))]
    result = standings(game, names, ended_early=False)
    assert [s["rank"] for s in result["seats"]] == ranks
    assert [s["winner"] for s in result["seats"]] == [s in winners for s in range(len(scores))]
    early = standings(game, names, ended_early=True)
    assert early["ended_early"] and not any(s["winner"] or s["rank"] for s in early["seats"])


def test_release_seat_lets_a_new_phone_take_it(table: Table) -> None:
    tokens = seat_everyone(table)
    table.start()
    assert table.release_seat(1, by=0) == "asked"  # a seat with a hand: its holder is asked
    assert table.seat_of(tokens[1]) == 1
    assert table.answer_release(1, allow=True) == "freed"
    assert table.seat_of(tokens[1]) is None
    seat, token = table.join(table.status()["room"], "New phone")
    assert seat == 1 and table.seat_of(token) == 1
    assert [n["text"] for n in table.status()["notices"]] == [
        "Seat 2 (P1) was freed: P1 agreed",
        "New phone took seat 2",
    ]
    with pytest.raises(TableError, match="already free"):
        table.release_seat(5)


def test_releasing_the_host_passes_host_rights(table: Table) -> None:
    tokens = seat_everyone(table)
    table.release_seat(0)
    assert table.is_host(tokens[1])


def test_swap_seats_moves_people_and_host(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    table.open_lobby("cena", 3, {})
    room = table.status()["room"]
    _, ann = table.join(room, "Ann")
    table.swap_seats(0, 2)
    assert table.seat_of(ann) == 2 and table.status()["host"] == 2
    assert [s["taken"] for s in table.status()["seats"]] == [False, False, True]
    journal.close()
    again = Table(Journal(journal_path))
    assert again.seat_of(ann) == 2 and again.is_host(ann)
    with pytest.raises(TableError):
        again.swap_seats(0, 7)


def test_configure_only_in_lobby(table: Table) -> None:
    seat_everyone(table, players=4)
    table.configure(options={"simplified": True})
    assert table.status()["options"] == {"simplified": True}
    with pytest.raises(TableError, match="free the seats"):
        table.configure(players=3)
    table.release_seat(3)
    table.configure(players=3)
    assert table.status()["players"] == 3
    table.start()
    with pytest.raises(TableError, match="lobby"):
        table.configure(options={})


def test_names_are_cleaned_and_bounded(table: Table) -> None:
    table.open_lobby("cena", 3, {})
    room = table.status()["room"]
    table.join(room, "x" * 100)
    table.join(room, "\x00\x1b[31m")
    table.join(room, "")
    names = [s["name"] for s in table.status()["seats"]]
    assert names[0] == "x" * 16
    assert "\x1b" not in names[1]
    assert names[2] == "Player 3"
    table.end_game()
    table.open_lobby("cena", 3, {})
    with pytest.raises(TableError, match="text"):
        table.join(table.status()["room"], 7)  # type: ignore[arg-type]


def test_a_phone_opening_a_game_is_seated_as_host_at_once(table: Table) -> None:
    heard: list[dict] = []
    table.subscribe(lambda _version: heard.append(table.status()))
    seat, token = table.open_lobby("cena", 3, {}, host_name="Ann") or (None, "")
    assert seat == 0 and table.is_host(token)
    # One change, already with the host seated: no moment where the room is open but empty.
    assert len(heard) == 1 and heard[0]["seats"][0]["taken"]


# --- issue 12: server errors, crash windows, consent, idempotency, upgrades -----------


class Clock:
    """The table's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fail_on(monkeypatch: pytest.MonkeyPatch, journal: Journal, method: str) -> None:
    """The journal's `method` fails as a full disk would."""

    def disk_full(*_args: object, **_kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal, method, disk_full)


def test_a_token_that_is_not_ascii_is_unknown(table: Table) -> None:
    seat_everyone(table)
    for token in ("é" * 24, "\u2603", "\udcff", "tök", 7, b"bytes"):
        assert table.seat_of(token) is None  # type: ignore[arg-type]
        assert not table.is_host(token)  # type: ignore[arg-type]


def test_a_lobby_and_its_host_are_one_commit(
    journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    fail_on(monkeypatch, journal, "set_host")
    with pytest.raises(sqlite3.OperationalError):
        table.open_lobby("cena", 3, {}, host_name="Ann")
    assert table.phase == "idle"
    monkeypatch.undo()
    assert journal.latest_game() is None  # no lobby without its host
    assert Table(journal).phase == "idle"


def test_the_last_move_and_the_games_end_are_one_commit(
    journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    seat_everyone(table)
    table.start()
    assert table._state.game is not None
    copy = engines.load(table._state.game.to_dict())  # find the length of this game on a copy
    moves = 0
    while not copy.finished:
        seat = copy.to_act[0]
        copy.apply(seat, copy.legal_actions(seat)[0])
        moves += 1
    play_some(table, moves - 1)
    before = without_version(table.view(None))
    fail_on(monkeypatch, journal, "end_game")
    seat = table.to_act()[0]
    with pytest.raises(TableError, match="could not save"):
        table.act(seat, table.legal_actions(seat)[0])
    assert without_version(table.view(None)) == before and table.phase == "playing"
    monkeypatch.undo()
    again = Table(journal)  # nothing half-done in the journal either
    assert again.phase == "playing" and without_version(again.view(None)) == before


def test_freeing_the_hosts_own_seat_passes_host_rights_in_one_commit(
    journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    tokens = seat_everyone(table)
    table.start()
    fail_on(monkeypatch, journal, "set_host")
    with pytest.raises(sqlite3.OperationalError):
        table.release_seat(0, by=0)
    assert table.is_host(tokens[0])
    monkeypatch.undo()
    again = Table(journal)
    assert again.is_host(tokens[0]) and again.seat_of(tokens[0]) == 0
    assert again.release_seat(0, by=0) == "freed"  # the host's own seat: no one to ask
    assert again.is_host(tokens[1])
    assert Table(journal).is_host(tokens[1])
    assert again.status()["notices"][-1]["text"] == "P0 left seat 1"


def test_an_opener_whose_answer_was_lost_gets_the_same_seat_back(table: Table) -> None:
    first = table.open_lobby("cena", 3, {}, host_name="Ann", opener="key-of-anns-phone")
    assert first is not None
    version = table.version
    assert table.open_lobby("cena", 3, {}, host_name="Ann", opener="key-of-anns-phone") == first
    assert table.version == version  # nothing changed
    for other in (None, "key-of-another-phone"):
        with pytest.raises(TableError, match="already open"):
            table.open_lobby("cena", 3, {}, host_name="Zed", opener=other)
    # Once the opener gives the host seat up, the key opens nothing.
    table.join(table.status()["room"], "Bob")
    table.release_seat(0, by=0)
    with pytest.raises(TableError, match="already open"):
        table.open_lobby("cena", 3, {}, host_name="Ann", opener="key-of-anns-phone")


def test_the_opener_key_survives_a_restart_but_is_not_kept_in_clear(journal_path: Path) -> None:
    journal = Journal(journal_path)
    first = Table(journal).open_lobby("cena", 3, {}, host_name="Ann", opener="secret-opener-key")
    journal.close()
    assert b"secret-opener-key" not in journal_path.read_bytes()
    again = Table(Journal(journal_path))
    assert again.open_lobby("cena", 3, {}, host_name="Ann", opener="secret-opener-key") == first


def test_a_finished_game_never_reappears_after_a_later_lobby(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    seat_everyone(table)
    table.start()
    while table.phase == "playing":
        play_some(table, 1)
    table.open_lobby("chanoyu", 3, {})
    assert Table(journal).status()["game"] == "chanoyu"
    Table(journal).end_game()  # the lobby is cancelled: the old result stays gone
    assert Table(journal).phase == "idle"


def test_an_older_releases_half_ended_games_are_closed_not_resumed(journal_path: Path) -> None:
    """Release 0.1.0 could crash between a game's last move and its end: that game
    stayed "playing" under newer ones, and came back after a later restart."""
    journal = Journal(journal_path)
    table = Table(journal)
    seat_everyone(table)
    table.start()
    while table.phase == "playing":
        play_some(table, 1)
    old = table._state.record_id
    assert old is not None
    journal._write("UPDATE games SET status = 'playing', cleared = NULL WHERE id = ?", (old,))
    table.open_lobby("cena", 4, {})
    table.end_game()
    assert Table(journal).phase == "idle"
    record = journal.game(old)
    assert record is not None and record.status == "over" and record.cleared is not None
    # The latest game marked playing but finished: its result shows, marked over.
    journal._write("UPDATE games SET status = 'playing', cleared = NULL WHERE id = ?", (old,))
    journal._write("DELETE FROM games WHERE id > ?", (old,))
    assert Table(journal).phase == "over"
    assert journal.game(old).status == "over"  # type: ignore[union-attr]


# --- freeing a seat during play: consent, announcements ---------------------------------


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def four(journal_path: Path, clock: Clock):
    """Four seats in play: Ann (host), Bob, Cat, Dan."""
    journal = Journal(journal_path)
    table = Table(journal, clock=clock)
    table.open_lobby("cena", 4, {}, host_name="Ann")
    room = table.status()["room"]
    for name in ("Bob", "Cat", "Dan"):
        table.join(room, name)
    table.start()
    yield table
    journal.close()


def test_the_holder_is_asked_and_may_refuse(four: Table) -> None:
    assert four.release_seat(1, by=0) == "asked"
    asked = four.status()["release"]
    assert asked == {
        "seat": 1,
        "name": "Bob",
        "by": 0,
        "agreed": [0],
        "waiting": [2, 3],
        "grace": RELEASE_GRACE,
        "box_confirms": False,
        "bot": None,  # left free, not given to a bot
    }
    with pytest.raises(TableError, match="already asked"):
        four.release_seat(2, by=0)
    assert four.answer_release(1, allow=False) == "refused"
    assert four.status()["release"] is None
    assert four.status()["seats"][1]["taken"]
    assert four.status()["notices"][-1]["text"] == "Bob kept seat 2"
    with pytest.raises(TableError, match="nobody is asking"):
        four.answer_release(1, allow=True)


def test_a_lost_phones_seat_needs_every_other_player_and_the_grace(
    four: Table, clock: Clock
) -> None:
    four.release_seat(1, by=0)
    with pytest.raises(TableError, match="waiting for Cat, Dan"):
        four.release_seat(1, by=0)  # the host alone cannot free it
    assert four.answer_release(2, allow=True) == "agreed"
    assert four.answer_release(3, allow=True) == "agreed"
    assert four.status()["release"]["waiting"] == []
    with pytest.raises(TableError, match="Bob's phone may still refuse: try again in 20 s"):
        four.release_seat(1, by=0)
    clock.now += RELEASE_GRACE
    assert four.status()["seats"][1]["taken"]  # time alone frees nothing
    assert four.answer_release(0, allow=True) == "freed"  # the host confirms
    assert not four.status()["seats"][1]["taken"]
    assert four.status()["notices"][-1]["text"] == "Seat 2 (Bob) was freed: the table agreed"


def test_the_last_consent_after_the_grace_frees_the_seat(four: Table, clock: Clock) -> None:
    four.release_seat(3, by=0)
    four.answer_release(1, allow=True)
    clock.now += RELEASE_GRACE + 1
    assert four.answer_release(2, allow=True) == "freed"
    assert not four.status()["seats"][3]["taken"]


def test_anyone_refusing_ends_the_request_and_the_host_may_withdraw(four: Table) -> None:
    four.release_seat(1, by=0)
    assert four.answer_release(2, allow=False) == "refused"
    assert four.status()["release"] is None
    assert four.status()["notices"][-1]["text"] == "Cat refused to free seat 2 (Bob)"
    four.release_seat(1, by=0)
    assert four.answer_release(0, allow=False) == "withdrawn"
    assert four.status()["release"] is None and four.status()["seats"][1]["taken"]


def test_whoever_retakes_a_freed_seat_is_announced_and_survives_a_restart(
    four: Table, journal_path: Path
) -> None:
    four.release_seat(2, by=0)
    four.answer_release(2, allow=True)
    four.join(four.status()["room"], "Eve")
    texts = [n["text"] for n in four.status()["notices"]]
    assert texts == ["Seat 3 (Cat) was freed: Cat agreed", "Eve took seat 3"]
    assert "Eve took seat 3" in json.dumps(four.view(None))  # every screen: the public view
    again = Table(Journal(journal_path))
    assert again.status()["notices"] == four.status()["notices"]


def test_a_pending_request_and_its_consents_survive_a_restart(
    four: Table, journal_path: Path, clock: Clock
) -> None:
    four.release_seat(1, by=0)
    four.answer_release(2, allow=True)
    clock.now += RELEASE_GRACE
    again = Table(Journal(journal_path), clock=clock)
    assert again.status()["release"] == four.status()["release"]
    again.answer_release(3, allow=True)  # the holder's phone gets the grace again
    with pytest.raises(TableError, match="may still refuse"):
        again.release_seat(1, by=0)
    assert again.answer_release(1, allow=False) == "refused"
    assert Table(Journal(journal_path)).status()["release"] is None


def test_a_pending_request_ends_with_the_game(four: Table) -> None:
    four.release_seat(1, by=0)
    four.end_game()
    assert four.status()["release"] is None


# --- idempotent actions ---------------------------------------------------------------------


def test_a_retried_action_is_applied_once(journal_path: Path) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    seat_everyone(table)
    table.start()
    seat = table.to_act()[0]
    action = table.legal_actions(seat)[0]
    events = table.act(seat, action, request="req-00000001")
    after, version = without_version(table.view(seat)), table.version
    assert table.act(seat, action, request="req-00000001") == events
    assert without_version(table.view(seat)) == after and table.version == version
    with pytest.raises(TableError, match="already used for another move"):
        table.act(seat, {"type": "reveal", "cards": []}, request="req-00000001")
    journal.close()
    again = Table(Journal(journal_path))  # the answer was lost in a crash: still once
    assert again.act(seat, action, request="req-00000001") == events
    assert without_version(again.view(seat)) == after
    assert len(again._journal.game(again._state.record_id).actions) == 1  # type: ignore[arg-type, union-attr]


def test_a_retried_last_move_answers_after_the_game_is_over(table: Table) -> None:
    seat_everyone(table)
    table.start()
    last: tuple[int, dict, list] | None = None
    number = 0
    while table.phase == "playing":
        seat = table.to_act()[0]
        action = table.legal_actions(seat)[0]
        number += 1
        last = (seat, action, table.act(seat, action, request=f"move-{number:04d}"))
        read_summary(table)
    assert last is not None
    seat, action, events = last
    assert table.act(seat, action, request=f"move-{number:04d}") == events
    with pytest.raises(TableError, match="no game"):
        table.act(seat, action, request="a-new-request")


def test_the_answers_kept_for_retries_are_bounded(table: Table) -> None:
    seat_everyone(table)
    table.start()
    for number in range(REQUESTS_KEPT + 10):
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0], request=f"move-{number:04d}")
        read_summary(table)
    rows = table._journal._db.execute("SELECT COUNT(*) FROM requests").fetchone()[0]
    assert rows == REQUESTS_KEPT


# --- a game that cannot be resumed after an update -------------------------------------


def test_a_game_that_no_longer_replays_is_kept_and_said_so(
    journal_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    tokens = seat_everyone(table)
    table.start()
    play_some(table, 5)
    record_id = table._state.record_id
    journal.close()
    # An update changed the rules: the engine says so with its rules version.
    monkeypatch.setattr(engines.Cena, "rules_version", 2)
    journal = Journal(journal_path)
    again = Table(journal)
    status = again.status()
    assert status["phase"] == "idle"
    assert "older" not in status["problem"] and "Céna" in status["problem"]
    assert "kept" in status["problem"]
    assert again.seat_of(tokens[0]) is None
    record = journal.game(record_id)  # type: ignore[arg-type]
    assert record is not None and record.status == "unreplayable" and len(record.actions) == 5
    assert journal.history()[0]["status"] == "unreplayable"
    assert Table(journal).status()["problem"] == status["problem"]  # said until cleared
    again.end_game()
    assert Table(journal).status()["problem"] is None
    assert journal.game(record_id).actions == record.actions  # type: ignore[arg-type, union-attr]


def test_a_journal_that_no_longer_replays_never_names_a_card(
    journal_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    journal = Journal(journal_path)
    table = Table(journal)
    seat_everyone(table)
    table.start()
    play_some(table, 3)
    hand = table.view(0)["hand"]
    journal._write(  # a move the rules no longer accept: it names a card
        "UPDATE actions SET action = ? WHERE idx = 0",
        (json.dumps({"type": "reveal", "cards": [*hand[:2], "X9"]}),),
    )
    again = Table(journal)
    assert again.status()["problem"] and again.phase == "idle"
    for card in hand:
        assert card not in caplog.text and card not in json.dumps(again.status())
    # A new lobby clears the notice; the record stays.
    again.open_lobby("cena", 3, {})
    assert again.status()["problem"] is None
    assert Table(journal).status()["problem"] is None
