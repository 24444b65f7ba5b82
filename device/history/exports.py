"""History as files: CSV (one row per player per game) and JSON.

Only what history shows (device/history/core.py): never a seed, an action or a token.
Times are ISO 8601 in the box's own time zone. A name that a spreadsheet would
read as a formula (it starts with = + - @ or a tab) gets a leading apostrophe.

BG Stats' own import format is not offered: its documentation could not be read
to confirm the format, and a guessed one would fail in the app.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from device.history.core import PastGame

FORMAT = "tablemate-history"
FORMAT_VERSION = 1
CSV_COLUMNS = (
    "game_id",
    "date",
    "game",
    "kind",
    "outcome",
    "duration_minutes",
    "seat",
    "player",
    "score",
    "winner",
)
KIND_WORDS = {"digital": "played on the box", "sheet": "score sheet"}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def iso(moment: float | None) -> str | None:
    if moment is None:
        return None
    return datetime.fromtimestamp(moment).astimezone().isoformat(timespec="seconds")


def to_json(games: Iterable[PastGame]) -> str:
    listed = [game.public() for game in games]
    for game in listed:
        game["started_iso"] = iso(game["started"])
        game["ended_iso"] = iso(game["ended"])
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported": iso(time.time()),
        "games": listed,
    }
    return json.dumps(body, ensure_ascii=False, indent=2)


def to_csv(games: Iterable[PastGame]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for game in games:
        minutes = None if game.duration is None else round(game.duration / 60)
        for seat in game.seats:
            writer.writerow(
                (
                    game.ref,
                    iso(game.started),
                    game.title,
                    KIND_WORDS[game.kind],
                    game.public()["outcome_text"],
                    "" if minutes is None else minutes,
                    seat.seat + 1,
                    _cell(seat.name),
                    "" if seat.score is None else seat.score,
                    "yes" if seat.winner else "no",
                )
            )
    return out.getvalue()


def _cell(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text
