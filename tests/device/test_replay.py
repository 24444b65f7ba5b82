"""Sealed deals and replays (device/history/fingerprint.py, replay.py): the commitment
made at the start, what the journal keeps, `tablemate verify`, and a verification
that fails visibly when a journaled move, the seed or the salt is altered."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from device.cli import main
from device.history import replay
from device.history.fingerprint import FORMAT, commitment, sealed_bytes, short
from device.journal import Journal
from device.table import Table
from engines import rng
from tests.interludes import read_summary


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(path: Path) -> Iterator[Journal]:
    opened = Journal(path)
    yield opened
    opened.close()


@pytest.fixture
def table(journal: Journal) -> Table:
    return Table(journal)


def start(table: Table, game: str = "sarena", players: int = 2, **table_options: Any) -> int:
    table.open_lobby(game, players, {}, **table_options)
    room = table.status()["room"]
    for name in ("Ann", "Bo", "Cy", "Di", "Eve")[:players]:
        table.join(room, name)
    table.start()
    record = table.journal.latest_game()
    assert record is not None
    return record.id


def play_out(table: Table, rng: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        if table.phase != "playing":
            return
        read_summary(table)
        seat = table.to_act()[0]
        kept = [a for a in table.legal_actions(seat) if a["type"] != "end_game"]
        table.act(seat, rng.choice(kept))
    raise AssertionError("the game did not end")


def finished_game(table: Table, game: str = "sarena", players: int = 2, seed: int = 1) -> int:
    game_id = start(table, game, players)
    play_out(table, random.Random(seed))
    return game_id


def tamper(path: Path, sql: str, *args: Any) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, args)
    db.close()


# --- the commitment --------------------------------------------------------------------


def test_the_commitment_hashes_exactly_the_documented_bytes() -> None:
    setup: dict[str, Any] = {
        "engine": "cena",
        "rules_version": 2,
        "players": 4,
        "options": {"simplified": True, "host": 1},
        "seed": 12345678901234567,
        "salt": "00ff" * 8,
        "generator": "pcg32-1",
    }
    expected = (
        b"tablemate-deal/2\n"
        b'{"engine":"cena","generator":"pcg32-1","options":{"host":1,"simplified":true},'
        b'"players":4,"rules_version":2,"salt":"00ff00ff00ff00ff00ff00ff00ff00ff",'
        b'"seed":12345678901234567}'
    )
    assert FORMAT == "tablemate-deal/2"
    assert sealed_bytes(**setup) == expected
    assert commitment(**setup) == hashlib.sha256(expected).hexdigest()
    # The documented example's digest (docs/architecture.md), for a verifier elsewhere.
    assert commitment(**setup) == (
        "721d5f99ce64a2ce7e7c37d6e2a2026db09a8d498e10ab44877d861ae0e60f5f"
    )
    assert short(commitment(**setup)) == "721D 5F99 CE64"
    assert short("3f2a9c01b7e4d5") == "3F2A 9C01 B7E4"
    # Any part of the setup changes the commitment.
    for key, other in (
        ("seed", 1),
        ("salt", "1" * 32),
        ("players", 3),
        ("options", {}),
        ("generator", "mt19937-py311"),
    ):
        assert commitment(**{**setup, key: other}) != commitment(**setup)


def test_a_game_dealt_before_generators_were_recorded_keeps_its_seal() -> None:
    """Sealed before issue 23 as format 1, without a generator: the same bytes and
    digest as then, so every sealed deal of an older release still verifies."""
    setup: dict[str, Any] = {
        "engine": "cena",
        "rules_version": 2,
        "players": 4,
        "options": {"simplified": True, "host": 1},
        "seed": 12345678901234567,
        "salt": "00ff" * 8,
        "generator": None,
    }
    assert sealed_bytes(**setup) == (
        b"tablemate-deal/1\n"
        b'{"engine":"cena","options":{"host":1,"simplified":true},"players":4,'
        b'"rules_version":2,"salt":"00ff00ff00ff00ff00ff00ff00ff00ff","seed":12345678901234567}'
    )
    assert commitment(**setup) == (
        "856b44221f403898ae149a4d5d5e3b233fe5831b302743f6655b9bd068985f8a"
    )


def test_a_game_is_sealed_when_it_starts_and_every_screen_gets_the_fingerprint(
    table: Table, journal: Journal
) -> None:
    game_id = start(table)
    record = journal.game(game_id)
    assert record is not None and record.seed is not None and record.salt is not None
    assert len(record.salt) == 32 and record.result is None
    assert record.commitment == commitment(
        engine="sarena",
        rules_version=record.rules_version,
        players=2,
        options={},
        seed=record.seed,
        salt=record.salt,
        generator="pcg32-1",
    )
    assert record.generator == "pcg32-1"
    seal = table.status()["fingerprint"]
    assert seal == {"short": short(record.commitment), "commitment": record.commitment}
    for seat in (None, 0, 1):
        text = json.dumps(table.view(seat))
        assert str(record.seed) not in text and record.salt not in text
        assert record.commitment in text  # public from the first move


def test_two_games_never_share_a_salt(table: Table, journal: Journal) -> None:
    first = start(table)
    table.end_game()
    second = start(table)
    salts = {journal.game(first).salt, journal.game(second).salt}  # type: ignore[union-attr]
    assert len(salts) == 2


def test_the_seal_survives_a_restart(table: Table, journal: Journal) -> None:
    start(table)
    before = table.status()["fingerprint"]
    assert Table(journal).status()["fingerprint"] == before


# --- replays -----------------------------------------------------------------------------


def test_a_game_in_progress_or_never_started_is_never_replayed(
    table: Table, journal: Journal
) -> None:
    table.open_lobby("sarena", 2, {})
    lobby = journal.latest_game()
    assert lobby is not None
    with pytest.raises(replay.ReplayRefused) as refused:
        replay.load(journal, lobby.id)
    assert refused.value.code == "game_in_progress"
    table.end_game()  # abandoned in its lobby: no seed, nothing to replay
    with pytest.raises(replay.ReplayRefused) as refused:
        replay.load(journal, lobby.id)
    assert refused.value.code == "not_started"
    game_id = start(table)
    with pytest.raises(replay.ReplayRefused) as refused:
        replay.load(journal, game_id)
    assert refused.value.code == "game_in_progress" and refused.value.status == 409
    with pytest.raises(replay.ReplayRefused) as refused:
        replay.load(journal, 999)
    assert refused.value.code == "not_found" and refused.value.status == 404


def test_every_step_replays_as_the_table_showed_it(table: Table, journal: Journal) -> None:
    game_id = start(table)
    rng = random.Random(4)
    shown = [table.view(None)]
    while table.phase == "playing":
        read_summary(table)
        seat = table.to_act()[0]
        table.act(seat, rng.choice(table.legal_actions(seat)))
        shown.append(table.view(None))
    record = replay.load(journal, game_id)
    assert len(record.actions) == len(shown) - 1
    for step, expected in enumerate(shown):
        game, _events = replay.game_at(record, step)
        view = replay.view_for(game, replay.PUBLIC)
        assert view == {k: v for k, v in expected.items() if k != "table"}
    everything = replay.view_for(replay.game_at(record, 3)[0], replay.ALL)
    game, _ = replay.game_at(record, 3)
    assert everything["seat_views"] == [game.view(0), game.view(1)]
    with pytest.raises(replay.ReplayRefused):
        replay.game_at(record, len(record.actions) + 1)


def test_taken_back_moves_are_not_in_the_replay(table: Table, journal: Journal) -> None:
    game_id = start(table, take_backs="free")
    seat = table.to_act()[0]
    mistake = table.legal_actions(seat)[0]
    table.act(seat, mistake)
    assert table.request_take_back(seat) == "taken_back"
    kept = table.legal_actions(seat)[-1]
    table.act(seat, kept)
    play_out(table, random.Random(2))
    record = replay.load(journal, game_id)
    assert record.actions[0] == (seat, kept)
    assert journal.take_backs(game_id)[0].actions == [(seat, mistake)]
    assert replay.verify(record).ok


def test_an_abandoned_game_replays_and_verifies(table: Table, journal: Journal) -> None:
    game_id = start(table, "cena", 3)
    rng = random.Random(3)
    for _ in range(8):
        read_summary(table)
        seat = table.to_act()[0]
        table.act(seat, rng.choice(table.legal_actions(seat)))
    table.end_game()
    record = replay.load(journal, game_id)
    assert record.status == "abandoned" and record.result is not None
    assert record.result["actions"] == 8 and not record.result["finished"]
    result = replay.verify(record)
    assert result.ok and [c.ok for c in result.checks] == [True, True, True]


def test_open_hands_is_the_tables_choice_kept_with_its_options(
    table: Table, journal: Journal
) -> None:
    table.open_lobby("sarena", 2, {}, take_backs="off", open_hands=False)
    assert table.status()["replays"] == {"open_hands": False}
    table.configure(take_backs="ask")  # another table option: open hands stays off
    record = journal.latest_game()
    assert record is not None
    assert record.table_options == {"take_backs": "ask", "open_hands": False}
    table.configure(open_hands=True)
    assert table.status()["replays"] == {"open_hands": True}
    table.configure(open_hands=False)
    room = table.status()["room"]
    table.join(room, "Ann")
    table.join(room, "Bo")
    table.start()
    play_out(table, random.Random(5))
    record = replay.load(journal, record.id)
    assert not replay.open_hands(record)
    assert replay.audiences(record) == ["public", 0, 1]
    with pytest.raises(replay.ReplayRefused) as refused:
        replay.check_audience(record, replay.ALL)
    assert refused.value.code == "hands_closed"
    # By default (and in a game of an older release) every hand may be opened.
    finished_game(table)
    latest = table.journal.latest_game()
    assert latest is not None and replay.audiences(replay.load(journal, latest.id))[-1] == "all"


# --- verification --------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), [("cena", 3), ("chanoyu", 3), ("sarena", 2)])
def test_a_finished_game_verifies(table: Table, journal: Journal, game: str, players: int) -> None:
    game_id = finished_game(table, game, players)
    result = replay.verify(replay.load(journal, game_id))
    assert result.ok, result.data()
    assert [check.name for check in result.checks] == ["seal", "actions", "end"]
    assert all(check.ok for check in result.checks)


def test_an_altered_move_fails_visibly(table: Table, journal: Journal, path: Path) -> None:
    game_id = finished_game(table, "cena", 3)
    record = replay.load(journal, game_id)
    # A move the rules refuse at that point: a card played twice.
    tamper(
        path,
        "UPDATE actions SET action = ? WHERE game_id = ? AND idx = ?",
        json.dumps(record.actions[-2][1]),
        game_id,
        len(record.actions) - 1,
    )
    result = replay.verify(replay.load(journal, game_id))
    assert not result.ok
    failed = {c.name: c.detail for c in result.checks if c.ok is False}
    assert "actions" in failed and f"move {len(record.actions)}" in failed["actions"]
    assert result.checks[0].ok  # the seal still holds: the seed was not touched


def test_an_altered_but_legal_move_fails_at_the_end(
    table: Table, journal: Journal, path: Path
) -> None:
    game_id = finished_game(table, "sarena", 2)
    record = replay.load(journal, game_id)
    game, _ = replay.game_at(record, 0)
    seat, first = record.actions[0]
    other = next(a for a in game.legal_actions(seat) if a != first)
    tamper(
        path,
        "UPDATE actions SET action = ? WHERE game_id = ? AND idx = 0",
        json.dumps(other),
        game_id,
    )
    result = replay.verify(replay.load(journal, game_id))
    assert not result.ok
    assert {c.name for c in result.checks if c.ok is False} & {"actions", "end"}


def test_an_older_releases_end_is_checked_by_its_scores_and_winners(
    table: Table, journal: Journal, path: Path
) -> None:
    """Before digest 2 the end was a hash of every view, which later views (they say
    more) cannot reproduce: such a game still verifies by its result, and only by it."""
    game_id = finished_game(table, "sarena", 2)
    ended = replay.load(journal, game_id).result
    assert ended is not None and ended["digest"] == 2
    older = {key: value for key, value in ended.items() if key != "digest"}
    older["state"] = "0" * 64  # a view digest no later release can reproduce
    tamper(path, "UPDATE games SET result = ? WHERE id = ?", json.dumps(older), game_id)
    result = replay.verify(replay.load(journal, game_id))
    assert result.ok, result.checks
    assert "older release" in next(c.detail for c in result.checks if c.name == "end")
    older["scores"] = [score + 1 for score in older["scores"]]
    tamper(path, "UPDATE games SET result = ? WHERE id = ?", json.dumps(older), game_id)
    assert not replay.verify(replay.load(journal, game_id)).ok


@pytest.mark.parametrize("column", ["seed", "salt"])
def test_an_altered_seed_or_salt_breaks_the_seal(
    table: Table, journal: Journal, path: Path, column: str
) -> None:
    game_id = finished_game(table)
    record = replay.load(journal, game_id)
    changed: Any = (record.seed or 0) + 1 if column == "seed" else "0" * 32
    tamper(path, f"UPDATE games SET {column} = ? WHERE id = ?", changed, game_id)
    result = replay.verify(replay.load(journal, game_id))
    assert not result.ok
    seal = result.checks[0]
    assert seal.name == "seal" and seal.ok is False
    assert short(record.commitment or "") in seal.detail


def test_an_altered_generator_breaks_the_seal(table: Table, journal: Journal, path: Path) -> None:
    game_id = finished_game(table)
    tamper(path, "UPDATE games SET generator = ? WHERE id = ?", rng.LEGACY, game_id)
    result = replay.verify(replay.load(journal, game_id))
    assert result.checks[0].name == "seal" and result.checks[0].ok is False
    assert not result.ok


def test_a_game_dealt_by_an_older_release_resumes_and_verifies_with_its_generator(
    journal: Journal,
) -> None:
    """A game in play when the box was updated (schema 6: no generator column): it
    resumes with the legacy generator, its deal as dealt, and its seal verifies."""
    seed, salt = 4242, "ab" * 16
    older = engines.new("cena", 3, seed=seed, generator=rng.LEGACY)
    game_id = journal.open_game("cena", 3, {}, "ROOM")
    for seat, name in enumerate(("Ann", "Bo", "Cy")):
        journal.set_seat(game_id, seat, name, f"token-{seat}")
    sealed = commitment(
        engine="cena",
        rules_version=older.rules_version,
        players=3,
        options={},
        seed=seed,
        salt=salt,
        generator=None,
    )
    journal.start_game(game_id, seed, older.rules_version, salt=salt, commitment=sealed)
    for seat in range(3):
        older.apply(seat, {"type": "reveal", "cards": older.view(seat)["hand"][:3]})
        journal.append_action(game_id, seat, seat, older.log[-1][1])
    record = journal.game(game_id)
    assert record is not None and record.generator is None

    table = Table(journal)
    assert [table.view(seat)["hand"] for seat in range(3)] == [
        older.view(seat)["hand"] for seat in range(3)
    ]
    play_out(table, random.Random(3))
    result = replay.verify(replay.load(journal, game_id))
    assert result.ok, result.checks
    assert [check.ok for check in result.checks] == [True, True, True]
    assert replay.revealed(replay.load(journal, game_id))["generator"] is None


# --- tablemate verify --------------------------------------------------------------------


def test_tablemate_verify_prints_ok(
    table: Table, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = finished_game(table)
    record = table.journal.game(game_id)
    assert record is not None
    code = main(["verify", str(game_id), "--data", str(path.parent)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().splitlines()[-1].startswith("OK")
    assert str(record.seed) in out and str(record.salt) in out  # the game is over


def test_tablemate_verify_says_what_failed(
    table: Table, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = finished_game(table)
    tamper(path, "UPDATE games SET seed = seed + 1 WHERE id = ?", game_id)
    assert main(["verify", str(game_id), "--data", str(path.parent)]) == 1
    out = capsys.readouterr().out
    assert "FAIL seal" in out and out.strip().splitlines()[-1].startswith("FAILED")


def test_tablemate_verify_refuses_a_game_in_progress(
    table: Table, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = start(table)
    record = table.journal.game(game_id)
    assert record is not None
    assert main(["verify", str(game_id), "--data", str(path.parent)]) == 1
    out = capsys.readouterr().out
    assert "still being played" in out
    assert str(record.seed) not in out and str(record.salt) not in out
    assert main(["verify", "1", "--data", str(path.parent / "nowhere")]) == 1
