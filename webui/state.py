"""The state payload of /api/state and the live stream: one audience's view.

A seat gets its own engine view (its hand, its secret choice) plus the actions
it may send; everyone else gets the public view. Every audience also gets the
latest throw of the box's dice-sticks ("sticks"). Nothing here reads a token or
a seed.

Some actions an engine offers are the table's to decide, not one player's (the
engine declares them in `table_actions`, e.g. a game ended early "if the table
agrees"). No phone is offered them or may send them; the host applies them from
/host, and the host's payload says whether it can ("end_early").
"""

from __future__ import annotations

import threading
from typing import Any

import engines
from device.sticks import StickRoller
from device.table import Table
from webui import games
from webui.live import event

END_GAME: dict[str, Any] = {"type": "end_game"}
# The table's settings only the host page and the setup form read: not in a phone's
# compact view (the seat page never reads them).
TABLE_UNREAD = frozenset({"min_players", "max_players", "replays"})


def state_for(
    table: Table, seat: int | None, sticks: StickRoller | None = None, *, compact: bool = False
) -> dict[str, Any]:
    """The audience's view; `compact`: some legal actions described under "choices"
    as the game declares (a phone's own view, webui/choices.py)."""
    view = table.view(seat)
    host = seat is not None and view["table"]["host"] == seat
    view["legal"] = player_actions(table, seat) if seat is not None else []
    if compact:
        view["legal"], view["choices"] = described(view)
        view = trimmed(view)
    view["you"] = {"seat": seat, "host": host}
    view["end_early"] = host and can_end_early(table)
    view["sticks"] = sticks.latest() if sticks is not None else None
    return view


def described(view: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(the legal actions still listed, the choices described) of a seat's view."""
    game = games.registered().get(view.get("game") or "")
    if game is None or game.choices is None or not view["legal"]:
        return view["legal"], {}
    return game.choices(view["legal"], view)


def trimmed(view: dict[str, Any]) -> dict[str, Any]:
    """A phone's compact view less what its page never reads: as the game declares
    (`WebGame.phone_view`), the table's settings it never reads, and of the table's
    seal only its short form (js/fingerprint.js; the whole commitment is the replay's
    to check)."""
    game = games.registered().get(view.get("game") or "")
    kept = game.phone_view(view) if game is not None and game.phone_view else dict(view)
    table = {k: v for k, v in kept["table"].items() if k not in TABLE_UNREAD}
    seal = table.get("fingerprint")
    if seal:
        table["fingerprint"] = {"short": seal["short"]}
    kept["table"] = table
    return kept


def table_actions(table: Table) -> frozenset[str]:
    """Action types the game in play leaves to the whole table, not one player."""
    game = table.status()["game"]
    return frozenset(engines.info(game)["table_actions"]) if game else frozenset()


def player_actions(table: Table, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions, less those only the table may decide."""
    kept = table_actions(table)
    return [action for action in table.legal_actions(seat) if action["type"] not in kept]


def can_end_early(table: Table) -> bool:
    """The game in play may be ended now with its scores standing (the table agrees):
    an engine offers this as its table action "end_game"."""
    waiting = table.to_act()
    return bool(waiting) and END_GAME in table.legal_actions(waiting[0])


class SharedStates:
    """Each audience's state as SSE text, built once per table version for every stream.

    After a change every open stream wants the new state at once. Ten spectators get
    the same public view, and a seat open in two tabs the same seat view, so the work
    is one build per audience, not one per stream. The builds happen on the thread
    that made the change, before the streams wake (this subscribes to the table
    before any stream can): each stream then only picks up its text and sends it,
    instead of fifteen threads queueing at the GIL to build views. An audience not
    seen before is built by its first stream, the others waiting on the lock (builds
    hold the GIL anyway, so one lock for all loses nothing).
    """

    def __init__(self, table: Table, sticks: StickRoller | None = None) -> None:
        self._table = table
        self._sticks = sticks
        self._lock = threading.Lock()
        # audience (seat, compact) -> (version, text)
        self._latest: dict[tuple[int | None, bool], tuple[int, str]] = {}
        table.subscribe(self._rebuild_all)

    def event_for(self, seat: int | None, compact: bool = False) -> tuple[int, str]:
        """(version, SSE text) of the seat's state (None: the public one), current now;
        `compact`: as a phone asks for it (state_for)."""
        audience = (seat, compact and seat is not None)
        with self._lock:
            cached = self._latest.get(audience)
            if cached is not None and cached[0] == self._table.version:
                return cached
            state = state_for(self._table, seat, self._sticks, compact=audience[1])
            built = (state["table"]["version"], event("state", state))
            self._latest[audience] = built
            return built

    def _rebuild_all(self, _version: int) -> None:
        """Rebuild the audiences streamed before that still exist: a seat of the last
        game may be gone from this one (a stream for it ends with "rejoin")."""
        taken = {seat["seat"] for seat in self._table.status()["seats"] if seat["taken"]}
        with self._lock:
            for gone in [a for a in self._latest if a[0] is not None and a[0] not in taken]:
                del self._latest[gone]
            audiences = list(self._latest)
        for seat, compact in audiences:
            self.event_for(seat, compact)
