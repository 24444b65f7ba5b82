"""Lauzait Cep's OLED pages, rendered on luma's dummy device from real engine views
and checked by their pixels: whose turn, the last hire and throw, the board, the
scores; and that they never read a hand or the stock."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image

import engines
from device.games.lauzait.screens import (
    BOARD_LEFT,
    BOARD_TOP,
    CELL,
    HIRE_BOX,
    MINI_STICK_GAP,
    MINI_STICK_WIDTH,
    PITCH,
    THROW_BOTTOM,
    THROW_TOP,
    TURN_BOX,
    hire_text,
    lauzait_board_screen,
    lauzait_scores_screen,
    lauzait_screen,
    turn_text,
)
from device.screens import game_pages, screen_for
from device.screens.fonts import BIG, BODY, SMALL
from device.screens.render import Box, draw_text, largest_size, render
from device.screens.score_rows import ROWS_TOP
from engines.base import Game

NAMES = ["Alice", "Bob", "Chloé"]
PAGES = (lauzait_screen, lauzait_board_screen, lauzait_scores_screen)
WATER = ([0, 2], [1, 2], [3, 2], [4, 2], [2, 0], [2, 1], [2, 3], [2, 4])


def status(phase: str = "playing") -> dict[str, Any]:
    return {
        "phase": phase,
        "game": "lauzait",
        "title": "Lauzait Cep",
        "players": 3,
        "room": "KQZX",
        "seats": [{"seat": s, "name": NAMES[s], "taken": True} for s in range(3)],
        "host": 0,
        "version": 3,
    }


def game(seed: int = 11) -> Game:
    return engines.new("lauzait", 3, seed=seed)


def hire(played: Game, *, into_water: bool) -> list[dict[str, Any]]:
    seat = played.to_act[0]
    action = next(
        a
        for a in played.legal_actions(seat)
        if a["type"] == "hire" and (a["to"] in WATER) == into_water
    )
    return played.apply(seat, action)


def crop(image: Image.Image, box: Box) -> bytes:
    left, top, right, bottom = box
    return image.crop((left, top, right + 1, bottom + 1)).tobytes()


def text_alone(text: str, size: int, box: Box) -> Image.Image:
    return render(lambda d: draw_text(d, text, size, box))


def lit(image: Image.Image, box: Box) -> float:
    region = image.crop((box[0], box[1], box[2] + 1, box[3] + 1)).convert("L")
    dark = region.histogram()[0]
    return 1 - dark / (region.width * region.height)


def test_the_pages_are_registered_and_cycle_with_the_b_button() -> None:
    assert game_pages("lauzait") == PAGES
    view = game().view(None)
    for page, screen in enumerate(PAGES):
        shown = screen_for(view, status(), "HTTP://X/J/KQZX", page=page)
        assert shown.tobytes() == screen(view, status()).tobytes()
    assert (
        screen_for(view, status(), "", page=3).tobytes() == lauzait_screen(view, status()).tobytes()
    )


def test_the_table_page_says_whose_turn_it_is() -> None:
    played = game()
    view = played.view(None)
    headline = f"{NAMES[view['turn']]} to play"
    assert turn_text(view, status()) == headline
    size = largest_size(headline, TURN_BOX[2] - TURN_BOX[0] + 1, (BIG, BODY))
    image = lauzait_screen(view, status())
    assert crop(image, TURN_BOX) == crop(text_alone(headline, size, TURN_BOX), TURN_BOX)


def test_the_table_page_shows_the_last_hire() -> None:
    played = game()
    view = played.view(None)
    assert hire_text(view, status()) == f"{NAMES[view['start_player']]} started the season"
    [hired] = hire(played, into_water=False)
    view = played.view(None)
    expected = f"{NAMES[hired['seat']]}: {hired['discard']} for {hired['took']}"
    assert hire_text(view, status()) == expected
    image = lauzait_screen(view, status())
    assert crop(image, HIRE_BOX) == crop(text_alone(expected, SMALL, HIRE_BOX), HIRE_BOX)


def test_the_table_page_draws_the_last_throw_stick_by_stick() -> None:
    played = game()
    events = hire(played, into_water=True)
    thrown = next(e for e in events if e["type"] == "sticks")
    image = lauzait_screen(played.view(None), status())
    for index, face in enumerate(thrown["sticks"]):
        left = 2 + index * (MINI_STICK_WIDTH + MINI_STICK_GAP)
        inside = (left + 1, THROW_TOP + 2, left + MINI_STICK_WIDTH - 2, THROW_BOTTOM - 2)
        assert lit(image, inside) == (1.0 if face else 0.0)
    # A mover taken from the water reads as what was taken.
    hired = next(e for e in events if e["type"] == "hired")
    assert hire_text(played.view(None), status()).endswith(f"for {hired['took']}")


def square_box(row: int, col: int) -> Box:
    left, top = BOARD_LEFT + col * PITCH, BOARD_TOP + row * PITCH
    return (left, top, left + CELL - 1, top + CELL - 1)


def test_the_board_page_shows_every_square_as_the_table_sees_it() -> None:
    view = game().view(None)
    image = lauzait_board_screen(view, status())
    for row in range(5):
        for col in range(5):
            piece = view["board"][row][col]
            share = lit(image, square_box(row, col))
            if piece is None:
                assert share < 0.15  # empty (the mountain's peak at most)
            elif piece.startswith("W"):
                assert share > 0.6  # white pieces are drawn inverted
            else:
                assert 0.03 < share < 0.6  # a green number, or a wild's J in a frame
    # The water: a dotted frame in the gap above each water square.
    for row, col in WATER:
        left, top, right, _ = square_box(row, col)
        assert lit(image, (left, top - 1, right, top - 1)) > 0.3
    # The mountain's peak, in its lower right corner.
    left, top, right, bottom = square_box(2, 2)
    assert image.getpixel((right, bottom)) != 0


def test_the_board_page_follows_a_hire() -> None:
    played = game()
    before = lauzait_board_screen(played.view(None), status())
    hire(played, into_water=False)
    after = lauzait_board_screen(played.view(None), status())
    assert before.tobytes() != after.tobytes()


def test_the_scores_page_marks_each_revealed_department() -> None:
    played = game(seed=3)
    view = played.view(None)
    plain = lauzait_scores_screen(view, status())
    shown = copy.deepcopy(view)
    shown["departments"][1] = [
        {"pieces": ["G1", "G2", "G3"], "roles": ["G1", "G2", "G3"], "bonus": 1}
    ]
    shown["scores"] = [0, 1, 0]
    marked = lauzait_scores_screen(shown, status())
    assert plain.tobytes() != marked.tobytes()
    height = (64 - ROWS_TOP) // 3
    rows = [(ROWS_TOP + seat * height, ROWS_TOP + (seat + 1) * height - 1) for seat in range(3)]
    # Only Bob's row changed: his mark and his score.
    for seat, (top, bottom) in enumerate(rows):
        same = crop(plain, (0, top, 127, bottom)) == crop(marked, (0, top, 127, bottom))
        assert same == (seat != 1)


@pytest.mark.parametrize("screen", PAGES)
def test_screens_never_read_a_hand_or_the_stock(screen: Any) -> None:
    played = game()
    hire(played, into_water=True)
    view = played.view(None)
    with_secrets = {**view, "hand": ["G1"] * 9, "concealed": ["W9"] * 9, "stock": ["J"] * 8}
    assert screen(view, status()).tobytes() == screen(with_secrets, status()).tobytes()
    with pytest.raises(ValueError):
        screen(played.view(0), status())


def test_a_finished_game_shows_the_result_first_then_the_pages() -> None:
    played = game()
    played.apply(played.to_act[0], {"type": "end_game"})
    view = played.view(None)
    assert turn_text(view, status("over")) == "Game over"
    assert (
        screen_for(view, status("over"), "", page=1).tobytes()
        == lauzait_screen(view, status("over")).tobytes()
    )
