"""Chanoyu's bot declarations (engines/bots): the determinizer and the easy strategy.

Seen by a seat: its hand, the tableaux, every trick of this round and the trick on
the table. Hidden: the other hands and the pile's order. A world deals the unseen
cards to the other hands (none of the led suit to a seat that just showed it has
none: it has drawn nothing since) and puts the rest in the pile.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines import rng as generators
from engines.base import Action, Game, View
from engines.botkit import BotKit, World, blank, deal_hidden
from engines.chanoyu.build import BuildStep
from engines.chanoyu.cards import DECK, NUMBER, SUIT
from engines.chanoyu.game import Chanoyu
from engines.chanoyu.tableau import Slot

PILE = -1


def sampler(view: View, seat: int) -> World:
    players = view["players"]
    hand = list(view["hand"])
    trick = [(entry["by"], entry["card"]) for entry in view["trick"]["cards"]]
    seen = set(hand) | {card for _, card in trick}
    seen |= {entry["card"] for past in view["tricks"] for entry in past["cards"]}
    unseen = [card for card in DECK if card not in seen]
    needs = {s: view["hand_sizes"][s] for s in range(players) if s != seat}
    needs[PILE] = view["pile_size"]
    refuses = {}
    lead = view["trick"]["lead_suit"]
    if lead is not None:
        following = False
        for by, card in trick:
            if SUIT[card] == lead:
                following = True  # the lead suit is set from here on
            elif following and by != seat:
                refuses[by] = lambda card, lead=lead: SUIT[card] == lead
    tableaux = [[Slot(slot["card"], slot["value"]) for slot in row] for row in view["tableaux"]]
    placed = {slot.card for row in tableaux for slot in row}
    build = view["build"]
    discard = [card for card in seen - placed - set(hand) if card not in dict(trick).values()]

    def world(rng: generators.Pcg32) -> Chanoyu:
        dealt, _ = deal_hidden(unseen, needs, refuses, rng)
        game = blank(Chanoyu, players, rng)
        game.summary = None
        game.scoring = view["scoring"]
        game.original_host = view["original_host"]
        game.host = view["host"]
        game.round = view["round"]
        game.totals = list(view["scores"])
        game.round_history = []
        game._winners = []
        game.hands = [list(hand) if s == seat else dealt[s] for s in range(players)]
        game.pile = dealt[PILE]
        game.discard = list(discard)
        game.tableaux = [list(row) for row in tableaux]
        game.trick = list(trick)
        game.trick_number = view["trick"]["number"]
        game.leader = view["trick"]["leader"]
        game.last_trick = None
        game.round_tricks = []
        game.phase = view["phase"]
        game.build = None
        if build is not None:
            game.build = BuildStep(
                build["seat"],
                [(entry["by"], entry["card"]) for entry in build["trick"]],
                list(build["remaining"]),
                list(build["placed"]),
            )
        return game

    return world


def easy(view: View, seat: int, actions: Sequence[Action], rng: generators.Pcg32) -> Action:
    """Win tricks to build: play the highest numbered card allowed (face cards and
    Tsukumogami last); build every card that fits, the first way listed."""
    if actions[0]["type"] == "play":
        return max(actions, key=lambda a: NUMBER[a["card"]] or 0)
    return actions[0]  # a placement while one fits; "build" (stop) is listed last


def chapter(game: Game) -> object:
    return game.round  # type: ignore[attr-defined]


KIT = BotKit(
    sampler=sampler,
    easy=easy,
    chapter=chapter,
    playouts={"normal": 120, "strong": 1200},
)
