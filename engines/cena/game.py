"""The Céna engine: three deals of an alliance trick-taking game for 3-5 players.

Phases of a deal: "reveal" (everyone secretly picks 3 public cards, shown together
once all have chosen), then "play" (tricks until hands are empty), then scoring and
the next deal; "over" after the third deal. See docs/rules/cena.md.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import Any, NoReturn

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
)
from engines.cena.cards import (
    CARDS,
    HAND_SIZES,
    NUMBER_OF,
    SUIT_OF,
    SUITS,
    is_card,
    sort_cards,
)
from engines.cena.objectives import Objective, matching_cards
from engines.cena.options import DEALS, DECLARED, Settings, parse_options
from engines.cena.scoring import checked_breakdown, host_of_deal, seat_scores, winners_of
from engines.cena.tricks import winning_alliance
from engines.rng import Pcg32

PUBLIC_CARDS = 3
REVEAL_KEYS = frozenset({"type", "cards"})
PLAY_KEYS = frozenset({"type", "card", "to"})


# What generic layers know of Céna (engines/base.py GameInfo).
INFO = GameInfo(
    name="cena",
    title=N_("Céna"),
    min_players=3,
    max_players=5,
    options=DECLARED,
    barriers={
        "public_cards_shown": Barrier(
            N_("that cannot be taken back: everyone's public cards have been shown")
        ),
        "cards_dealt": Barrier(N_("that cannot be taken back: cards have been dealt")),
    },
    tricks=True,
)


class Cena(Game):
    game_info = INFO

    # Whole game
    settings: Settings
    objectives: list[Objective]  # one per deal, in deal order
    totals: list[int]  # per seat, over finished deals
    deal_results: list[dict[str, Any]]  # per finished deal, as shown in "deal_scores"
    last_trick: dict[str, Any] | None  # the last completed trick of this deal
    tricks: list[dict[str, Any]]  # every completed trick of this deal, shown to all as played
    # This deal
    deal: int  # 1..DEALS
    host: int
    phase: str  # "reveal" | "play" | "over"
    hands: list[list[str]]  # per seat, sorted
    set_aside: list[str]  # 3 players: 4 cards nobody sees
    chosen: list[list[str] | None]  # secret public-card choices until all have chosen
    public: list[list[str]]  # revealed public cards still in hand
    won: list[list[str]]  # per alliance k (seats k, k+1)
    trick_number: int
    leader: int
    turn: int  # seat to play (meaningful in the play phase)
    # This trick
    trick_cards: list[dict[str, Any]]  # {"card", "by", "to"} in play order
    placed: list[str | None]  # the card in front of each seat
    placed_at: list[int]  # when that card went down: 0 = the lead
    lead_suit: str | None

    def setup(self) -> None:
        self.settings = parse_options(self.options, self.players)
        deck = list(self.settings.objectives)
        if self.settings.draw_objectives:
            self.rng.shuffle(deck)
        self.objectives = deck[:DEALS]
        self.totals = [0] * self.players
        self.deal_results = []
        self._start_deal(1, self.settings.host, self.settings.hands)

    # --- contract -------------------------------------------------------------

    @property
    def to_act(self) -> list[int]:
        if self.phase == "play":
            return [self.turn]
        if self.phase == "reveal":
            return [seat for seat, chosen in enumerate(self.chosen) if chosen is None]
        return []

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        return winners_of(self.totals) if self.phase == "over" else []

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "play":
            if seat != self.turn or type(seat) is not int:  # True == 1, but is no seat
                return []
            cards = self.hands[seat]
            lead = self.lead_suit
            if lead is not None:
                cards = [card for card in cards if SUIT_OF[card] == lead] or cards
            if self.settings.simplified:
                targets = [seat]
            else:
                targets = [to for to, card in enumerate(self.placed) if card is None]
            return [{"type": "play", "card": card, "to": to} for card in cards for to in targets]
        if self.phase == "reveal" and type(seat) is int and seat in self.to_act:
            # The hand is kept sorted, so every combination comes out sorted.
            return [
                {"type": "reveal", "cards": [first, second, third]}
                for first, second, third in combinations(self.hands[seat], PUBLIC_CARDS)
            ]
        return []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "play":
            return self._play(seat, action)
        if kind == "reveal":
            return self._reveal(seat, action)
        raise IllegalAction(
            'unknown action "{kind}": Céna has "reveal" and "play"',
            "unknown_action",
            {"kind": kind},
        )

    # --- search (engines/base.py): no checks, no events, no list of every action ---

    def play(self, seat: int, action: Action) -> None:
        """Apply an action from search_actions or random_action, unchecked and unlogged."""
        if action["type"] == "play":
            self._lay(seat, action["card"], action["to"], None)
        else:
            self._choose(seat, action["cards"])

    def random_action(self, seat: int, rng: Pcg32) -> Action:
        """What rng.choice(self.search_actions(seat)) returns, from the same single draw,
        without listing the actions (a hand of 12 has 220 choices of public cards)."""
        hand = self.hands[seat]
        if self.phase == "reveal":
            return {
                "type": "reveal",
                "cards": _nth_triple(hand, rng.randrange(_TRIPLES[len(hand)])),
            }
        cards = hand
        lead = self.lead_suit
        if lead is not None:
            # A hand is sorted by suit, so a suit's cards are a slice (see _SUIT_END).
            start = bisect_left(hand, lead)
            cards = hand[start : bisect_left(hand, _SUIT_END[lead], start)] or hand
        if self.settings.simplified:
            return {"type": "play", "card": rng.choice(cards), "to": seat}
        # legal_actions lists every card with every free target, card by card.
        free = self.players - len(self.trick_cards)
        card_index, target = divmod(rng.randrange(len(cards) * free), free)
        if free < self.players:
            target = [to for to, card in enumerate(self.placed) if card is None][target]
        return {"type": "play", "card": cards[card_index], "to": target}

    def barrier(self, seat: int, action: Action, events: list[Event], chance: bool) -> str | None:
        """The last choice of public cards shows everyone's; a new deal is chance."""
        if any(event["type"] == "public_cards" for event in events):
            return "public_cards_shown"
        if any(event["type"] == "deal_started" for event in events):
            return "cards_dealt"
        return super().barrier(seat, action, events, chance)

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        n = self.players
        view: View = {
            "game": self.name,
            "players": n,
            "seat": seat,
            "phase": self.phase,
            "simplified": self.settings.simplified,
            "deal": self.deal,
            "deals": DEALS,
            "host": self.host,
            "objective": dict(self.objectives[self.deal - 1]),
            "to_act": self.to_act,
        }
        if seat is not None:
            chosen = self.chosen[seat]
            view["hand"] = list(self.hands[seat])
            view["chosen"] = None if chosen is None else list(chosen)
        view["hand_sizes"] = [len(hand) for hand in self.hands]
        view["ready"] = [self.phase != "reveal" or chosen is not None for chosen in self.chosen]
        view["public"] = [list(cards) for cards in self.public]
        view["trick"] = {
            "number": self.trick_number,
            "leader": self.leader,
            "lead_suit": self.lead_suit,
            "turn": self.turn if self.phase == "play" else None,
            "cards": [dict(played) for played in self.trick_cards],
        }
        view["last_trick"] = _copy_trick(self.last_trick)
        # Every trick of this deal, as everyone saw it played (a bot's determinizer
        # reads who could not follow suit and which cards are still unseen).
        view["tricks"] = [_copy_trick(trick) for trick in self.tricks]
        view["alliances"] = [
            {"seats": [k, (k + 1) % n], "won": len(won)} for k, won in enumerate(self.won)
        ]
        view["scores"] = self.scores
        view["deal_scores"] = [_copy_result(result) for result in self.deal_results]
        view["summary"] = copy_plain(self.summary)
        view["winners"] = self.winners
        return view

    # --- actions --------------------------------------------------------------

    def _reveal(self, seat: int, action: Action) -> list[Event]:
        self._check_reveal(seat, action)
        events: list[Event] = [{"type": "ready", "seat": seat}]
        if self._choose(seat, action["cards"]):
            events.append({"type": "public_cards", "public": [list(p) for p in self.public]})
        return events

    def _choose(self, seat: int, cards: Sequence[str]) -> bool:
        """Record a checked choice of public cards; True when it was the last one, so
        everyone's are now shown at once and play begins."""
        chosen = self.chosen
        chosen[seat] = sort_cards(cards)
        if None in chosen:
            return False
        self.public = [list(cards) for cards in chosen if cards is not None]
        self.chosen = [None] * self.players
        self.phase = "play"
        self.turn = self.leader
        return True

    def _check_reveal(self, seat: int, action: Action) -> None:
        """IllegalAction unless this public-card choice is allowed."""
        if self.phase != "reveal":
            raise IllegalAction("the public cards of this deal are already revealed", "revealed")
        if action.keys() != REVEAL_KEYS:
            _check_fields(action, REVEAL_KEYS)
        cards = action["cards"]
        count = {"count": PUBLIC_CARDS}
        if not isinstance(cards, list) or len(cards) != PUBLIC_CARDS:
            raise IllegalAction("choose exactly {count} cards to make public", "card_count", count)
        for card in cards:
            if not is_card(card):
                raise IllegalAction("{card} is not a Céna card", "not_a_card", {"card": repr(card)})
        if len(set(cards)) != PUBLIC_CARDS:
            raise IllegalAction("choose {count} different cards", "same_card_twice", count)
        for card in cards:
            if card not in self.hands[seat]:
                raise IllegalAction("{card} is not in your hand", "not_in_hand", {"card": card})

    def _play(self, seat: int, action: Action) -> list[Event]:
        self._check_play(seat, action)
        card, to = action["card"], action["to"]
        events: list[Event] = [{"type": "played", "seat": seat, "card": card, "to": to}]
        self._lay(seat, card, to, events)
        return events

    def _lay(self, seat: int, card: str, to: int, events: list[Event] | None) -> None:
        """Put a checked card in front of seat `to`, finishing the trick and the deal
        when it is their last card; their events go to `events` unless it is None (a
        search's playout, which never reads them)."""
        n = self.players
        self.hands[seat].remove(card)
        public = self.public[seat]
        if card in public:
            public.remove(card)
        trick = self.trick_cards
        self.placed[to] = card
        self.placed_at[to] = len(trick)
        trick.append({"card": card, "by": seat, "to": to})
        if self.lead_suit is None:
            self.lead_suit = SUIT_OF[card]
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        self._finish_trick(events)
        if self.hands[self.leader]:
            self.trick_number += 1
            self.turn = self.leader
        else:
            self._finish_deal(events)

    def _check_play(self, seat: int, action: Action) -> None:
        """IllegalAction unless this play is allowed."""
        if self.phase != "play":
            raise IllegalAction(
                "first every player chooses {count} public cards; play starts after",
                "reveal_first",
                {"count": PUBLIC_CARDS},
            )
        if action.keys() != PLAY_KEYS:
            _check_fields(action, PLAY_KEYS)
        card, to = action["card"], action["to"]
        n = self.players
        if not is_card(card):
            raise IllegalAction("{card} is not a Céna card", "not_a_card", {"card": repr(card)})
        if type(to) is not int or not 0 <= to < n:
            raise IllegalAction(
                '"to" must be a seat from 0 to {last}', "bad_target", {"last": n - 1}
            )
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction("{card} is not in your hand", "not_in_hand", {"card": card})
        lead = self.lead_suit
        if lead is not None and SUIT_OF[card] != lead:
            for held in hand:
                if SUIT_OF[held] == lead:
                    _must_follow(lead)
        if self.settings.simplified and to != seat:
            raise IllegalAction(
                "with the simplified rule you play in front of yourself", "simplified_rule"
            )
        if self.placed[to] is not None:
            # Seats are numbered from 1 on every screen.
            raise IllegalAction(
                "seat {seat} already has a Playing Card this trick",
                "seat_played",
                {"seat": to + 1},
            )

    # --- deal and trick bookkeeping -------------------------------------------

    def _start_deal(self, deal: int, host: int, hands: Sequence[Sequence[str]] | None) -> None:
        n = self.players
        size = HAND_SIZES[n]
        if hands is None:
            deck = list(CARDS)
            self.rng.shuffle(deck)
            hands = [deck[seat * size : (seat + 1) * size] for seat in range(n)]
        dealt = {card for hand in hands for card in hand}
        self.deal = deal
        self.host = host
        self.phase = "reveal"
        self.hands = [sort_cards(hand) for hand in hands]
        self.set_aside = [card for card in CARDS if card not in dealt]
        self.chosen = [None] * n
        self.public = [[] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        # Cleared so no code from the last deal shows beside cards now in others' hands.
        self.last_trick = None
        self.tricks = []
        self.trick_number = 1
        self.leader = (host + 1) % n
        self.turn = self.leader
        self._clear_trick()

    def _clear_trick(self) -> None:
        n = self.players
        self.trick_cards = []
        self.placed = [None] * n
        self.placed_at = [0] * n
        self.lead_suit = None

    def _finish_trick(self, events: list[Event] | None) -> None:
        lead = self.lead_suit
        placed: list[str] = self.placed  # type: ignore[assignment]  # complete: no None
        assert lead is not None  # only on a complete trick
        alliance = winning_alliance(placed, self.placed_at, lead)
        left = (alliance + 1) % self.players
        number = NUMBER_OF[placed[left]]
        trick = self.trick_cards
        self.won[alliance].extend([played["card"] for played in trick])
        self.last_trick = {
            "cards": trick,
            "lead_suit": lead,
            "alliance": alliance,
            "seats": [alliance, left],
            "suit": lead,
            "number": number,
        }
        self.tricks.append(self.last_trick)
        self.leader = left  # the left member of the winning alliance leads next
        if events is not None:
            events.append(
                {
                    "type": "trick_won",
                    "alliance": alliance,
                    "seats": [alliance, left],
                    "cards": [dict(played) for played in trick],
                    "suit": lead,
                    "number": number,
                }
            )
        self._clear_trick()

    def _finish_deal(self, events: list[Event] | None) -> None:
        objective = self.objectives[self.deal - 1]
        # Objectives were checked at setup (parse_objective), the cards as they were played.
        parts = checked_breakdown(self.won, objective["penalty"], matching_cards(objective))
        alliances = [part["score"] for part in parts]
        seats = seat_scores(alliances)
        self.totals = [total + score for total, score in zip(self.totals, seats, strict=True)]
        n = self.players
        last = self.last_trick
        assert last is not None  # a deal ends on a trick
        # Counts, not cards: the next deal is dealt at once, and no code from this deal
        # may show beside cards now in hands or set aside (see _start_deal).
        self.summary = {
            "key": f"deal-{self.deal}",
            "kind": "deal",
            "number": self.deal,
            "of": DEALS,
            "points": list(seats),
            "totals": list(self.totals),
            "final": self.deal == DEALS,
            # The last deal ends the game: the highest total wins, ties share.
            "winners": winners_of(self.totals) if self.deal == DEALS else [],
            "outcome": {"reason": "most_points"} if self.deal == DEALS else None,
            "objective": dict(objective),
            "alliances": [{"seats": [k, (k + 1) % n], **part} for k, part in enumerate(parts)],
            "last_trick": {key: last[key] for key in ("alliance", "seats", "suit", "number")},
        }
        self.deal_results.append(
            {"deal": self.deal, "objective": objective, "alliances": alliances, "seats": seats}
        )
        if events is not None:
            events.append(
                {
                    "type": "deal_scored",
                    "deal": self.deal,
                    "alliances": list(alliances),
                    "seats": list(seats),
                }
            )
        if self.deal < DEALS:
            next_host = host_of_deal(self.deal + 1, self.settings.host, self.players)
            self._start_deal(self.deal + 1, next_host, None)
            if events is not None:
                events.append(
                    {
                        "type": "deal_started",
                        "deal": self.deal,
                        "host": self.host,
                        "objective": dict(self.objectives[self.deal - 1]),
                    }
                )
        else:
            self.phase = "over"
            if events is not None:
                events.append({"type": "game_over", "winners": self.winners, "scores": self.scores})


# A string after every card of a suit and before every card of the next: a card is
# its suit letter then digits, and ":" sorts right after "9".
_SUIT_END = {suit: suit + ":" for suit in SUITS}
# How many choices of 3 public cards a hand of each size has.
_TRIPLES = [comb(size, PUBLIC_CARDS) for size in range(max(HAND_SIZES.values()) + 1)]


def _nth_triple(hand: Sequence[str], index: int) -> list[str]:
    """The index-th of combinations(hand, 3), in that order, without listing them."""
    size = len(hand)
    first = 0
    while index >= (count := comb(size - first - 1, 2)):  # combinations beginning here
        index -= count
        first += 1
    second = first + 1
    while index >= (count := size - second - 1):
        index -= count
        second += 1
    return [hand[first], hand[second], hand[second + 1 + index]]


def _check_fields(action: Action, expected: frozenset[str]) -> NoReturn:
    """An action carries exactly its fields: name the missing and the unexpected ones."""
    missing = ", ".join(sorted(expected - action.keys()))
    extra = ", ".join(sorted(str(key) for key in action.keys() - expected))
    params = {"type": action["type"], "missing": missing, "extra": extra}
    if missing and extra:
        raise IllegalAction(
            'a "{type}" action has missing {missing}; unexpected {extra}', "action_fields", params
        )
    if missing:
        raise IllegalAction('a "{type}" action has missing {missing}', "action_fields", params)
    raise IllegalAction('a "{type}" action has unexpected {extra}', "action_fields", params)


def _must_follow(lead: str) -> NoReturn:
    """The lead suit's name is a word: one sentence per suit, so each language names it."""
    suit = {"suit": lead}
    if lead == "C":
        raise IllegalAction(
            "you must follow the lead suit: play a cider ({suit}) card", "follow_suit", suit
        )
    if lead == "W":
        raise IllegalAction(
            "you must follow the lead suit: play a wine ({suit}) card", "follow_suit", suit
        )
    if lead == "M":
        raise IllegalAction(
            "you must follow the lead suit: play a mead ({suit}) card", "follow_suit", suit
        )
    raise IllegalAction(
        "you must follow the lead suit: play an ale ({suit}) card", "follow_suit", suit
    )


def _copy_trick(trick: dict[str, Any] | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {
        **trick,
        "cards": [dict(played) for played in trick["cards"]],
        "seats": list(trick["seats"]),
    }


def _copy_result(result: dict[str, Any]) -> dict[str, Any]:
    return {
        "deal": result["deal"],
        "objective": dict(result["objective"]),
        "alliances": list(result["alliances"]),
        "seats": list(result["seats"]),
    }
