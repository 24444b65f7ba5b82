"""The state payload of /api/state and the live stream: one audience's view.

A seat gets its own engine view (its hand, its secret choice) plus the actions
it may send; everyone else gets the public view. Every audience also gets the
latest throw of the box's dice-sticks ("sticks"). Nothing here reads a token or
a seed.

Some actions an engine offers are the table's to decide, not one player's: a
game ended early "if the table agrees" (Lauzait Cep's end_game). No phone is
offered them or may send them; the host applies them from /host, and the host's
payload says whether it can ("end_early").
"""

from __future__ import annotations

from typing import Any

from device.sticks import StickRoller
from device.table import Table

END_GAME: dict[str, Any] = {"type": "end_game"}
TABLE_ACTIONS = frozenset({"end_game"})


def state_for(table: Table, seat: int | None, sticks: StickRoller | None = None) -> dict[str, Any]:
    view = table.view(seat)
    host = seat is not None and view["table"]["host"] == seat
    view["legal"] = player_actions(table, seat) if seat is not None else []
    view["you"] = {"seat": seat, "host": host}
    view["end_early"] = host and can_end_early(table)
    view["sticks"] = sticks.latest() if sticks is not None else None
    return view


def player_actions(table: Table, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions, less those only the table may decide."""
    return [action for action in table.legal_actions(seat) if action["type"] not in TABLE_ACTIONS]


def can_end_early(table: Table) -> bool:
    """The game in play may be ended now with its scores standing (the table agrees)."""
    waiting = table.to_act()
    return bool(waiting) and END_GAME in table.legal_actions(waiting[0])
