"""The Chanoyu engine: rounds of ten tricks, each followed by a build and a draw.

Phases: "play" (one seat plays to the trick, counter-clockwise from the leader),
"build" (the trick's winner places trick cards, one "place" at a time or all at
once with "build"), "over". See docs/rules/chanoyu.md for the rules and the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from engines.base import (
    N_,
    Action,
    Barrier,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    View,
    copy_plain,
    require,
)
from engines.chanoyu.build import (
    BuildStep,
    any_placement,
    may_stop,
    placement_actions,
    plan,
    random_build_action,
)
from engines.chanoyu.cards import NUMBER, ORDER, deal, sort_key
from engines.chanoyu.options import DECLARED, parse_options
from engines.chanoyu.scoring import SCORING_RULES, match_outcome, next_host, tableau_points
from engines.chanoyu.tableau import Placement, Slot, Tableau, values_of, with_placement
from engines.chanoyu.trick import check_play, led_suit, playable, trick_winner
from engines.rng import Pcg32

PLAY = "play"
BUILD = "build"
OVER = "over"
TRICKS_PER_ROUND = 10


# Records are immutable, so views can share them instead of copying. A trick's is a
# NamedTuple: one is built for every trick of every playout, and a tuple builds fastest.
class FinishedTrick(NamedTuple):
    number: int
    cards: tuple[tuple[int, str], ...]  # (seat, card) in play order
    winner: int | None  # None: no numbered card of the led suit, so it was discarded

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "cards": _trick_cards(self.cards),
            "lead_suit": led_suit(self.cards),
            "winner": self.winner,
        }


@dataclass(frozen=True)
class ScoredRound:
    number: int
    host: int
    points: tuple[int, ...]
    tableaux: tuple[tuple[Slot, ...], ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "host": self.host,
            "points": list(self.points),
            "tableaux": _tableaux_view(self.tableaux),
        }


# What generic layers know of Chanoyu (engines/base.py GameInfo).
INFO = GameInfo(
    name="chanoyu",
    title=N_("Chanoyu"),
    min_players=3,
    max_players=5,
    options=DECLARED,
    barriers={
        "cards_dealt": Barrier(N_("that cannot be taken back: cards have been dealt")),
        # every seat draws at once
        "cards_drawn": Barrier(N_("that cannot be taken back: cards have been drawn since")),
    },
    tricks=True,
)


class Chanoyu(Game):
    game_info: ClassVar[GameInfo] = INFO

    scoring: str
    original_host: int
    host: int
    round: int
    totals: list[int]
    round_history: list[ScoredRound]
    hands: list[list[str]]
    pile: list[str]  # top first
    discard: list[str]
    tableaux: list[Tableau]
    trick: list[tuple[int, str]]  # (seat, card) in play order
    trick_number: int
    leader: int
    build: BuildStep | None
    last_trick: FinishedTrick | None
    phase: str
    _winners: list[int]

    def setup(self) -> None:
        settings = parse_options(self.options, self.players)
        self.scoring = settings.scoring
        self.original_host = settings.host
        self.host = settings.host
        self.round = 1
        self.totals = [0] * self.players
        self.round_history = []
        self._winners = []
        self._start_round(*deal(self.players, self.rng, settings.hands, settings.pile_top))

    # --- the contract -------------------------------------------------------

    @property
    def to_act(self) -> list[int]:
        if self.phase == PLAY:
            return [self._turn()]
        if self.build is not None:
            return [self.build.seat]
        return []

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    def legal_actions(self, seat: int) -> list[Action]:
        # `True in [1]` holds in Python, so a bool must not pass for seat 1.
        if isinstance(seat, bool) or seat not in self.to_act:
            return []
        if self.build is None:
            cards = sorted(playable(self.hands[seat], self.trick), key=ORDER.__getitem__)
            return [{"type": "play", "card": card} for card in cards]
        actions = placement_actions(self.build, self.tableaux)
        if may_stop(self.build, self.tableaux):
            actions.append({"type": "build", "cards": []})
        return actions

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        if self.build is None:
            if kind in ("place", "build"):
                raise IllegalAction(
                    "there is nothing to build now: play a card to the trick", "nothing_to_build"
                )
            require(
                kind == "play",
                'unknown action {kind}: here you "play" a card',
                "unknown_action",
                {"kind": repr(kind)},
            )
            return self._play(seat, action)
        if kind == "place":
            return self._place(self.build, action)
        if kind == "build":
            return self._build(self.build, action)
        require(
            kind != "play", "you won the trick: build first, then lead the next one", "build_first"
        )
        raise IllegalAction(
            'unknown action {kind}: here you "place" a card or "build"',
            "unknown_action",
            {"kind": repr(kind)},
        )

    # --- search (engines/base.py): no checks, no events, no list of every action ---

    def play(self, seat: int, action: Action) -> None:
        """Apply an action from search_actions or random_action, unchecked and unlogged."""
        kind = action["type"]
        if kind == "play":
            self._lay(seat, action["card"], None)
        elif kind == "place" and self.build is not None:
            self._place_unchecked(self.build, action)
        elif kind == "build" and not action["cards"] and self.build is not None:
            self._finish_build(self.build, None)  # stopping: offered only when allowed
        else:
            self._apply(seat, action)  # a whole build at once: the checked way

    def random_action(self, seat: int, rng: Pcg32) -> Action:
        """What rng.choice(self.search_actions(seat)) returns, from the same single draw,
        without listing every placement."""
        if self.build is None:
            cards = sorted(playable(self.hands[seat], self.trick), key=ORDER.__getitem__)
            return {"type": "play", "card": rng.choice(cards)}
        return random_build_action(self.build, self.tableaux, rng)

    # --- playing to a trick -------------------------------------------------

    def _turn(self) -> int:
        # Counter-clockwise: after seat i comes seat i-1.
        return (self.leader - len(self.trick)) % self.players

    def _play(self, seat: int, action: Action) -> list[Event]:
        _reject_extra_fields(action, {"type", "card"})
        card = check_play(self.hands[seat], self.trick, action.get("card"))
        events: list[Event] = [{"type": "played", "seat": seat, "card": card}]
        self._lay(seat, card, events)
        return events

    def _lay(self, seat: int, card: str, events: list[Event] | None) -> None:
        """Play a checked card, resolving the trick when it is the last; the events go to
        `events` unless it is None (a search's playout, which never reads them)."""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == self.players:
            self._resolve_trick(events)

    def _resolve_trick(self, events: list[Event] | None) -> None:
        trick, self.trick = self.trick, []
        winner = trick_winner(trick)
        self.last_trick = FinishedTrick(self.trick_number, tuple(trick), winner)
        self.round_tricks.append(self.last_trick)
        if winner is None:
            # No numbered card of the led suit: discarded, and the leader leads again.
            self.discard += [card for _, card in trick]
            if events is not None:
                events.append(
                    {
                        "type": "trick_discarded",
                        "leader": self.leader,
                        "cards": _trick_cards(trick),
                        "lead_suit": led_suit(trick),
                    }
                )
            self._after_trick(events)
            return
        self.leader = winner
        self.build = BuildStep(winner, trick, [card for _, card in trick])
        self.phase = BUILD
        if events is not None:
            events.append(
                {
                    "type": "trick_won",
                    "seat": winner,
                    "cards": _trick_cards(trick),
                    "lead_suit": led_suit(trick),
                }
            )

    # --- the build ----------------------------------------------------------

    def _place(self, step: BuildStep, action: Action) -> list[Event]:
        placement = {key: value for key, value in action.items() if key != "type"}
        placements, after = plan(step, self.tableaux, [placement])
        events = self._commit(step, placements, after)
        # Nothing left that fits: there is no choice left to wait for.
        if not any_placement(step, self.tableaux):
            self._finish_build(step, events)
        return events

    def _place_unchecked(self, step: BuildStep, action: Action) -> None:
        """_place for an action from placement_actions: it fits, so no plan to check."""
        card = action["card"]
        seat = action.get("seat", step.seat)
        number = NUMBER[card]  # a face card or a Tsukumogami names its value
        value: int = action["value"] if number is None else number
        placement = Placement(card, seat, value, action.get("at"))
        self.tableaux[seat] = with_placement(self.tableaux[seat], placement)
        step.remaining.remove(card)
        step.placed.append(card)
        if not any_placement(step, self.tableaux):
            self._finish_build(step, None)

    def _build(self, step: BuildStep, action: Action) -> list[Event]:
        _reject_extra_fields(action, {"type", "cards"})
        raw_cards = action.get("cards")
        if not isinstance(raw_cards, list):
            raise IllegalAction(
                "list the cards to build: {shape}",
                "action_fields",
                {"shape": '{"type": "build", "cards": [...]}'},
            )
        placements, after = plan(step, self.tableaux, raw_cards)
        require(
            bool(placements) or may_stop(step, self.tableaux),
            "a card of the trick fits, so you must add at least one to a tableau",
            "must_build",
        )
        events = self._commit(step, placements, after)
        self._finish_build(step, events)
        return events

    def _commit(
        self, step: BuildStep, placements: list[Placement], after: list[Tableau]
    ) -> list[Event]:
        self.tableaux = after
        events: list[Event] = []
        for placement in placements:
            step.remaining.remove(placement.card)
            step.placed.append(placement.card)
            events.append(
                {
                    "type": "placed",
                    "by": step.seat,
                    "seat": placement.seat,
                    "card": placement.card,
                    "value": placement.value,
                    "at": placement.at,
                }
            )
        return events

    def _finish_build(self, step: BuildStep, events: list[Event] | None) -> None:
        self.build = None
        # Cards the winner does not use are discarded.
        self.discard += step.remaining
        if events is not None:
            events.append(
                {
                    "type": "build_done",
                    "seat": step.seat,
                    "placed": list(step.placed),
                    "discarded": list(step.remaining),
                }
            )
        self._after_trick(events)

    # --- after each trick: draw, next trick or end of round ------------------

    def _after_trick(self, events: list[Event] | None) -> None:
        if self.trick_number == TRICKS_PER_ROUND:
            ended = self._end_round()
            if events is not None:
                events += ended
            return
        drew = self._draw()
        if events is not None:
            events.append({"type": "drew" if drew else "no_draw", "pile": len(self.pile)})
        self.trick_number += 1
        self.phase = PLAY

    def _draw(self) -> bool:
        """Everyone draws one card, but only if the pile holds one for every player."""
        players = self.players
        pile = self.pile
        if len(pile) < players:
            return False
        # The next leader draws first, then the others counter-clockwise.
        hands, leader = self.hands, self.leader
        for step in range(players):
            hands[(leader - step) % players].append(pile.pop(0))
        return True

    def _end_round(self) -> list[Event]:
        for hand in self.hands:
            self.discard += hand
            hand.clear()
        # The rule tableau_points applies, without its checks: the scoring was checked at
        # setup, and placements keep every tableau's values increasing from 1 to 10.
        rule = SCORING_RULES[self.scoring]
        points = [rule(values_of(tableau)) for tableau in self.tableaux]
        self.totals = [total + gained for total, gained in zip(self.totals, points, strict=True)]
        record = ScoredRound(
            self.round, self.host, tuple(points), tuple(tuple(row) for row in self.tableaux)
        )
        self.round_history.append(record)
        events: list[Event] = [{"type": "round_scored", **record.as_dict(), "scores": self.scores}]
        outcome = match_outcome(self.totals, self.original_host)
        self.summary = self._round_summary(record, outcome)
        if outcome is not None:
            result = list(outcome["winners"])
            self._winners = result
            self.phase = OVER
            return [*events, {"type": "game_over", "winners": result, "scores": self.scores}]
        self.host = next_host(self.totals, self.host)
        self.summary["next_host"] = self.host
        self.round += 1
        self._start_round(*deal(self.players, self.rng))
        started = {"type": "round_started", "round": self.round, "host": self.host}
        return [*events, {**started, "leader": self.leader}]

    def _round_summary(
        self, record: ScoredRound, outcome: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """The round as every screen shows it before the next: each tableau with its
        points (the engine's own tableau_points, kept in the record) and the last trick;
        after the last round, the winners and why (match_outcome). Tableaux lie face
        up and totals are public, so nothing here was hidden."""
        return {
            "key": f"round-{record.number}",
            "kind": "round",
            "number": record.number,
            "of": None,  # the match ends when someone reaches 15, not after N rounds
            "points": list(record.points),
            "totals": list(self.totals),
            "final": outcome is not None,
            "winners": [] if outcome is None else list(outcome["winners"]),
            "outcome": None
            if outcome is None
            else {key: value for key, value in outcome.items() if key != "winners"},
            "host": record.host,
            "next_host": None,
            "tableaux": _tableaux_view(record.tableaux),
            "last_trick": None if self.last_trick is None else self.last_trick.as_dict(),
        }

    def _start_round(self, hands: list[list[str]], pile: list[str]) -> None:
        self.hands, self.pile, self.discard = hands, pile, []
        self.tableaux = [[] for _ in range(self.players)]
        self.trick, self.trick_number = [], 1
        # The host's right neighbour leads the first trick.
        self.leader = (self.host - 1) % self.players
        self.build, self.last_trick = None, None
        self.round_tricks: list[FinishedTrick] = []
        self.phase = PLAY

    # --- the view -------------------------------------------------------------

    def barrier(self, seat: int, action: Action, events: list[Event], chance: bool) -> str | None:
        """A draw puts unseen cards in hands; a new round is dealt by chance."""
        if chance:
            return "cards_dealt"
        if any(event["type"] == "drew" for event in events):
            return "cards_drawn"
        return super().barrier(seat, action, events, chance)

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        view: View = {
            "game": self.name,
            "players": self.players,
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "round": self.round,
            "host": self.host,
            "original_host": self.original_host,
            "scoring": self.scoring,
            "hand_sizes": [len(hand) for hand in self.hands],
            "pile_size": len(self.pile),
            "discard_size": len(self.discard),
            "trick": {
                "number": self.trick_number,
                "of": TRICKS_PER_ROUND,
                "leader": self.leader,
                "lead_suit": led_suit(self.trick),
                "turn": self._turn() if self.phase == PLAY else None,
                "cards": _trick_cards(self.trick),
            },
            "build": self._build_view(),
            "last_trick": None if self.last_trick is None else self.last_trick.as_dict(),
            # Every trick of this round, as everyone saw it played (a bot's
            # determinizer reads which cards are still unseen).
            "tricks": [trick.as_dict() for trick in self.round_tricks],
            "tableaux": _tableaux_view(self.tableaux),
            "tableau_points": [
                tableau_points(values_of(tableau), self.scoring) for tableau in self.tableaux
            ],
            "scores": self.scores,
            "round_scores": [record.as_dict() for record in self.round_history],
            "summary": copy_plain(self.summary),
            "winners": self.winners,
        }
        if seat is not None:
            view["hand"] = sorted(self.hands[seat], key=sort_key)
        return view

    def _build_view(self) -> dict[str, Any] | None:
        if self.build is None:
            return None
        return {
            "seat": self.build.seat,
            "trick": _trick_cards(self.build.trick),
            "lead_suit": led_suit(self.build.trick),
            "remaining": list(self.build.remaining),
            "placed": list(self.build.placed),
            "may_stop": may_stop(self.build, self.tableaux),
        }


def _tableaux_view(tableaux: Sequence[Sequence[Slot]]) -> list[list[dict[str, Any]]]:
    return [[{"card": slot.card, "value": slot.value} for slot in row] for row in tableaux]


def _trick_cards(trick: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    return [{"card": card, "by": seat} for seat, card in trick]


def _reject_extra_fields(action: Mapping[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(action) - allowed, key=str)
    if extra:
        raise IllegalAction(
            "unexpected field {field} in a {type} action",
            "action_fields",
            {"field": repr(extra[0]), "type": repr(action["type"])},
        )
