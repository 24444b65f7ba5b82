"""The next game at the same table (device/table/rematch.py, Table.rematch and Table.leave):
every phone keeps its seat and token, the last result stays until the next game ends,
one name per person, a full game is refused with a code the join page turns into an
offer to watch; each rematch is one commit and survives a restart."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from device.journal import Journal
from device.table import Table, TableError
from device.table.rematch import name_key
from tests.interludes import read_summary

NAMES = ["Ana", "Bo", "Cy"]


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(journal_path: Path):
    opened = Journal(journal_path)
    yield opened
    opened.close()


@pytest.fixture
def table(journal: Journal) -> Table:
    return Table(journal)


def seated(table: Table, game: str = "lauzait", names: list[str] = NAMES, **options) -> list[str]:
    table.open_lobby(game, len(names), options)
    room = table.status()["room"]
    return [table.join(room, name)[1] for name in names]


def hire_then_end(table: Table) -> None:
    """One real move, then the table agrees to end now (Lauzait Cep's end_game)."""
    seat = table.to_act()[0]
    hire = next(a for a in table.legal_actions(seat) if a["type"] == "hire")
    table.act(seat, hire)
    read_summary(table)
    table.act(table.to_act()[0], {"type": "end_game"})
    read_summary(table)
    assert table.phase == "over"


def finished(table: Table, names: list[str] = NAMES) -> list[str]:
    tokens = seated(table, names=names)
    table.start()
    hire_then_end(table)
    return tokens


def seats_of(table: Table, tokens: list[str]) -> list[int | None]:
    return [table.seat_of(token) for token in tokens]


def error_code(call) -> str:
    with pytest.raises(TableError) as caught:
        call()
    return caught.value.code


# --- play again -------------------------------------------------------------------------


def test_play_again_keeps_every_seat_token_host_and_room(table: Table, journal: Journal) -> None:
    tokens = finished(table)
    before = table.status()
    old = journal.latest_game()
    assert old is not None and before["last_game"] is None  # the result itself is on show
    assert table.rematch() == "playing"
    after = table.status()
    assert after["phase"] == "playing" and after["room"] == before["room"]
    assert after["game"] == "lauzait" and after["options"] == before["options"]
    assert seats_of(table, tokens) == [0, 1, 2] and table.is_host(tokens[0])
    assert [s["name"] for s in after["seats"]] == NAMES
    new = journal.latest_game()
    assert new is not None and new.id != old.id and new.actions == []
    assert new.seed is not None and new.seed != old.seed  # a new deal
    assert after["fingerprint"] is not None  # sealed like any start
    assert journal.game(old.id).cleared is not None  # type: ignore[union-attr]


def test_the_last_result_stays_until_the_next_game_ends(table: Table) -> None:
    finished(table)
    table.rematch()
    last = table.status()["last_game"]
    assert last["game"] == "lauzait" and last["title"] == "Lauzait Cep"
    assert [s["name"] for s in last["seats"]] == NAMES
    assert all(isinstance(s["score"], int) and isinstance(s["winner"], bool) for s in last["seats"])
    # Ended early at 0-0-0-0 (one hire scores nothing): nobody won (issue 28).
    assert not any(s["winner"] for s in last["seats"])
    assert set(last) == {"id", "game", "title", "seats"}  # names and scores: nothing secret
    hire_then_end(table)  # the next game ends: its own result replaces the panel
    assert table.status()["last_game"] is None
    table.rematch()
    assert table.status()["last_game"]["id"] == last["id"] + 1


def test_play_again_survives_a_restart(journal_path: Path, journal: Journal) -> None:
    table = Table(journal)
    tokens = finished(table)
    table.rematch()
    status = table.status()
    again = Table(Journal(journal_path))
    assert seats_of(again, tokens) == [0, 1, 2] and again.is_host(tokens[0])
    restored = again.status()
    assert restored["phase"] == "playing" and restored["room"] == status["room"]
    assert restored["last_game"] == status["last_game"] is not None


def test_a_rematch_is_one_commit(
    journal_path: Path, journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fails at the rematch's last write: nothing of it is kept, in memory or
    in the journal, and the table is the finished game with its seats, as before."""
    table = Table(journal)
    tokens = finished(table)
    before = table.view(None)

    def disk_full(*_args: object, **_kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal, "clear", disk_full)
    with pytest.raises(TableError, match="could not save") as caught:
        table.rematch()
    assert caught.value.code == "not_saved"
    monkeypatch.undo()
    assert table.phase == "over" and seats_of(table, tokens) == [0, 1, 2]
    assert {k: v for k, v in table.view(None).items() if k != "table"} == {
        k: v for k, v in before.items() if k != "table"
    }
    assert table.status()["room"] == before["table"]["room"]
    reopened = Table(Journal(journal_path))  # as after a crash at that moment
    assert reopened.phase == "over" and seats_of(reopened, tokens) == [0, 1, 2]
    assert reopened.status()["room"] == before["table"]["room"]
    assert reopened.rematch() == "playing"  # and the rematch works once the disk does
    assert seats_of(reopened, tokens) == [0, 1, 2]


def test_a_rematch_failing_mid_deal_leaves_nothing_either(
    journal_path: Path, journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(journal)
    tokens = finished(table)
    games_before = journal.history()

    def disk_full(*_args: object, **_kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal, "start_game", disk_full)
    with pytest.raises(TableError, match="could not save"):
        table.rematch()
    monkeypatch.undo()
    assert table.phase == "over" and table.status()["last_game"] is None
    reopened = Table(Journal(journal_path))
    assert reopened.phase == "over" and seats_of(reopened, tokens) == [0, 1, 2]
    latest = journal.latest_game()
    assert latest is not None and latest.status == "over"  # no half-made lobby
    assert journal.history() == games_before


def test_only_a_finished_game_has_a_rematch(table: Table) -> None:
    assert error_code(table.rematch) == "not_over"
    seated(table)
    assert error_code(table.rematch) == "not_over"
    table.start()
    assert error_code(table.rematch) == "not_over"
    hire_then_end(table)
    with pytest.raises(TableError):
        table.rematch("chess", 3)
    with pytest.raises(TableError):
        table.rematch("sarena", 9)
    assert table.phase == "over"  # a refused setup changes nothing


# --- another game ------------------------------------------------------------------------


def test_another_game_for_fewer_players_frees_the_last_seats(table: Table) -> None:
    tokens = finished(table, ["Ana", "Bo", "Cy", "Dee"])
    assert table.rematch("sarena", 2, start=False) == "lobby"
    status = table.status()
    assert status["game"] == "sarena" and status["players"] == 2 and status["options"] == {}
    assert seats_of(table, tokens) == [0, 1, None, None]
    assert [n["text"] for n in status["notices"]] == [
        "Seat 3 (Cy) was freed: the next game has fewer seats",
        "Seat 4 (Dee) was freed: the next game has fewer seats",
    ]
    assert {n["kind"] for n in status["notices"]} == {"dropped"}
    assert error_code(lambda: table.join(status["room"], "Eve")) == "table_full"
    table.start()  # every seat of the smaller game is held
    assert table.phase == "playing" and table.status()["last_game"]["game"] == "lauzait"


def test_a_host_whose_seat_is_freed_passes_host_rights_on(table: Table) -> None:
    tokens = seated(table, names=["Ana", "Bo", "Cy", "Dee"])
    table.swap_seats(0, 3)  # Ana, the host, sits in seat 4
    table.start()
    hire_then_end(table)
    table.rematch("sarena", 3, start=False)
    assert seats_of(table, tokens) == [None, 1, 2, 0] and table.is_host(tokens[3])
    assert table.status()["notices"][0]["text"].startswith("Seat 4 (Ana) was freed")
    table.leave(0)  # leaving in the lobby: host rights pass to the lowest seat left
    assert table.is_host(tokens[1])


def test_another_game_for_more_players_leaves_seats_for_newcomers(
    journal_path: Path, table: Table
) -> None:
    tokens = finished(table)
    assert table.rematch("cena", 4, {"simplified": True}) == "lobby"  # a free seat: no deal
    status = table.status()
    assert status["options"]["simplified"] is True
    assert seats_of(table, tokens) == [0, 1, 2] and status["notices"] == []
    with pytest.raises(TableError, match="waiting for seat 4"):
        table.start()
    assert error_code(lambda: table.join(status["room"], " bo ")) == "name_taken"
    seat, newcomer = table.join(status["room"], "Dee")
    assert seat == 3
    table.start()
    again = Table(Journal(journal_path))
    assert seats_of(again, [*tokens, newcomer]) == [0, 1, 2, 3]
    assert again.status()["last_game"]["game"] == "lauzait"


def test_take_backs_mode_follows_unless_changed(table: Table) -> None:
    table.open_lobby("lauzait", 2, {}, take_backs="off")
    room = table.status()["room"]
    table.join(room, "Ana")
    table.join(room, "Bo")
    table.start()
    hire_then_end(table)
    table.rematch()
    assert table.status()["take_back"]["mode"] == "off"
    hire_then_end(table)
    table.rematch("sarena", 2, take_backs="free", start=False)
    assert table.status()["take_back"]["mode"] == "free"


# --- leaving -----------------------------------------------------------------------------


def test_a_player_who_leaves_after_the_game_is_not_in_the_next(
    journal_path: Path, table: Table, journal: Journal
) -> None:
    tokens = finished(table)
    table.leave(1)
    assert table.seat_of(tokens[1]) is None
    assert table.status()["notices"][-1]["text"] == "Bo left seat 2"
    record = journal.latest_game()
    assert record is not None and [s.name for s in record.seats] == NAMES  # history keeps Bo
    restarted = Table(Journal(journal_path))
    assert seats_of(restarted, tokens) == [0, None, 2]  # the leave survives a restart
    assert restarted.rematch() == "lobby"  # play again, but a seat waits for someone
    assert seats_of(restarted, tokens) == [0, None, 2]
    status = restarted.status()
    assert [n["text"] for n in status["notices"]] == []  # a fresh game, fresh notices
    restarted.join(status["room"], "Eve")
    restarted.start()
    assert [s["name"] for s in restarted.status()["seats"]] == ["Ana", "Eve", "Cy"]
    assert [s["name"] for s in restarted.status()["last_game"]["seats"]] == NAMES


def test_leaving_in_the_lobby_or_in_play_frees_the_seat(table: Table) -> None:
    tokens = seated(table)
    table.leave(2)
    assert table.seat_of(tokens[2]) is None
    _, back = table.join(table.status()["room"], "Cy")
    table.start()
    table.leave(1)
    assert table.seat_of(tokens[1]) is None and table.seat_of(back) == 2
    assert table.status()["notices"][-1]["text"] == "Bo left seat 2"
    with pytest.raises(TableError):
        table.leave(1)  # no longer seated


# --- joining ------------------------------------------------------------------------------


@pytest.mark.parametrize("again", ["bo", " Bo ", "BO", "b o", "Bo\t"])
def test_a_name_already_at_the_table_is_refused(table: Table, again: str) -> None:
    table.open_lobby("cena", 4, {})
    room = table.status()["room"]
    table.join(room, "Bo")
    with pytest.raises(TableError, match="already called") as caught:
        table.join(room, again)
    assert caught.value.code == "name_taken"
    assert table.join(room, "Bo B")[0] == 1  # another name is welcome
    assert [s["taken"] for s in table.status()["seats"]] == [True, True, False, False]


def test_the_hosts_name_counts_too(table: Table) -> None:
    table.open_lobby("cena", 3, {}, host_name="Ana")
    assert error_code(lambda: table.join(table.status()["room"], "ana")) == "name_taken"


def test_name_keys_ignore_case_and_spaces() -> None:
    assert name_key(" Bo ") == name_key("bo") == name_key("B O") == "bo"
    assert name_key("Bo") != name_key("Bob")


def test_a_full_game_and_a_finished_one_say_why_nobody_can_join(table: Table) -> None:
    seated(table)
    room = table.status()["room"]
    assert error_code(lambda: table.join(room, "Dee")) == "table_full"
    table.start()
    assert error_code(lambda: table.join(room, "Dee")) == "table_full"
    hire_then_end(table)
    assert error_code(lambda: table.join(room, "Dee")) == "between_games"
    wrong = "ZZZZ" if room != "ZZZZ" else "YYYY"
    assert error_code(lambda: table.join(wrong, "Dee")) == "no_game"  # the game is over


def test_a_rematch_tells_every_subscriber(table: Table) -> None:
    finished(table)
    seen: list[int] = []
    table.subscribe(seen.append)
    table.rematch()
    assert seen == [table.version]


def play_out(table: Table) -> None:
    """Every seat plays its first legal move until the game is over (Continue after
    each deal's summary, as every phone taps it)."""
    for _ in range(20_000):
        if table.phase != "playing":
            return
        read_summary(table)
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0])
    raise AssertionError("the game did not end")


def test_four_play_cena_then_again_then_chanoyu_and_nobody_joins_again(table: Table) -> None:
    """The issue's evening: four friends play Céna, "play again", then Chanoyu, on the
    same four seats and tokens throughout, each result kept until the next game ends."""
    names = ["Ana", "Bo", "Cy", "Di"]
    tokens = seated(table, "cena", names)
    table.start()
    play_out(table)
    first = table.view(None)["scores"]
    assert table.rematch() == "playing"  # play again: dealt at once, all four seated
    assert seats_of(table, tokens) == [0, 1, 2, 3]
    last = table.status()["last_game"]
    assert [seat["score"] for seat in last["seats"]] == first
    play_out(table)
    assert table.rematch("chanoyu", 4) == "playing"  # another game for the same four
    assert table.status()["game"] == "chanoyu" and seats_of(table, tokens) == [0, 1, 2, 3]
    assert [seat["name"] for seat in table.status()["seats"]] == names
    play_out(table)
    assert table.phase == "over" and table.view(None)["winners"]
