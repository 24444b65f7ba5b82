"""Sàrénà and secret-colour OLED screens, rendered on luma's dummy device and read by pixel."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image, ImageChops

import engines
from device.games.sarena.screens import (
    MAP_CELL,
    MAP_TOP,
    moves_text,
    sarena_board_screen,
    sarena_screen,
    square_name,
)
from device.screens import game_pages, screen_for
from device.screens.colours import colour_screen, pass_screen, reveal_screen
from device.screens.message import message_screen
from device.screens.result import result_screen

NAMES = ["Alice", "Bob", "Chloé", "Dan"]
JOIN_URL = "HTTP://192.168.1.20:8000/J/KQZX"


def status(phase: str = "playing", players: int = 3) -> dict[str, Any]:
    return {
        "phase": phase,
        "game": "sarena",
        "title": "Sàrénà",
        "players": players,
        "room": "KQZX",
        "seats": [{"seat": s, "name": NAMES[s], "taken": True} for s in range(players)],
        "host": 0,
        "version": 4,
    }


def game(colours: list[str], moves: int, seed: int = 5) -> engines.Game:
    """A seeded game with the given secret colours, `moves` random moves in."""
    played = engines.new(
        "sarena", len(colours), seed=seed, options={"colours": dict(enumerate(colours))}
    )
    rng = random.Random(seed)
    for _ in range(moves):
        if played.finished:
            break
        seat = played.to_act[0]
        played.apply(seat, rng.choice(played.legal_actions(seat)))
    return played


def finished(colours: list[str], seed: int = 5) -> engines.Game:
    return game(colours, 200, seed)


def empty_board() -> list[list[list[str]]]:
    return [[[] for _ in range(6)] for _ in range(6)]


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def lit(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels are lit inside box (left, top, right, bottom, inclusive)."""
    left, top, right, bottom = box
    region = image.crop((left, top, right + 1, bottom + 1)).convert("L")
    return region.width * region.height - region.histogram()[0]


def every_screen() -> dict[str, Image.Image]:
    playing, over = game(["R", "B", "G"], 10), finished(["R", "B", "G"])
    return {
        "play": sarena_screen(playing.view(None), status()),
        "start": sarena_screen(game(["R", "B", "G"], 0).view(None), status()),
        "board": sarena_board_screen(playing.view(None), status()),
        "over": sarena_screen(over.view(None), status("over")),
        "pass": pass_screen("Chloé", 2, 4),
        "colour": colour_screen("Chloé", "Y"),
        "reveal": reveal_screen(["Alice", "Bob"], ["G", "R"]),
    }


@pytest.mark.parametrize(("name", "image"), list(every_screen().items()))
def test_every_screen_is_an_oled_frame_with_something_drawn(name: str, image: Image.Image) -> None:
    assert image.size == (128, 64) and image.mode == "1"
    assert image.getbbox() is not None, f"{name} is blank"


# --- the game --------------------------------------------------------------------------------


def test_play_shows_whose_move_it_is_and_the_moves_left() -> None:
    played = game(["R", "B", "G"], 7)
    view = played.view(None)
    image = sarena_screen(view, status())
    other_turn = {**view, "turn": (view["turn"] + 1) % 3}
    assert not same(image, sarena_screen(other_turn, status()))
    fewer = {**view, "legal_moves": view["legal_moves"] - 1}
    assert not same(image, sarena_screen(fewer, status()))
    assert moves_text(1) == "1 move left" and moves_text(12) == "12 moves left"


def test_play_names_the_last_move_and_before_it_who_went_first() -> None:
    view = game(["R", "B", "G"], 3).view(None)
    assert view["last_move"] is not None
    moved = sarena_screen(view, status())
    other = {
        **view,
        "last_move": {**view["last_move"], "flipped": not view["last_move"]["flipped"]},
    }
    assert not same(moved, sarena_screen(other, status()))
    start = game(["R", "B", "G"], 0).view(None)
    first = {**start, "first": (start["first"] + 1) % 3}
    assert not same(sarena_screen(start, status()), sarena_screen(first, status()))
    assert square_name([1, 3]) == "B4"


def test_no_play_screen_depends_on_the_secret_colours() -> None:
    """The same game with other secret colours draws the very same frames."""
    for moves in (0, 5, 12):
        one = game(["R", "B", "G"], moves).view(None)
        other = game(["Y", "G", "R"], moves).view(None)
        for page in range(len(game_pages("sarena"))):
            assert same(
                screen_for(one, status(), JOIN_URL, page),
                screen_for(other, status(), JOIN_URL, page),
            )


def test_screens_refuse_a_seat_view() -> None:
    seat_view = game(["R", "B", "G"], 2).view(1)
    for screen in (sarena_screen, sarena_board_screen):
        with pytest.raises(ValueError):
            screen(seat_view, status())


def test_the_end_reveals_each_colour_and_marks_the_winner() -> None:
    over = finished(["R", "B", "G"])
    view = over.view(None)
    assert view["phase"] == "over"
    image = sarena_screen(view, status("over"))
    swapped = {**view, "colours": ["G", "B", "R"]}
    assert not same(image, sarena_screen(swapped, status("over")))
    row_top = 13  # the first row, under the title bar
    for seat in range(3):
        top = row_top + seat * 12
        inverted = lit(image, (0, top, 127, top + 11)) > 12 * 128 // 2
        assert inverted == (seat in view["winners"]), seat


def test_a_tie_on_chips_shows_the_tie_break() -> None:
    view = finished(["R", "B"]).view(None)
    tied = {**view, "scores": [7, 7], "tiebreak": [3, 5], "winners": [1]}
    clear = {**tied, "scores": [8, 7], "winners": [0]}
    assert not same(sarena_screen(tied, status("over", 2)), sarena_screen(clear, status("over", 2)))


def test_the_board_map_grows_with_a_pile() -> None:
    board = empty_board()
    board[2][3] = ["R/B"]
    one = engines.new("sarena", 2, seed=1, options={"board": board}).view(None)
    board[2][3] = ["R/B", "G/Y", "B/Y", "Y/R"]
    four = engines.new("sarena", 2, seed=1, options={"board": board}).view(None)
    x, y = 2 + 3 * MAP_CELL, MAP_TOP + 2 * MAP_CELL
    cell = (x, y, x + MAP_CELL - 1, y + MAP_CELL - 1)
    small = lit(sarena_board_screen(one, status(players=2)), cell)
    big = lit(sarena_board_screen(four, status(players=2)), cell)
    assert 0 < small < big


def test_the_board_map_tells_empty_arrow_circles_from_plain_ones() -> None:
    board = empty_board()
    board[5][5] = ["R/B"]
    view = engines.new("sarena", 2, seed=1, options={"board": board}).view(None)
    image = sarena_board_screen(view, status(players=2))
    arrow, plain = (0, 0), (0, 1)  # (0, 0): row + col even, arrows
    boxes = [
        (
            2 + c * MAP_CELL,
            MAP_TOP + r * MAP_CELL,
            1 + (c + 1) * MAP_CELL,
            MAP_TOP - 1 + (r + 1) * MAP_CELL,
        )
        for r, c in (arrow, plain)
    ]
    assert lit(image, boxes[0]) > lit(image, boxes[1]) > 0


def test_the_board_page_counts_the_chips_under_each_top_colour() -> None:
    board = empty_board()
    board[0][1] = ["R/B", "G/Y"]
    red = engines.new("sarena", 2, seed=1, options={"board": board}).view(None)
    board[0][1] = ["G/Y", "R/B"]
    green = engines.new("sarena", 2, seed=1, options={"board": board}).view(None)
    assert not same(sarena_board_screen(red, status()), sarena_board_screen(green, status()))


def test_screen_for_shows_the_sarena_pages_then_the_result_first_once_over() -> None:
    view = game(["R", "B", "G"], 4).view(None)
    assert same(screen_for(view, status(), JOIN_URL, 0), sarena_screen(view, status()))
    assert same(screen_for(view, status(), JOIN_URL, 1), sarena_board_screen(view, status()))
    ended = finished(["R", "B", "G"]).view(None)
    over = status("over")
    assert same(screen_for(ended, over, JOIN_URL, 0), result_screen(ended, over))
    assert same(screen_for(ended, over, JOIN_URL, 1), sarena_screen(ended, over))
    assert not same(screen_for(view, status(), JOIN_URL), message_screen("Sàrénà", ["Turn: Bob"]))


# --- secret colours ---------------------------------------------------------------------------


def test_the_pass_screen_takes_no_colour_and_names_whose_turn_to_look() -> None:
    assert not same(pass_screen("Alice", 0, 3), pass_screen("Bob", 1, 3))
    assert not same(pass_screen("Alice", 0, 3), pass_screen("Alice", 0, 4))


def test_each_colour_looks_different_and_a_bad_one_is_refused() -> None:
    frames = [colour_screen("Alice", colour) for colour in "RBYG"]
    for i, one in enumerate(frames):
        for other in frames[i + 1 :]:
            assert not same(one, other)
        assert not same(one, pass_screen("Alice", 0, 4)), "a colour frame is not the pass frame"
    with pytest.raises(ValueError):
        colour_screen("Alice", "P")


def test_the_reveal_lists_everyone_and_the_colours_nobody_drew() -> None:
    three = reveal_screen(["A", "B", "C"], ["R", "B", "Y"])
    other = reveal_screen(["A", "B", "C"], ["R", "B", "G"])
    assert not same(three, other)
    four = reveal_screen(["A", "B", "C", "D"], ["R", "B", "Y", "G"])
    assert lit(four, (0, 49, 127, 63)) > 0
    with pytest.raises(ValueError):
        reveal_screen(["A", "B"], ["R"])
