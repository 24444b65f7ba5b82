"""Lauzait Cep scored on the box: the scoreboard of its bank and sheet.

Departments and declarations are pieces, entered on a phone (the box shows the
sheet's QR). The buttons enter what is a few numbers: the season's start player and
direction when the table threw real sticks (the sheet's `set_season`, logged as a
correction), and the table agreeing to stop (`finish`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from device.companion.scoring import Answers, Ask, Board, Entry, Scoring
from device.companion.sheet import GameSheet, seat_label
from device.games.lauzait.sheet import DIRECTIONS, LauzaitSheet
from device.i18n import N_

DIRECTION_WORDS = {"clockwise": N_("clockwise"), "counterclockwise": N_("counterclockwise")}


def board(state: Mapping[str, Any]) -> Board:
    names, scores = state["names"], state["scores"]
    standing = [len(seat["revealed"]) for seat in state["seats"]]
    notes = [N_("{count} dep.", count=count) if count else "" for count in standing]
    if state["over"]:
        return Board(
            N_("Final result"),
            scores,
            notes=notes,
            over=True,
            winners=state["winners"],
            lights=state["winners"],
        )
    season = next((s for s in state["seasons"] if s["season"] == state["season"]), None)
    lines = [N_("Departments standing: {count}", count=sum(standing))]
    lights: list[int] = []
    if season is not None:
        start, direction = season["start_player"], season["direction"]
        lines.insert(
            0,
            N_(
                "Starts: {name}, {direction}",
                name=seat_label(names, start),
                direction=DIRECTION_WORDS.get(direction, direction),
            ),
        )
        lights = [start]
    return Board(
        N_("Season {number}/{of}", number=state["season"], of=state["seasons_in_game"]),
        scores,
        notes=notes,
        next=lines,
        lights=lights,
    )


def _season_entry(state: Mapping[str, Any]) -> Entry:
    players, names = state["players"], state["names"]
    seats = {seat: seat_label(names, seat) for seat in range(players)}
    ways = {k: DIRECTION_WORDS[name] for k, name in enumerate(DIRECTIONS)}

    def asks(answers: Answers) -> list[Ask]:
        found = [Ask("start", N_("Season start"), N_("Who starts"), 0, players - 1, 0, seats)]
        if players > 2:  # two players simply go clockwise
            found.append(Ask("direction", N_("Season start"), N_("Direction"), 0, 1, 0, ways))
        return found

    def record(sheet: GameSheet, answers: Answers) -> object:
        direction = DIRECTIONS[answers.get("direction", 0)]
        return cast(LauzaitSheet, sheet).set_season(answers["start"], direction)

    return Entry(N_("Set the season's start"), asks, record)


def entries(state: Mapping[str, Any]) -> list[Entry]:
    if state["over"] or not state["players"]:
        return []
    stop = Entry(
        N_("End the game now"),
        lambda answers: [],
        lambda sheet, answers: cast(LauzaitSheet, sheet).finish(),
    )
    return [_season_entry(state), stop]


def setup(sheet: GameSheet, players: int, answers: Answers) -> object:
    return cast(LauzaitSheet, sheet).setup(players, [None] * players)


SCORING = Scoring(board=board, entries=entries, setup=setup)
