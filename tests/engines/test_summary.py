"""The "summary" every engine's view carries after a deal, round, season or the end.

Each summary is checked, the moment it appears, against the engine's own scoring
functions fed from the public events of the deal (one rule, one place), and against
every audience: it is the same in every seat's view and the public one, so it shows
nothing one seat may see and another not. Céna's carries no card code at all (the
next deal is already dealt; see test_three_player_set_aside_cards_are_never_shown).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from engines.base import Event, Game
from engines.cena.scoring import alliance_breakdown, seat_scores
from engines.chanoyu.scoring import tableau_points
from engines.lauzait.scoring import formation_points, role_entries
from engines.sarena.scoring import final_scores
from testkit.play import MAX_STEPS, random_steps

GENERIC = {"key", "kind", "number", "of", "points", "totals", "final", "winners", "outcome"}


def cases() -> list[tuple[str, int, int]]:
    """Every engine with each player count it declares, two seeds each."""
    return [
        (name, n, seed)
        for name in engines.names()
        for n in engines.game_info(name).player_counts
        for seed in (1, 2)
    ]


def played_out(game: Game, rng: random.Random) -> Iterator[list[Event]]:
    """Random legal play to the end, never taking a table action (ending early)."""
    kept = type(game).table_actions
    for _ in range(MAX_STEPS):
        if game.finished:
            return
        seat = rng.choice(game.to_act)
        actions = [a for a in game.legal_actions(seat) if a["type"] not in kept]
        # Declaring whenever one can: random Lauzait Cep play rarely finds a season's end.
        ending = [a for a in actions if a["type"] == "declare"]
        yield game.apply(seat, rng.choice(ending or actions))
    raise AssertionError("the game did not end")


def views(game: Game) -> list[dict[str, Any]]:
    return [game.view(seat) for seat in [*range(game.players), None]]


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(strings_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(strings_in, value)) if value else set()
    return set()


def check_cena(game: Game, summary: dict[str, Any], deal_events: list[Event]) -> None:
    won: list[list[str]] = [[] for _ in range(game.players)]
    for event in deal_events:
        if event["type"] == "trick_won":
            won[event["alliance"]] += [played["card"] for played in event["cards"]]
    parts = alliance_breakdown(won, summary["objective"])
    assert [
        {key: a[key] for key in ("won", "penalised", "penalty", "score")}
        for a in summary["alliances"]
    ] == parts
    assert summary["points"] == seat_scores([part["score"] for part in parts])
    assert summary["points"] == game.view(None)["deal_scores"][-1]["seats"]
    last = [e for e in deal_events if e["type"] == "trick_won"][-1]
    assert summary["last_trick"]["seats"] == last["seats"]
    # No card code at all: the next deal's cards are already in hands.
    assert not {s for s in strings_in(summary) if len(s) <= 3 and s[1:].isdigit()}


def check_chanoyu(game: Game, summary: dict[str, Any], deal_events: list[Event]) -> None:
    scored = next(e for e in reversed(deal_events) if e["type"] == "round_scored")
    scoring = game.view(None)["scoring"]
    assert summary["tableaux"] == scored["tableaux"]
    assert summary["points"] == [
        tableau_points([slot["value"] for slot in row], scoring) for row in summary["tableaux"]
    ]
    assert summary["host"] == scored["host"]
    if not summary["final"]:
        assert summary["next_host"] == game.view(None)["host"]


def check_lauzait(game: Game, summary: dict[str, Any], deal_events: list[Event]) -> None:
    declared = next(e for e in reversed(deal_events) if e["type"] == "declared")
    assert summary["declarer"] == declared["seat"]
    assert summary["departments"] == declared["departments"]
    if declared["departments"]:
        government = [(d["pieces"], d["roles"]) for d in declared["departments"]]
        parts = formation_points(
            [role_entries(department) for department in government],
            stalemate=declared["stalemate"],
            luminous=summary["luminous"],
            layered_bridges=game.view(None)["layered_bridges"],
        )
        assert summary["formation"] == parts
    assert summary["formation"] == declared["formation"]
    # Bonuses change during a season, so the season's points are what each total gained.
    results = game.view(None)["results"]
    before = results[-2]["scores"] if len(results) > 1 else [0] * game.players
    assert summary["points"] == [a - b for a, b in zip(summary["totals"], before, strict=True)]
    # Itemised: the bonuses of the departments each seat has on show, plus the
    # declarer's formation points, make exactly its season's points.
    assert summary["held"] == game_departments_before_next_season(deal_events, game.players)
    for seat, held in enumerate(summary["held"]):
        formation = summary["formation"]["total"] if seat == summary["declarer"] else 0
        assert summary["points"][seat] == sum(d["bonus"] for d in held) + formation


def game_departments_before_next_season(events: list[Event], players: int) -> list[list[Any]]:
    """Each seat's departments on show at the season's end, from the public events."""
    held: list[list[Any]] = [[] for _ in range(players)]
    for event in events:
        if event["type"] == "season_started":
            held = [[] for _ in range(players)]
        elif event["type"] == "formed":
            shown = {key: event[key] for key in ("pieces", "roles", "bonus")}
            held[event["seat"]].append(shown)
        elif event["type"] == "dissolved":
            del held[event["seat"]][event["department"]]
        elif event["type"] == "season_over":
            break
    return held


def check_sarena(game: Game, summary: dict[str, Any], deal_events: list[Event]) -> None:
    view = game.view(None)
    piles = [pile for row in view["board"] for pile in row if pile]
    colours = dict(enumerate(summary["colours"]))
    result = final_scores(piles, colours)
    assert summary["points"] == [result["chips"][s] for s in range(game.players)]
    assert summary["tiebreak"] == [result["tiebreak"][s] for s in range(game.players)]
    assert summary["winners"] == result["winners"]
    assert sorted(len(p["chips"]) for p in summary["piles"]) == sorted(map(len, piles))
    for pile in summary["piles"]:
        top = pile["chips"][0].split("/")[0]
        assert pile["seat"] == (
            summary["colours"].index(top) if top in summary["colours"] else None
        )


# Each game's own summary fields, checked against its own scoring functions.
CHECKS = {"cena": check_cena, "chanoyu": check_chanoyu, "lauzait": check_lauzait}
CHECKS["sarena"] = check_sarena


@pytest.mark.parametrize(("name", "players", "seed"), cases())
def test_each_summary_is_the_engines_own_scoring_and_public(
    name: str, players: int, seed: int
) -> None:
    assert name in CHECKS, f"add a check of {name}'s own summary fields to CHECKS"
    game = engines.new(name, players=players, seed=seed)
    rng = random.Random(seed)
    assert all(view["summary"] is None for view in views(game))
    key, seen, since = None, [], []
    totals = [0] * players
    for events in played_out(game, rng):
        since += events
        summary = game.view(None)["summary"]
        if summary is None or summary["key"] == key:
            continue
        # A new summary: the same for everyone, generic fields and the game's own.
        assert all(view["summary"] == summary for view in views(game))
        assert summary.keys() >= GENERIC and summary["key"] not in seen
        assert summary["final"] == game.finished
        # The winners and why, in the final summary only: the game's own winners.
        assert summary["winners"] == game.winners
        assert (summary["outcome"] is None) == (not summary["final"])
        assert summary["totals"] == game.scores
        if summary["kind"] != "game":  # a game scored only at its end: points are totals
            assert summary["totals"] == [
                t + p for t, p in zip(totals, summary["points"], strict=True)
            ]
        CHECKS[name](game, summary, since)
        key, totals, since = summary["key"], list(summary["totals"]), []
        seen.append(key)
    assert game.finished and seen, "every game ends with a summary"
    assert game.view(None)["summary"]["final"]


def test_a_summary_stays_until_the_next_one() -> None:
    game = engines.new("cena", players=3, seed=4)
    rng = random.Random(4)
    keys: list[str] = []
    for _ in random_steps(game, rng):
        summary = game.view(None)["summary"]
        if summary is not None and (not keys or keys[-1] != summary["key"]):
            keys.append(summary["key"])
        if keys:
            assert summary is not None  # never cleared once there
    assert keys == ["deal-1", "deal-2", "deal-3"]


def test_a_lauzait_game_ended_early_keeps_the_last_seasons_summary() -> None:
    game = engines.new("lauzait", players=2, seed=3)
    game.apply(game.to_act[0], {"type": "end_game"})
    assert game.finished and game.view(None)["summary"] is None  # no season was finished


def test_a_replayed_game_has_the_same_summary() -> None:
    game = engines.new("chanoyu", players=3, seed=9)
    rng = random.Random(9)
    for _ in random_steps(game, rng):
        if game.view(None)["summary"] is not None:
            break
    again = engines.load(game.to_dict())
    assert again.view(None)["summary"] == game.view(None)["summary"]
