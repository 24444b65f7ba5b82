"""What the Table holds of the game open at it: one value, so that recovery and the
next game (rematch) can each build the whole of it, and a failed change can go back
to what the journal holds by building it again."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from device.history.replay import DEFAULT_OPEN_HANDS
from device.journal import SeatRecord
from device.table.news import deal_of
from device.table.release import ReleaseRequest
from device.table.takeback import Seating
from engines import Game


@dataclass
class TableState:
    """The game at the table (call with the Table's lock held). The default is an
    empty table: no game open, nothing shown."""

    phase: str = "idle"  # idle -> lobby -> playing -> over
    record_id: int | None = None  # the journal's game
    game: Game | None = None  # None until dealt
    engine: str = ""
    players: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    room: str = ""
    seats: dict[int, SeatRecord] = field(default_factory=dict)
    host_seat: int | None = None
    opener: str | None = None  # hash of the opening phone's key
    release: ReleaseRequest | None = None  # a pending request to free a seat
    notices: list[dict[str, Any]] = field(default_factory=list)  # the latest seat changes
    problem: str | None = None  # why the last game could not be resumed
    commitment: str | None = None  # the deal's seal (device/history/fingerprint.py)
    open_hands: bool = DEFAULT_OPEN_HANDS  # every hand open in replays (history/replay.py)
    last_game: dict[str, Any] | None = None  # the game before's result (rematch.py)
    ended_early: bool = False  # "over" because the table ended it (no winners, seats kept)

    def seat_name(self, seat: int) -> str:
        record = self.seats.get(seat)
        return record.name if record else f"Seat {seat + 1}"

    @property
    def deal(self) -> str:
        """The deal news belongs to now (news.py)."""
        return deal_of(self.record_id, self.game)

    @property
    def bots(self) -> frozenset[int]:
        """The seats a bot plays (device/bots.py)."""
        return frozenset(seat for seat, record in self.seats.items() if record.is_bot)

    @property
    def people(self) -> frozenset[int]:
        """The seats a person holds: only they consent, continue and count."""
        return frozenset(self.seats) - self.bots

    def seating(self, now: float) -> Seating:
        """What the take-back rules read of the table."""
        return Seating(
            self.record_id,
            self.players,
            frozenset(self.seats),
            self.host_seat,
            self.seat_name,
            now,
            self.bots,
            self.deal,
        )
