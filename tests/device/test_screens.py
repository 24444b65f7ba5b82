"""OLED screens: rendered on luma's dummy device, checked by their pixels."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import qrcode
from luma.core.device import dummy
from PIL import Image, ImageChops

from device.games.cena.screens import (
    CARD_BOTTOM,
    CARD_TOP,
    LABEL_BOTTOM,
    LABEL_TOP,
    card_box,
    cena_scores_screen,
    cena_screen,
    seat_columns,
)
from device.screens import game_pages, screen_for
from device.screens.fonts import BIG, BODY, HUGE, SMALL, printable
from device.screens.lobby import QR_LEFT, join_qr, lobby_screen, qr_top
from device.screens.menu import (
    ITEM_HEIGHT,
    ITEM_RIGHT,
    ITEM_TOP,
    VISIBLE_ITEMS,
    first_visible,
    menu_screen,
)
from device.screens.message import idle_screen, message_screen
from device.screens.render import (
    ELLIPSIS,
    TITLE_BAR_HEIGHT,
    Box,
    draw_text,
    render,
    seat_name,
    text_width,
    truncate,
    wrap,
)
from device.screens.result import result_screen, winners_text
from device.screens.seal import seal_screen

JOIN_URL = "HTTP://192.168.1.20:8000/J/KQZX"  # upper case: the QR's compact alphanumeric mode
NAMES = ["Alice", "Bob", "Chloé", "Dan", "Eve"]
OBJECTIVE = {"penalty": 10, "number": 6, "text": "-10 per card numbered 6"}
LONG_NAME = "Maximilian-Alexander von Habsburg the Third"


# -- example data, per docs/architecture.md ------------------------------------------


def make_status(phase: str = "playing", players: int = 4, taken: int | None = None) -> dict:
    taken = players if taken is None else taken
    return {
        "phase": phase,
        "game": "cena",
        "title": "Céna",
        "players": players,
        "options": {},
        "room": "KQZX",
        "seats": [
            {"seat": s, "name": NAMES[s] if s < taken else f"Seat {s + 1}", "taken": s < taken}
            for s in range(players)
        ],
        "host": 0,
        "version": 5,
    }


def play_view(players: int = 4, cards: list[dict] | None = None, turn: int = 2) -> dict:
    cards = [] if cards is None else cards
    return {
        "game": "cena",
        "players": players,
        "seat": None,
        "phase": "play",
        "simplified": False,
        "deal": 2,
        "deals": 3,
        "host": 0,
        "objective": OBJECTIVE,
        "to_act": [turn],
        "hand_sizes": [6] * players,
        "ready": [True] * players,
        "public": [["W7", "A3"] for _ in range(players)],
        "trick": {
            "number": 5,
            "leader": 1,
            "lead_suit": cards[0]["card"][0] if cards else None,
            "turn": turn,
            "cards": cards,
        },
        "last_trick": None,
        "alliances": [{"seats": [k, (k + 1) % players], "won": 2} for k in range(players)],
        "scores": [12, -3, 7, 20, 5][:players],
        "deal_scores": [
            {"deal": 1, "objective": OBJECTIVE, "alliances": [1] * players, "seats": [2] * players}
        ],
        "winners": [],
    }


def reveal_view(ready: list[bool]) -> dict:
    view = play_view(players=len(ready))
    view.update(phase="reveal", ready=ready, public=[[] for _ in ready])
    view["to_act"] = [s for s, is_ready in enumerate(ready) if not is_ready]
    view["trick"].update(turn=None, cards=[])
    return view


def over_view(winners: list[int], scores: list[int]) -> dict:
    view = play_view(players=len(scores))
    view.update(phase="over", winners=winners, scores=scores, to_act=[])
    view["trick"].update(turn=None, cards=[])
    return view


LAST_TRICK = {
    "cards": [],
    "lead_suit": "W",
    "alliance": 2,
    "seats": [2, 3],
    "suit": "W",
    "number": 9,
}


# -- pixel helpers ---------------------------------------------------------------------


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def lit(image: Image.Image, box: Box) -> float:
    """Share of lit pixels in an inclusive (left, top, right, bottom) box."""
    left, top, right, bottom = box
    region = image.crop((left, top, right + 1, bottom + 1))
    return region.histogram()[255] / (region.width * region.height)


def changed_box(a: Image.Image, b: Image.Image) -> Box | None:
    """Inclusive box around every pixel that differs, None if the images are equal."""
    found = ImageChops.difference(a, b).getbbox()
    return None if found is None else (found[0], found[1], found[2] - 1, found[3] - 1)


def inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def every_screen() -> dict[str, Image.Image]:
    four = [{"card": "W10", "by": 1, "to": 1}, {"card": "W4", "by": 2, "to": 0}]
    return {
        "menu": menu_screen("Choose a game", ["Céna", "Chanoyu", "Lauzait", "Sarena"], 1),
        "lobby": lobby_screen(make_status("lobby", taken=2), JOIN_URL),
        "lobby, long url": lobby_screen(make_status("lobby"), "http://" + "x" * 120 + "/j/KQZX"),
        "cena reveal": cena_screen(reveal_view([True, False, True, False]), make_status()),
        "cena play": cena_screen(play_view(cards=four, turn=3), make_status()),
        "cena play, 3 seats": cena_screen(play_view(3, four[:1], 2), make_status(players=3)),
        "cena play, 5 seats": cena_screen(play_view(5, four, 2), make_status(players=5)),
        "cena scores": cena_scores_screen(play_view(), make_status()),
        "cena scores, 5 seats": cena_scores_screen(play_view(5), make_status(players=5)),
        "result": result_screen(over_view([3], [25, 9, 14, 31]), make_status("over")),
        "message": message_screen("Display", ["OLED not found on I2C bus 1"]),
        "idle": idle_screen("http://192.168.1.20:8000"),
    }


# -- every screen ----------------------------------------------------------------------


@pytest.mark.parametrize("name,image", list(every_screen().items()))
def test_every_screen_is_an_oled_frame_with_something_drawn(name: str, image: Image.Image):
    assert image.size == (128, 64)
    assert image.mode == "1"
    assert image.getbbox() is not None, f"{name} is blank"
    assert lit(image, (0, 0, 127, 63)) < 0.9, f"{name} is all lit"


def test_render_draws_through_luma_on_the_device_given_and_returns_a_copy():
    device = dummy(width=128, height=64, mode="1")
    image = render(lambda d: d.rectangle((10, 10, 20, 20), fill="white"), device)
    assert same(image, device.image)
    assert lit(image, (10, 10, 20, 20)) == 1.0
    image.putpixel((10, 10), 0)
    assert device.image.getpixel((10, 10)), "the device's frame must not be the returned image"


# -- text helpers ----------------------------------------------------------------------


def test_printable_folds_accents_and_replaces_what_the_font_cannot_draw():
    assert printable("Céna") == "Cena"
    assert printable("Zoë Ångström") == "Zoe Angstrom"
    assert printable("茶の湯") == "茶の湯"  # drawn with Unifont (fonts.wide_font)
    assert printable("ＡＢ") == "AB"  # full-width Latin: the plain letters
    assert printable("a\ue000b") == "a?b"  # private use: no font here has it


@pytest.mark.parametrize("size", [SMALL, BODY, BIG, HUGE])
def test_truncate_cuts_long_text_to_the_width_with_an_ellipsis(size: int):
    cut = truncate(LONG_NAME, size, 60)
    assert cut.endswith(ELLIPSIS)
    assert text_width(cut, size) <= 60
    assert LONG_NAME.startswith(cut[:-1].rstrip())
    assert truncate("Bob", size, 60) == "Bob"


@pytest.mark.parametrize("align", ["left", "centre", "right"])
@pytest.mark.parametrize("text", ["Bob", LONG_NAME, "W10"])
def test_draw_text_keeps_every_pixel_inside_its_box(align: Any, text: str):
    box = (30, 20, 70, 35)
    image = render(lambda d: draw_text(d, text, BIG, box, align))
    drawn = changed_box(image, Image.new("1", (128, 64)))
    assert drawn is not None and inside(drawn, box)


def test_wrap_breaks_at_spaces_and_inside_words_that_are_too_long():
    lines = wrap("HTTP://192.168.1.20:8000/J/KQZX and more", SMALL, 50)
    assert all(text_width(line, SMALL) <= 50 for line in lines)
    assert "".join(lines).replace(" ", "") == "HTTP://192.168.1.20:8000/J/KQZXandmore"
    sentence = "Check the wiring of the display then restart the box"
    lines = wrap(sentence, BODY, 70)
    assert len(lines) > 1 and all(text_width(line, BODY) <= 70 for line in lines)
    assert " ".join(lines) == sentence, "words are kept whole where they fit"


def test_seat_name_falls_back_to_a_seat_number_counted_from_one():
    status = make_status(taken=1)
    status["seats"][1]["name"] = None
    assert seat_name(status, 0) == "Alice"
    assert seat_name(status, 1) == "Seat 2"


# -- menu ------------------------------------------------------------------------------


def row_box(row: int) -> Box:
    top = ITEM_TOP + row * ITEM_HEIGHT
    return (0, top, ITEM_RIGHT, top + ITEM_HEIGHT - 1)


def test_menu_inverts_the_selected_item_only():
    image = menu_screen("Players", ["3 players", "4 players", "5 players"], 1)
    assert lit(image, row_box(1)) > 0.6
    assert lit(image, row_box(0)) < 0.4
    assert lit(image, row_box(2)) < 0.4


def test_menu_scrolls_to_keep_the_selection_in_view():
    items = [f"Game {n}" for n in range(8)]
    assert first_visible(len(items), 0) == 0
    assert first_visible(len(items), 4) == 3
    assert first_visible(len(items), 7) == len(items) - VISIBLE_ITEMS
    last = menu_screen("Games", items, 7)
    assert lit(last, row_box(VISIBLE_ITEMS - 1)) > 0.6
    assert not same(last, menu_screen("Games", items, 6))
    arrows = (ITEM_RIGHT + 1, ITEM_TOP, 127, ITEM_TOP + VISIBLE_ITEMS * ITEM_HEIGHT - 1)
    top_half = (arrows[0], arrows[1], arrows[2], arrows[1] + ITEM_HEIGHT)
    bottom_half = (arrows[0], arrows[3] - ITEM_HEIGHT, arrows[2], arrows[3])
    assert lit(last, top_half) > 0, "more items above: an up arrow"
    assert lit(last, bottom_half) == 0, "nothing below: no down arrow"
    first = menu_screen("Games", items, 0)
    assert lit(first, top_half) == 0
    assert lit(first, bottom_half) > 0


def test_menu_shows_its_items_and_survives_long_ones():
    plain = menu_screen("Games", ["Cena", "Sarena"], 0)
    assert not same(plain, menu_screen("Games", ["Cena", "Lauzait"], 0))
    long = menu_screen(LONG_NAME, [LONG_NAME, "Sarena"], 0)
    assert lit(long, row_box(0)) > 0.5


def test_menu_refuses_a_selection_outside_the_list():
    with pytest.raises(ValueError):
        menu_screen("Games", ["Cena"], 1)
    with pytest.raises(ValueError):
        menu_screen("Games", [], 0)


# -- lobby -----------------------------------------------------------------------------


def expected_qr(url: str) -> list[list[bool]]:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, box_size=2, border=2)
    code.add_data(url)
    code.make(fit=True)
    matrix: list[list[bool]] = code.get_matrix()
    return matrix


def test_lobby_qr_is_the_qrcode_matrix_two_pixels_a_module_dark_on_lit():
    matrix = expected_qr(JOIN_URL)
    assert len(matrix) * 2 == 58, "a ~30-character upper-case URL fits version 2"
    image = lobby_screen(make_status("lobby"), JOIN_URL)
    top = qr_top(len(matrix))
    for y in range(len(matrix) * 2):
        for x in range(len(matrix) * 2):
            dark = matrix[y // 2][x // 2]
            assert bool(image.getpixel((QR_LEFT + x, top + y))) is not dark, (x, y)


def test_lobby_shows_the_url_as_text_when_its_qr_would_be_too_big():
    long_url = "http://tablemate-in-the-kitchen.example.org:8000/j/KQZX?source=box"
    assert join_qr(long_url) is None
    image = lobby_screen(make_status("lobby"), long_url)
    left = (0, 0, 60, 63)
    assert 0 < lit(image, left) < 0.35, "sparse text, not a lit QR square"
    other = lobby_screen(make_status("lobby"), long_url.replace("kitchen", "garden"))
    assert not same(image, other)


def test_lobby_seats_and_room_change_only_the_right_panel():
    two = lobby_screen(make_status("lobby", taken=2), JOIN_URL)
    three = lobby_screen(make_status("lobby", taken=3), JOIN_URL)
    changed = changed_box(two, three)
    assert changed is not None and changed[0] >= 64
    other_room = make_status("lobby", taken=2)
    other_room["room"] = "WXYZ"
    assert not same(two, lobby_screen(other_room, JOIN_URL))


# -- cena ------------------------------------------------------------------------------


def label_box(players: int, seat: int) -> Box:
    _, left, right = seat_columns(players)[seat]
    return (left, LABEL_TOP, right - 1, LABEL_BOTTOM)


def test_cena_play_lays_each_card_before_the_seat_it_was_played_to():
    # Seat 1 played its card in front of seat 3: the card lies in seat 3's column.
    image = cena_screen(play_view(cards=[{"card": "W7", "by": 1, "to": 3}], turn=2), make_status())
    for seat, left, right in seat_columns(4):
        share = lit(image, card_box(left, right))
        if seat == 3:
            assert share > 0.5, "a played card is an inverted box"
        else:
            assert share < 0.25, "an empty place is only an outline"


def test_cena_play_card_boxes_fit_five_seats():
    cards = [{"card": "M10", "by": s, "to": s} for s in range(4)]
    image = cena_screen(play_view(5, cards, turn=4), make_status(players=5))
    boxes = [card_box(left, right) for _, left, right in seat_columns(5)]
    assert all(lit(image, box) > 0.5 for box in boxes[:4])
    assert boxes[-1][2] <= 127


def test_cena_play_shows_whose_turn_it_is():
    view = play_view(turn=1)
    image = cena_screen(view, make_status())
    assert not same(image, cena_screen(play_view(turn=2), make_status()))
    assert lit(image, label_box(4, 1)) > 0.5, "the seat to play has an inverted label"
    assert lit(image, label_box(4, 2)) < 0.4


def test_cena_play_keeps_a_long_name_inside_its_own_column():
    cards = [{"card": "W7", "by": 1, "to": 3}]
    short = cena_screen(play_view(cards=cards, turn=2), make_status())
    status = make_status()
    status["seats"][0]["name"] = LONG_NAME
    long = cena_screen(play_view(cards=cards, turn=2), status)
    changed = changed_box(short, long)
    assert changed is not None and inside(changed, label_box(4, 0))


def test_cena_play_survives_a_long_name_in_the_headline():
    status = make_status()
    status["seats"][2]["name"] = LONG_NAME
    image = cena_screen(play_view(turn=2), status)
    assert not same(image, cena_screen(play_view(turn=2), make_status()))


def test_cena_play_shows_the_last_trick_only_while_the_table_is_empty():
    empty, with_last = play_view(turn=1), play_view(turn=1)
    with_last["last_trick"] = LAST_TRICK
    assert not same(cena_screen(empty, make_status()), cena_screen(with_last, make_status()))
    changed = changed_box(cena_screen(empty, make_status()), cena_screen(with_last, make_status()))
    assert changed is not None and changed[1] >= CARD_TOP and changed[3] <= CARD_BOTTOM
    cards = [{"card": "W7", "by": 1, "to": 1}]
    playing, playing_after = play_view(cards=cards), play_view(cards=cards)
    playing_after["last_trick"] = LAST_TRICK
    assert same(cena_screen(playing, make_status()), cena_screen(playing_after, make_status()))


def test_cena_play_shows_the_lead_suit_and_trick_number_in_the_title_bar():
    def title_bar(view: dict) -> Image.Image:
        return cena_screen(view, make_status()).crop((0, 0, 128, TITLE_BAR_HEIGHT))

    led_w = title_bar(play_view(cards=[{"card": "W7", "by": 1, "to": 1}]))
    led_c = title_bar(play_view(cards=[{"card": "C7", "by": 1, "to": 1}]))
    assert not same(led_w, led_c)
    later = play_view()
    later["trick"]["number"] = 6
    assert not same(title_bar(play_view()), title_bar(later))


def test_cena_reveal_shows_who_is_ready():
    some = cena_screen(reveal_view([True, False, True, False]), make_status())
    more = cena_screen(reveal_view([True, True, True, False]), make_status())
    assert not same(some, more)
    assert lit(some, label_box(4, 1)) > 0.5, "seat 1 is still choosing: highlighted"
    assert lit(more, label_box(4, 1)) < 0.4
    assert not same(some, cena_screen(play_view(), make_status()))


def test_cena_scores_show_each_seat_and_change_with_the_scores():
    view = play_view()
    image = cena_scores_screen(view, make_status())
    view["scores"] = [12, -3, 8, 20]
    changed = changed_box(image, cena_scores_screen(view, make_status()))
    assert changed is not None and changed[0] > 64, "only the total on the right changed"
    later = play_view()
    later["deal"] = 3
    assert not same(image, cena_scores_screen(later, make_status()))


# -- result ----------------------------------------------------------------------------


def test_result_names_the_winners():
    assert winners_text([3], make_status()) == "Dan wins"
    assert winners_text([0, 2], make_status()) == "Alice & Chloé win"
    one = result_screen(over_view([3], [25, 9, 14, 31]), make_status("over"))
    tie = result_screen(over_view([0, 3], [31, 9, 14, 31]), make_status("over"))
    assert not same(one, tie)


def test_result_fits_five_long_names():
    status = make_status("over", players=5)
    for seat in status["seats"]:
        seat["name"] = f"{LONG_NAME} {seat['seat']}"
    image = result_screen(over_view([1, 4], [3, 14, -2, 9, 14]), status)
    assert image.getbbox() is not None


# -- hidden information ----------------------------------------------------------------


SECRET = {"hand": ["C1", "C2", "C3", "W10"], "chosen": ["C1", "C2", "C3"]}


@pytest.mark.parametrize(
    "view",
    [play_view(turn=1), reveal_view([True, False, False, True]), over_view([1], [1, 9, 2, 3])],
    ids=["play", "reveal", "over"],
)
def test_screens_never_read_a_hand(view: dict):
    with_secret = {**copy.deepcopy(view), **SECRET}
    status = make_status("over" if view["phase"] == "over" else "playing")
    for screen in (cena_screen, cena_scores_screen, result_screen):
        assert same(screen(view, status), screen(with_secret, status))
    for page in range(3):
        assert same(
            screen_for(view, status, JOIN_URL, page),
            screen_for(with_secret, status, JOIN_URL, page),
        )


def test_screens_refuse_a_seat_view():
    seat_view = {**play_view(), "seat": 2, **SECRET}
    for screen in (cena_screen, cena_scores_screen, result_screen):
        with pytest.raises(ValueError):
            screen(seat_view, make_status())
    with pytest.raises(ValueError):
        screen_for(seat_view, make_status(), JOIN_URL)


# -- messages --------------------------------------------------------------------------


def test_message_wraps_long_lines_and_cuts_what_does_not_fit():
    long = message_screen("Display", ["word " * 60])
    short = message_screen("Display", ["word"])
    assert lit(long, (0, 14, 127, 63)) > lit(short, (0, 14, 127, 63))
    assert not same(message_screen("Display", ["LEDs not found"]), short)


def test_idle_shows_the_address_to_open():
    one = idle_screen("http://192.168.1.20:8000")
    other = idle_screen("http://192.168.1.21:8000")
    assert not same(one, other)
    assert idle_screen("http://" + "tablemate." * 20 + "local:8000").getbbox() is not None


# -- choosing the screen ---------------------------------------------------------------


def test_screen_for_follows_the_table_phase():
    assert same(screen_for(None, make_status("idle"), JOIN_URL), idle_screen(JOIN_URL))
    lobby = make_status("lobby", taken=1)
    assert same(screen_for(None, lobby, JOIN_URL), lobby_screen(lobby, JOIN_URL))
    status, view = make_status(), play_view()
    assert same(screen_for(view, status, JOIN_URL, 0), cena_screen(view, status))
    assert same(screen_for(view, status, JOIN_URL, 1), cena_scores_screen(view, status))
    assert same(screen_for(view, status, JOIN_URL, 2), cena_screen(view, status)), "pages wrap"
    over, ended = make_status("over"), over_view([3], [25, 9, 14, 31])
    assert same(screen_for(ended, over, JOIN_URL), result_screen(ended, over))
    assert same(screen_for(ended, over, JOIN_URL, 2), cena_scores_screen(ended, over))


def test_a_sealed_deal_shows_its_fingerprint_one_page_after_the_games_own():
    fingerprint = {"short": "91A8 B37F 6CCC", "commitment": "91a8b37f6ccc" + "0" * 52}
    status, view = {**make_status(), "fingerprint": fingerprint}, play_view()
    seal = screen_for(view, status, JOIN_URL, 2)
    assert same(seal, seal_screen(view, status))
    assert not same(
        seal,
        seal_screen(view, {**status, "fingerprint": {**fingerprint, "short": "0000 0000 0000"}}),
    )
    assert same(screen_for(view, status, JOIN_URL, 3), cena_screen(view, status)), "pages wrap"
    over, ended = (
        {**make_status("over"), "fingerprint": fingerprint},
        over_view([3], [25, 9, 14, 31]),
    )
    assert same(screen_for(ended, over, JOIN_URL, 3), seal_screen(ended, over))
    # A game saved before deals were sealed has no such page.
    assert same(screen_for(view, make_status(), JOIN_URL, 2), cena_screen(view, status))


def test_screen_for_needs_the_view_once_a_game_runs():
    with pytest.raises(ValueError):
        screen_for(None, make_status("playing"), JOIN_URL)


def test_screen_for_a_game_without_its_own_screens_shows_whose_turn():
    # "solitaire": no such engine, it stands for any game without screens of its own
    assert game_pages("solitaire")[0].__name__ == "_turn_screen"
    status = {**make_status(), "game": "solitaire", "title": "Solitaire"}
    view = {
        "game": "solitaire",
        "players": 4,
        "seat": None,
        "phase": "play",
        "to_act": [1],
        "scores": [0, 0, 0, 0],
        "winners": [],
    }
    image = screen_for(view, status, JOIN_URL)
    assert same(image, message_screen("Solitaire", ["Turn: Bob"]))


def test_idle_shows_the_box_name_above_its_address() -> None:
    named = idle_screen("http://192.168.1.20:8000", "en", "tablemate.local")
    assert not same(named, idle_screen("http://192.168.1.20:8000", "en"))
    assert named.getbbox() is not None
