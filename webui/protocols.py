"""What the web app needs from the box and the companion score sheets.

The device layer provides the real objects; tests pass small fakes. Only the
members listed here are used, so anything that has them will do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from device.companion.colours import Round


class BoxLike(Protocol):
    """The physical (or simulated) box: OLED, buttons, LEDs."""

    @property
    def simulated(self) -> bool:
        """True for the simulated box (web buttons), False for the real one."""
        ...

    @property
    def join_url(self) -> str:
        """The whole URL the box's QR code encodes, room code included once a lobby
        is open, e.g. HTTP://192.168.1.20:8000/J/ABCD."""
        ...

    def subscribe(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """callback(version) after each frame or LED change; returns unsubscribe."""
        ...

    def frame_png(self, scale: int = 4) -> bytes:
        """The current OLED frame as a PNG."""
        ...

    def leds(self) -> dict[str, Any]:
        """{"sticks": [bool] * 5, "status": [r, g, b]}."""
        ...

    def press(self, name: str, down: bool) -> None:
        """Simulated boxes only: push or let go of button name; ValueError if unknown."""
        ...

    def health(self) -> dict[str, Any]:
        """{"display": {"healthy": bool, "error": str | None}, "buttons": {...}, ...}."""
        ...

    @property
    def version(self) -> int: ...


class CenaSheetLike(Protocol):
    """The Céna score sheet for a game played with real cards."""

    def state(self) -> dict[str, Any]: ...

    def setup(
        self, players: int, names: list[str], objectives: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """Start a new sheet; ValueError if the players, names or objectives are bad."""
        ...

    def record_deal(
        self, deal: int, objective: dict[str, Any] | None, alliances: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """Record (or correct, for a deal already entered) one deal; ValueError if bad."""
        ...


class ChanoyuSheetLike(Protocol):
    """The Chanoyu score sheet for a game played with real cards."""

    def state(self) -> dict[str, Any]: ...

    def setup(
        self, players: int, names: list[str], host: int = 0, scoring: str = "cards-and-pairs"
    ) -> dict[str, Any]:
        """Start a new sheet; ValueError if the players, names, host or scoring are bad."""
        ...

    def record_round(self, number: int, tableaux: list[list[dict[str, Any]]]) -> dict[str, Any]:
        """Record (or correct, for a round already entered) one round's tableaux;
        ValueError if bad."""
        ...


class LauzaitSheetLike(Protocol):
    """The Lauzait Cep bank and score sheet for a game played with real pieces.
    Every method raises ValueError with a message for people when the entry is bad."""

    def state(self) -> dict[str, Any]: ...

    def calculate(
        self,
        departments: list[list[Any]],
        *,
        stalemate: bool = False,
        luminous: str | None = None,
        hand: list[str] | None = None,
        layered_bridges: int = 2,
    ) -> dict[str, Any]:
        """Formation points of a declaration and each department's bonus; writes nothing."""
        ...

    def setup(self, players: int, names: list[str], layered_bridges: int = 2) -> dict[str, Any]: ...

    def form(
        self, seat: int, pieces: list[str], roles: list[str] | None = None
    ) -> dict[str, Any]: ...

    def dissolve(self, seat: int, department: int) -> dict[str, Any]: ...

    def declare(
        self,
        seat: int,
        departments: list[list[Any]],
        *,
        stalemate: bool = False,
        luminous: str | None = None,
        hand: list[str] | None = None,
        season: int | None = None,
    ) -> dict[str, Any]: ...

    def set_season(self, start_player: int, direction: str) -> dict[str, Any]: ...

    def finish(self) -> dict[str, Any]: ...

    def void(self, entry: int) -> dict[str, Any]: ...


class ColourRoundsLike(Protocol):
    """Secret colours for a game on a real board (device.companion.colours).
    Bad input raises ValueError; a token without a seat in the round, NotYourSeat."""

    def current(self) -> Round | None: ...

    def start(self, players: int, names: Sequence[object] | None = None) -> Round: ...

    def claim(self, round_id: int, seat: int) -> str:
        """A token for this seat of the round, given once."""
        ...

    def seat_colour(self, round_id: int, token: str | None) -> dict[str, Any]: ...

    def reveal(self, round_id: int) -> Round: ...


class SarenaSheetLike(Protocol):
    """The Sàrénà score sheet: secret colours drawn at setup, the result at the end."""

    def state(self) -> dict[str, Any]: ...

    def setup(
        self, players: int, names: Sequence[object], use_drawn: bool = False
    ) -> dict[str, Any]:
        """Start a new sheet and draw (or take the box's) colours; ValueError if bad."""
        ...

    def record_result(
        self, piles: Sequence[Any] | None = None, counts: Sequence[Any] | None = None
    ) -> dict[str, Any]:
        """Score (or correct) the end from the piles or the counts; reveals the colours."""
        ...


class SheetsLike(Protocol):
    def names(self) -> list[str]: ...

    def get(self, game: str) -> Any: ...

    def colours(self) -> ColourRoundsLike: ...
