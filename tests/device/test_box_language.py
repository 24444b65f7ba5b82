"""The box speaks the table's language (issue 15, items 3 and 4): the OLED's words come
from the same catalogs as the pages (device/i18n.py), every screen draws its Japanese
words with real glyphs (never "?" or boxes) inside the screen, and the table's language
is configured, changed from the box's menu and kept across a restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import engines
from device import i18n
from device.box.commands import SetLanguage
from device.box.controls import Controls
from device.box.look import PROBLEM_LINES, oled_picture, throw_label
from device.box.menus import LANGUAGE_ITEM, Menu, game_menu, language_menu
from device.config import ConfigError, load_config
from device.games.cena.screens import cena_scores_screen, cena_screen
from device.games.chanoyu.screens import (
    chanoyu_scores_screen,
    chanoyu_screen,
    chanoyu_tableaux_screen,
)
from device.games.lauzait.screens import (
    lauzait_board_screen,
    lauzait_scores_screen,
    lauzait_screen,
)
from device.games.sarena.screens import sarena_board_screen, sarena_screen
from device.i18n import N_, Nn_, Text, catalogs, say, words
from device.journal import Journal
from device.screens import screen_for
from device.screens.colours import colour_screen, pass_screen, reveal_screen
from device.screens.fonts import _wide_draws, builtin_draws, printable
from device.screens.menu import menu_screen
from device.screens.message import idle_screen
from device.screens.result import result_screen
from device.screens.seal import seal_screen
from device.screens.sticks import sticks_screen
from device.screens.takeback import take_back_screen
from device.table import Table, TableError
from tests.hardware.fakes import FakeClock

# The modules whose words the OLED draws.
MINE = ("device/screens/", "device/box", "device/colour_round.py")


def drawn_by_the_box(path: str) -> bool:
    return path.startswith(MINE) or (
        path.startswith("device/games/") and path.endswith(("/screens.py", "/__init__.py"))
    )


NAMES = ["花子", "たろう", "Ann", "山田 健一郎"]


def status(phase: str = "playing", game: str = "cena", lang: str = "ja", **extra: Any) -> dict:
    return {
        "phase": phase,
        "game": game,
        "title": engines.info(game)["title"],
        "players": 4,
        "room": "KQZX",
        "seats": [{"seat": s, "name": n, "taken": True} for s, n in enumerate(NAMES)],
        "host": 0,
        "language": lang,
        "version": 3,
        **extra,
    }


def played(game: str, steps: int, seed: int = 7, **options: Any) -> dict[str, Any]:
    """A real game's public view after `steps` legal actions."""
    played_game = engines.new(game, 4, seed=seed, options=options)
    for _ in range(steps):
        if played_game.finished:
            break
        seat = played_game.to_act[0]
        actions = played_game.legal_actions(seat)
        played_game.apply(seat, actions[len(actions) // 2])
    return played_game.view(None)


# --- the words ------------------------------------------------------------------------


def test_the_box_reads_the_same_catalogs_as_the_pages() -> None:
    assert i18n.LANGUAGES == __import__("webui.i18n", fromlist=["LANGUAGES"]).LANGUAGES
    assert words("ja").gettext("Game over") == "ゲーム終了"
    assert words("ja").gettext("{name} to play", name="花子") == "花子さんの手番"
    assert words("ja").ngettext("{count} move", "{count} moves", 3) == "3手"
    assert words("en").ngettext("{count} move", "{count} moves", 1) == "1 move"
    assert words(None).gettext("Game over") == words("xx").gettext("Game over") == "Game over"


def test_a_text_is_english_until_said_in_a_language() -> None:
    text = N_("{purpose}: {name}", purpose=N_("Water"), name="花子")
    assert text == "Water: 花子" and isinstance(text, str)
    assert text.say("ja") == "水：花子"
    assert say(text, "en") == "Water: 花子"
    assert say("Ann", "ja") == "Ann"  # data stays as it is
    plural = Nn_("{count} player", "{count} players", 3)
    assert plural == "3 players" and plural.say("ja") == "3人"
    assert plural.count("3") == 1  # still a str in every way


# --- every Japanese screen: real glyphs, inside the screen ---------------------------


def lauzait_view() -> dict[str, Any]:
    return played("lauzait", 6, seed=5, luminous=True)


SCREENS: dict[str, Callable[[str], Image.Image]] = {
    "idle": lambda lang: idle_screen("http://10.0.0.2:8000", lang),
    "lobby": lambda lang: screen_for(None, status("lobby", lang=lang), "HTTP://X/J/KQZX"),
    "cena": lambda lang: cena_screen(played("cena", 30), status(lang=lang)),
    "cena-scores": lambda lang: cena_scores_screen(played("cena", 30), status(lang=lang)),
    "chanoyu": lambda lang: chanoyu_screen(
        played("chanoyu", 40), status(game="chanoyu", lang=lang)
    ),
    "chanoyu-tableaux": lambda lang: chanoyu_tableaux_screen(
        played("chanoyu", 40), status(game="chanoyu", lang=lang)
    ),
    "chanoyu-scores": lambda lang: chanoyu_scores_screen(
        played("chanoyu", 40), status(game="chanoyu", lang=lang)
    ),
    "lauzait": lambda lang: lauzait_screen(lauzait_view(), status(game="lauzait", lang=lang)),
    "lauzait-board": lambda lang: lauzait_board_screen(
        lauzait_view(), status(game="lauzait", lang=lang)
    ),
    "lauzait-scores": lambda lang: lauzait_scores_screen(
        lauzait_view(), status(game="lauzait", lang=lang)
    ),
    "sarena": lambda lang: sarena_screen(
        played("sarena", 9, seed=12, colours={0: "R", 1: "B", 2: "Y", 3: "G"}),
        status(game="sarena", lang=lang),
    ),
    "sarena-board": lambda lang: sarena_board_screen(
        played("sarena", 9, seed=12, colours={0: "R", 1: "B", 2: "Y", 3: "G"}),
        status(game="sarena", lang=lang),
    ),
    "result": lambda lang: result_screen(
        {**played("cena", 0), "winners": [1], "scores": [3, 9, 1, 2]}, status("over", lang=lang)
    ),
    "seal": lambda lang: seal_screen(
        played("cena", 0), status(lang=lang, fingerprint={"short": "91A8 B37F 6CCC"})
    ),
    "sticks": lambda lang: sticks_screen({"sticks": [1, 0, 1, 1, 0], "count": 3}, "Ann", lang=lang),
    "take-back": lambda lang: take_back_screen(
        {"seat": 1, "steps": 2, "agreed": [], "waiting": [0, 2, 3]}, status(lang=lang)
    ),
    "colours-pass": lambda lang: pass_screen("Ann", 2, 4, lang=lang),
    "colours-held": lambda lang: colour_screen("Ann", "G", lang=lang),
    "colours-reveal": lambda lang: reveal_screen(["Ann", "Bo"], ["R", "B"], lang=lang),
    "menu": lambda lang: menu_screen(
        say(game_menu(False).title, lang),
        [say(x, lang) for x in game_menu(False).labels],
        0,
        lang=lang,
    ),
}


def wide_text_drawn(
    monkeypatch: pytest.MonkeyPatch, screen: Callable[[], Image.Image]
) -> list[str]:
    """Every line the screen drew, as handed to the font (after `printable`)."""
    from device.screens import render

    drawn: list[str] = []
    original = render._text_bitmap.__wrapped__

    def spy(line: str, size: int) -> Any:
        drawn.append(line)
        return original(line, size)

    monkeypatch.setattr(render, "_text_bitmap", spy)
    screen()
    return drawn


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_each_screen_speaks_japanese_with_real_glyphs(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    english, japanese = SCREENS[name]("en"), SCREENS[name]("ja")
    assert english.size == japanese.size == (128, 64)
    assert english.tobytes() != japanese.tobytes(), f"{name}: the same picture in both"
    lines = wide_text_drawn(monkeypatch, lambda: SCREENS[name]("ja"))
    japanese_lines = [line for line in lines if any(ord(c) > 0x3000 for c in line)]
    assert japanese_lines, f"{name}: no Japanese word drawn: {lines}"
    # Every character handed to the fonts has a glyph (a missing one would be "?").
    assert all(builtin_draws(c) or _wide_draws(c) for line in lines for c in line), lines


def test_every_japanese_word_of_the_box_is_drawable() -> None:
    """No id the box uses translates to a character the fonts lack (it would be "?")."""
    catalog = catalogs.read("ja")
    checked = 0
    for message in catalog:
        if not message.id or not any(drawn_by_the_box(p) for p, _ in message.locations):
            continue
        string = message.string
        forms = [string] if isinstance(string, str) else list(string or [""])
        for form in forms:
            assert form, f"{message.id!r} has no Japanese"
            kept = form.replace("？", "").replace("?", "")
            assert "?" not in printable(kept), f"{form!r} draws a character as ?"
            checked += 1
    assert checked > 100


# --- the table's language -------------------------------------------------------------


def test_the_config_names_the_tables_language(tmp_path: Path) -> None:
    assert load_config().language == "en"
    path = tmp_path / "tablemate.toml"
    path.write_text('[table]\nlanguage = "ja"\n')
    assert load_config(path).language == "ja"
    path.write_text('[table]\nlanguage = "fr"\n')
    with pytest.raises(ConfigError, match="language"):
        load_config(path)
    path.write_text("[table]\nlanguage = 3\n")
    with pytest.raises(ConfigError, match="language"):
        load_config(path)


def test_the_tables_language_survives_a_restart(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    table = Table(journal, language="en")
    assert table.status()["language"] == "en"
    seen: list[int] = []
    table.subscribe(seen.append)
    table.set_language("ja")
    assert table.status()["language"] == "ja" and seen, "screens hear of the change"
    with pytest.raises(TableError) as refused:
        table.set_language("fr")
    assert refused.value.code == "unknown_language"
    journal.close()
    again = Journal(tmp_path / "j.sqlite3")
    # Picked on the box or the host page: it wins over the configured one.
    assert Table(again, language="en").status()["language"] == "ja"
    again.close()


def test_a_fresh_table_speaks_its_configured_language() -> None:
    assert Table(Journal(":memory:"), language="ja").status()["language"] == "ja"


# --- the box's menu -------------------------------------------------------------------


def test_the_game_menu_ends_with_the_language_and_sets_it() -> None:
    menu = game_menu(secret_colours=True)
    assert menu.values[-1] == LANGUAGE_ITEM
    # Findable whatever the box speaks: the same words in each language.
    assert say(menu.labels[-1], "en") == say(menu.labels[-1], "ja") == "Language / 言語"
    menu.selected = len(menu.labels) - 1
    languages = menu.chosen()
    assert isinstance(languages, Menu) and languages.labels == ["English", "日本語"]
    languages.next()
    assert languages.chosen() == SetLanguage("ja")
    assert language_menu().phases == menu.phases  # between games, like the game menu


def test_the_box_draws_its_menu_and_notices_in_the_tables_language() -> None:
    controls = Controls(clock=FakeClock())
    idle = {"phase": "idle", "version": 1, "room": None, "seats": [], "language": "en"}
    controls.see(idle, None)
    controls.press("A", "short")  # the game menu
    assert controls.menu is not None
    english = oled_picture(controls, idle, None, 0.0, base_url="http://x")
    japanese = oled_picture(controls, {**idle, "language": "ja"}, None, 0.0, base_url="http://x")
    expected = menu_screen(
        "新しいゲーム", [say(x, "ja") for x in controls.menu.labels], 0, lang="ja"
    )
    assert japanese.tobytes() == expected.tobytes() != english.tobytes()
    controls.menu = None
    controls.refused(Text("the lobby is not open"))
    notice = oled_picture(controls, {**idle, "language": "ja"}, None, 0.0, base_url="http://x")
    assert (
        notice.tobytes() != oled_picture(controls, idle, None, 0.0, base_url="http://x").tobytes()
    )
    assert [say(line, "ja") for line in PROBLEM_LINES] == [
        "更新後に再開できませんでした。",
        "ホストのページを見てください。",
    ]


def test_a_throw_is_labelled_in_the_tables_language() -> None:
    label = throw_label({"purpose": "water", "seat": 0}, status(game="lauzait"))
    assert label == "Water: 花子" and say(label, "ja") == "水：花子"
