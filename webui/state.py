"""The state payload of /api/state and the live stream: one audience's view.

A seat gets its own engine view (its hand, its secret choice) plus its legal
actions; everyone else gets the public view. Nothing here reads a token or a seed.
"""

from __future__ import annotations

from typing import Any

from device.table import Table


def state_for(table: Table, seat: int | None) -> dict[str, Any]:
    view = table.view(seat)
    host = seat is not None and view["table"]["host"] == seat
    view["legal"] = table.legal_actions(seat) if seat is not None else []
    view["you"] = {"seat": seat, "host": host}
    return view
