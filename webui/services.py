"""What every route reaches for: the table, the optional box and score sheets."""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from device.companion.scoreboard import Scoreboard
from device.sticks import StickRoller
from device.table import Table
from webui.live import OpenStreams
from webui.protocols import BoxLike, SheetsLike
from webui.state import SharedStates

EXTENSION = "tablemate"


@dataclass(frozen=True)
class Services:
    table: Table
    box: BoxLike | None
    sheets: SheetsLike | None
    heartbeat: float  # seconds between SSE heartbeat comments
    streams: OpenStreams  # the open live streams: limited, and ended when the server stops
    states: SharedStates  # each audience's live state, built once per change for all streams
    sticks: StickRoller | None = None  # the dice-stick roller (/sticks), when the box has one
    scoreboard: Scoreboard | None = None  # the score sheet the box shows (and the TV)

    @property
    def simulated(self) -> bool:
        return self.box is not None and self.box.simulated


def services() -> Services:
    """The services of the app handling the current request."""
    found: Services = current_app.extensions[EXTENSION]
    return found


def table() -> Table:
    return services().table
