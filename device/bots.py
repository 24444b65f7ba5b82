"""Bots play their seats: the table says whose turn a bot has, this thinks and moves.

A bot thinks OUTSIDE the table's lock, in a separate process (one worker: the Pi's
other cores keep the box responsive), from exactly its seat's view (Table.bot_turns).
Its move is applied through Table.bot_act, i.e. act() like anyone's and journaled
the same; a move thought for a moment the game has left (a take-back, a person's
move, an end) is dropped, and the thinking itself is told to stop. Moves are paced:
at least the table's bot pace from the moment it became the bot's turn, so people
can follow. After a restart bots resume by themselves: their seats' kind is in the
journal, and the first look at the table finds their turn.

Take-back requests and Continue prompts need no thinking: the table counts bots as
having approved and continued at once (device/table/takeback.py, interlude).
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from typing import Any

from device.table import Table
from device.table.bot_seats import BotTurn
from engines import bots

log = logging.getLogger("device.bots")

THINK_MAX = 20.0  # seconds: a safety net on one decision (budgets end far sooner)

# The worker process's view of which decision is current: the runner bumps it when the
# game moves on, and the search, asked between playouts, stops (set in _worker_start).
_current: Any = None


def _worker_start(current: Any) -> None:
    global _current
    _current = current


def think(engine: str, view: dict[str, Any], seat: int, level: str, seed: int, ticket: int) -> Any:
    """One decision, in the worker process (module level: it is pickled by name)."""
    deadline = time.monotonic() + THINK_MAX

    def should_stop() -> bool:
        moved_on = _current is not None and _current.value != ticket
        return moved_on or time.monotonic() > deadline

    return bots.choose(engine, view, seat, level, seed=seed, should_stop=should_stop)


HINT_SECONDS = 3.0  # a hint's thinking at most: the phone waits for it


def suggest(turn: BotTurn, limit: float = HINT_SECONDS) -> Any:
    """A hint: the "normal" bot's move from the asking seat's own view (Table.hint_turn),
    thought in the caller's thread within `limit` seconds."""
    deadline = time.monotonic() + limit
    seed = turn.key[0] * 1_000_003 + turn.key[1]
    return bots.choose(
        turn.engine,
        turn.view,
        turn.seat,
        turn.level,
        seed=seed,
        should_stop=lambda: time.monotonic() > deadline,
    )


def process_pool() -> tuple[Executor, Any]:
    """The one worker process bots think in, and the shared ticket that cancels a search.
    Spawned, not forked: the box runs threads, which a fork would copy mid-lock."""
    context = multiprocessing.get_context("spawn")
    current = context.Value("q", 0, lock=False)
    pool = ProcessPoolExecutor(
        max_workers=1, mp_context=context, initializer=_worker_start, initargs=(current,)
    )
    return pool, current


class _Ticket:
    """A ticket counter kept in this process (tests, a thread pool)."""

    def __init__(self) -> None:
        self.value = 0


class BotRunner:
    """Watches the table and plays its bots' turns; `start()` runs it on a thread,
    `step()` does one look (tests drive it with a synchronous executor and a fake clock).

    A worker process that dies (the unit's memory ceiling, a signal) breaks its pool:
    the runner starts a new one from `pools` and thinks that turn again. A search that
    fails, or breaks the worker twice on one turn, gives way to the "easy" strategy,
    chosen here at once: the table never waits for a bot that cannot think."""

    def __init__(
        self,
        table: Table,
        executor: Executor | None = None,
        *,
        ticket: Any = None,
        clock: Callable[[], float] = time.monotonic,
        thinker: Callable[..., Any] = think,
        pools: Callable[[], tuple[Executor, Any]] | None = process_pool,
    ) -> None:
        self._table = table
        self._pools = pools if executor is None else None
        if executor is None:
            assert pools is not None
            executor, ticket = pools()
        self._executor = executor
        self._ticket = ticket if ticket is not None else _Ticket()
        self._clock = clock
        self._thinker = thinker
        self._wake = threading.Event()
        self._stopping = False
        self._thread: threading.Thread | None = None
        self._turn: BotTurn | None = None  # the turn being thought or waited for
        self._broke_on: tuple[int, int] | None = None  # the turn a worker last died on
        self._since = 0.0  # when it became that bot's turn
        self._future: Future[Any] | None = None
        self._unsubscribe = table.subscribe(lambda _version: self._wake.set())

    # --- one look at the table ---------------------------------------------------------

    def step(self) -> float | None:
        """Think, move or wait, once; returns the seconds until a paced move is due (None:
        nothing to wait for but the table or the thinking)."""
        turns = self._table.bot_turns()
        turn = self._turn
        if turn is not None and all(t.key != turn.key or t.seat != turn.seat for t in turns):
            self._drop()  # the game moved on without this bot's move
            turn = None
        if turn is None:
            if not turns:
                return None
            turn = self._begin(turns[0])
        future = self._future
        if future is None or not future.done():
            return None
        left = self._since + self._table.bot_pace - self._clock()
        if left > 0:
            return left
        self._turn, self._future = None, None
        try:
            action = future.result()
        except BrokenExecutor:
            self._restart()
            if self._broke_on != turn.key:
                self._broke_on = turn.key
                return 0.0  # think that turn again, in the new process
            action = self._easy(turn, "the thinking process stopped twice")
        except Exception as err:  # a bot's failure never stops the table
            # Only the error's type: a message may name a card of the bot's hand.
            action = self._easy(turn, type(err).__name__)
        if action is None:
            return None  # nothing to play: the table's next change looks again
        try:
            self._table.bot_act(turn, action)
        except Exception as err:  # refused: think again at the table's next change
            code = getattr(err, "code", type(err).__name__)  # never the message: it may name a card
            log.error("bot at seat %d: move refused: %s", turn.seat + 1, code)
            return None
        return 0.0  # look again at once: another bot may be waited for

    def _begin(self, turn: BotTurn) -> BotTurn:
        self._ticket.value += 1
        seed = turn.key[0] * 1_000_003 + turn.key[1]  # reproducible per game and moment
        self._turn, self._since = turn, self._clock()
        args = (turn.engine, turn.view, turn.seat, turn.level, seed, self._ticket.value)
        try:
            future = self._executor.submit(self._thinker, *args)
        except BrokenExecutor:  # the worker died between two turns
            self._restart()
            future = self._executor.submit(self._thinker, *args)
        future.add_done_callback(lambda _done: self._wake.set())
        self._future = future
        return turn

    def _easy(self, turn: BotTurn, why: str) -> Any:
        """The "easy" strategy's move for `turn`, chosen in this thread (it is cheap);
        None when even that fails (logged by its type: a message may name a card)."""
        log.error("bot at seat %d could not think (%s): it plays easy", turn.seat + 1, why)
        seed = turn.key[0] * 1_000_003 + turn.key[1]
        try:
            return bots.choose(turn.engine, turn.view, turn.seat, "easy", seed=seed)
        except Exception as err:
            log.error("bot at seat %d: no move at all: %s", turn.seat + 1, type(err).__name__)
            return None

    def _restart(self) -> None:
        """A new worker process for a broken one (the old pool is let go)."""
        if self._pools is None:
            raise RuntimeError("the bots' executor broke and this runner cannot replace it")
        log.warning("bots: the thinking process stopped; starting a new one")
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor, ticket = self._pools()
        self._ticket = ticket if ticket is not None else _Ticket()

    def _drop(self) -> None:
        self._ticket.value += 1  # a search still running stops at its next playout
        self._turn, self._future = None, None

    # --- the thread ------------------------------------------------------------------

    def start(self) -> BotRunner:
        self._thread = threading.Thread(target=self._run, name="bots", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        wait: float | None = 0.0
        while not self._stopping:
            self._wake.wait(timeout=wait)
            self._wake.clear()
            if self._stopping:
                break
            try:
                wait = self.step()
            except Exception:  # never let the bots' thread die silently
                log.exception("bots: unexpected failure")
                wait = 1.0
            if wait == 0.0:
                self._wake.set()

    def close(self) -> None:
        """Stop thinking and playing (the box stops): the worker process ends too."""
        self._stopping = True
        self._unsubscribe()
        self._ticket.value += 1
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._executor.shutdown(wait=True, cancel_futures=True)
