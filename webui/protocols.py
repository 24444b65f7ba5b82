"""What the web app needs from the box and the companion score sheets.

The device layer provides the real objects; tests pass small fakes. Only the
members listed here are used, so anything that has them will do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from device.companion.colours import ColourRounds


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

    @property
    def box_name(self) -> str | None:
        """The name phones find the box by (tablemate.local), None where unknown."""
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

    def press(self, name: str, down: bool, held: float | None = None) -> None:
        """Simulated boxes only: push or let go of button name (on a release, `held`:
        how long the finger held it, in seconds); ValueError if unknown."""
        ...

    def health(self) -> dict[str, Any]:
        """{"display": {"healthy": bool, "error": str | None}, "buttons": {...}, ...}."""
        ...

    @property
    def version(self) -> int: ...


class SheetsLike(Protocol):
    """The companion score sheets (device.companion.Sheets): each game's sheet is typed
    by its own routes (webui/games/<name>/sheet.py), which import its class."""

    def names(self) -> list[str]: ...

    def get(self, game: str) -> Any: ...

    def colours(self) -> ColourRounds: ...
