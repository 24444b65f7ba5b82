"""Schema 4 (take-backs) over a journal schema 3 wrote: the game resumes as it was, the
answers kept for retried moves still answer, and a take-back then works on it.

tests/fixtures/requests-schema3.* were made by tests/fixtures/make_requests_journal.py
with the code of schema 3; the whole-release fixtures (journal-*) are opened by
test_journal_upgrade.py.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from device.journal import SCHEMA_VERSION, Journal
from device.table import Table, TableError
from tests.device.test_journal_upgrade import kept as fields_kept

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def game_views(table: Table) -> list[dict[str, Any]]:
    return [{k: v for k, v in table.view(s).items() if k != "table"} for s in (None, 0, 1)]


def test_a_schema_3_journal_upgrades_and_takes_back_a_move(tmp_path: Path) -> None:
    made = json.loads((FIXTURES / "requests-schema3.json").read_text())
    assert made["schema"] == 3
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(FIXTURES / "requests-schema3.sqlite3", path)

    journal = Journal(path)
    assert journal.schema_version == SCHEMA_VERSION >= 4
    assert (tmp_path / "journal.sqlite3.schema-3.bak").exists()
    table = Table(journal)
    assert table.phase == "playing"
    fields_kept(made["views"], game_views(table), "views")  # a view may have gained fields since
    # An older game plays with the default: take-backs are asked for.
    assert table.status()["take_back"] == {
        "mode": "ask",
        "offers": table.status()["take_back"]["offers"],
        "own": table.status()["take_back"]["own"],
        "request": None,
        "result": None,
    }
    # Every retried move still gets its first answer, once.
    for move in made["moves"]:
        answer = table.act(move["seat"], move["action"], request=move["request"])
        assert answer == move["events"]
    fields_kept(made["views"], game_views(table), "views")

    # The last move is taken back with the other player's consent ...
    last = made["moves"][-1]
    assert table.request_take_back(last["seat"]) == "asked"
    assert table.answer_take_back(1 - last["seat"], True) == "taken_back"
    with sqlite3.connect(path) as db:
        kept = {row[0] for row in db.execute("SELECT request FROM requests")}
    assert last["request"] not in kept
    assert {m["request"] for m in made["moves"][:-1]} <= kept
    # ... its retry is refused, the others still answer as before.
    with pytest.raises(TableError) as err:
        table.act(last["seat"], last["action"], request=last["request"])
    assert err.value.code == "taken_back"
    first = made["moves"][0]
    assert table.act(first["seat"], first["action"], request=first["request"]) == first["events"]
    after = game_views(table)
    journal.close()

    again = Table(Journal(path))
    assert game_views(again) == after
    assert again.status()["take_back"]["request"] is None
