"""The Table: the one owner of the game in progress.

Buttons and phones both come here. One lock serialises every change; each change
is committed to the journal as one transaction (a lobby with its host, a seat with
the host passing on, a last move with the game's end), and only then made in
memory and announced to subscribers, who receive a version number (never data) and
ask for the view of their own audience. After kill -9 at any point the table is
exactly the state of the last committed change.

Phases: "idle" (no game open) -> "lobby" (seats filling) -> "playing" -> "over"
(result shown until cleared or the next lobby) -> ...

Seats during play: a seat holds a hand, so freeing another player's seat needs that
player's consent (their phone is asked), or, for a lost phone, every other player's
after the holder's phone has had RELEASE_GRACE seconds to refuse. Every seat freed
or taken during play is announced on every screen (status "notices").
"""

from __future__ import annotations

import logging
import math
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import engines
from device import i18n
from device.history.fingerprint import commitment, final_result, new_salt, short
from device.history.replay import DEFAULT_OPEN_HANDS, OPEN_HANDS
from device.journal import GameRecord, Journal, SeatLogEntry, SeatRecord, opener_hash
from device.listeners import Listeners
from device.names import tidy_name
from device.refusal import Refusal
from device.table import rematch
from device.table.interlude import TRICK_PAUSE_MAX, Interlude, summary_key
from device.table.takeback import OPTION as TAKE_BACKS
from device.table.takeback import Decision, Seating, TakeBackRefused, TakeBacks, check_mode
from engines import Game

log = logging.getLogger(__name__)

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read aloud and typed on phones
ROOM_LENGTH = 4
RELEASE_GRACE = 20.0  # seconds a holder's phone may refuse before the table's consent counts
NOTICES_SHOWN = 4  # seat changes during play listed on every screen, newest last
PROBLEM = "the saved game could not be resumed after an update; it is kept in the box's history"
OLDER_RULES = (
    "the saved game was played with rules of {title} that this update no longer replays;"
    " it is kept in the box's history"
)

Subscriber = Callable[[int], None]


class TableError(Refusal):
    """A request the table cannot honour now: a player's sentence (device/refusal.py)
    and a stable code for pages and scripts ("table" unless a more precise one)."""

    default_code = "table"


class _OlderRules(Exception):
    """A saved game's rules version is not the engine's."""


@dataclass
class ReleaseRequest:
    """The host asks to free a seat during play; it waits for consent."""

    seat: int
    by: int | None  # the seat that asked (the host), None for the box
    asked: float  # the table's clock when asked
    agreed: set[int] = field(default_factory=set)


class Table:
    def __init__(
        self,
        journal: Journal,
        clock: Callable[[], float] = time.monotonic,
        *,
        language: str = i18n.DEFAULT,
    ) -> None:
        self._journal = journal
        self._clock = clock
        self._lock = threading.RLock()
        self._subscribers: Listeners[int] = Listeners("table subscriber")
        self._version = 0
        self._phase = "idle"
        self._record_id: int | None = None
        self._game: Game | None = None
        self._engine, self._players, self._room = "", 0, ""
        self._options: dict[str, Any] = {}
        self._seats: dict[int, SeatRecord] = {}
        self._host_seat: int | None = None
        self._opener: str | None = None  # hash of the opening phone's key
        self._release: ReleaseRequest | None = None
        self._notices: list[dict[str, Any]] = []  # the latest seat changes during play
        self._problem: str | None = None  # why the last game could not be resumed
        # The damaged journal this start moved aside (device/history/rescue.py), by name.
        self.rescued_journal: str | None = None
        self._interlude = Interlude(journal)  # the pause after a deal's summary
        self._take_backs = TakeBacks(journal)  # take-back requests (device/table/takeback.py)
        self._commitment: str | None = None  # the deal's seal (device/history/fingerprint.py)
        self._open_hands = DEFAULT_OPEN_HANDS  # all hands open in replays (history/replay.py)
        self._last_game: dict[str, Any] | None = None  # the game before's result (rematch.py)
        self._ended_early = False  # "over" because the table ended it (no winners, seats kept)
        # What the OLED and the TV speak: the one the host or the box last picked (kept in
        # the journal), else the configured one (device/i18n.py).
        self._language = i18n.valid(journal.setting("language")) or language
        self._recover()

    # --- recovery ---------------------------------------------------------------

    def _recover(self) -> None:
        record = self._journal.latest_game()
        if record is None:
            return
        self._close_older_games(record.id)
        if record.cleared is not None or (record.status == "abandoned" and record.seed is None):
            return  # an abandoned game stays on the table only when ended with its seats kept
        if record.status == "unreplayable":
            self._record_id, self._problem = record.id, record.problem or PROBLEM
            return
        try:
            self._restore(record)
        except Exception as err:
            # A journal that no longer replays (an engine changed its rules): keep the
            # game as history, say so on every screen, and start. Only the error's
            # type is logged: an engine's message may name a card.
            self._reset()
            if record.status == "over":
                log.error(
                    "game %s is over but no longer replays (%s)", record.id, type(err).__name__
                )
                self._journal.clear(record.id)
                return
            title = engines.info(record.engine)["title"] if record.engine in engines.names() else ""
            problem = OLDER_RULES.format(title=title) if isinstance(err, _OlderRules) else PROBLEM
            log.error(
                "could not resume game %s (%s): kept as unreplayable", record.id, type(err).__name__
            )
            self._journal.end_game(record.id, "unreplayable", problem=problem)
            self._record_id, self._problem = record.id, problem

    def _close_older_games(self, latest: int) -> None:
        """Games an older release left open under a newer one (a crash between its
        commits): finished ones are over, the rest abandoned, never shown again."""
        for game_id in self._journal.open_games_before(latest):
            record = self._journal.game(game_id)
            assert record is not None
            try:
                status = "over" if self._replay(record).finished else "abandoned"
            except Exception:
                status = "unreplayable" if record.status == "playing" else "abandoned"
            with self._journal.transaction():
                self._journal.end_game(game_id, status, problem=None)
                self._journal.clear(game_id)
            log.warning("game %s was left open by an older release: now %s", game_id, status)

    def _replay(self, record: GameRecord) -> Game:
        if record.seed is None:
            return engines.new(record.engine, record.players, seed=0, options=record.options)
        if record.rules_version != _rules_version(record.engine, record.players, record.options):
            raise _OlderRules(record.engine)
        return engines.load(record.saved_game())

    def _restore(self, record: GameRecord) -> None:
        replayed = self._replay(record)  # a lobby too: its engine and options still hold
        game = None if record.status == "lobby" else replayed
        if game is not None and game.finished and record.status == "playing":
            # An older release crashed between the last move and the game's end.
            self._journal.end_game(record.id, "over")
        self._record_id = record.id
        self._engine, self._players = record.engine, record.players
        self._options, self._room = record.options, record.room
        self._seats = {s.seat: s for s in record.seats}
        self._host_seat = record.host if record.host in self._seats else None
        self._opener = record.opener
        self._notices = [_notice(e) for e in self._journal.seat_log(record.id, NOTICES_SHOWN)]
        self._game = game
        if game is not None:
            self._interlude.restore(record.id, game)
        if game is None:
            self._phase = "lobby"
        else:
            ended = record.status in ("over", "abandoned")
            self._phase = "over" if game.finished or ended else "playing"
            self._ended_early = record.status == "abandoned"
            if self._ended_early:
                self._interlude.clear()
        asked = record.release_request
        if self._phase == "playing" and asked and asked["seat"] in self._seats:
            # The holder's phone gets the whole grace again from the restart.
            agreed = set(asked["agreed"]) & set(self._seats)
            self._release = ReleaseRequest(asked["seat"], asked["by"], self._clock(), agreed)
        pending = record.take_back_request if self._phase == "playing" else None
        self._take_backs.restore(record.table_options, pending, game, self._seating())
        self._commitment = record.commitment if game is not None else None
        self._open_hands = bool(record.table_options.get(OPEN_HANDS, DEFAULT_OPEN_HANDS))
        if self._phase == "over":  # who left after the game holds no seat for the next
            left = {e.seat: e.kind for e in self._journal.seat_log(record.id, 1000)}
            self._seats = {s: r for s, r in self._seats.items() if left.get(s) != "left"}
        else:
            after = record.table_options.get(rematch.AFTER)  # the game before, if a rematch
            self._last_game = rematch.last_game(self._journal, after)
        log.info("resumed game %s (%s, %s)", record.id, record.engine, self._phase)

    def _reset(self) -> None:
        self._phase, self._record_id, self._game = "idle", None, None
        self._engine, self._players, self._options, self._room = "", 0, {}, ""
        self._seats, self._host_seat, self._opener = {}, None, None
        self._release, self._notices, self._problem = None, [], None
        self._interlude.clear()
        self._take_backs.clear()
        self._commitment, self._open_hands = None, DEFAULT_OPEN_HANDS
        self._last_game = None
        self._ended_early = False

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

    @property
    def journal(self) -> Journal:
        """The journal this table writes: history reads it (device/history/core.py)."""
        return self._journal

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
                "release": self._release_status(),
                "notices": list(self._notices),
                "problem": self._problem,
                "rescued_journal": self.rescued_journal,
                "interlude": self._interlude.status(self._seats, self._seat_name),
                "take_back": self._take_backs.status(
                    self._game, self._phase == "playing", self._seating()
                ),
                "trick_pause": self._interlude.trick_pause,
                # The deal's sealed commitment: public from the first move (never the seed).
                "fingerprint": (
                    {"short": short(self._commitment), "commitment": self._commitment}
                    if self._commitment
                    else None
                ),
                "replays": {"open_hands": self._open_hands},
                # The game before this one at the table, until this one ends (rematch.py).
                "last_game": self._last_game if self._phase != "over" else None,
                # After a game: each seat's final score and rank (none if ended early).
                "result": self._result() if self._phase == "over" else None,
                "ended_early": self._ended_early,  # ended from the table: no winners
                "language": self._language,  # the OLED's and the TV's (phones pick their own)
                "version": self._version,
            }

    def _result(self) -> dict[str, Any] | None:
        if self._game is None:
            return None
        names = [self._seat_name(seat) for seat in range(self._players)]
        return rematch.standings(self._game, names, ended_early=self._ended_early)

    def _seat_name(self, seat: int) -> str:
        record = self._seats.get(seat)
        return record.name if record else f"Seat {seat + 1}"

    def _release_status(self) -> dict[str, Any] | None:
        """The pending request to free a seat: who, asked by whom, who agreed, who not yet."""
        request = self._release
        if request is None:
            return None
        others = set(self._seats) - {request.seat}
        return {
            "seat": request.seat,
            "name": self._seat_name(request.seat),
            "by": request.by,
            "agreed": sorted(request.agreed & others),
            "waiting": sorted(others - request.agreed),
            "grace": RELEASE_GRACE,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view for one audience, plus the table's public status."""
        with self._lock:
            view = dict(self._game.view(seat)) if self._game else {}
            if self._ended_early:  # every screen shows it over: nobody's turn, no winner
                view.update(phase="over", to_act=[], winners=[])
            view["table"] = self.status()
            return view

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        with self._lock:
            if self._game is None or self._phase != "playing" or self._interlude.holds(self._seats):
                return []  # nobody moves while the table reads a summary
            if self._take_backs.request is not None:
                return []  # nor while it answers a take-back
            return self._game.legal_actions(seat)

    def to_act(self) -> list[int]:
        with self._lock:
            if self._game is None or self._phase != "playing" or self._interlude.holds(self._seats):
                return []
            if self._take_backs.request is not None:
                return []
            return list(self._game.to_act)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds, or None; a token that is not ASCII text is unknown."""
        if not token or not isinstance(token, str) or not token.isascii():
            return None
        given = token.encode()
        with self._lock:
            for record in self._seats.values():
                if secrets.compare_digest(record.token.encode(), given):
                    return record.seat
        return None

    def is_host(self, token: str | None) -> bool:
        with self._lock:
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
        opener: str | None = None,
        take_backs: str | None = None,
        open_hands: bool | None = None,
    ) -> tuple[int, str] | None:
        """Open a new lobby; only when no game is in play.

        With host_name (a phone opening the game), that phone takes seat 1 as host in
        the same transaction, so nobody can slip in first with the freshly shown room
        code. Returns (seat, token) then, else None. `opener` is a key only that phone
        knows: asking again with it while the game it opened is open (the answer was
        lost) returns the host's seat and token again instead of refusing.
        `take_backs` is the table's take-back mode (device/table/takeback.py), "ask" if None;
        `open_hands` lets the game's replay show every hand at once (on if None).
        """
        options = dict(options or {})
        mode = _take_back_mode(take_backs)
        name = None if host_name is None else _clean_name(host_name)
        with self._lock:
            if self._phase in ("lobby", "playing"):
                ticket = self._reclaim(opener) if name is not None else None
                if ticket is not None:
                    return ticket
                raise TableError("a game is already open: end it first", "game_open")
            rules_version = self._check_setup(game, players, options)
            room = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
            token = secrets.token_urlsafe(18)
            seat_name = name or "Player 1"
            with self._journal.transaction():
                if self._record_id is not None:  # a result or a problem shown until now
                    self._journal.clear(self._record_id)
                record_id = self._journal.open_game(
                    game,
                    players,
                    options,
                    room,
                    rules_version=rules_version,
                    opener=opener if name is not None else None,
                )
                if name is not None:
                    self._journal.set_seat(record_id, 0, seat_name, token)
                    self._journal.set_host(record_id, 0)
                hands = DEFAULT_OPEN_HANDS if open_hands is None else bool(open_hands)
                self._journal.set_table_options(record_id, {TAKE_BACKS: mode, OPEN_HANDS: hands})
            self._reset()
            self._take_backs.mode = mode
            self._open_hands = hands
            self._record_id, self._phase = record_id, "lobby"
            self._engine, self._players, self._options, self._room = game, players, options, room
            ticket = None
            if name is not None:
                self._seats[0] = SeatRecord(0, seat_name, token)
                self._host_seat = 0
                self._opener = None if opener is None else opener_hash(opener)
                ticket = (0, token)
            change = self._changed()
        self._publish(change)
        return ticket

    def _reclaim(self, opener: str | None) -> tuple[int, str] | None:
        """The host's seat and token for the phone that opened this game (lock held)."""
        if opener is None or self._opener is None or self._host_seat not in self._seats:
            return None
        if not secrets.compare_digest(opener_hash(opener), self._opener):
            return None
        record = self._seats[self._host_seat]
        return record.seat, record.token

    def configure(
        self,
        game: str | None = None,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        take_backs: str | None = None,
        open_hands: bool | None = None,
    ) -> None:
        """Change the game, player count, options, take-back mode or open hands in
        replays while the lobby is open."""
        mode = None if take_backs is None else _take_back_mode(take_backs)
        with self._lock:
            self._require_phase("lobby")
            game = self._engine if game is None else game
            players = self._players if players is None else players
            new_options = self._options if options is None else dict(options)
            self._check_setup(game, players, new_options)
            if any(seat >= players for seat in self._seats):
                raise TableError("free the seats beyond the new player count first", "seats_taken")
            assert self._record_id is not None
            with self._journal.transaction():
                self._journal.update_lobby(self._record_id, game, players, new_options)
                if mode is not None:
                    self._journal.set_table_options(self._record_id, {TAKE_BACKS: mode})
                if open_hands is not None:
                    hands = {OPEN_HANDS: bool(open_hands)}
                    self._journal.set_table_options(self._record_id, hands)
            self._engine, self._players, self._options = game, players, new_options
            if mode is not None:
                self._take_backs.mode = mode
            if open_hands is not None:
                self._open_hands = bool(open_hands)
            change = self._changed()
        self._publish(change)

    def join(self, code: str, name: str, seat: int | None = None) -> tuple[int, str]:
        """Take a free seat (the lowest, unless one is asked for); returns (seat, token).

        The first phone to join becomes the host. A seat freed during play can be
        taken again with the room code, so a lost phone never stops a game; every
        screen is told who took it.
        """
        name = _clean_name(name)
        with self._lock:
            if self._phase == "over" and self.check_room(code):
                raise TableError(
                    "this game has just ended: join when the host starts the next one",
                    "between_games",
                )
            if self._phase not in ("lobby", "playing"):
                raise TableError("there is no game to join right now", "no_game")
            if not self.check_room(code):
                raise TableError("that room code is not this table's", "wrong_room")
            ticket = self._take_seat(name, seat)
            change = self._changed()
        self._publish(change)
        return ticket

    def _take_seat(self, name: str, seat: int | None) -> tuple[int, str]:
        """Seat a player (lock held); the first seated becomes host, in one transaction."""
        free = [s for s in range(self._players) if s not in self._seats]
        if not free:
            raise TableError("every seat is taken: you can watch the game instead", "table_full")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise TableError("seat {seat} is not free", "seat_taken", {"seat": seat + 1})
        token = secrets.token_urlsafe(18)
        name = name or f"Player {seat + 1}"
        if rematch.name_taken(name, (record.name for record in self._seats.values())):
            raise TableError(
                "someone at this table is already called {name}: "
                "add an initial or pick another name",
                rematch.NAME_TAKEN,
                {"name": name},
            )
        hosts = self._host_seat is None
        playing = self._phase == "playing"
        assert self._record_id is not None
        with self._journal.transaction():
            self._journal.set_seat(self._record_id, seat, name, token)
            if hosts:
                self._journal.set_host(self._record_id, seat)
            if playing:
                entry = self._log_seat("took", seat, name)
        self._seats[seat] = SeatRecord(seat, name, token)
        if hosts:
            self._host_seat = seat
        if playing:
            self._notify(entry)
        return seat, token

    def release_seat(self, seat: int, by: int | None = None) -> str:
        """Free a seat: its old token stops working, anyone may take it with the room
        code. `by` is the seat asking (the host), None for the box. Returns "freed",
        or "asked" when the seat holds a hand and its holder must consent first.

        In the lobby, and for the asker's own seat, the seat is freed at once. During
        play another seat is only asked for: its holder's phone may allow or refuse
        (answer_release); for a lost phone every other player agrees instead, and the
        host asks again once RELEASE_GRACE seconds have passed since the first ask.
        """
        with self._lock:
            if self._phase not in ("lobby", "playing"):
                raise TableError("there is no open game", "no_game")
            if not isinstance(seat, int) or seat not in self._seats:
                raise TableError(
                    "seat {seat} is already free", "seat_free", {"seat": _number(seat)}
                )
            assert self._record_id is not None
            request = self._release
            if self._phase == "lobby":
                self._free(seat)
                outcome = "freed"
            elif seat == by:
                self._free(seat, "left")
                outcome = "freed"
            elif request is not None:
                if request.seat != seat:
                    raise TableError(
                        "freeing seat {seat} is already asked: wait for the answer, or withdraw it",
                        "release_pending",
                        {"seat": request.seat + 1},
                    )
                self._free_with_the_table(request)
                outcome = "freed"
            else:
                agreed = {by} if by is not None and by in self._seats else set()
                asked = ReleaseRequest(seat, by, self._clock(), agreed)
                self._journal.set_release_request(self._record_id, _release_data(asked))
                self._release, outcome = asked, "asked"
            change = self._changed()
        self._publish(change)
        return outcome

    def answer_release(self, seat: int, allow: bool) -> str:
        """A seated player answers the request to free a seat. Its holder frees it now
        ("freed") or keeps it ("refused"); anyone else agrees ("agreed", or "freed" when
        that was the last consent needed) or refuses, which ends the request
        ("refused"). The asker's own answer frees the seat with the table's consent
        ("freed", TableError while it is not complete) or withdraws the request
        ("withdrawn")."""
        with self._lock:
            request = self._release
            if request is None or self._phase != "playing":
                raise TableError("nobody is asking to free a seat", "no_release")
            if seat not in self._seats:
                raise TableError("join the table first", "not_seated")
            assert self._record_id is not None
            holder = self._seat_name(request.seat)
            if seat == request.seat:
                if allow:
                    self._free(seat, "freed", "holder")
                    outcome = "freed"
                else:
                    self._drop_release("kept", holder)
                    outcome = "refused"
            elif seat == request.by:
                if allow:
                    self._free_with_the_table(request)
                    outcome = "freed"
                else:
                    self._drop_release()
                    outcome = "withdrawn"
            elif allow:
                agreed = replace(request, agreed=request.agreed | {seat})
                if self._table_agrees(agreed) is None:
                    self._free(request.seat, "freed", "table")
                    outcome = "freed"
                else:
                    self._journal.set_release_request(self._record_id, _release_data(agreed))
                    self._release, outcome = agreed, "agreed"
            else:
                self._drop_release("refused", holder, self._seat_name(seat))
                outcome = "refused"
            change = self._changed()
        self._publish(change)
        return outcome

    def _drop_release(self, kind: str | None = None, name: str = "", by: str | None = None) -> None:
        """End the request to free a seat, logging why (`kind`) with it (lock held)."""
        assert self._record_id is not None and self._release is not None
        with self._journal.transaction():
            self._journal.set_release_request(self._record_id, None)
            if kind is not None:
                entry = self._log_seat(kind, self._release.seat, name, by)
        self._release = None
        if kind is not None:
            self._notify(entry)

    def _table_agrees(self, request: ReleaseRequest) -> TableError | None:
        """None when the table's consent frees the seat now, else why not yet."""
        waiting = sorted(set(self._seats) - {request.seat} - request.agreed)
        if waiting:
            names = ", ".join(self._seat_name(s) for s in waiting)
            return TableError("waiting for {names} to agree", "release_waiting", {"names": names})
        left = RELEASE_GRACE - (self._clock() - request.asked)
        if left > 0:
            return TableError(
                "{name}'s phone may still refuse: try again in {seconds} s",
                "release_wait",
                {"name": self._seat_name(request.seat), "seconds": math.ceil(left)},
            )
        return None

    def _free_with_the_table(self, request: ReleaseRequest) -> None:
        why_not = self._table_agrees(request)
        if why_not is not None:
            raise why_not
        self._free(request.seat, "freed", "table")

    def _free(self, seat: int, kind: str | None = None, by: str | None = None) -> None:
        """Free a seat, the host passing on if it was theirs, in one transaction (lock
        held); during play `kind` ("left" or "freed") goes to the seat log too."""
        assert self._record_id is not None
        holder = self._seats[seat]
        rest = [s for s in self._seats if s != seat]
        # Host rights pass to the lowest taken seat, or to the next to join.
        host = (min(rest) if rest else None) if self._host_seat == seat else self._host_seat
        # A request to free this seat, or made by it, ends; its consent no longer counts.
        request = self._release
        if request is not None and seat in (request.seat, request.by):
            request = None
        elif request is not None and seat in request.agreed:
            request = replace(request, agreed=request.agreed - {seat})
        with self._journal.transaction():
            self._journal.clear_seat(self._record_id, seat)
            if host != self._host_seat:
                self._journal.set_host(self._record_id, host)
                if self._opener is not None:  # the opener's key no longer reclaims it
                    self._journal.forget_opener(self._record_id)
            if request is not self._release:
                self._journal.set_release_request(self._record_id, _release_data(request))
            if kind is not None:
                entry = self._log_seat(kind, seat, holder.name, by)
            self._take_backs.seat_left(seat, self._seating())  # an asker's request ends
        del self._seats[seat]
        if host != self._host_seat:
            self._host_seat, self._opener = host, None
        self._release = request
        if kind is not None:
            self._notify(entry)

    def _log_seat(self, kind: str, seat: int, name: str, by: str | None = None) -> SeatLogEntry:
        assert self._record_id is not None
        entry_id = self._journal.log_seat(self._record_id, kind, seat, name, by)
        return SeatLogEntry(entry_id, kind, seat, name, by, time.time())

    def _notify(self, entry: SeatLogEntry) -> None:
        self._notices = [*self._notices, _notice(entry)][-NOTICES_SHOWN:]

    def swap_seats(self, first: int, second: int) -> None:
        """Exchange two seats in the lobby, so seat numbers match where people sit."""
        with self._lock:
            self._require_phase("lobby")
            for seat in (first, second):
                if not isinstance(seat, int) or not 0 <= seat < self._players:
                    raise TableError("there is no seat {seat}", "no_such_seat", {"seat": seat})
            if first == second:
                return
            assert self._record_id is not None
            host = self._host_seat
            if host in (first, second):
                host = second if host == first else first
            with self._journal.transaction():
                self._journal.swap_seats(self._record_id, first, second)
                if host != self._host_seat:
                    self._journal.set_host(self._record_id, host)
            moved = {first: self._seats.pop(second, None), second: self._seats.pop(first, None)}
            for seat, record in moved.items():
                if record is not None:
                    self._seats[seat] = SeatRecord(seat, record.name, record.token)
            self._host_seat = host
            change = self._changed()
        self._publish(change)

    def start(self) -> None:
        """Deal: every seat must be taken."""
        with self._lock:
            self._require_phase("lobby")
            missing = [s + 1 for s in range(self._players) if s not in self._seats]
            if missing:
                raise TableError(
                    "waiting for seat {seats}",
                    "seats_missing",
                    {"seats": ", ".join(map(str, missing))},
                )
            self._deal()
            change = self._changed()
        self._publish(change)

    def _deal(self) -> None:
        """Begin the game in the lobby (lock held); inside the caller's transaction
        when it has one (a rematch), so the new game and its deal land together."""
        seed = engines.new_seed()
        try:
            game = engines.new(self._engine, self._players, seed=seed, options=self._options)
        except ValueError as err:
            raise _setup_refused(err) from None
        assert self._record_id is not None
        # The deal is sealed before anyone sees it: a public commitment to the seed
        # and setup, the seed and salt kept secret until the game is over.
        salt = new_salt()
        sealed = commitment(
            engine=self._engine,
            rules_version=game.rules_version,
            players=self._players,
            options=self._options,
            seed=seed,
            salt=salt,
        )
        self._journal.start_game(
            self._record_id, seed, game.rules_version, salt=salt, commitment=sealed
        )
        self._game, self._phase, self._commitment = game, "playing", sealed

    # --- play -------------------------------------------------------------------------

    def act(
        self, seat: int, action: dict[str, Any], request: str | None = None
    ) -> list[dict[str, Any]]:
        """Apply one seat's action: engine first, journal second, subscribers last.

        `request` is the phone's id for this move: a retry of a move already applied
        (its answer was lost) gets the same events back and changes nothing.
        """
        with self._lock:
            if request is not None and self._record_id is not None and self._game is not None:
                kept = self._journal.answered(self._record_id, seat, request)
                if kept is not None:
                    done, events = kept
                    if done != action:
                        raise TableError(
                            "that request was already used for another move", "request_reused"
                        )
                    return list(events)
                if self._journal.was_taken_back(self._record_id, seat, request):
                    raise TableError("that move was taken back: make it again", "taken_back")
            self._require_phase("playing")
            game = self._game
            assert game is not None and self._record_id is not None
            self._require_no_interlude()
            self._require_no_take_back()
            summary_before = summary_key(game)
            events = game.apply(seat, action)  # IllegalAction: nothing changed
            seat_done, action_done = game.log[-1]
            try:
                with self._journal.transaction():  # the last move and the game's end together
                    self._journal.append_action(
                        self._record_id,
                        len(game.log) - 1,
                        seat_done,
                        action_done,
                        request=request,
                        result=events,
                    )
                    if game.finished:
                        self._journal.end_game(self._record_id, "over", result=final_result(game))
                        if self._release is not None:
                            self._journal.set_release_request(self._record_id, None)
                    pause = self._interlude.begin_if_new(self._record_id, summary_before, game)
            except Exception as err:
                # Not durable, so not accepted: rebuild the game without this action.
                data = game.to_dict()
                data["actions"] = data["actions"][:-1]
                self._game = engines.load(data)
                log.error("journal write failed, action rejected: %s", type(err).__name__)
                raise TableError(
                    "the box could not save that move; please try again", "not_saved"
                ) from None
            if game.finished:
                self._phase, self._release = "over", None
            self._interlude.adopt(pause)
            change = self._changed()
        self._publish(change)
        return events

    # --- the pause after a deal, round or season (device/table/interlude.py) ------------------

    def continue_play(self, seat: int) -> None:
        """A seated player has read the summary; play goes on once everyone has."""
        with self._lock:
            if seat not in self._seats:
                raise TableError("join the table first", "not_seated")
            if not self._interlude.holds(self._seats):
                raise TableError("nothing is waiting for you to continue", "no_interlude")
            try:
                self._interlude.continue_from(seat, self._seats)  # journaled first
            except sqlite3.Error as err:
                raise _not_saved("continue", err) from None
            change = self._changed()
        self._publish(change)

    def skip_interlude(self) -> None:
        """The host goes on without waiting for everyone to continue."""
        with self._lock:
            if not self._interlude.holds(self._seats):
                raise TableError("nothing is waiting for the players to continue", "no_interlude")
            try:
                self._interlude.skip()  # journaled first
            except sqlite3.Error as err:
                raise _not_saved("skip", err) from None
            change = self._changed()
        self._publish(change)

    def set_trick_pause(self, seconds: int) -> None:
        """How long (s) every screen keeps a finished trick at least; TableError if bad."""
        with self._lock:
            try:
                self._interlude.set_trick_pause(seconds)
            except ValueError:
                raise TableError(
                    "the trick pause is 0 to {most} seconds",
                    "invalid_field",
                    {"most": TRICK_PAUSE_MAX},
                ) from None
            except sqlite3.Error as err:
                raise _not_saved("trick pause", err) from None
            change = self._changed()
        self._publish(change)

    def _require_no_interlude(self) -> None:
        waiting = self._interlude.waiting(self._seats)
        if waiting:
            names = ", ".join(self._seat_name(seat) for seat in waiting)
            raise TableError(
                "the table is reading the summary: waiting for {names} to continue"
                " (the host can skip the wait)",
                "interlude",
                {"names": names},
            )

    # --- take-backs (device/table/takeback.py) -------------------------------------------------

    def request_take_back(self, seat: int, steps: int = 1) -> str:
        """A seat asks to take back its move `steps` actions back (and all after it).
        Returns "asked" (the table answers) or "taken_back" (free mode); TableError with
        a player's reason and a stable code when it cannot be (a barrier, off, ...)."""
        return self._take_back(
            lambda seating: self._take_backs.ask(self._playing_game(), seat, steps, seating)
        )

    def answer_take_back(self, seat: int, allow: bool, *, for_seat: int | None = None) -> str:
        """A seat agrees or refuses; with `for_seat`, `seat` is the host answering for a
        seat nobody holds or a silent phone. Returns "agreed", "taken_back" or "refused"."""
        return self._take_back(
            lambda seating: self._take_backs.answer(
                self._playing_game(),
                seat if for_seat is None else for_seat,
                allow,
                seating,
                host=None if for_seat is None else seat,
            )
        )

    def withdraw_take_back(self, seat: int) -> str:
        """The asker withdraws their request ("withdrawn")."""
        return self._take_back(lambda seating: self._take_backs.withdraw(seat, seating))

    def _take_back(self, step: Callable[[Seating], Decision]) -> str:
        with self._lock:
            if self._phase not in ("playing", "over") or self._ended_early:
                raise TableError("no game is being played", "not_playing")
            try:
                decision = step(self._seating())
            except TakeBackRefused as err:
                raise _take_back_refused(err) from None
            except sqlite3.Error as err:  # the journal: not durable, so nothing happened
                raise _not_saved("take-back", err) from None
            if decision.game is not None:
                self._game = decision.game
            change = self._changed()
        self._publish(change)
        return decision.outcome

    def _playing_game(self) -> Game:
        assert self._game is not None
        return self._game

    def _seating(self) -> Seating:
        return Seating(
            self._record_id,
            self._players,
            frozenset(self._seats),
            self._host_seat,
            self._seat_name,
            self._clock(),
        )

    def _require_no_take_back(self) -> None:
        waiting = self._take_backs.blocking(self._seating())
        if waiting:
            raise _take_back_refused(waiting)

    def end_game(self) -> None:
        """End the game in play and keep the table: it goes to its result as an abandoned
        game (no winners, out of the standings; kept as history) and every seat, name
        and the room code stay for Play again or another game. A lobby (no game yet) or
        a result already shown is cleared instead, as `clear_table` does."""
        with self._lock:
            if self._phase != "playing":
                change = None
            else:
                assert self._record_id is not None and self._game is not None
                with self._journal.transaction():
                    self._journal.end_game(
                        self._record_id, "abandoned", result=final_result(self._game), kept=True
                    )
                    if self._release is not None:
                        self._journal.set_release_request(self._record_id, None)
                self._phase, self._ended_early, self._release = "over", True, None
                self._interlude.clear()  # no summary waits for a game that ended here
                self._take_backs.request = self._take_backs.result = None  # its mode stays
                change = self._changed()
        if change is None:
            self.clear_table()
        else:
            self._publish(change)

    def clear_table(self) -> None:
        """Clear the table: abandon an open game or lobby (kept as history) or clear a
        result (or the notice of a game that could not be resumed); every seat freed."""
        with self._lock:
            if self._phase == "idle" and self._problem is None:
                raise TableError("there is no game to end", "no_game")
            assert self._record_id is not None
            if self._phase in ("lobby", "playing"):
                ended = None if self._game is None else final_result(self._game)
                self._journal.end_game(self._record_id, "abandoned", result=ended)
            else:
                self._journal.clear(self._record_id)
            self._reset()
            change = self._changed()
        self._publish(change)

    # --- the next game at the same table (device/table/rematch.py) ----------------------------

    def rematch(
        self,
        game: str | None = None,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        take_backs: str | None = None,
        *,
        open_hands: bool | None = None,
        start: bool = True,
    ) -> str:
        """After a game is over, the next one for the same people, in one transaction:
        the same room code, each seat below the player count kept with its token (every
        phone follows on its own), seats beyond it freed and announced. Without a game
        this is "play again": same game, players and options, a new seed. With `start`
        and every seat held it is dealt at once, else its lobby opens (free seats wait
        for newcomers). Table options (take-backs, open hands) stay unless given.
        Returns the new phase."""
        mode = None if take_backs is None else _take_back_mode(take_backs)
        with self._lock:
            if self._phase != "over" or self._record_id is None:
                raise TableError("the next game can begin once this one is over", "not_over")
            old, room = self._record_id, self._room
            hands = self._open_hands if open_hands is None else bool(open_hands)
            same = game is None or game == self._engine
            game = self._engine if game is None else game
            players = self._players if players is None else players
            kept_options = dict(self._options) if same else {}
            new_options = kept_options if options is None else dict(options)
            mode = self._take_backs.mode if mode is None else mode
            rules_version = self._check_setup(game, players, new_options)
            seats = rematch.next_seating(self._seats, self._host_seat, players)
            try:
                with self._journal.transaction():
                    record_id = self._journal.open_game(
                        game, players, new_options, room, rules_version=rules_version
                    )
                    for record in seats.kept.values():
                        self._journal.set_seat(record_id, record.seat, record.name, record.token)
                    self._journal.set_host(record_id, seats.host)
                    self._journal.set_table_options(
                        record_id, {TAKE_BACKS: mode, OPEN_HANDS: hands, rematch.AFTER: old}
                    )
                    dropped = [
                        SeatLogEntry(
                            self._journal.log_seat(record_id, rematch.DROPPED, r.seat, r.name),
                            rematch.DROPPED,
                            r.seat,
                            r.name,
                            None,
                            time.time(),
                        )
                        for r in seats.freed
                    ]
                    self._journal.clear(old)  # its result leaves the table: "last game" now
                    self._reset()
                    self._record_id, self._phase, self._room = record_id, "lobby", room
                    self._engine, self._players, self._options = game, players, new_options
                    self._seats, self._host_seat = dict(seats.kept), seats.host
                    self._take_backs.mode, self._open_hands = mode, hands
                    self._notices = [_notice(entry) for entry in dropped][-NOTICES_SHOWN:]
                    if start and len(seats.kept) == players:
                        self._deal()
            except Exception as err:
                # Nothing of it was kept: the table is again exactly what the journal holds.
                self._reset()
                self._recover()
                if isinstance(err, TableError):
                    raise
                raise _not_saved("rematch", err) from None
            self._last_game = rematch.last_game(self._journal, old)
            change = self._changed()
        self._publish(change)
        return self._phase

    def leave(self, seat: int) -> None:
        """A player leaves the table, their seat freed and host rights passed on. In the
        lobby or in play this is release_seat(seat, by=seat). After a game the finished
        game keeps their name (history) and the seat log says they left, so the next
        game, and a restart, seat everyone else."""
        with self._lock:
            change = None
            if self._phase == "over":
                holder = self._seats.get(seat)
                if holder is None:
                    raise TableError("join the table first", "not_seated")
                assert self._record_id is not None
                rest = [s for s in self._seats if s != seat]
                host = self._host_seat
                if host == seat:
                    host = min(rest) if rest else None
                with self._journal.transaction():
                    entry = self._log_seat("left", seat, holder.name)
                    if host != self._host_seat:
                        self._journal.set_host(self._record_id, host)
                del self._seats[seat]
                self._host_seat = host
                self._notify(entry)
                change = self._changed()
        if change is None:
            self.release_seat(seat, by=seat)
        else:
            self._publish(change)

    def set_language(self, language: str) -> None:
        """The table's language (the OLED, the TV page): kept across restarts."""
        if i18n.valid(language) is None:
            raise TableError(
                "there is no language {language}", "unknown_language", {"language": language}
            )
        with self._lock:
            self._journal.set_setting("language", language)
            self._language = language
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
            if phase == "lobby":
                raise TableError("the lobby is not open", "not_lobby")
            if phase == "playing":
                raise TableError("no game is being played", "not_playing")
            raise TableError("the table is not {phase}", "wrong_phase", {"phase": phase})

    @staticmethod
    def _check_setup(game: str, players: int, options: dict[str, Any]) -> int:
        """Let the engine judge the game, player count and options before we keep them
        (secret ones allowed: tests and the journal set them); returns the engine's
        rules version."""
        try:
            return engines.check_setup(game, players, options)
        except engines.SetupRefused as err:
            # Its template is extracted from engines/__init__.py (the SetupRefused keyword).
            raise TableError(err.template, err.code, err.params) from None


def _take_back_mode(mode: str | None) -> str:
    try:
        return check_mode("ask" if mode is None else mode)
    except TakeBackRefused as err:
        raise _take_back_refused(err) from None


def _not_saved(what: str, err: Exception) -> TableError:
    """A journal write failed, so nothing was kept: the player may simply try again.
    Only the error's type is logged (its message may hold a row's contents)."""
    log.error("journal write failed, %s not kept: %s", what, type(err).__name__)
    return TableError("the box could not save that; please try again", "not_saved")


def _take_back_refused(err: TakeBackRefused) -> TableError:
    # Its template is extracted from device/table/takeback.py (the TakeBackRefused keyword).
    return TableError(err.template, err.code, err.params)


def _setup_refused(err: ValueError) -> TableError:
    """An engine's setup refusal (its own English words, not a catalog entry: engines
    check options in ValueErrors), after a sentence each reader gets in their language."""
    return TableError(
        "the game cannot start with these settings: {reason}", "invalid_setup", {"reason": str(err)}
    )


def _release_data(request: ReleaseRequest | None) -> dict[str, Any] | None:
    """What the journal keeps of a request to free a seat (its clock restarts on resume)."""
    if request is None:
        return None
    return {"seat": request.seat, "by": request.by, "agreed": sorted(request.agreed)}


def _rules_version(engine: str, players: int, options: Mapping[str, Any]) -> int:
    return engines.new(engine, players, seed=0, options=options).rules_version


def _notice(entry: SeatLogEntry) -> dict[str, Any]:
    """A seat change as every screen shows it: names and seat numbers only. "text" is
    the English; "template" and "params" let each screen word it in its own language."""
    said = _notice_words(entry)
    return {
        "id": entry.id,
        "kind": entry.kind,
        "seat": entry.seat,
        "text": str(said),
        "template": said.message,
        "params": dict(said.params),
    }


def _notice_words(entry: SeatLogEntry) -> i18n.Text:
    """One whole sentence per kind of seat change (N_ marks it for the catalogs)."""
    name, seat, by = entry.name, entry.seat + 1, entry.by
    if entry.kind == "took":
        return i18n.N_("{name} took seat {seat}", name=name, seat=seat)
    if entry.kind == "left":
        return i18n.N_("{name} left seat {seat}", name=name, seat=seat)
    if entry.kind == "freed" and by == "holder":
        return i18n.N_("Seat {seat} ({name}) was freed: {name} agreed", name=name, seat=seat)
    if entry.kind == "freed":
        return i18n.N_("Seat {seat} ({name}) was freed: the table agreed", name=name, seat=seat)
    if entry.kind == "kept":
        return i18n.N_("{name} kept seat {seat}", name=name, seat=seat)
    if entry.kind == "refused":
        return i18n.N_("{by} refused to free seat {seat} ({name})", name=name, seat=seat, by=by)
    return i18n.N_(  # rematch.DROPPED
        "Seat {seat} ({name}) was freed: the next game has fewer seats", name=name, seat=seat
    )


def _number(seat: object) -> str:
    return str(seat + 1) if isinstance(seat, int) else str(seat)


def _clean_name(name: Any) -> str:
    if not isinstance(name, str):
        raise TableError("a name must be text", "invalid_field")
    return tidy_name(name)
