"""The Table: the one owner of the game in progress.

Buttons and phones both come here. One lock serialises every change; each
accepted action is applied by the engine, committed to the journal, and only then
announced to subscribers, who receive a version number (never data) and ask for
the view of their own audience.

Phases: "idle" (no game open) -> "lobby" (seats filling) -> "playing" -> "over"
(result shown until the next lobby) -> ...
"""

from __future__ import annotations

import logging
import re
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Any

import engines
from device.journal import GameRecord, Journal, SeatRecord
from device.listeners import Listeners
from engines import Game, IllegalAction

log = logging.getLogger(__name__)

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read aloud and typed on phones
ROOM_LENGTH = 4
NAME_MAX = 16

Subscriber = Callable[[int], None]


class TableError(Exception):
    """A request the table cannot honour now; the message is fit for a player."""


class Table:
    def __init__(self, journal: Journal) -> None:
        self._journal = journal
        self._lock = threading.RLock()
        self._subscribers: Listeners[int] = Listeners("table subscriber")
        self._version = 0
        self._phase = "idle"
        self._record_id: int | None = None
        self._engine = ""
        self._players = 0
        self._options: dict[str, Any] = {}
        self._room = ""
        self._seats: dict[int, SeatRecord] = {}
        self._host_seat: int | None = None
        self._game: Game | None = None
        self._recover()

    # --- recovery ---------------------------------------------------------------

    def _recover(self) -> None:
        record = self._journal.latest_open()
        if record is None:
            return
        try:
            self._restore(record)
        except (ValueError, IllegalAction) as err:
            # A journal that no longer replays (e.g. an engine changed its rules):
            # keep it as history rather than refusing to start.
            log.error("could not resume game %s (%s); it is kept as abandoned", record.id, err)
            self._journal.end_game(record.id, "abandoned")
            self._reset()

    def _restore(self, record: GameRecord) -> None:
        self._record_id = record.id
        self._engine, self._players = record.engine, record.players
        self._options, self._room = record.options, record.room
        self._seats = {s.seat: s for s in record.seats}
        self._host_seat = record.host if record.host in self._seats else None
        if record.status == "playing":
            assert record.seed is not None
            self._game = engines.load(
                {
                    "engine": record.engine,
                    "players": record.players,
                    "seed": record.seed,
                    "options": record.options,
                    "actions": [[seat, action] for seat, action in record.actions],
                }
            )
            self._phase = "over" if self._game.finished else "playing"
        else:
            self._phase = "lobby"
        log.info("resumed game %s (%s, %s)", record.id, record.engine, self._phase)

    def _reset(self) -> None:
        self._phase, self._record_id, self._game = "idle", None, None
        self._engine, self._players, self._options, self._room = "", 0, {}, ""
        self._seats, self._host_seat = {}, None

    # --- subscribers ------------------------------------------------------------------

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """callback(version) runs after every change, on the thread that made it."""
        return self._subscribers.subscribe(callback)

    @property
    def version(self) -> int:
        return self._version

    def _changed(self) -> tuple[int, list[Subscriber]]:
        """Call with the lock held; returns what _publish needs after releasing it."""
        self._version += 1
        return self._version, self._subscribers.snapshot()

    def _publish(self, change: tuple[int, list[Subscriber]]) -> None:
        version, subscribers = change
        self._subscribers.tell(subscribers, version)

    # --- reading ----------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self._phase

    def status(self) -> dict[str, Any]:
        """What everyone may know about the table (no tokens, no seed, no secret options)."""
        with self._lock:
            info = engines.info(self._engine) if self._engine else None
            # Options that fix a deal or a secret configure the game but are never shown.
            secret = engines.secret_options(self._engine) if self._engine else frozenset()
            return {
                "phase": self._phase,
                "game": self._engine or None,
                "title": info["title"] if info else None,
                "min_players": info["min_players"] if info else None,
                "max_players": info["max_players"] if info else None,
                "players": self._players,
                "options": {k: v for k, v in self._options.items() if k not in secret},
                "room": self._room or None,
                "seats": [
                    {
                        "seat": seat,
                        "name": self._seat_name(seat),
                        "taken": seat in self._seats,
                    }
                    for seat in range(self._players)
                ],
                "host": self._host_seat,
                "version": self._version,
            }

    def _seat_name(self, seat: int) -> str:
        record = self._seats.get(seat)
        return record.name if record else f"Seat {seat + 1}"

    def view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view for one audience, plus the table's public status."""
        with self._lock:
            view = dict(self._game.view(seat)) if self._game else {}
            view["table"] = self.status()
            return view

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        with self._lock:
            if self._game is None or self._phase != "playing":
                return []
            return self._game.legal_actions(seat)

    def to_act(self) -> list[int]:
        with self._lock:
            return list(self._game.to_act) if self._game and self._phase == "playing" else []

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        with self._lock:
            for record in self._seats.values():
                if secrets.compare_digest(record.token, token):
                    return record.seat
        return None

    def is_host(self, token: str | None) -> bool:
        seat = self.seat_of(token)
        return seat is not None and seat == self._host_seat

    def check_room(self, code: str) -> bool:
        with self._lock:
            return bool(self._room) and code.strip().upper() == self._room

    # --- lobby ------------------------------------------------------------------------

    def open_lobby(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        host_name: str | None = None,
    ) -> tuple[int, str] | None:
        """Open a new lobby; only when no game is in play.

        With host_name (a phone opening the game), that phone takes seat 1 as host in
        the same step, so nobody can slip in first with the freshly shown room code.
        Returns (seat, token) then, else None.
        """
        options = dict(options or {})
        name = None if host_name is None else _clean_name(host_name)
        with self._lock:
            if self._phase in ("lobby", "playing"):
                raise TableError("a game is already open: end it first")
            self._check_setup(game, players, options)
            room = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
            record_id = self._journal.open_game(game, players, options, room)
            self._reset()
            self._record_id, self._phase = record_id, "lobby"
            self._engine, self._players, self._options, self._room = game, players, options, room
            ticket = None if name is None else self._take_seat(name, 0)
            change = self._changed()
        self._publish(change)
        return ticket

    def configure(
        self,
        game: str | None = None,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """Change the game, player count or options while the lobby is open."""
        with self._lock:
            self._require_phase("lobby")
            game = self._engine if game is None else game
            players = self._players if players is None else players
            new_options = self._options if options is None else dict(options)
            self._check_setup(game, players, new_options)
            if any(seat >= players for seat in self._seats):
                raise TableError("free the seats beyond the new player count first")
            assert self._record_id is not None
            self._journal.update_lobby(self._record_id, game, players, new_options)
            self._engine, self._players, self._options = game, players, new_options
            change = self._changed()
        self._publish(change)

    def join(self, code: str, name: str, seat: int | None = None) -> tuple[int, str]:
        """Take a free seat (the lowest, unless one is asked for); returns (seat, token).

        The first phone to join becomes the host. A seat freed during play can be
        taken again with the room code, so a lost phone never stops a game.
        """
        name = _clean_name(name)
        with self._lock:
            if self._phase not in ("lobby", "playing"):
                raise TableError("there is no game to join right now")
            if not self.check_room(code):
                raise TableError("that room code is not this table's")
            ticket = self._take_seat(name, seat)
            change = self._changed()
        self._publish(change)
        return ticket

    def _take_seat(self, name: str, seat: int | None) -> tuple[int, str]:
        """Seat a player (lock held); the first seated becomes host."""
        free = [s for s in range(self._players) if s not in self._seats]
        if not free:
            raise TableError("every seat is taken")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise TableError(f"seat {seat + 1} is not free")
        token = secrets.token_urlsafe(18)
        name = name or f"Player {seat + 1}"
        assert self._record_id is not None
        self._journal.set_seat(self._record_id, seat, name, token)
        self._seats[seat] = SeatRecord(seat, name, token)
        if self._host_seat is None:
            self._journal.set_host(self._record_id, seat)
            self._host_seat = seat
        return seat, token

    def release_seat(self, seat: int) -> None:
        """Free a seat (host action): its old token stops working, anyone may take it."""
        with self._lock:
            if self._phase not in ("lobby", "playing"):
                raise TableError("there is no open game")
            if seat not in self._seats:
                raise TableError(f"seat {seat + 1} is already free")
            assert self._record_id is not None
            self._journal.clear_seat(self._record_id, seat)
            del self._seats[seat]
            if self._host_seat == seat:
                # Host rights pass to the lowest taken seat, or to the next to join.
                self._host_seat = min(self._seats) if self._seats else None
                self._journal.set_host(self._record_id, self._host_seat)
            change = self._changed()
        self._publish(change)

    def swap_seats(self, first: int, second: int) -> None:
        """Exchange two seats in the lobby, so seat numbers match where people sit."""
        with self._lock:
            self._require_phase("lobby")
            for seat in (first, second):
                if not isinstance(seat, int) or not 0 <= seat < self._players:
                    raise TableError(f"there is no seat {seat}")
            if first == second:
                return
            assert self._record_id is not None
            self._journal.swap_seats(self._record_id, first, second)
            moved = {first: self._seats.pop(second, None), second: self._seats.pop(first, None)}
            for seat, record in moved.items():
                if record is not None:
                    self._seats[seat] = SeatRecord(seat, record.name, record.token)
            if self._host_seat in (first, second):
                self._host_seat = second if self._host_seat == first else first
                self._journal.set_host(self._record_id, self._host_seat)
            change = self._changed()
        self._publish(change)

    def start(self) -> None:
        """Deal: every seat must be taken."""
        with self._lock:
            self._require_phase("lobby")
            missing = [s + 1 for s in range(self._players) if s not in self._seats]
            if missing:
                raise TableError(f"waiting for seat {', '.join(map(str, missing))}")
            seed = engines.new_seed()
            try:
                game = engines.new(self._engine, self._players, seed=seed, options=self._options)
            except ValueError as err:
                raise TableError(str(err)) from None
            assert self._record_id is not None
            self._journal.start_game(self._record_id, seed)
            self._game, self._phase = game, "playing"
            change = self._changed()
        self._publish(change)

    # --- play -------------------------------------------------------------------------

    def act(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply one seat's action: engine first, journal second, subscribers last."""
        with self._lock:
            self._require_phase("playing")
            game = self._game
            assert game is not None and self._record_id is not None
            events = game.apply(seat, action)  # IllegalAction: nothing changed
            seat_done, action_done = game.log[-1]
            try:
                self._journal.append_action(
                    self._record_id, len(game.log) - 1, seat_done, action_done
                )
                if game.finished:
                    self._journal.end_game(self._record_id, "over")
            except Exception as err:
                # Not durable, so not accepted: rebuild the game without this action.
                data = game.to_dict()
                data["actions"] = data["actions"][:-1]
                self._game = engines.load(data)
                log.error("journal write failed, action rejected: %s", type(err).__name__)
                raise TableError("the box could not save that move; please try again") from None
            if game.finished:
                self._phase = "over"
            change = self._changed()
        self._publish(change)
        return events

    def end_game(self) -> None:
        """Abandon an open game (kept as history), or clear a finished one's result."""
        with self._lock:
            if self._phase == "idle":
                raise TableError("there is no game to end")
            if self._phase in ("lobby", "playing"):
                assert self._record_id is not None
                self._journal.end_game(self._record_id, "abandoned")
            self._reset()
            change = self._changed()
        self._publish(change)

    def touch(self) -> None:
        """Announce a change made outside the game (e.g. a companion score sheet)."""
        with self._lock:
            change = self._changed()
        self._publish(change)

    # --- helpers ----------------------------------------------------------------------

    def _require_phase(self, phase: str) -> None:
        if self._phase != phase:
            raise TableError(
                {
                    "lobby": "the lobby is not open",
                    "playing": "no game is being played",
                }.get(phase, f"the table is not {phase}")
            )

    @staticmethod
    def _check_setup(game: str, players: int, options: dict[str, Any]) -> None:
        """Let the engine judge the game, player count and options before we keep them."""
        try:
            engines.new(game, players, seed=0, options=options)
        except ValueError as err:
            raise TableError(str(err)) from None
        except (TypeError, KeyError, AttributeError):
            raise TableError("those game options are not valid") from None


def _clean_name(name: Any) -> str:
    if not isinstance(name, str):
        raise TableError("a name must be text")
    name = re.sub(r"\s+", " ", "".join(ch for ch in name if ch.isprintable())).strip()
    return name[:NAME_MAX]
