"""The Table: lobby, seats, tokens, actions journaled before they are published, recovery."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

import engines
from device.journal import Journal
from device.table import Table, TableError
from engines import IllegalAction


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
    """Views minus the change counter, which restarts with the process."""
    table = {k: v for k, v in view["table"].items() if k != "version"}
    return {**view, "table": table}


def play_some(table: Table, count: int) -> None:
    for _ in range(count):
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0])


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
    text = json.dumps(table.status())
    for token in tokens:
        assert token not in text
    assert hands[0][0] not in text
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
    assert Table(journal).phase == "idle"  # nothing left to resume


def test_end_game_abandons_and_keeps_history(table: Table) -> None:
    seat_everyone(table)
    table.start()
    table.end_game()
    assert table.phase == "idle"
    assert table._journal.history()[0]["status"] == "abandoned"
    with pytest.raises(TableError):
        table.end_game()


def test_release_seat_lets_a_new_phone_take_it(table: Table) -> None:
    tokens = seat_everyone(table)
    table.start()
    table.release_seat(1)
    assert table.seat_of(tokens[1]) is None
    seat, token = table.join(table.status()["room"], "New phone")
    assert seat == 1 and table.seat_of(token) == 1
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
