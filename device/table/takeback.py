"""Take-backs at the table: who may ask, who must agree, and what every screen is told.

A player who mis-tapped asks to take their move back (`Table.request_take_back`). The
table's option `take_backs` decides what happens then:

* "off": never;
* "ask" (the default): every other seat must agree on its phone; one refusal ends the
  request. The host may answer for a seat nobody holds at once, and for a held seat
  whose phone has not answered HOST_GRACE seconds after the ask (a phone gone flat);
* "free": granted at once, as long as nobody else has moved since.

What may be asked for: the asker's own move `steps` actions back, with everything
played after it (by anyone: in "ask" mode they all agree, so each player whose move
goes along consents to it; in "free" mode those steps must all be the asker's own).
At most MAX_STEPS actions, and never across a barrier (engines/base.py: chance used,
hidden information shown, the game over): the engine says which and declares how it
is worded (engines/base.py GameInfo.barriers, SHARED_BARRIERS), this module refuses in
those words, with a stable code ("take_back_<barrier>").

A seat freed while a request waits: the asker's request ends ("dropped"); an awaited
seat becomes one the host answers for; a consent already given stands.

While a request waits the game waits (Table.act refuses, code "take_back_pending").
The request is journaled as it changes and survives a restart (its grace restarts);
its end is one journal entry (who asked, how many steps, who agreed or refused) in
the same transaction as the actions it takes back (device/journal/core.py). Everything
here is public: seats, names and counts, never what the move was.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from device.i18n import N_, Text
from device.journal import Journal
from device.refusal import Refusal
from device.table.grace import GRACE as HOST_GRACE  # before the host may answer for a seat
from engines import Game

MODES = ("off", "ask", "free")
DEFAULT_MODE = "ask"
OPTION = "take_backs"  # the table option's name (table level: every game has it)
MAX_STEPS = 12  # the most actions one request takes back (a mis-tap and a few replies)
RESULT_SHOWN = 8.0  # seconds pages show how the last request ended (they time it)
UNDECLARED_BARRIER = str(N_("that cannot be taken back: something has been revealed since"))


class TakeBackRefused(Refusal):
    """A take-back the table cannot do or accept now: a player's sentence and a code
    (device/refusal.py)."""


def check_mode(mode: Any) -> str:
    """The take-back mode, or TakeBackRefused naming the ones there are."""
    if mode not in MODES:
        raise TakeBackRefused(
            "take-backs are one of {modes}, not {mode}",
            "invalid_take_backs",
            {"modes": ", ".join(MODES), "mode": repr(mode)},
        )
    return str(mode)


def barrier_refusal(code: str, who: str, asker: bool, game: type[Game]) -> TakeBackRefused:
    """Why a barrier stops a take-back, in a player's words: the game declares one whole
    sentence per barrier (and per whose action it was: engines/base.py Barrier), so each
    language words it its own way. `who` is the player whose action was the barrier;
    `asker` says it was the asker's. A code the game did not declare (the contract test
    forbids it) still gets a true sentence."""
    declared = game.game_info.barrier(code)
    template = UNDECLARED_BARRIER if declared is None else declared.wording(asker)
    params = {"name": who} if "{name}" in template else {}
    return TakeBackRefused(template, f"take_back_{code}", params)


@dataclass(frozen=True)
class Seating:
    """What the take-back rules read of the table (the Table builds it, lock held)."""

    game_id: int | None  # the journal's game (None: no game open, nothing is written)
    players: int
    taken: frozenset[int]  # seats with a player (a person or a bot)
    host: int | None
    name: Callable[[int], str]
    now: float  # the table's clock
    bots: frozenset[int] = frozenset()  # the taken seats a bot plays (device/bots.py)
    deal: str = ""  # the deal being played (news.py): a result belongs to it

    @property
    def people(self) -> frozenset[int]:
        """The taken seats a person holds: only they consent and are counted."""
        return self.taken - self.bots

    @property
    def game(self) -> int:
        assert self.game_id is not None, "take-backs are written only while a game is open"
        return self.game_id


@dataclass(frozen=True)
class Request:
    """A take-back waiting for the table: `agreed` seats said yes, `for_host` of them
    through the host."""

    seat: int
    steps: int
    first: int  # the index of the first action it takes back (the game waits meanwhile)
    asked: float  # the table's clock when asked
    agreed: frozenset[int] = frozenset()
    for_host: frozenset[int] = frozenset()

    def waiting(self, players: int) -> list[int]:
        return [s for s in range(players) if s != self.seat and s not in self.agreed]

    def data(self) -> dict[str, Any]:
        """What the journal keeps (the clock restarts on resume)."""
        return {
            "seat": self.seat,
            "steps": self.steps,
            "agreed": sorted(self.agreed),
            "for": sorted(self.for_host),
        }


@dataclass(frozen=True)
class Result:
    """How the last request ended, shown briefly on every screen."""

    id: int
    kind: str  # taken_back | refused | withdrawn | dropped
    seat: int
    steps: int
    text: str  # English, for logs and old pages
    template: str  # `text` as a message id with {placeholders}: each screen words it
    params: dict[str, Any] = field(default_factory=dict)
    deal: str = ""  # the deal it ended in (news.py): old news once another began


@dataclass
class Decision:
    """What an ask or an answer did: the outcome word for the caller, and the game as
    it is now when actions were taken back."""

    outcome: str  # asked | agreed | taken_back | refused | withdrawn
    game: Game | None = None


@dataclass
class TakeBacks:
    """The table's take-back state (call every method with the Table's lock held)."""

    journal: Journal
    mode: str = DEFAULT_MODE
    request: Request | None = None
    result: Result | None = None
    _results: int = field(default=0)

    def clear(self) -> None:
        self.mode, self.request, self.result = DEFAULT_MODE, None, None

    def restore(
        self,
        options: Mapping[str, Any],
        pending: Mapping[str, Any] | None,
        game: Game | None,
        seating: Seating,
    ) -> None:
        """After a restart: the game's mode, and its pending request with a fresh grace.
        A request that no longer fits the game (a journal edited by hand) is dropped."""
        self.mode = options.get(OPTION, DEFAULT_MODE)
        if self.mode not in MODES:
            self.mode = DEFAULT_MODE
        self.request, self.result = None, None
        if pending is None:
            return
        if game is None or game.finished:
            self.journal.set_take_back_request(seating.game, None)
            return
        try:
            steps = int(pending["steps"])
            asked = Request(
                int(pending["seat"]),
                steps,
                len(game.log) - steps,
                seating.now,
                frozenset(int(s) for s in pending.get("agreed", [])),
                frozenset(int(s) for s in pending.get("for", [])),
            )
            valid = (
                0 <= asked.seat < seating.players
                and 1 <= steps <= min(MAX_STEPS, len(game.log))
                and game.take_back_barrier(steps) is None
            )
        except (KeyError, TypeError, ValueError):
            valid = False
        if valid:
            self.request = asked
        else:
            self.journal.set_take_back_request(seating.game, None)

    # --- reading --------------------------------------------------------------------

    def offers(self, game: Game | None, playing: bool) -> list[dict[str, int]]:
        """For each seat that may ask now, how many steps back its latest move is."""
        if game is None or not playing or self.mode == "off" or self.request is not None:
            return []
        found: dict[int, int] = {}
        log, barriers = game.log, game.barriers
        for back in range(1, min(MAX_STEPS, len(log)) + 1):
            if barriers[-back] is not None:
                break
            seat = log[-back][0]
            if self.mode == "free" and seat != log[-1][0]:
                break  # free take-backs end once another player has moved
            found.setdefault(seat, back)
        return [{"seat": seat, "steps": steps} for seat, steps in sorted(found.items())]

    @staticmethod
    def own(game: Game | None, offers: list[dict[str, int]]) -> list[int]:
        """The seats whose offer takes back only their own moves: nobody else has moved
        since. Pages offer Undo at once only to them; an older move is a second step."""
        if game is None:
            return []
        log = game.log
        return [
            o["seat"] for o in offers if all(seat == o["seat"] for seat, _ in log[-o["steps"] :])
        ]

    def status(self, game: Game | None, playing: bool, seating: Seating) -> dict[str, Any]:
        """Public: the mode, who may ask for how many steps, the pending request (who
        asks, who agreed, who is awaited, which of those only the host can answer for)
        and how the last one ended."""
        request = self.request
        pending = None
        if request is not None:
            waiting = request.waiting(seating.players)
            pending = {
                "seat": request.seat,
                "name": seating.name(request.seat),
                "steps": request.steps,
                "agreed": sorted(request.agreed),
                "by_host": sorted(request.for_host),
                "waiting": waiting,
                "empty": [s for s in waiting if s not in seating.taken],
                "grace": HOST_GRACE,
            }
        result = self.result
        if result is not None and result.deal != seating.deal:
            result = None  # a take-back of a deal before: old news on every screen
        offers = self.offers(game, playing)
        return {
            "mode": self.mode,
            "offers": offers,
            "own": self.own(game, offers),
            "request": pending,
            "result": None if result is None else {**asdict(result), "shown": RESULT_SHOWN},
        }

    def blocking(self, seating: Seating) -> TakeBackRefused | None:
        """Why the game waits (a refusal with code "take_back_pending"), or None."""
        if self.request is None:
            return None
        return TakeBackRefused(
            "{name} asked to take back a move: the table answers first",
            "take_back_pending",
            {"name": seating.name(self.request.seat)},
        )

    # --- asking ---------------------------------------------------------------------

    def ask(self, game: Game, seat: int, steps: int, seating: Seating) -> Decision:
        """A seat asks to take back its move `steps` actions back, and all after it."""
        if self.mode == "off":
            raise TakeBackRefused("take-backs are off at this table", "take_backs_off")
        if seat not in seating.people:  # a bot never asks
            raise TakeBackRefused("join the table first", "not_seated")
        if self.request is not None:
            raise TakeBackRefused(
                "{name} is already asking to take back a move",
                "take_back_pending",
                {"name": seating.name(self.request.seat)},
            )
        if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= MAX_STEPS:
            raise TakeBackRefused(
                "a take-back is 1 to {most} moves", "take_back_steps", {"most": MAX_STEPS}
            )
        self._check(game, seat, steps, seating)
        # Bots approve at once: they never keep people waiting nor count as people.
        asked = Request(seat, steps, len(game.log) - steps, seating.now, seating.bots - {seat})
        if self.mode == "free":
            return Decision("taken_back", self._take_back(game, asked, seating))
        self.journal.set_take_back_request(seating.game, asked.data())
        self.request = asked
        if not self.request.waiting(seating.players):  # nobody else at the table
            return Decision("taken_back", self._take_back(game, self.request, seating))
        return Decision("asked")

    def _check(self, game: Game, seat: int, steps: int, seating: Seating) -> None:
        """TakeBackRefused unless `seat` may take back the last `steps` actions now."""
        log = game.log
        if game.finished:
            raise TakeBackRefused(
                "that cannot be taken back: the game is over", "take_back_game_over"
            )
        if steps > len(log):
            raise TakeBackRefused("there is no move to take back", "take_back_nothing")
        barrier = game.take_back_barrier(steps)
        if barrier is not None:
            at = next(i for i in range(len(log) - 1, len(log) - steps - 1, -1) if game.barriers[i])
            who = seating.name(log[at][0])
            raise barrier_refusal(barrier, who, log[at][0] == seat, type(game))
        if log[-steps][0] != seat:
            raise TakeBackRefused(
                "only the player who made a move can ask to take it back", "take_back_not_yours"
            )
        if self.mode == "free":
            later = [s for s, _ in log[-steps:] if s != seat]
            if later:
                raise TakeBackRefused(
                    "{name} has moved since: free take-backs end once the next player acts",
                    "take_back_too_late",
                    {"name": seating.name(later[0])},
                )

    # --- answering ------------------------------------------------------------------

    def answer(
        self, game: Game, seat: int, allow: bool, seating: Seating, *, host: int | None = None
    ) -> Decision:
        """`seat` agrees or refuses; with `host` (the caller's seat), the host answers for
        that seat (a seat nobody holds, or one whose phone is silent past HOST_GRACE)."""
        by_host = host is not None
        if by_host and host != seating.host:
            raise TakeBackRefused("only the host can answer for another seat", "not_host")
        request = self.request
        if request is None:
            raise TakeBackRefused("nobody is asking to take back a move", "no_take_back")
        if seat == request.seat:
            raise TakeBackRefused(
                "you asked: withdraw the request instead", "take_back_own_request"
            )
        if not isinstance(seat, int) or not 0 <= seat < seating.players:
            raise TakeBackRefused("there is no seat {seat}", "take_back_seat", {"seat": repr(seat)})
        if seat in request.agreed:
            raise TakeBackRefused(
                "{name} has already agreed", "take_back_answered", {"name": seating.name(seat)}
            )
        if by_host:
            self._check_host_may(seat, request, seating)
        elif seat not in seating.people:
            raise TakeBackRefused("join the table first", "not_seated")
        if not allow:
            said = _refused(request, seating, seat, by_host)
            self._end(request, "refused", said, seating, refused=seat)
            return Decision("refused")
        agreed = replace(
            request,
            agreed=request.agreed | {seat},
            for_host=request.for_host | ({seat} if by_host else set()),
        )
        if agreed.waiting(seating.players):
            self.journal.set_take_back_request(seating.game, agreed.data())
            self.request = agreed
            return Decision("agreed")
        return Decision("taken_back", self._take_back(game, agreed, seating))

    def _check_host_may(self, seat: int, request: Request, seating: Seating) -> None:
        if seat not in seating.people:  # nobody's phone, or a bot's: no grace to wait
            return
        left = HOST_GRACE - (seating.now - request.asked)
        if left > 0:
            raise TakeBackRefused(
                "{name}'s phone may still answer: try again in {seconds} s",
                "take_back_wait",
                {"name": seating.name(seat), "seconds": math.ceil(left)},
            )

    def withdraw(self, seat: int, seating: Seating) -> Decision:
        """The asker changes their mind."""
        request = self.request
        if request is None:
            raise TakeBackRefused("nobody is asking to take back a move", "no_take_back")
        if seat != request.seat:
            raise TakeBackRefused(
                "only {name}, who asked, can withdraw it",
                "take_back_not_yours",
                {"name": seating.name(request.seat)},
            )
        said = N_("{name} withdrew the request to take back a move", name=seating.name(seat))
        self._end(request, "withdrawn", said, seating)
        return Decision("withdrawn")

    def seat_left(self, seat: int, seating: Seating) -> None:
        """The asker's seat was freed: their request ends (its answers count no more).
        Call inside the transaction that frees the seat."""
        request = self.request
        if request is not None and request.seat == seat:
            said = N_(
                "{name} left: the request to take back a move ended",
                name=seating.name(seat),
            )
            self._end(request, "dropped", said, seating)

    def game_ended(self) -> None:
        """The game was ended (abandoned, or by the host): no request outlives it."""
        self.request = None

    # --- effects --------------------------------------------------------------------

    def _take_back(self, game: Game, request: Request, seating: Seating) -> Game:
        earlier = game.taken_back(request.steps)  # replayed first: it cannot fail later
        agreed = [
            {"seat": s, "by": "host" if s in request.for_host else "seat"}
            for s in sorted(request.agreed)
        ]
        params = {"name": seating.name(request.seat), "count": request.steps}
        free = self.mode == "free"
        if request.steps == 1 and free:
            said = N_("{name}'s move was taken back (free take-backs)", **params)
        elif request.steps == 1:
            said = N_("{name}'s move was taken back", **params)
        elif free:
            said = N_("{count} moves were taken back, back to {name}'s (free take-backs)", **params)
        else:
            said = N_("{count} moves were taken back, back to {name}'s", **params)
        self._end(request, "taken_back", said, seating, agreed=agreed)
        return earlier

    def _end(
        self,
        request: Request,
        outcome: str,
        said: Text,
        seating: Seating,
        *,
        agreed: list[dict[str, Any]] | None = None,
        refused: int | None = None,
    ) -> None:
        """Journal the request's end (and what it took back), then forget it."""
        entry = self.journal.record_take_back(
            seating.game,
            seat=request.seat,
            name=seating.name(request.seat),
            steps=request.steps,
            first_idx=request.first,
            mode=self.mode,
            outcome=outcome,
            agreed=agreed if agreed is not None else [{"seat": s} for s in sorted(request.agreed)],
            refused=refused,
        )
        self.request = None
        self.result = Result(
            entry,
            outcome,
            request.seat,
            request.steps,
            str(said),
            said.message,
            dict(said.params),
            seating.deal,
        )


def _refused(request: Request, seating: Seating, seat: int, by_host: bool) -> Text:
    """Who refused to take back what, one sentence per case (not words pasted together)."""
    params = {
        "refuser": seating.name(seat),
        "name": seating.name(request.seat),
        "count": request.steps,
    }
    if request.steps == 1 and by_host:
        return N_("{refuser} (the host for them) refused to take back {name}'s move", **params)
    if request.steps == 1:
        return N_("{refuser} refused to take back {name}'s move", **params)
    if by_host:
        return N_(
            "{refuser} (the host for them) refused to take back {count} moves ({name}'s and after)",
            **params,
        )
    return N_("{refuser} refused to take back {count} moves ({name}'s and after)", **params)
