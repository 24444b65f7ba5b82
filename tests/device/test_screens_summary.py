"""The OLED while the table reads a summary, and the last trick's winner: rendered on
luma's dummy device (device.screens.render) and checked by their pixels.

TABLEMATE_REVIEW_SHOTS=<dir> saves each frame there, four times enlarged, to look at.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import engines
from device.games import game as device_game
from device.screens import game_pages, screen_for
from device.screens.outcome import outcome_screen, outcome_text
from device.screens.render import HEIGHT, TITLE_BAR_HEIGHT, WIDTH
from device.screens.score_rows import ROWS_TOP, signed, summary_screen, summary_title
from engines.base import Game

NAMES = ["Alice", "Bob", "Chloé", "Dan"]
URL = "HTTP://192.168.1.20:8000/J/KQZX"
REVIEW = os.environ.get("TABLEMATE_REVIEW_SHOTS")
ENDS = {"cena": "deal_scored", "chanoyu": "round_scored", "lauzait": "season_over"}
ENDS["sarena"] = "game_over"


def status(game: Game, interlude: bool) -> dict[str, Any]:
    players = game.players
    key = game.summary["key"] if game.summary else None
    return {
        "phase": "over" if game.finished else "playing",
        "game": game.name,
        "title": game.title,
        "players": players,
        "room": "KQZX",
        "seats": [{"seat": s, "name": NAMES[s], "taken": True} for s in range(players)],
        "host": 0,
        "interlude": (
            {"key": key, "done": [0], "waiting": list(range(1, players)), "names": NAMES[1:]}
            if interlude
            else None
        ),
        "version": 9,
    }


def played_to(name: str, players: int, stop: str, seed: int = 2) -> Game:
    """A seeded game played at random until an event of type `stop` (declaring when it
    can, never ending early)."""
    game = engines.new(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        seat = game.to_act[0]
        legal = [a for a in game.legal_actions(seat) if a["type"] != "end_game"]
        chosen = rng.choice([a for a in legal if a["type"] == "declare"] or legal)
        if any(event["type"] == stop for event in game.apply(seat, chosen)):
            return game
    raise AssertionError(f"no {stop}")


def save(image: Image.Image, name: str) -> None:
    if REVIEW:
        Path(REVIEW).mkdir(parents=True, exist_ok=True)
        image.resize((WIDTH * 4, HEIGHT * 4), Image.Resampling.NEAREST).save(
            Path(REVIEW) / f"oled-{name}.png"
        )


def lit_rows(image: Image.Image, top: int, bottom: int) -> int:
    region = image.crop((0, top, WIDTH, bottom))
    return region.histogram()[255]


@pytest.mark.parametrize("name", sorted(ENDS))
def test_the_summary_comes_first_while_the_table_reads_it(name: str) -> None:
    game = played_to(name, 3, ENDS[name])
    view = game.view(None)
    reading = screen_for(view, status(game, True), URL)
    save(reading, f"{name}-summary")
    declared = device_game(name)
    own = declared.summary if declared and declared.summary else summary_screen
    assert not ImageChops.difference(reading, own(view, status(game, True))).getbbox()
    # The title bar is drawn, and one row per seat below it.
    assert lit_rows(reading, 0, TITLE_BAR_HEIGHT) > WIDTH * 4
    row = (HEIGHT - ROWS_TOP) // 3
    for seat in range(3):
        assert lit_rows(reading, ROWS_TOP + seat * row, ROWS_TOP + (seat + 1) * row) > 20
    # Once everyone continued, the table (or the result) is back.
    after = screen_for(view, status(game, False), URL)
    assert ImageChops.difference(after, reading).getbbox()
    if not game.finished:
        page = game_pages(name)[0](view, status(game, False))
        assert not ImageChops.difference(after, page).getbbox()


def test_the_summary_shows_each_seats_points_and_total() -> None:
    game = played_to("cena", 3, "deal_scored")
    view = game.view(None)
    summary = view["summary"]
    shown = summary_screen(view, status(game, True))
    # The same rows drawn with other points differ: the numbers are the engine's.
    other = {**view, "summary": {**summary, "points": [p + 1 for p in summary["points"]]}}
    assert ImageChops.difference(shown, summary_screen(other, status(game, True))).getbbox()
    assert summary_title(summary) == "Deal 1/3"
    assert [signed(p) for p in (3, 0, -7)] == ["+3", "0", "-7"]


def test_a_summary_the_table_no_longer_waits_on_is_not_shown() -> None:
    game = played_to("chanoyu", 3, "round_scored")
    view = game.view(None)
    stale = {**status(game, True)}
    stale["interlude"] = {**stale["interlude"], "key": "round-0"}
    assert not ImageChops.difference(
        screen_for(view, stale, URL), game_pages("chanoyu")[0](view, status(game, False))
    ).getbbox()


@pytest.mark.parametrize("name", ["cena", "chanoyu"])
def test_the_last_tricks_winner_stays_until_the_next_tricks_first_card(name: str) -> None:
    game = played_to(name, 3, "trick_won")
    rng = random.Random(1)
    while game.view(None)["phase"] != "play":  # a Chanoyu winner builds first
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    view = game.view(None)
    assert view["last_trick"] is not None and not view["trick"]["cards"]
    with_winner = screen_for(view, status(game, False), URL)
    save(with_winner, f"{name}-last-trick")
    without = {**view, "last_trick": None}
    assert ImageChops.difference(
        with_winner, screen_for(without, status(game, False), URL)
    ).getbbox()


# --- the final summary: the engine's winners, marked and named (issue 30) -----------

FINALS = {"cena": 30, "chanoyu": 60, "lauzait": 1, "sarena": 80}


def finished_game(name: str, players: int, seed: int) -> Game:
    game = engines.new(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.finished:
            return game
        seat = rng.choice(game.to_act)
        legal = [a for a in game.legal_actions(seat) if a["type"] != "end_game"]
        game.apply(seat, rng.choice([a for a in legal if a["type"] == "declare"] or legal))
    raise AssertionError("the game did not end")


def inverted_rows(image: Image.Image, players: int) -> list[int]:
    """The seats whose row is drawn black on white: its left edge column is lit."""
    row = (HEIGHT - ROWS_TOP) // players
    return [
        seat
        for seat in range(players)
        if image.getpixel((0, ROWS_TOP + seat * row + row // 2)) == 255
    ]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FINALS))
def test_the_oled_final_summary_marks_exactly_the_engines_winners(name: str) -> None:
    for players in (3, 4) if name != "sarena" else (2, 3, 4):
        for seed in range(FINALS[name]):
            game = finished_game(name, players, seed)
            view = game.view(None)
            table = {**status(game, True), "seats": status_seats(players)}
            shown = screen_for(view, table, URL)
            assert inverted_rows(shown, players) == game.winners, (name, players, seed)
            reason = outcome_text(view, table)
            assert reason, (name, seed)  # every final summary says why, one page on
            assert not ImageChops.difference(
                screen_for(view, table, URL, page=1), outcome_screen(view, table)
            ).getbbox()


def status_seats(players: int) -> list[dict[str, Any]]:
    names = [*NAMES, "Eve"]
    return [{"seat": s, "name": names[s], "taken": True} for s in range(players)]


def final_view(name: str, players: int, want: str) -> tuple[dict[str, Any], dict[str, Any]]:
    for seed in range(2000):
        game = finished_game(name, players, seed)
        if game.summary and game.summary["outcome"]["reason"] == want:
            return game.view(None), {**status(game, True), "seats": status_seats(players)}
    raise AssertionError(f"no {name} final decided by {want}")


def test_a_chanoyu_final_whose_highest_total_loses_says_so() -> None:
    view, table = final_view("chanoyu", 3, "fell_short")
    summary = view["summary"]
    top = summary["totals"].index(max(summary["totals"]))
    assert top not in summary["winners"]
    shown = screen_for(view, table, URL)
    save(shown, "chanoyu-final-summary")
    assert top not in inverted_rows(shown, 3)
    assert inverted_rows(shown, 3) == summary["winners"]
    reason = outcome_text(view, table)
    assert reason is not None and "reached 15 but" in reason
    for seat in summary["winners"]:
        assert NAMES[seat] in reason
    save(screen_for(view, table, URL, page=1), "chanoyu-final-why")
    japanese = outcome_text(view, {**table, "language": "ja"})
    assert japanese and japanese != reason  # worded in the table's language


def test_a_sarena_final_decided_by_the_tie_break_marks_only_its_winner() -> None:
    view, table = final_view("sarena", 2, "tie_break")
    summary = view["summary"]
    shown = screen_for(view, table, URL)
    save(shown, "sarena-final-summary")
    assert inverted_rows(shown, 2) == summary["winners"] and len(summary["winners"]) == 1
    reason = outcome_text(view, table)
    winner = summary["winners"][0]
    loser = 1 - winner
    assert reason == (
        f"Tied on {summary['totals'][winner]} chips: {NAMES[winner]} wins the tie-break, "
        f"{summary['tiebreak'][winner]} to {summary['tiebreak'][loser]}"
    )
    save(screen_for(view, table, URL, page=1), "sarena-final-why")
