"""Céna's bot declarations (engines/bots): the determinizer and the easy strategy.

Seen by a seat: its hand and secret choice, everyone's public cards, every trick of
this deal (so the cards played, who won them, and who could not follow a suit).
Hidden: the rest of the other hands, the cards set aside with three players, and the
public cards others have chosen but not yet shown. A world deals the unseen cards to
those places, none of a suit to a seat that showed it has none.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines import rng as generators
from engines.base import Action, Game, View
from engines.botkit import BotKit, World, blank, deal_hidden
from engines.cena.cards import CARDS, HAND_SIZES, NUMBER_OF, SUIT_OF, sort_cards
from engines.cena.game import PUBLIC_CARDS, Cena
from engines.cena.options import DEALS, Settings

SET_ASIDE = -1  # the holder of the cards nobody sees


def sampler(view: View, seat: int) -> World:
    players = view["players"]
    hand = list(view["hand"])
    public = [list(cards) for cards in view["public"]]
    trick = view["trick"]
    tricks = view["tricks"]
    played = [entry["card"] for past in tricks for entry in past["cards"]]
    played += [entry["card"] for entry in trick["cards"]]
    seen = set(hand) | set(played) | {card for cards in public for card in cards}
    unseen = [card for card in CARDS if card not in seen]
    needs = {s: view["hand_sizes"][s] - len(public[s]) for s in range(players) if s != seat}
    needs[SET_ASIDE] = len(CARDS) - players * HAND_SIZES[players]
    lacking: dict[int, set[str]] = {}
    for past in [*tricks, trick]:
        cards = past["cards"]
        if cards:
            lead = SUIT_OF[cards[0]["card"]]
            for entry in cards[1:]:
                if SUIT_OF[entry["card"]] != lead:
                    lacking.setdefault(entry["by"], set()).add(lead)
    refuses = {
        s: (lambda card, suits=suits: SUIT_OF[card] in suits)
        for s, suits in lacking.items()
        if s != seat
    }
    won: list[list[str]] = [[] for _ in range(players)]
    for past in tricks:
        won[past["alliance"]] += [entry["card"] for entry in past["cards"]]
    objective = dict(view["objective"])
    settings = Settings(
        simplified=view["simplified"],
        host=view["host"],
        hands=None,
        objectives=(objective,) * DEALS,
        draw_objectives=False,
    )

    def world(rng: generators.Pcg32) -> Cena:
        dealt, _ = deal_hidden(unseen, needs, refuses, rng)
        set_aside = dealt.pop(SET_ASIDE)
        game = blank(Cena, players, rng)
        game.settings = settings
        game.objectives = [objective] * DEALS
        game.totals = list(view["scores"])
        game.deal_results = []
        game.summary = None
        game.deal = view["deal"]
        game.host = view["host"]
        game.phase = view["phase"]
        game.hands = [
            list(hand) if s == seat else sort_cards(public[s] + dealt[s]) for s in range(players)
        ]
        game.set_aside = set_aside
        game.chosen = [None] * players
        if game.phase == "reveal":
            game.chosen[seat] = None if view["chosen"] is None else list(view["chosen"])
            for s in range(players):
                if s != seat and view["ready"][s]:
                    game.chosen[s] = sort_cards(rng.sample(game.hands[s], PUBLIC_CARDS))
        game.public = [list(cards) for cards in public]
        game.won = [list(cards) for cards in won]
        game.last_trick = view["last_trick"]
        game.tricks = []
        game.trick_number = trick["number"]
        game.leader = trick["leader"]
        game.turn = trick["turn"] if trick["turn"] is not None else trick["leader"]
        game.trick_cards = [dict(entry) for entry in trick["cards"]]
        game.placed = [None] * players
        game.placed_at = [0] * players
        for order, entry in enumerate(trick["cards"]):
            game.placed[entry["to"]] = entry["card"]
            game.placed_at[entry["to"]] = order
        game.lead_suit = trick["lead_suit"]
        return game

    return world


def easy(view: View, seat: int, actions: Sequence[Action], rng: generators.Pcg32) -> Action:
    """Keep strength hidden and tricks cheap: show the three lowest cards; play the
    lowest card allowed, in front of the first free seat."""
    if actions[0]["type"] == "reveal":
        return min(actions, key=lambda a: sorted((NUMBER_OF[c] for c in a["cards"]), reverse=True))
    return min(actions, key=lambda a: NUMBER_OF[a["card"]])


def chapter(game: Game) -> object:
    return game.deal  # type: ignore[attr-defined]


KIT = BotKit(
    sampler=sampler,
    easy=easy,
    chapter=chapter,
    playouts={"normal": 150, "strong": 600},
)
