"""The Céna engine: three deals of an alliance trick-taking game for 3-5 players.

Phases of a deal: "reveal" (everyone secretly picks 3 public cards, shown together
once all have chosen), then "play" (tricks until hands are empty), then scoring and
the next deal; "over" after the third deal. See docs/rules/cena.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
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
    is_card,
    sort_cards,
)
from engines.cena.objectives import Objective
from engines.cena.options import DEALS, DECLARED, Settings, parse_options
from engines.cena.scoring import alliance_breakdown, host_of_deal, seat_scores, winners_of
from engines.cena.tricks import winning_alliance

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
        self.chosen[seat] = sort_cards(action["cards"])
        events: list[Event] = [{"type": "ready", "seat": seat}]
        if all(chosen is not None for chosen in self.chosen):
            # Everyone has chosen: all public cards are shown at once.
            self.public = [list(chosen) for chosen in self.chosen if chosen is not None]
            self.chosen = [None] * self.players
            self.phase = "play"
            self.turn = self.leader
            events.append({"type": "public_cards", "public": [list(p) for p in self.public]})
        return events

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
        n = self.players
        hand = self.hands[seat]
        hand.remove(card)
        if card in self.public[seat]:
            self.public[seat].remove(card)
        self.placed[to] = card
        self.placed_at[to] = len(self.trick_cards)
        self.trick_cards.append({"card": card, "by": seat, "to": to})
        if self.lead_suit is None:
            self.lead_suit = SUIT_OF[card]
        events: list[Event] = [{"type": "played", "seat": seat, "card": card, "to": to}]
        if len(self.trick_cards) < n:
            self.turn = (seat + 1) % n
            return events
        events.append(self._finish_trick())
        if self.hands[self.leader]:
            self.trick_number += 1
            self.turn = self.leader
        else:
            events += self._finish_deal()
        return events

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

    def _finish_trick(self) -> Event:
        lead = self.lead_suit
        placed = [card for card in self.placed if card is not None]
        assert lead is not None and len(placed) == self.players  # only on a complete trick
        alliance = winning_alliance(placed, self.placed_at, lead)
        left = (alliance + 1) % self.players
        number = NUMBER_OF[placed[left]]
        self.won[alliance].extend(played["card"] for played in self.trick_cards)
        self.last_trick = {
            "cards": self.trick_cards,
            "lead_suit": lead,
            "alliance": alliance,
            "seats": [alliance, left],
            "suit": lead,
            "number": number,
        }
        self.tricks.append(self.last_trick)
        self.leader = left  # the left member of the winning alliance leads next
        event: Event = {
            "type": "trick_won",
            "alliance": alliance,
            "seats": [alliance, left],
            "cards": [dict(played) for played in self.trick_cards],
            "suit": lead,
            "number": number,
        }
        self._clear_trick()
        return event

    def _finish_deal(self) -> list[Event]:
        objective = self.objectives[self.deal - 1]
        parts = alliance_breakdown(self.won, objective)
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
        events: list[Event] = [
            {
                "type": "deal_scored",
                "deal": self.deal,
                "alliances": list(alliances),
                "seats": list(seats),
            }
        ]
        if self.deal < DEALS:
            next_host = host_of_deal(self.deal + 1, self.settings.host, self.players)
            self._start_deal(self.deal + 1, next_host, None)
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
            events.append({"type": "game_over", "winners": self.winners, "scores": self.scores})
        return events


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
