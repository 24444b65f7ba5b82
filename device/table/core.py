"""The Table: the one owner of the game in progress, and the coordinator of its parts.

Buttons and phones both come here. One lock serialises every change; each change
is committed to the journal as one transaction (a lobby with its host, a seat with
the host passing on, a last move with the game's end), and only then made in
memory and announced to subscribers, who receive a version number (never data) and
ask for the view of their own audience. After kill -9 at any point the table is
exactly the state of the last committed change (recovery.py).

Phases: "idle" (no game open) -> "lobby" (seats filling) -> "playing" -> "over"
(result shown until cleared or the next lobby) -> ...

The protocols live beside it, each testable without a Table: freeing a seat during
play (release.py), the pause after a summary (interlude.py), take-backs
(takeback.py), the next game at the same table (rematch.py), and the journal's side
of the lobby (lobby.py), the seats (seat_changes.py) and the game in play (play.py).
The Table holds the lock, runs the transaction, carries out what they decide and
tells the subscribers.
Every seat freed or taken during play is announced on every screen (notices.py).
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from device import i18n
from device.journal import HINTS, Journal
from device.listeners import Listeners
from device.table import bot_seats, lobby, play, recovery, release, rematch, seat_changes, seating
from device.table.bot_seats import BotTurn
from device.table.errors import TableError, not_saved, take_back_mode, take_back_refused
from device.table.interlude import TRICK_PAUSE_MAX, Interlude, summary_key
from device.table.lobby import ROOM_ALPHABET, ROOM_LENGTH
from device.table.settings import TableSettings
from device.table.state import TableState
from device.table.status import Run, public_status
from device.table.takeback import Decision, Seating, TakeBackRefused, TakeBacks
from engines import Game

__all__ = ["ROOM_ALPHABET", "ROOM_LENGTH", "Subscriber", "Table"]

Subscriber = Callable[[int], None]


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
        # This run of the box: versions count from 0 again after a restart, and a page
        # kept open across it must not wait for the count to pass the old one.
        self._boot = secrets.token_hex(4)
        self._moves = 0  # every move and take-back: a bot's turn is (game, this)
        # The damaged journal this start moved aside (device/history/rescue.py), by name.
        self.rescued_journal: str | None = None
        self._interlude = Interlude(journal)  # the pause after a deal's summary
        self._take_backs = TakeBacks(journal)  # take-back requests (takeback.py)
        self._state = TableState()  # the game at the table (state.py)
        self._settings = TableSettings(journal, language)  # language, hints, bots' pace
        self._recover()

    # --- recovery (recovery.py) -------------------------------------------------------

    def _recover(self) -> None:
        """The table the journal holds (at start, and after a failed rematch)."""
        self._state = recovery.recover(
            self._journal, self._clock(), self._interlude, self._take_backs
        )

    def _reset(self) -> None:
        self._state = TableState()
        self._interlude.clear()
        self._take_backs.clear()

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

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """One change under the lock; subscribers are told once it is released (never
        when the change raised: nothing changed then)."""
        with self._lock:
            yield
            change = self._changed()
        self._publish(change)

    # --- reading ----------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def journal(self) -> Journal:
        """The journal this table writes: history reads it (device/history/core.py)."""
        return self._journal

    def status(self) -> dict[str, Any]:
        """What everyone may know about the table (status.py)."""
        with self._lock:
            run = Run(self._version, self._boot, self.rescued_journal)
            parts = (self._settings, self._interlude, self._take_backs)
            return public_status(self._state, self._seating(), *parts, run)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view for one audience, plus the table's public status."""
        with self._lock:
            view = dict(self._state.game.view(seat)) if self._state.game else {}
            if self._state.ended_early:  # every screen shows it over: nobody's turn, no winner
                view.update(phase="over", to_act=[], winners=[])
            view["table"] = self.status()
            return view

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        with self._lock:
            s = self._state
            if s.game is None or s.phase != "playing" or self._interlude.holds(s.people):
                return []  # nobody moves while the table reads a summary
            if self._take_backs.request is not None:
                return []  # nor while it answers a take-back
            return s.game.legal_actions(seat)

    def to_act(self) -> list[int]:
        with self._lock:
            s = self._state
            if s.game is None or s.phase != "playing" or self._interlude.holds(s.people):
                return []
            if self._take_backs.request is not None:
                return []
            return list(s.game.to_act)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds, or None; a token that is not ASCII text is unknown."""
        if not token or not isinstance(token, str) or not token.isascii():
            return None
        given = token.encode()
        with self._lock:
            for record in self._state.seats.values():
                if secrets.compare_digest(record.token.encode(), given):
                    return record.seat
        return None

    def is_host(self, token: str | None) -> bool:
        with self._lock:
            seat = self.seat_of(token)
            return seat is not None and seat == self._state.host_seat

    def check_room(self, code: str) -> bool:
        with self._lock:
            return bool(self._state.room) and code.strip().upper() == self._state.room

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
        mode = take_back_mode(take_backs)
        name = None if host_name is None else seating.clean_name(host_name)
        asked = lobby.Opening(game, players, options or {}, mode, name, opener, open_hands)
        with self._lock:  # the opener asking again gets its seat back: no change
            open_now = self._state.phase in ("lobby", "playing")
            ticket = lobby.reclaim(self._state, opener) if open_now and name is not None else None
            if ticket is not None:
                return ticket
        with self._changing():
            if self._state.phase in ("lobby", "playing"):
                raise TableError("a game is already open: end it first", "game_open")
            state = lobby.open_new(self._journal, self._state.record_id, asked)
            self._reset()
            self._state, self._take_backs.mode = state, mode
        return None if name is None else (0, state.seats[0].token)

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
        mode = None if take_backs is None else take_back_mode(take_backs)
        with self._changing():
            self._require_phase("lobby")
            lobby.configure(self._journal, self._state, game, players, options, mode, open_hands)
            if mode is not None:
                self._take_backs.mode = mode

    def join(self, code: str, name: str, seat: int | None = None) -> tuple[int, str]:
        """Take a free seat (the lowest, unless one is asked for); returns (seat, token).

        The first phone to join becomes the host. A seat freed during play can be
        taken again with the room code, so a lost phone never stops a game; every
        screen is told who took it.
        """
        name = seating.clean_name(name)
        with self._changing():
            if self._state.phase == "over" and self.check_room(code):
                raise TableError(
                    "this game has just ended: join when the host starts the next one",
                    "between_games",
                )
            if self._state.phase not in ("lobby", "playing"):
                raise TableError("there is no game to join right now", "no_game")
            if not self.check_room(code):
                raise TableError("that room code is not this table's", "wrong_room")
            ticket = seat_changes.seat_person(self._journal, self._state, name, seat)
        return ticket

    # --- bots (device/bots.py plays them) ---------------------------------------------

    def add_bot(self, seat: Any, level: Any = "normal", by: int | None = None) -> str | None:
        """Give a seat to a bot at `level`, asked by seat `by` (the host; None: the box).
        A free seat is the bot's at once (as anyone may take a free seat); returns the
        bot's name. A person's seat is freed first with the same consent as release_seat
        (at once in the lobby or for the asker's own seat), the bot sitting down in the
        same transaction: its name, or None while the table is asked. A person takes a
        bot's seat back by joining in the lobby, or by the host freeing it during play."""
        level = bot_seats.check_level(level)
        with self._changing():
            s = self._state
            bot_seats.check_seat(s, seat)
            if seat in s.seats:
                step = release.ask(s.release, s.phase, seat, by, self._seating(), bot=level)
                self._carry_out(step)
                name = s.seats[seat].name if step.action == "free" else None
            else:
                with self._journal.transaction():
                    name = seat_changes.seat_bot(self._journal, s, seat, level)
        return name

    def bot_turns(self) -> list[BotTurn]:
        """The bot seats the game waits for now, while a person is at the table."""
        with self._lock:
            return bot_seats.turns(self._state, self.to_act(), self._moves)

    def bot_act(self, turn: BotTurn, action: dict[str, Any]) -> bool:
        """Play a bot's move thought for `turn` as anyone's (act's checks and journal);
        False (and nothing done) when the game moved on meanwhile or the seat is no
        longer a bot's."""
        return self._act(turn.seat, action, bot=turn) is not None

    def _bot_turn_now(self, turn: BotTurn) -> bool:
        """Whether `turn` is still a bot's turn now (lock held)."""
        s = self._state
        return (
            (s.record_id, self._moves) == turn.key
            and turn.seat in s.bots
            and turn.seat in self.to_act()
        )

    @property
    def bot_pace(self) -> float:
        """Seconds a bot's move takes at least from its turn (a table setting)."""
        return self._settings.bot_pace

    def set_bot_pace(self, seconds: Any) -> None:
        """How long bots take at least per move (1 to BOT_PACE_MAX s); kept across restarts."""
        with self._changing():
            self._settings.set_bot_pace(seconds)

    # --- hints: "Suggest a move" (the same bot, from the asking seat's view) --------------

    @property
    def hints(self) -> bool:
        return self._settings.hints

    def set_hints(self, on: bool) -> None:
        """Whether players may ask their phone to suggest a move (kept across restarts)."""
        with self._changing():
            self._settings.set_hints(on)

    def hint_turn(self, seat: int) -> BotTurn:
        """What a bot needs to suggest `seat`'s move (its own view only); the hint is
        journaled as used (history shows it) before anyone thinks. TableError when hints
        are off, the game has no bots or it is not the seat's turn."""
        with self._lock:
            s = self._state
            turn = bot_seats.hint(s, seat, self.to_act(), self._moves, self._settings.hints)
            assert s.game is not None  # bot_seats.hint refused otherwise
            body = {"game": s.record_id, "seat": seat, "idx": len(s.game.log)}
            try:
                self._journal.add_sheet_entry(HINTS, "hint", body)
            except sqlite3.Error as err:
                raise not_saved("hint", err) from None
            return turn

    # --- freeing a seat (release.py) --------------------------------------------------

    def release_seat(self, seat: int, by: int | None = None) -> str:
        """Free a seat: its old token stops working, anyone may take it with the room
        code. `by` is the seat asking (the host), None for the box. Returns "freed",
        or "asked" when the seat holds a hand and its holder must consent first.

        In the lobby, and for the asker's own seat, the seat is freed at once. During
        play another seat is only asked for: its holder's phone may allow or refuse
        (answer_release); for a lost phone every other player agrees instead, and the
        host asks again once GRACE seconds have passed since the first ask.
        """
        with self._changing():
            s = self._state
            step = release.ask(s.release, s.phase, seat, by, self._seating())
            self._carry_out(step)
        return step.outcome

    def answer_release(self, seat: int, allow: bool) -> str:
        """A seated player answers the request to free a seat (release.answer says what
        each answer does): "freed", "agreed", "refused" or "withdrawn"."""
        with self._changing():
            s = self._state
            step = release.answer(s.release, s.phase, seat, allow, self._seating())
            self._carry_out(step)
        return step.outcome

    def confirm_release_on_box(self) -> str:
        """The box's buttons free the seat being asked for: a person at the table
        confirmed, in sight of everyone there ("freed")."""
        with self._changing():
            s = self._state
            step = release.by_box(s.release, s.phase)
            self._carry_out(step)
        return step.outcome

    def _carry_out(self, step: release.Step) -> None:
        """What the consent protocol decided, in one transaction (lock held)."""
        closed = seat_changes.carry_out(self._journal, self._state, step, self._seat_left)
        if closed:
            self._reset()

    def _seat_left(self, seat: int) -> None:
        """A take-back the freed seat asked for ends with it (in the same transaction)."""
        self._take_backs.seat_left(seat, self._seating())

    def swap_seats(self, first: int, second: int) -> None:
        """Exchange two seats in the lobby, so seat numbers match where people sit."""
        with self._changing():
            self._require_phase("lobby")
            seat_changes.swap(self._journal, self._state, first, second)

    def start(self) -> None:
        """Deal: every seat must be taken."""
        with self._changing():
            s = self._state
            self._require_phase("lobby")
            missing = [seat + 1 for seat in range(s.players) if seat not in s.seats]
            if missing:
                raise TableError(
                    "waiting for seat {seats}",
                    "seats_missing",
                    {"seats": ", ".join(map(str, missing))},
                )
            play.deal(self._journal, s)

    # --- play -------------------------------------------------------------------------

    def act(
        self, seat: int, action: dict[str, Any], request: str | None = None
    ) -> list[dict[str, Any]]:
        """Apply one seat's action: engine first, journal second, subscribers last.

        `request` is the phone's id for this move: a retry of a move already applied
        (its answer was lost) gets the same events back and changes nothing.
        """
        events = self._act(seat, action, request)
        assert events is not None  # only a bot's move can find its moment gone
        return events

    def _act(
        self,
        seat: int,
        action: dict[str, Any],
        request: str | None = None,
        bot: BotTurn | None = None,
    ) -> list[dict[str, Any]] | None:
        """act(), or a bot's move for `bot`: None and nothing done once that moment
        passed (checked under the same lock as the move, subscribers told after it)."""
        with self._lock:
            s = self._state
            if bot is not None and not self._bot_turn_now(bot):
                return None
            if request is not None:
                kept = play.answered_before(self._journal, s, seat, action, request)
                if kept is not None:
                    return kept
            self._require_phase("playing")
            game = s.game
            assert game is not None
            self._require_no_interlude()
            self._require_no_take_back()
            summary_before = summary_key(game)
            events = game.apply(seat, action)  # IllegalAction: nothing changed
            self._moves += 1
            pause = play.keep_move(
                self._journal, s, self._interlude, summary_before, request, events
            )
            if game.finished:
                s.phase, s.release = "over", None
            self._interlude.adopt(pause)
            change = self._changed()
        self._publish(change)
        return events

    # --- the pause after a deal, round or season (interlude.py) -----------------------

    def continue_play(self, seat: int) -> None:
        """A seated player has read the summary; play goes on once everyone has."""
        with self._changing():
            s = self._state
            if seat not in s.seats:
                raise TableError("join the table first", "not_seated")
            if not self._interlude.holds(s.people):
                raise TableError("nothing is waiting for you to continue", "no_interlude")
            try:
                self._interlude.continue_from(seat, s.people)  # journaled first
            except sqlite3.Error as err:
                raise not_saved("continue", err) from None

    def skip_interlude(self) -> None:
        """The host goes on without waiting for everyone to continue."""
        with self._changing():
            if not self._interlude.holds(self._state.people):
                raise TableError("nothing is waiting for the players to continue", "no_interlude")
            try:
                self._interlude.skip()  # journaled first
            except sqlite3.Error as err:
                raise not_saved("skip", err) from None

    def set_trick_pause(self, seconds: int) -> None:
        """How long (s) every screen keeps a finished trick at least; TableError if bad."""
        with self._changing():
            try:
                self._interlude.set_trick_pause(seconds)
            except ValueError:
                raise TableError(
                    "the trick pause is 0 to {most} seconds",
                    "invalid_field",
                    {"most": TRICK_PAUSE_MAX},
                ) from None
            except sqlite3.Error as err:
                raise not_saved("trick pause", err) from None

    def _require_no_interlude(self) -> None:
        s = self._state
        waiting = self._interlude.waiting(s.people)
        if waiting:
            names = ", ".join(s.seat_name(seat) for seat in waiting)
            raise TableError(
                "the table is reading the summary: waiting for {names} to continue"
                " (the host can skip the wait)",
                "interlude",
                {"names": names},
            )

    # --- take-backs (takeback.py) -----------------------------------------------------

    def request_take_back(self, seat: int, steps: int = 1) -> str:
        """A seat asks to take back its move `steps` actions back (and all after it).
        Returns "asked" (the table answers) or "taken_back" (free mode); TableError with
        a player's reason and a stable code when it cannot be (a barrier, off, ...)."""
        return self._take_back(
            lambda at: self._take_backs.ask(self._playing_game(), seat, steps, at)
        )

    def answer_take_back(self, seat: int, allow: bool, *, for_seat: int | None = None) -> str:
        """A seat agrees or refuses; with `for_seat`, `seat` is the host answering for a
        seat nobody holds or a silent phone. Returns "agreed", "taken_back" or "refused"."""
        return self._take_back(
            lambda at: self._take_backs.answer(
                self._playing_game(),
                seat if for_seat is None else for_seat,
                allow,
                at,
                host=None if for_seat is None else seat,
            )
        )

    def withdraw_take_back(self, seat: int) -> str:
        """The asker withdraws their request ("withdrawn")."""
        return self._take_back(lambda at: self._take_backs.withdraw(seat, at))

    def _take_back(self, step: Callable[[Seating], Decision]) -> str:
        with self._changing():
            if self._state.phase not in ("playing", "over") or self._state.ended_early:
                raise TableError("no game is being played", "not_playing")
            try:
                decision = step(self._seating())
            except TakeBackRefused as err:
                raise take_back_refused(err) from None
            except sqlite3.Error as err:  # the journal: not durable, so nothing happened
                raise not_saved("take-back", err) from None
            if decision.game is not None:
                self._state.game = decision.game
                self._moves += 1
        return decision.outcome

    def _playing_game(self) -> Game:
        assert self._state.game is not None
        return self._state.game

    def _seating(self) -> Seating:
        return self._state.seating(self._clock())

    def _require_no_take_back(self) -> None:
        waiting = self._take_backs.blocking(self._seating())
        if waiting:
            raise take_back_refused(waiting)

    def end_game(self) -> None:
        """End the game in play and keep the table: it goes to its result as an abandoned
        game (no winners, out of the standings; kept as history) and every seat, name
        and the room code stay for Play again or another game. A lobby (no game yet) or
        a result already shown is cleared instead, as `clear_table` does."""
        with self._lock:
            s = self._state
            if s.phase != "playing":
                change = None
            else:
                play.end_early(self._journal, s)
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
        with self._changing():
            s = self._state
            if s.phase == "idle" and s.problem is None:
                raise TableError("there is no game to end", "no_game")
            play.abandon(self._journal, s)
            self._reset()

    # --- the next game at the same table (rematch.py) ---------------------------------

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
        mode = None if take_backs is None else take_back_mode(take_backs)
        with self._changing():
            if self._state.phase != "over" or self._state.record_id is None:
                raise TableError("the next game can begin once this one is over", "not_over")
            mode = self._take_backs.mode if mode is None else mode
            nxt = rematch.plan(self._state, mode, game, players, options, open_hands)
            rules_version = seating.check_setup(nxt.engine, nxt.players, nxt.options)
            try:
                with self._journal.transaction():
                    state = rematch.open_next(self._journal, nxt, rules_version)
                    self._reset()
                    self._state, self._take_backs.mode = state, mode
                    if start and len(state.seats) == nxt.players:
                        play.deal(self._journal, self._state)
            except Exception as err:
                # Nothing of it was kept: the table is again exactly what the journal holds.
                self._recover()
                if isinstance(err, TableError):
                    raise
                raise not_saved("rematch", err) from None
            self._state.last_game = rematch.last_game(self._journal, nxt.after)
        return self._state.phase

    def leave(self, seat: int) -> None:
        """A player leaves the table, their seat freed and host rights passed on. In the
        lobby or in play this is release_seat(seat, by=seat). After a game the finished
        game keeps their name (history) and the seat log says they left, so the next
        game, and a restart, seat everyone else."""
        with self._lock:
            s = self._state
            change = None
            if s.phase == "over":
                seat_changes.leave_after_game(self._journal, s, seat)
                change = self._changed()
        if change is None:
            self.release_seat(seat, by=seat)
        else:
            self._publish(change)

    def set_language(self, language: str) -> None:
        """The table's language (the OLED, the TV page): kept across restarts."""
        with self._changing():
            self._settings.set_language(language)

    def touch(self) -> None:
        """Announce a change made outside the game (e.g. a companion score sheet)."""
        with self._changing():
            pass  # the change was made elsewhere: only the version moves

    # --- helpers ----------------------------------------------------------------------

    def _require_phase(self, phase: str) -> None:
        if self._state.phase != phase:
            if phase == "lobby":
                raise TableError("the lobby is not open", "not_lobby")
            if phase == "playing":
                raise TableError("no game is being played", "not_playing")
            raise TableError("the table is not {phase}", "wrong_phase", {"phase": phase})
