"""Random full games for every registered engine, one process: actions and games per second.

    .venv/bin/python bench/engines.py [--seconds N] [--engine NAME ...]

Each engine plays for about N seconds, cycling through its player counts, with fixed
seeds (10**12, 10**12 + 1, ...), twice:

* "contract": the shared random driver of the engine tests through the public contract
  (legal_actions, apply with its log and barriers), as a table plays;
* "search": the engine's search API that bots' playouts use (random_action and play:
  no log, no list of every action), table actions (ending early) left out, so games
  run to their natural end.

When OpenSpiel is installed (pip install open_spiel; it is no dependency of the
project), its C++ hearts plays random games in the same process for the same time,
chance outcomes counted as actions, and every figure gets its ratio to hearts'
actions per CPU-second (issue 24's targets). Prints JSON.
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
from engines import rng as generators
from engines.base import Game
from testkit.play import play_random

FIRST_SEED = 10**12
# Issue 24: random play against OpenSpiel's C++ hearts, actions per CPU-second.
TARGETS = {"cena": 0.25, "chanoyu": 0.2, "sarena": 0.1, "lauzait": 0.03}


def play_search(game: Game, driver: random.Random, rng: generators.Pcg32) -> int:
    """Random play through the search API to the end; how many actions were taken."""
    actions = 0
    while not game.finished:
        seat = driver.choice(game.to_act)
        game.play(seat, game.random_action(seat, rng))
        actions += 1
    return actions


def bench_engine(name: str, seconds: float, mode: str) -> dict[str, Any]:
    info = engines.info(name)
    player_counts = list(range(info["min_players"], info["max_players"] + 1))
    driver = random.Random(0)
    search_rng = generators.Pcg32(0)
    games = actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while True:
        players = player_counts[games % len(player_counts)]
        game = engines.new(name, players=players, seed=FIRST_SEED + games)
        if mode == "contract":
            actions += play_random(game, driver)
        else:
            actions += play_search(game, driver, search_rng)
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


def bench_hearts(seconds: float) -> dict[str, Any] | None:
    """OpenSpiel's C++ hearts, random play (chance outcomes included), or None."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    driver = random.Random(0)
    games = actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(driver.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(driver.choice(state.legal_actions()))
            actions += 1
        games += 1
    cpu_elapsed = time.process_time() - cpu
    return {
        "games": games,
        "actions": actions,
        "actions_per_cpu_second": round(actions / cpu_elapsed),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per engine and mode")
    parser.add_argument("--engine", action="append", choices=engines.names(), help="only these")
    args = parser.parse_args(argv)
    names = args.engine or engines.names()
    hearts = bench_hearts(args.seconds)
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "seconds_per_engine": args.seconds,
        "openspiel_hearts": hearts or "not installed (pip install open_spiel to compare)",
        "engines": {},
    }
    for name in names:
        figures: dict[str, Any] = {}
        for mode in ("contract", "search"):
            figures[mode] = bench_engine(name, args.seconds, mode)
            if hearts:
                ratio = figures[mode]["actions_per_cpu_second"] / hearts["actions_per_cpu_second"]
                figures[mode]["ratio_to_hearts"] = round(ratio, 4)
        if hearts:
            figures["target_ratio"] = TARGETS.get(name)
        report["engines"][name] = figures
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
