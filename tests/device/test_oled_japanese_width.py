"""The OLED in Japanese (issue 26): every fixed word fits its place at worst-case
numbers, so only a player's long name is ever cut, and an abbreviation is used only
where the spelled-out words would not fit (measured with render.text_width)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import engines
from device.box.menus import game_menu
from device.i18n import N_, say, words
from device.screens import render
from device.screens.fonts import SMALL, printable
from device.screens.menu import menu_screen
from device.screens.message import message_screen
from device.screens.render import WIDTH, text_width
from device.screens.takeback import take_back_screen

NAMES = ["花子", "たろう", "Ann", "山田 健一郎"]
TITLE_WIDTH = WIDTH - 4  # render.title_bar: 2 px each side
GAP = 6  # title_bar's space between the title and its right-hand text
JA = words("ja")


def status() -> dict[str, Any]:
    seats = [{"seat": seat, "name": name, "taken": True} for seat, name in enumerate(NAMES)]
    return {"phase": "playing", "players": 4, "seats": seats, "host": 0, "language": "ja"}


@pytest.fixture
def cut(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text render.draw_text had to cut, as it was given."""
    found: list[str] = []
    real = render.truncate

    def recording(text: str, size: int, width: int, ellipsis: str = render.ELLIPSIS) -> str:
        shown = real(text, size, width, ellipsis)
        if shown != printable(text):
            found.append(text)
        return shown

    monkeypatch.setattr(render, "truncate", recording)
    return found


def game_frames() -> Iterator[tuple[str, Image.Image]]:
    for name in engines.names():
        try:
            module = importlib.import_module(f"device.games.{name}.examples")
        except ModuleNotFoundError:
            continue
        yield from module.frames({**status(), "game": name})


def test_no_fixed_japanese_word_is_cut_on_any_game_page(cut: list[str]) -> None:
    drawn = list(game_frames())
    assert drawn
    fixed = [text for text in cut if not any(name in text for name in NAMES)]
    assert not fixed, f"cut on the OLED: {fixed}"


def test_the_box_s_own_japanese_screens_fit(cut: list[str]) -> None:
    asking = {"seat": 1, "steps": 12, "agreed": [0], "waiting": [2]}
    take_back_screen(asking, status())
    menu = game_menu(secret_colours=True)
    menu_screen(say(menu.title, "ja"), [say(label, "ja") for label in menu.labels], 0, lang="ja")
    for title in ("Box Wi-Fi", "Box Wi-Fi failed", "Start box Wi-Fi?", "Saved game kept"):
        message_screen(say(N_(title), "ja"), [say(N_("Off: choose Start first"), "ja")])
    message_screen(
        JA.gettext("Free a seat?"), [JA.gettext("The host asks to free seat {number}", number=4)]
    )
    fixed = [text for text in cut if not any(name in text for name in NAMES)]
    assert not fixed, f"cut on the OLED: {fixed}"


# An abbreviation in a Japanese title bar, the words it stands for, and the right-hand
# text beside it, at the widest numbers a game reaches.
ABBREVIATED = [
    (
        "Deal {deal}/{deals}  Trick {number}",
        "ディール{deal}/{deals} トリック{number}",
        {"deal": 3, "deals": 3, "number": 12},
        "リード♠",
    ),
    # Chanoyu's rounds rarely pass 9 (a player reaches 15 first)
    (
        "R{round} Trick {number}/{of}",
        "ラウンド{round} トリック{number}/{of}",
        {"round": 9, "number": 10, "of": 10},
        "リード♠",
    ),
    ("Scores R{round}", "得点 ラウンド{round}", {"round": 12}, "亭主 たろう"),
]


@pytest.mark.parametrize(("msgid", "spelled", "params", "right"), ABBREVIATED)
def test_an_oled_abbreviation_is_there_only_because_the_words_do_not_fit(
    msgid: str, spelled: str, params: dict[str, int], right: str
) -> None:
    room = TITLE_WIDTH - text_width(right, SMALL) - GAP
    short = JA.gettext(msgid, **params)
    assert short != msgid.format(**params), "translated"
    assert text_width(short, SMALL) <= room, short
    assert text_width(spelled.format(**params), SMALL) > room, (
        f"{spelled!r} fits: spell it out instead of {short!r}"
    )
