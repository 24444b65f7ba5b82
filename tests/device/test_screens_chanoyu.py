"""Chanoyu's OLED pages, rendered on luma's dummy device from real engine views and
checked by their pixels: what they show, and that they never read a hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image, ImageChops

import engines
from device.games.cena.screens import seat_columns
from device.games.chanoyu.screens import (
    CARD_BOTTOM,
    CARD_TOP,
    LABEL_BOTTOM,
    LABEL_TOP,
    chanoyu_scores_screen,
    chanoyu_screen,
    chanoyu_tableaux_screen,
    runs,
)
from device.screens import game_pages, screen_for
from device.screens.render import TITLE_BAR_HEIGHT, Box
from device.screens.result import result_screen
from device.screens.score_rows import ROWS_TOP
from engines.base import Game

JOIN_URL = "HTTP://192.168.1.20:8000/J/KQZX"
NAMES = ["Alice", "Bob", "Chloé", "Dan", "Eve"]
PAGES = (chanoyu_screen, chanoyu_tableaux_screen, chanoyu_scores_screen)
# Seat 0 hosts, so seat 2 (its right neighbour) leads; play goes 2, 1, 0.
HANDS = [
    ["2H", "3H", "4H", "QD", "T1"],
    ["9S", "8D", "7D", "6D", "KC"],
    ["5S", "AS", "2C", "3C", "4C"],
]


def status(players: int = 3, phase: str = "playing") -> dict[str, Any]:
    return {
        "phase": phase,
        "game": "chanoyu",
        "title": "Chanoyu",
        "players": players,
        "room": "KQZX",
        "seats": [{"seat": s, "name": NAMES[s], "taken": True} for s in range(players)],
        "host": 0,
        "version": 3,
    }


def fixed_game(*actions: tuple[int, dict[str, Any]]) -> Game:
    game = engines.new("chanoyu", 3, seed=1, options={"hands": HANDS})
    for seat, action in actions:
        game.apply(seat, action)
    return game


def play(card: str) -> dict[str, Any]:
    return {"type": "play", "card": card}


FIRST_TRICK = [(2, play("5S")), (1, play("9S")), (0, play("2H"))]  # Bob wins with 9S


def random_game(players: int, steps: int, seed: int = 3) -> Game:
    game = engines.new("chanoyu", players, seed=seed)
    for _ in range(steps):
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    return game


def finished_game() -> Game:
    game = engines.new("chanoyu", 3, seed=5)
    while not game.finished:
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def lit(image: Image.Image, box: Box) -> float:
    left, top, right, bottom = box
    region = image.crop((left, top, right + 1, bottom + 1))
    return region.histogram()[255] / (region.width * region.height)


def changed_box(a: Image.Image, b: Image.Image) -> Box | None:
    found = ImageChops.difference(a, b).getbbox()
    return None if found is None else (found[0], found[1], found[2] - 1, found[3] - 1)


def card_box(players: int, seat: int) -> Box:
    _, left, right = seat_columns(players)[seat]
    return (left, CARD_TOP, right - 1, CARD_BOTTOM)


def label_box(players: int, seat: int) -> Box:
    _, left, right = seat_columns(players)[seat]
    return (left, LABEL_TOP, right - 1, LABEL_BOTTOM)


# -- every page ------------------------------------------------------------------------


def example_views() -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    over = finished_game()
    return {
        "start, 3 seats": (fixed_game().view(None), status()),
        "mid-trick, 4 seats": (random_game(4, 2).view(None), status(4)),
        "build, 5 seats": (fixed_build(random_game(5, 40)).view(None), status(5)),
        "late, 5 seats": (random_game(5, 70).view(None), status(5)),
        "over": (over.view(None), status(3, "over")),
    }


def fixed_build(game: Game) -> Game:
    """Play on until someone is building."""
    while game.view(None)["phase"] != "build":
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.__name__)
@pytest.mark.parametrize("name", list(example_views()))
def test_every_page_is_an_oled_frame_with_something_drawn(page: Any, name: str) -> None:
    view, table = example_views()[name]
    image = page(view, table)
    assert image.size == (128, 64) and image.mode == "1"
    assert image.getbbox() is not None, f"{page.__name__} is blank for {name}"
    assert lit(image, (0, 0, 127, 63)) < 0.9


# -- the table page --------------------------------------------------------------------


def test_the_table_shows_each_card_in_the_column_of_the_seat_that_played_it() -> None:
    image = chanoyu_screen(fixed_game((2, play("5S"))).view(None), status())
    assert lit(image, card_box(3, 2)) > 0.5, "seat 2 led: its card is an inverted box"
    assert lit(image, card_box(3, 1)) < 0.25 and lit(image, card_box(3, 0)) < 0.25
    other = chanoyu_screen(fixed_game((2, play("AS"))).view(None), status())
    changed = changed_box(image, other)
    assert changed is not None
    assert changed[1] >= CARD_TOP and changed[3] <= CARD_BOTTOM, "only the card differs"


def test_the_table_highlights_whose_turn_it_is_and_names_them() -> None:
    start = chanoyu_screen(fixed_game().view(None), status())
    assert lit(start, label_box(3, 2)) > 0.5, "seat 2 leads the first trick"
    assert lit(start, label_box(3, 1)) < 0.4
    after = chanoyu_screen(fixed_game((2, play("5S"))).view(None), status())
    assert lit(after, label_box(3, 1)) > 0.5, "counter-clockwise: seat 1 is next"
    headline = (0, TITLE_BAR_HEIGHT, 127, CARD_TOP - 1)
    renamed = status()
    renamed["seats"][1]["name"] = "Zed"
    assert not same(
        after.crop(headline),
        chanoyu_screen(fixed_game((2, play("5S"))).view(None), renamed).crop(headline),
    )


def test_the_title_bar_shows_the_led_suit_once_a_card_leads() -> None:
    def title(game: Game) -> Image.Image:
        return chanoyu_screen(game.view(None), status()).crop((0, 0, 128, TITLE_BAR_HEIGHT))

    nothing_led = title(fixed_game())
    spades = title(fixed_game((2, play("5S"))))
    clubs = title(fixed_game((2, play("2C"))))
    assert not same(nothing_led, spades) and not same(spades, clubs)


def test_the_build_names_the_builder_and_shows_placed_cards_as_outlines() -> None:
    won = fixed_game(*FIRST_TRICK)
    assert won.view(None)["phase"] == "build"
    building = chanoyu_screen(won.view(None), status())
    assert lit(building, label_box(3, 1)) > 0.5, "Bob won and builds"
    assert all(lit(building, card_box(3, seat)) > 0.5 for seat in range(3)), "the trick stays"
    won.apply(1, {"type": "place", "card": "9S", "at": "left"})
    placed = chanoyu_screen(won.view(None), status())
    assert lit(placed, card_box(3, 1)) < 0.4, "9S is in Bob's tableau now: an outline"
    assert lit(placed, card_box(3, 2)) > 0.5


def test_the_last_trick_shows_until_the_next_card_is_played() -> None:
    game = fixed_game(*FIRST_TRICK, (1, {"type": "build", "cards": [{"card": "9S", "at": "left"}]}))
    view = game.view(None)
    assert view["phase"] == "play" and view["trick"]["cards"] == []
    with_last = chanoyu_screen(view, status())
    view_without = {**copy.deepcopy(view), "last_trick": None}
    changed = changed_box(with_last, chanoyu_screen(view_without, status()))
    assert changed is not None and changed[1] >= CARD_TOP and changed[3] <= CARD_BOTTOM


# -- the tableaux page -------------------------------------------------------------------


def test_runs_join_consecutive_values() -> None:
    assert runs([1, 2, 4, 5, 6, 9]) == "1-2 4-6 9"
    assert runs([3]) == "3"
    assert runs([]) == "-"
    assert runs([2, 4, 6]) == "2 4 6"


def test_the_tableaux_page_changes_with_a_placement_in_that_seats_row() -> None:
    game = fixed_game(*FIRST_TRICK)
    before = chanoyu_tableaux_screen(game.view(None), status())
    game.apply(1, {"type": "place", "card": "9S", "at": "left"})
    after = chanoyu_tableaux_screen(game.view(None), status())
    changed = changed_box(before, after)
    row_height = (64 - ROWS_TOP) // 3
    assert changed is not None
    assert changed[1] >= ROWS_TOP + row_height and changed[3] < ROWS_TOP + 2 * row_height, (
        "only Bob's row"
    )


# -- the scores page ---------------------------------------------------------------------


def test_the_scores_page_changes_only_the_number_when_a_total_changes() -> None:
    view = finished_game().view(None)
    image = chanoyu_scores_screen(view, status())
    changed_view = {**view, "scores": [view["scores"][0] + 1, *view["scores"][1:]]}
    changed = changed_box(image, chanoyu_scores_screen(changed_view, status()))
    assert changed is not None and changed[0] > 64, "only the total on the right"
    host_moved = {**view, "host": (view["host"] + 1) % 3}
    title = (0, 0, 128, TITLE_BAR_HEIGHT)
    assert not same(image.crop(title), chanoyu_scores_screen(host_moved, status()).crop(title)), (
        "the host is named in the title bar"
    )


# -- choosing the page, hidden information ------------------------------------------------


def test_chanoyu_registers_its_three_pages_and_the_result_comes_first_once_over() -> None:
    assert game_pages("chanoyu") == PAGES
    view, table = fixed_game().view(None), status()
    for page, screen in enumerate((*PAGES, PAGES[0])):
        assert same(screen_for(view, table, JOIN_URL, page), screen(view, table))
    over, ended = finished_game().view(None), status(3, "over")
    assert same(screen_for(over, ended, JOIN_URL, 0), result_screen(over, ended))
    assert same(screen_for(over, ended, JOIN_URL, 3), chanoyu_scores_screen(over, ended))


SECRETS = {"hand": ["AS", "2S", "3S", "4S", "T1"], "pile": ["KH"] * 30}


@pytest.mark.parametrize("name", list(example_views()))
def test_pages_never_read_a_hand(name: str) -> None:
    view, table = example_views()[name]
    with_secret = {**copy.deepcopy(view), **SECRETS}
    for page in PAGES:
        assert same(page(view, table), page(with_secret, table))
    for page_number in range(4):
        assert same(
            screen_for(view, table, JOIN_URL, page_number),
            screen_for(with_secret, table, JOIN_URL, page_number),
        )


def test_pages_refuse_a_seat_view() -> None:
    seat_view = fixed_game().view(1)
    assert "hand" in seat_view
    for page in PAGES:
        with pytest.raises(ValueError):
            page(seat_view, status())
