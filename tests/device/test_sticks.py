"""The dice-stick roller: every throw journaled with its time, a history that survives
restarts, listeners told after the journal, and a fairness test that is right."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from device.journal import Journal
from device.sticks import FIT_MIN_THROWS, SHEET, StickRoller, chi_square_survival_5, fit
from engines import sticks


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    opened = Journal(tmp_path / "j.sqlite3")
    yield opened
    opened.close()


def test_a_throw_is_five_faces_and_their_count_journaled_first(journal: Journal) -> None:
    heard: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    roller = StickRoller(journal)
    roller.subscribe(lambda thrown: heard.append((thrown, journal.sheet_entries(SHEET))))
    before = time.time()
    thrown = roller.throw("Ann")
    assert len(thrown["sticks"]) == 5 and set(thrown["sticks"]) <= {0, 1}
    assert thrown["count"] == sum(thrown["sticks"])
    assert thrown["by"] == "Ann" and thrown["number"] == 1
    assert before <= thrown["at"] <= time.time()
    [(told, entries)] = heard
    assert told == thrown
    # The listener ran after the throw was in the journal.
    assert [e["body"] for e in entries] == [
        {"sticks": thrown["sticks"], "count": thrown["count"], "by": "Ann"}
    ]


def test_the_operating_systems_generator_throws_by_default(journal: Journal) -> None:
    assert isinstance(StickRoller(journal)._rng, random.SystemRandom)


def test_history_counts_each_result_and_survives_a_restart(
    journal: Journal, tmp_path: Path
) -> None:
    roller = StickRoller(journal, rng=random.Random(4))
    thrown = [roller.throw("Box") for _ in range(40)]
    history = roller.history()
    assert history["total"] == 40
    assert history["counts"] == [sum(1 for t in thrown if t["count"] == k) for k in range(6)]
    assert history["dark_per_stick"] == [sum(t["sticks"][i] for t in thrown) for i in range(5)]
    assert history["expected_in_32"] == [1, 5, 10, 10, 5, 1]
    assert history["expected"] == pytest.approx([40 * e / 32 for e in sticks.EXPECTED])
    assert [t["number"] for t in history["recent"]] == list(range(40, 20, -1))  # newest first
    assert history["fit"] is None and history["fit_from"] == FIT_MIN_THROWS == 160
    # A new roller on the same journal (the box restarted) knows them all.
    again = StickRoller(journal)
    restored = again.history()
    assert restored["counts"] == history["counts"] and restored["total"] == 40
    assert again.latest() == {**thrown[-1], "at": restored["recent"][0]["at"]}
    assert again.throw("Box")["number"] == 41


def test_names_are_cleaned_and_bad_ones_refused(journal: Journal) -> None:
    roller = StickRoller(journal)
    assert roller.throw("  Ann\n  Lee  ")["by"] == "Ann Lee"
    assert roller.throw("")["by"] == "someone"
    assert len(roller.throw("x" * 100)["by"]) == 24
    with pytest.raises(ValueError):
        roller.throw(7)  # type: ignore[arg-type]
    assert roller.history()["total"] == 3


def test_unsubscribed_listeners_hear_nothing(journal: Journal) -> None:
    roller = StickRoller(journal)
    heard: list[int] = []
    stop = roller.subscribe(lambda thrown: heard.append(thrown["number"]))
    roller.throw()
    stop()
    stop()  # twice is harmless
    roller.throw()
    assert heard == [1]


def test_the_fit_uses_the_chi_square_law_with_five_degrees_of_freedom() -> None:
    # Known values of the chi-square survival function, 5 degrees of freedom.
    assert chi_square_survival_5(0.0) == 1.0
    assert chi_square_survival_5(11.0705) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_survival_5(15.0863) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_survival_5(4.35146) == pytest.approx(0.5, abs=1e-4)
    perfect = fit([10, 50, 100, 100, 50, 10])
    assert perfect == {"chi_square": 0.0, "p_value": 1.0}
    loaded = fit([0, 0, 0, 0, 0, 320])  # five dark every time
    assert loaded["p_value"] < 1e-9


def test_fair_sticks_pass_the_fit_once_there_are_enough_throws(journal: Journal) -> None:
    roller = StickRoller(journal, rng=random.Random(2024))
    for _ in range(FIT_MIN_THROWS):
        roller.throw()
    result = roller.history()["fit"]
    assert result is not None and result["p_value"] > 0.01


def test_the_history_is_folded_into_exact_totals_and_stays_bounded(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("device.sticks.KEEP", 25)
    monkeypatch.setattr("device.sticks.FOLD_EVERY", 10)
    roller = StickRoller(journal, rng=random.Random(9))
    thrown = [roller.throw("Box") for _ in range(100)]
    rows = len(journal.sheet_entries(SHEET))
    assert 25 <= rows <= 35  # bounded: KEEP in full, at most FOLD_EVERY more
    history = roller.history()
    assert history["total"] == 100
    assert history["counts"] == [sum(1 for t in thrown if t["count"] == k) for k in range(6)]
    assert history["dark_per_stick"] == [sum(t["sticks"][i] for t in thrown) for i in range(5)]
    assert [t["number"] for t in history["recent"]] == list(range(100, 80, -1))
    again = StickRoller(journal)  # after a restart: the same, exactly
    restored = again.history()
    assert restored["counts"] == history["counts"]
    assert restored["dark_per_stick"] == history["dark_per_stick"]
    assert [t["number"] for t in restored["recent"]] == list(range(100, 80, -1))
    assert again.throw("Box")["number"] == 101


def test_an_unbounded_history_from_an_older_release_is_folded_at_start(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("device.sticks.KEEP", 20)
    monkeypatch.setattr("device.sticks.FOLD_EVERY", 50)
    rng = random.Random(5)
    faces = [[rng.randint(0, 1) for _ in range(5)] for _ in range(500)]
    with journal.transaction():  # as release 0.1.0 left them: one row per throw, forever
        for sticks_ in faces:
            body = {"sticks": sticks_, "count": sum(sticks_), "by": "Box"}
            journal.add_sheet_entry(SHEET, "throw", body)
    history = StickRoller(journal).history()
    assert len(journal.sheet_entries(SHEET)) == 20
    assert history["total"] == 500
    assert history["counts"] == [sum(1 for f in faces if sum(f) == k) for k in range(6)]
    assert history["dark_per_stick"] == [sum(f[i] for f in faces) for i in range(5)]
    assert history["recent"][0]["sticks"] == faces[-1]


def test_a_failed_fold_keeps_the_throw(journal: Journal, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("device.sticks.KEEP", 2)
    monkeypatch.setattr("device.sticks.FOLD_EVERY", 1)
    roller = StickRoller(journal)

    def disk_full(*_args: object) -> int:
        raise OSError("disk full")

    monkeypatch.setattr(journal, "fold_sheet_entries", disk_full)
    for _ in range(5):
        roller.throw()
    assert roller.history()["total"] == 5 and len(journal.sheet_entries(SHEET)) == 5
