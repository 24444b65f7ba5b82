"""Bots' think time and strength (issue 24), in parts, printing JSON.

    .venv/bin/python bench/bots.py think [--game NAME] [--decisions N]
    .venv/bin/python bench/bots.py strength [--game NAME] [--games N] [--jobs N] [--players N]
                                            [--match normal-random|normal-easy|strong-normal]
    .venv/bin/python bench/bots.py box [--decisions N]

think: CPU seconds per decision (median, p99) of every level, at positions reached by
seeded random play; with the same figures times ten for a Raspberry Pi Zero 2 W (an
extrapolation: one of its cores is roughly ten times slower than this machine's).

box: the resident memory of the box (a Table, its journal and device/bots.py's runner
with its worker process) while two "strong" bots play Céna against one person, sampled
every 20 ms: this process, the worker, and both together (peak), with the bot moves made.

strength: one bot against the others at its game's fewest players (or --players N),
its seat rotating game by game; its share of the wins (a shared win counts a fraction),
the fair share, and a 95% confidence interval (Wilson's). "random" seats draw uniformly
from their legal actions (never a table action). --jobs N plays N games at once in
worker processes; every game follows from its number alone, so the figures are the
same whatever N. The machine is shared and slow: run one game and match at a time.
A game its rules have not ended after MAX_DECISIONS decisions counts as a loss for the
hero; "unfinished" says how many did.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engines
from engines import bots
from engines import rng as generators
from engines.base import Action, Game

T = TypeVar("T")

PI_ZERO_2W_SLOWER = 10  # an extrapolation, not a measurement
# A match game stops here if its rules have not ended it (counted a loss for the hero,
# reported as "unfinished"): far beyond a played game (a Lauzait Cep game with a bot
# ends in tens of decisions), a guard against seats that never end a season (two seats
# may both be unable to: the table would agree to stop, which the bench cannot).
MAX_DECISIONS = 1_000
MATCHES = {
    "normal-random": ("normal", "random"),
    "normal-easy": ("normal", "easy"),
    "strong-normal": ("strong", "normal"),
}


def decide(game: Game, seat: int, level: str, seed: int) -> Action:
    if level == "random":
        return game.random_action(seat, generators.Pcg32(seed))
    return bots.choose(game.name, game.view(seat), seat, level=level, seed=seed)


def think(name: str, decisions: int) -> dict[str, Any]:
    info = engines.info(name)
    driver = random.Random(0)
    positions: list[Game] = []
    game_number = 0
    while len(positions) < decisions:
        players = info["min_players"] + game_number % (
            info["max_players"] - info["min_players"] + 1
        )
        game = engines.new(name, players=players, seed=10**9 + game_number)
        game_number += 1
        stops = sorted(driver.sample(range(150), 4))
        step = 0
        search = generators.Pcg32(game_number)
        while not game.finished and stops and len(positions) < decisions:
            seat = game.to_act[0]
            if step == stops[0]:
                stops.pop(0)
                positions.append(engines.load(game.to_dict()))
            game.apply(seat, game.random_action(seat, search))
            step += 1
    figures: dict[str, Any] = {}
    for level in bots.LEVELS:
        times = []
        for number, position in enumerate(positions):
            seat = position.to_act[0]
            view = position.view(seat)
            started = time.process_time()
            bots.choose(name, view, seat, level=level, seed=number)
            times.append(time.process_time() - started)
        times.sort()
        median = statistics.median(times)
        p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]
        figures[level] = {
            "decisions": len(times),
            "median_s": round(median, 4),
            "p99_s": round(p99, 4),
            "pi_zero_2w_extrapolated": {
                "median_s": round(median * PI_ZERO_2W_SLOWER, 3),
                "p99_s": round(p99 * PI_ZERO_2W_SLOWER, 3),
            },
        }
    return figures


def play_game(
    name: str, hero: str, rest: str, players: int, number: int
) -> tuple[float, int, bool]:
    """Game `number` of a match: the hero's share of the win, the decisions made and
    whether the game ended by its rules. Everything in it follows from `number`, so
    games may run in any process, any order.

    A game still going after MAX_DECISIONS (Lauzait Cep's seasons end only when
    someone declares, and random seats may never) is stopped and counts as a loss
    for the hero: a cap never flatters a bot."""
    seat_of_hero = number % players
    game = engines.new(name, players=players, seed=2 * 10**9 + number)
    decisions = 0
    while not game.finished:
        if decisions >= MAX_DECISIONS:
            return 0.0, decisions, False
        seat = game.to_act[0]
        level = hero if seat == seat_of_hero else rest
        game.apply(seat, decide(game, seat, level, number * 100_003 + len(game.log)))
        decisions += 1
    winners = game.winners
    return (1.0 / len(winners) if seat_of_hero in winners else 0.0), decisions, True


def play_match(
    name: str, hero: str, rest: str, games: int, jobs: int = 1, players: int | None = None
) -> dict[str, Any]:
    players = players or engines.info(name)["min_players"]
    play = partial(play_game, name, hero, rest, players)
    results: list[tuple[float, int, bool]] = []
    # Processes, not threads (the search is pure Python); results come back in game
    # order, so the figures are the same whatever the number of jobs.
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _Inline() as pool:
        for number, result in enumerate(pool.map(play, range(games))):
            results.append(result)
            # Progress on stderr (stdout is the JSON): a long match can be read so far.
            so_far = sum(result[0] for result in results) / len(results)
            print(
                f"{name} {hero}-{rest} game {number}: {result[0]:.3f} (so far {so_far:.3f})"
                + f", {result[1]} decisions"
                + ("" if result[2] else ", unfinished: counted lost"),
                file=sys.stderr,
                flush=True,
            )
    shares = [share for share, _, _ in results]
    mean = sum(shares) / games
    low, high = wilson(mean, games)
    fair = 1 / players
    return {
        "hero": hero,
        "others": rest,
        "players": players,
        "games": games,
        "decisions": sum(decisions for _, decisions, _ in results),
        "unfinished": sum(1 for _, _, ended in results if not ended),
        "share": round(mean, 3),
        "ci95": [round(low, 3), round(high, 3)],
        "fair_share": round(fair, 3),
        "times_fair": round(mean / fair, 2),
        "above_fair_with_95_confidence": low > fair,
    }


def wilson(share: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of wins over `games` games: unlike the
    normal approximation it stays honest near 0 and 1 (a bot that won every game so far
    has not shown that it always wins). A shared win counts its fraction."""
    if games <= 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return max(0.0, centre - half), min(1.0, centre + half)


class _Inline:
    """ProcessPoolExecutor's map, in this process (--jobs 1)."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def map(self, function: Callable[[int], T], numbers: Iterable[int]) -> Iterator[T]:
        return map(function, numbers)


def vm_rss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0  # it ended meanwhile
    for line in text.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def children(pid: int) -> list[int]:
    """The processes `pid` started (the bots' worker, multiprocessing's tracker)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        if int(fields[1]) == pid:
            found.append(int(name))
    return found


def box_memory(decisions: int) -> dict[str, Any]:
    """Two bots thinking at one table, through the real runner (device/bots.py)."""
    import tempfile
    import threading

    from device.bots import BotRunner
    from device.journal import Journal
    from device.table import Table

    with tempfile.TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "journal.sqlite3")
        table = Table(journal)
        table.open_lobby("cena", 3, {}, host_name="Ann")
        table.add_bot(1, "strong")
        table.add_bot(2, "strong")
        table.start()
        ahead = iter(range(0, 10**9, 100))  # pacing met at once: measure thinking only
        runner = BotRunner(table, clock=lambda: float(next(ahead))).start()
        peak = {"box": 0, "worker": 0, "together": 0}
        made = 0
        changed = threading.Event()
        table.subscribe(lambda _version: changed.set())
        me = os.getpid()
        pick = random.Random(0)
        try:
            while table.phase == "playing" and made < decisions:
                if 0 in table.to_act():
                    table.act(0, pick.choice(table.legal_actions(0)))
                    continue
                before = table.version
                while table.version == before and table.phase == "playing":
                    changed.wait(timeout=0.02)
                    changed.clear()
                    box = vm_rss_kib(me)
                    worker = sum(vm_rss_kib(child) for child in children(me))
                    peak["box"] = max(peak["box"], box)
                    peak["worker"] = max(peak["worker"], worker)
                    peak["together"] = max(peak["together"], box + worker)
                made += 1
        finally:
            runner.close()
            journal.close()
    return {"bot_moves": made, **{f"peak_rss_{k}_mib": round(v / 1024, 1) for k, v in peak.items()}}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=["think", "strength", "box"])
    parser.add_argument("--game", action="append", choices=engines.names())
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--match", action="append", choices=sorted(MATCHES))
    parser.add_argument(
        "--jobs", type=int, default=1, help="strength: games played at once, in processes"
    )
    parser.add_argument(
        "--players", type=int, help="strength: seats at each game (default: its fewest)"
    )
    args = parser.parse_args(argv)
    names = args.game or engines.names()
    report: dict[str, Any] = {"python": platform.python_version(), "part": args.part}
    if args.part == "box":
        report["box_two_bots_thinking"] = box_memory(args.decisions)
    elif args.part == "think":
        report["think_cpu_seconds"] = {name: think(name, args.decisions) for name in names}
        report["targets"] = "normal: median <= 0.25 s, p99 <= 1 s; strong: median <= 1 s"
    else:
        matches = args.match or sorted(MATCHES)
        report["strength"] = {
            name: {
                match: play_match(name, *MATCHES[match], args.games, args.jobs, args.players)
                for match in matches
            }
            for name in names
        }
        report["targets"] = "normal-random >= 2x fair; normal-easy, strong-normal above fair"
    # ru_maxrss is in KiB on Linux: the process's peak resident memory.
    report["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
