"""bench/phone.py --seed (issue 28, point 11): a box started with bench/seeded on its
path and a seed deals the same games on every run, so old and new code are compared
on the same deals; without the seed its deals stay the CSPRNG's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SEEDED = Path(__file__).resolve().parents[2] / "bench" / "seeded"
SEEDS = "import engines; print(engines.new_seed(), engines.new_seed())"


def seeds(bench_seed: str | None) -> str:
    """Two fresh seeds, as a box's process started as bench/phone.py starts it draws them."""
    env = {**os.environ, "PYTHONPATH": str(SEEDED)}
    env.pop("TABLEMATE_BENCH_SEED", None)
    if bench_seed is not None:
        env["TABLEMATE_BENCH_SEED"] = bench_seed
    done = subprocess.run(
        [sys.executable, "-c", SEEDS], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_a_seeded_box_deals_the_same_games_each_run() -> None:
    assert seeds("7") == seeds("7")
    assert seeds("7") != seeds("8")


def test_without_a_seed_the_deals_stay_random() -> None:
    assert seeds(None) != seeds(None)
