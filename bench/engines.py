"""Random full games for every registered engine, one process: actions and games per second.

    .venv/bin/python bench/engines.py [--seconds N]

Each engine plays for about N seconds, cycling through its player counts, with fixed
seeds (10**12, 10**12 + 1, ...) and the shared random driver of the engine tests, so
legal-action generation is included in every action. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for testkit.play

import engines
from testkit.play import play_random

FIRST_SEED = 10**12


def bench_engine(name: str, seconds: float) -> dict[str, Any]:
    info = engines.info(name)
    player_counts = list(range(info["min_players"], info["max_players"] + 1))
    driver = random.Random(0)
    games = actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while True:
        players = player_counts[games % len(player_counts)]
        game = engines.new(name, players=players, seed=FIRST_SEED + games)
        actions += play_random(game, driver)
        games += 1
        elapsed = time.perf_counter() - wall
        if elapsed >= seconds:
            break
    cpu_elapsed = time.process_time() - cpu
    return {
        "players": player_counts,
        "games": games,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_second": round(actions / elapsed),
        "games_per_second": round(games / elapsed, 1),
        "actions_per_cpu_second": round(actions / cpu_elapsed),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per engine")
    args = parser.parse_args(argv)
    report = {
        "python": platform.python_version(),
        "seconds_per_engine": args.seconds,
        "engines": {name: bench_engine(name, args.seconds) for name in engines.names()},
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
