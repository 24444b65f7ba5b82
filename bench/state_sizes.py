"""A seat's state on its phone, in bytes, over many deals (issue 28, point 11: <= 3 KB in play).

bench/phone.py measures one game in Chromium; this sweeps many: for each seed a whole
game of each game named (every player count in turn) is played at random on a Table
in this process (declaring and ending early left out, so games run long), and after
every move each seat's compact state (/api/state?compact=1 as a phone asks for it,
webui/state.py) is measured as that answer's JSON (compact, sorted keys, UTF-8).

    .venv/bin/python bench/state_sizes.py [--seeds 30] [--moves 500] [--game lauzait ...]

Prints JSON per game: states measured, median, p95 and max bytes, how many over 3,072,
and the largest states found (seed, players, move, seat, bytes, and its largest parts).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engines
from device.journal import Journal
from device.table import Table
from webui import utf8_json
from webui.state import state_for

TARGET = 3072
FIRST_SEED = 1000
KEPT_GOING = {"declare", "end_game"}  # moves that end a season or game early


def size(view: dict[str, Any]) -> int:
    """Bytes of the JSON /api/state sends (compact, sorted keys, webui/utf8_json.py)."""
    return len(utf8_json.dumps(view, separators=(",", ":")).encode())


@contextmanager
def seeded_table(seed: int) -> Iterator[Table]:
    """A Table on a fresh journal whose games all start from `seed`."""
    original = engines.new_seed
    engines.new_seed = lambda: seed
    try:
        with tempfile.TemporaryDirectory() as data:
            journal = Journal(Path(data) / "journal.sqlite3")
            try:
                yield Table(journal)
            finally:
                journal.close()
    finally:
        engines.new_seed = original


def play(
    table: Table, game: str, players: int, seed: int, moves: int
) -> list[tuple[int, int, int]]:
    opened = table.open_lobby(game, players, {}, host_name="Ann")
    assert opened is not None
    room = table.status()["room"]
    for seat in range(1, players):
        table.join(room, ["Bob", "Cat", "Dan", "Eve"][seat - 1])
    table.start()
    rng = random.Random(seed)
    found = []
    for move in range(moves):
        status = table.status()
        if status["phase"] != "playing":
            break
        for seat in (status["interlude"] or {}).get("waiting", []):
            table.continue_play(seat)
        for seat in range(players):
            found.append((size(state_for(table, seat, compact=True)), move, seat))
        seat = table.to_act()[0]
        legal = table.legal_actions(seat)
        table.act(seat, rng.choice([a for a in legal if a["type"] not in KEPT_GOING] or legal))
    return found


def parts(game: str, players: int, seed: int, move: int, seat: int) -> dict[str, int]:
    """The largest parts of one state, replayed: bytes per top-level field."""
    with seeded_table(seed) as table:
        play(table, game, players, seed, move)
        for waiting in (table.status()["interlude"] or {}).get("waiting", []):
            table.continue_play(waiting)
        view = state_for(table, seat, compact=True)
    sizes = {key: size(value) for key, value in view.items()}
    return dict(sorted(sizes.items(), key=lambda kv: -kv[1])[:6])


def sweep(game: str, seeds: int, moves: int) -> dict[str, Any]:
    low, high = engines.info(game)["min_players"], engines.info(game)["max_players"]
    counts = list(range(low, high + 1))
    every: list[tuple[int, int, int, int, int]] = []  # bytes, seed, players, move, seat
    for index in range(seeds):
        seed, players = FIRST_SEED + index, counts[index % len(counts)]
        with seeded_table(seed) as table:
            for found, move, seat in play(table, game, players, seed, moves):
                every.append((found, seed, players, move, seat))
    every.sort(reverse=True)
    sizes = sorted(found for found, *_ in every)
    worst: dict[int, tuple[int, int, int, int, int]] = {}
    for state in every:  # the largest state of each of the worst seeds
        worst.setdefault(state[1], state)
        if len(worst) == 3:
            break
    return {
        "states": len(sizes),
        "median_bytes": statistics.median(sizes),
        "p95_bytes": sizes[round(0.95 * (len(sizes) - 1))],
        "max_bytes": sizes[-1],
        "over_3072": sum(1 for found in sizes if found > TARGET),
        "largest": [
            {
                "bytes": found,
                "seed": seed,
                "players": players,
                "move": move,
                "seat": seat,
                "parts": parts(game, players, seed, move, seat),
            }
            for found, seed, players, move, seat in worst.values()
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=30, help="games per game name")
    parser.add_argument("--moves", type=int, default=500, help="moves per game at most")
    parser.add_argument("--game", action="append", help="lauzait, cena, ... (default: both)")
    args = parser.parse_args()
    results = {
        game: sweep(game, args.seeds, args.moves) for game in args.game or ["lauzait", "cena"]
    }
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
