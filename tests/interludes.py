"""Going on after a deal's summary, as the players do (device/table/interlude.py).

After a deal, round or season the Table waits until every seat has tapped Continue;
tests that play whole games through the Table call this after each move.
"""

from __future__ import annotations

from device.table import Table


def read_summary(table: Table) -> None:
    """Every seat the table waits for continues (nothing happens when none is awaited)."""
    pause = table.status()["interlude"]
    for seat in pause["waiting"] if pause else []:
        table.continue_play(seat)
