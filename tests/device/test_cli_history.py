"""`tablemate backup`, `restore` and `verify` through the command line's own main()
(device/cli.py): a box's data directory backed up, restored onto an empty one (a new
SD card) with the same history, and a restored game verified, then verified again
after one of its journaled moves was altered."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from device.cli import main
from device.history.core import History
from device.journal import Journal
from device.table import Table
from tests.interludes import read_summary

NAMES = ("Ann", "Bo")


def finished_sarena(data: Path, seed: int = 5) -> int:
    """A two-player Sàrénà played to its end in the box's data directory `data`."""
    journal = Journal(data / "journal.sqlite3")
    try:
        table = Table(journal)
        table.open_lobby("sarena", len(NAMES), {})
        for name in NAMES:
            table.join(table.status()["room"], name)
        table.start()
        rng = random.Random(seed)
        while table.phase == "playing":
            read_summary(table)
            seat = table.to_act()[0]
            kept = [a for a in table.legal_actions(seat) if a["type"] != "end_game"]
            table.act(seat, rng.choice(kept))
        record = journal.latest_game()
        assert record is not None
        return record.id
    finally:
        journal.close()


def history_of(data: Path) -> list[dict[str, object]]:
    journal = Journal(data / "journal.sqlite3")
    try:
        return [game.public() for game in History(journal).games()]
    finally:
        journal.close()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_backup_restore_and_verify_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old_card, new_card = tmp_path / "old", tmp_path / "new"
    game_id = finished_sarena(old_card)
    before = history_of(old_card)
    assert [game["id"] for game in before] == [str(game_id)]
    copy = tmp_path / "evening.sqlite3"

    code, out, _ = run(capsys, "backup", str(copy), "--data", str(old_card))
    assert code == 0 and copy.is_file() and "copied to" in out
    code, _, err = run(capsys, "backup", str(copy), "--data", str(old_card))
    assert code == 1 and "already exists" in err  # never overwritten unasked

    code, out, _ = run(capsys, "restore", str(copy), "--data", str(new_card))
    assert code == 0 and "restored" in out
    assert history_of(new_card) == before

    code, out, _ = run(capsys, "verify", str(game_id), "--data", str(new_card))
    assert code == 0, out
    assert out.strip().splitlines()[-1].startswith("OK")

    # A journaled move altered on the restored card: verify says which and fails.
    db = sqlite3.connect(new_card / "journal.sqlite3")
    with db:
        first, second = (
            json.loads(row[0])
            for row in db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY idx LIMIT 2", (game_id,)
            )
        )
        db.execute(
            "UPDATE actions SET action = ? WHERE game_id = ? AND idx = 1",
            (json.dumps(first if first != second else {"type": "nonsense"}), game_id),
        )
    db.close()
    code, out, _ = run(capsys, "verify", str(game_id), "--data", str(new_card))
    assert code == 1
    lines = out.strip().splitlines()
    assert lines[-1].startswith("FAILED")
    assert any(line.strip().startswith("FAIL actions") for line in lines), out
    assert any(line.strip().startswith("ok") and "seal" in line for line in lines), out


def test_restore_keeps_a_journal_with_games_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    finished_sarena(first, seed=1)
    finished_sarena(second, seed=2)
    copy = tmp_path / "first.sqlite3"
    assert run(capsys, "backup", str(copy), "--data", str(first))[0] == 0
    kept_history = history_of(second)

    code, _, err = run(capsys, "restore", str(copy), "--data", str(second))
    assert code == 1 and "--force" in err
    assert history_of(second) == kept_history  # untouched

    code, out, _ = run(capsys, "restore", str(copy), "--data", str(second), "--force")
    assert code == 0 and "kept as" in out
    assert history_of(second) == history_of(first)
    kept = list(second.glob("journal.sqlite3.before-restore-*.bak"))
    assert len(kept) == 1


def test_restore_and_verify_refuse_what_is_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a journal")
    code, _, err = run(capsys, "restore", str(notes), "--data", str(tmp_path / "box"))
    assert code == 1 and "not a Tablemate journal" in err
    assert not (tmp_path / "box" / "journal.sqlite3").exists()
    code, _, err = run(capsys, "backup", str(tmp_path / "b.sqlite3"), "--data", str(tmp_path))
    assert code == 1 and "no journal" in err
    finished_sarena(tmp_path / "box")
    code, out, _ = run(capsys, "verify", "99", "--data", str(tmp_path / "box"))
    assert code == 1 and "no such game" in out
