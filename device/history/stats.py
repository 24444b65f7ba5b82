"""Players and their standings, from history (device/history/core.py).

A player is a name used at this box: "Ann", "ann" and " A nn " are one player
(cleaned like every name, then compared without case or spaces); the spelling
shown is the one used last. A seat's default name ("Player 2") is nobody, and
neither is a name deleted from history (it became one).

Only games played to their end count (finished or ended early): an abandoned game
has no winner and half a score. Per player and game: plays, wins, average and best
score (every game here is won by the highest score), last played. Head to head:
for each pair, the games both played and how many each won.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from device.history.core import PastGame
from device.names import tidy_name

COUNTED = ("finished", "ended_early")
# Before a bot's key: a control character, which no typed name keeps (tidy_name), so a
# bot's line never merges with a person's.
BOT_KEY = "\x00bot:"
DEFAULT_NAME = re.compile(r"player [1-9][0-9]*")


def player_key(name: str) -> str | None:
    """Who a name is: the same key for the same player however typed; None for a
    seat's default name or nothing at all."""
    key = "".join(tidy_name(name).split()).casefold()
    spaced = " ".join(tidy_name(name).split()).casefold()
    if not key or DEFAULT_NAME.fullmatch(spaced):
        return None
    return key


@dataclass
class _Line:
    """One player at one game."""

    plays: int = 0
    wins: int = 0
    scored: list[float] = field(default_factory=list)
    last: float = 0.0


def standings(history: Iterable[PastGame]) -> dict[str, Any]:
    """JSON-ready: {"players": [...], "head_to_head": {...}}, players by plays then
    name; each with their totals and one line per game they played."""
    shown: dict[str, tuple[float, str]] = {}  # key -> (when, spelling) last used
    lines: dict[str, dict[str, _Line]] = {}
    titles: dict[str, str] = {}
    together: dict[tuple[str, str], list[int]] = {}  # (a, b) -> [games, wins of a]
    for game in sorted(history, key=lambda g: g.started):
        if game.outcome not in COUNTED:
            continue
        titles[game.game] = game.title
        when = game.ended or game.started
        seats: dict[str, tuple[bool, float | None]] = {}
        for seat in game.seats:
            key = player_key(seat.name)
            if key is None:
                continue
            if seat.bot is not None:  # a bot and its level: never one of the people
                key = f"{BOT_KEY}{seat.bot}:{key}"
            shown[key] = (when, " ".join(tidy_name(seat.name).split()))
            won, best = seats.get(key, (False, None))
            score = seat.score if seat.score is not None else best
            if best is not None and score is not None:
                score = max(best, score)  # one name on two seats: its better seat
            seats[key] = (won or seat.winner, score)
        for key, (won, score) in seats.items():
            line = lines.setdefault(key, {}).setdefault(game.game, _Line())
            line.plays += 1
            line.wins += won
            line.last = max(line.last, when)
            if score is not None:
                line.scored.append(score)
        for a in seats:
            for b in seats:
                if a != b:
                    pair = together.setdefault((a, b), [0, 0])
                    pair[0] += 1
                    pair[1] += seats[a][0]
    players: list[dict[str, Any]] = []
    for key, games in lines.items():
        rows = [
            {
                "game": name,
                "title": titles[name],
                "plays": line.plays,
                "wins": line.wins,
                "average": round(sum(line.scored) / len(line.scored), 1) if line.scored else None,
                "best": max(line.scored) if line.scored else None,
                "last_played": line.last,
            }
            for name, line in sorted(games.items(), key=lambda item: titles[item[0]])
        ]
        players.append(
            {
                "key": key,
                "name": shown[key][1],
                "bot": key.split(":")[1] if key.startswith(BOT_KEY) else None,
                "plays": sum(line.plays for line in games.values()),
                "wins": sum(line.wins for line in games.values()),
                "last_played": max(line.last for line in games.values()),
                "games": rows,
            }
        )
    players.sort(key=lambda p: (-int(p["plays"]), str(p["name"]).casefold()))
    order: list[str] = [p["key"] for p in players]
    return {
        "players": players,
        "head_to_head": {
            "names": [p["name"] for p in players],
            "bots": [p["bot"] for p in players],  # each one's level if a bot, else None
            # rows[i][j]: in games i and j both played, how many and i's wins; None on
            # the diagonal and for two who never played together.
            "rows": [
                [
                    None
                    if (a, b) not in together
                    else {"games": together[(a, b)][0], "wins": together[(a, b)][1]}
                    for b in order
                ]
                for a in order
            ],
        },
    }
