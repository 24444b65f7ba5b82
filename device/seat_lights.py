"""What each seat's light on the external LED ring shows, from the table's public data.

Lobby: a dim light for every seat taken. Playing: the seats the game waits for
(or, while the table reads a summary, those yet to tap Continue) pulse green, the
others stay dim. Over: the winners blink gold. Idle: all dark.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardware import OFF, SeatLight

SEATED = SeatLight((40, 40, 40))
TO_ACT = SeatLight((0, 255, 0), "pulse")
WINNER = SeatLight((255, 180, 0), "blink")


def seat_lights(status: Mapping[str, Any], view: Mapping[str, Any] | None) -> list[SeatLight]:
    """One light per seat, seat 0 first; `view` is the public view while a game is shown."""
    phase = status["phase"]
    players = int(status.get("players") or 0)
    if phase == "lobby":
        taken = {seat["seat"] for seat in status.get("seats", []) if seat.get("taken")}
        return [SEATED if seat in taken else OFF for seat in range(players)]
    if view is None:
        return []
    if phase == "playing":
        pause = status.get("interlude")  # a summary is read: the table waits on Continues
        to_act = set(pause["waiting"] if pause else view.get("to_act", []))
        return [TO_ACT if seat in to_act else SEATED for seat in range(players)]
    if phase == "over":
        winners = set(view.get("winners", []))
        return [WINNER if seat in winners else OFF for seat in range(players)]
    return []
