"""The box follows the table: whatever the box shows (its game menu, a confirmation,
a notice, a throw, a colour pass-around, another page), a phone that opens, starts,
ends or abandons a game, or opens the next one after a result, brings the OLED to
the table's own screen in the very next frame, and a choice from the menu that went
stale never ends in "a game is already open".

Every check is on the frames the box handed its display (tests/device/box_rig.py),
compared with the screens the table's state asks for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from device.box.controls import FOLLOW_GRACE
from device.screens import message_screen, screen_for
from device.screens.menu import menu_screen
from device.table import Table, TableError
from tests.device.box_rig import Rig
from tests.interludes import read_summary

NOTICE_SECONDS = 60


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path, notice_seconds=NOTICE_SECONDS, sticks=True, colours=True)
    yield made
    made.close()


def table_screen(rig: Rig, page: int = 0) -> bytes:
    """The screen the table's state asks for, as the box must show it."""
    status = rig.table.status()
    if status["phase"] == "idle":
        return screen_for(None, status, rig.box.base_url).tobytes()
    view = rig.table.view(None) if status["phase"] in ("playing", "over") else None
    return screen_for(view, status, rig.box.join_url, page=page).tobytes()


def one_render(rig: Rig, phone: Callable[[], object]) -> bytes:
    """What a phone does, then one step of the box: exactly one new frame, returned."""
    before = len(rig.oled.frames)
    phone()
    rig.flush()
    assert len(rig.oled.frames) == before + 1, "one render, one frame"
    return rig.oled.frames[-1][1]


def game_screen_after_start(rig: Rig, frame: bytes) -> None:
    """The frame after a start is the game, or the new game's own notice (its sealed
    deal, device/history/fingerprint.py) and the game when that has had its seconds."""
    notice = rig.box.controls.notice
    if notice is not None:
        assert notice[0] != "Not now", "no refusal of the old screen"
        assert frame == message_screen(*notice).tobytes()
        rig.run_for(NOTICE_SECONDS)
        frame = rig.frame()
    assert frame == table_screen(rig)
    assert rig.box.controls.menu is None


def started(rig: Rig, game: str) -> None:
    """A game of three under way, past the notice its start may bring."""
    rig.start_game(game, 3)
    rig.run_for(NOTICE_SECONDS)


def phone_opens(table: Table, game: str = "chanoyu", players: int = 3) -> None:
    table.open_lobby(game, players, {}, host_name="Ann", opener="ann's phone")


def fill_and_start(table: Table) -> None:
    room = table.status()["room"]
    for seat in range(table.status()["players"]):
        if not table.status()["seats"][seat]["taken"]:
            table.join(room, f"P{seat + 1}")
    table.start()


def play_to_the_end(table: Table) -> None:
    """Phones play every move (and read every summary) without the box drawing."""
    for _ in range(5000):
        if table.phase != "playing":
            return
        read_summary(table)
        seat = table.to_act()[0]
        table.act(seat, table.legal_actions(seat)[0])
    raise AssertionError("the game did not end")


def menu_on_screen(rig: Rig) -> bytes:
    menu = rig.box.controls.menu
    assert menu is not None, "no menu open"
    picture = menu_screen(menu.title, menu.labels, menu.selected).tobytes()
    assert rig.frame() == picture
    return picture


# --- a phone opens a game while the box is choosing one ----------------------------------


def test_the_game_menu_gives_way_to_the_lobby_a_phone_opened(rig: Rig) -> None:
    rig.click("A")
    rig.click("B")  # "New game 2/5": the stale menu of the issue
    stale = menu_on_screen(rig)
    frame = one_render(rig, lambda: phone_opens(rig.table))
    assert frame == table_screen(rig) != stale  # the lobby: its QR and room code
    assert rig.box.controls.menu is None


def test_the_players_menu_gives_way_too(rig: Rig) -> None:
    rig.click("A")
    rig.click("A")  # Céna: how many players?
    menu_on_screen(rig)
    assert one_render(rig, lambda: phone_opens(rig.table)) == table_screen(rig)


def test_a_choice_pressed_as_the_phone_opened_the_game_is_dropped_not_refused(rig: Rig) -> None:
    rig.click("A")
    rig.click("A")  # the players menu: A would open a Céna lobby
    phone_opens(rig.table)  # ... but a phone opened Chanoyu first
    room = rig.table.status()["room"]
    rig.click("A")  # queued behind the table's change: handled in the same step
    assert rig.frame() == table_screen(rig)  # the phone's lobby, no "Not now"
    status = rig.table.status()
    assert (status["game"], status["room"]) == ("chanoyu", room), "the phone's game stands"


def test_a_choice_made_as_the_table_moves_under_the_box_shows_the_table_instead(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The phone's call lands between the box reading the table and opening its own
    lobby: the box does not ask, and shows the phone's lobby, not a refusal."""
    rig.click("A")
    rig.click("A")
    read = rig.box._read_table
    stale = read()  # the idle table the controls will see once more
    real_open = rig.table.open_lobby
    callers: list[object] = []

    def recording_open(*args: object, **kwargs: object) -> object:
        callers.append(kwargs.get("host_name"))
        return real_open(*args, **kwargs)  # type: ignore[arg-type]

    def read_then_a_phone_opens() -> object:
        monkeypatch.setattr(rig.box, "_read_table", read)
        phone_opens(rig.table)
        return stale

    monkeypatch.setattr(rig.table, "open_lobby", recording_open)
    monkeypatch.setattr(rig.box, "_read_table", read_then_a_phone_opens)
    rig.click("A")
    assert callers == ["Ann"], "only the phone's call: none the table would refuse"
    assert rig.box.controls.notice is None
    assert rig.frame() == table_screen(rig)
    assert rig.table.status()["game"] == "chanoyu"


def test_a_refusal_that_came_because_the_table_moved_on_is_not_shown(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even when the phone wins the race inside the call itself."""
    rig.click("A")
    rig.click("A")
    real_open = rig.table.open_lobby
    refused: list[str] = []

    def a_phone_was_quicker(*args: object, **kwargs: object) -> None:
        real_open("chanoyu", 3, {}, host_name="Ann")  # the phone's call
        try:
            real_open(*args, **kwargs)  # type: ignore[arg-type]  # the box's: refused
        except TableError as err:
            refused.append(str(err))
            raise

    monkeypatch.setattr(rig.table, "open_lobby", a_phone_was_quicker)
    rig.click("A")
    assert refused == ["a game is already open: end it first"]
    assert rig.box.controls.notice is None  # not said: the box shows the phone's lobby
    assert rig.frame() == table_screen(rig)
    assert rig.table.status()["game"] == "chanoyu"


def test_presses_meant_for_the_menu_are_dropped_for_a_moment_then_count(rig: Rig) -> None:
    rig.click("A")
    one_render(rig, lambda: phone_opens(rig.table, "cena"))
    lobby = table_screen(rig)
    rig.click("A")  # "choose", a moment late: it must not start anything
    assert rig.frame() == lobby and rig.table.phase == "lobby"
    rig.clock.advance(FOLLOW_GRACE)
    rig.click("A")  # now it is the lobby's A: start (refused: seats are missing)
    assert rig.frame() == message_screen("Not now", ["waiting for seat 2, 3"]).tobytes()


def test_the_secret_colours_pass_around_gives_way_to_a_phones_lobby(rig: Rig) -> None:
    rig.click("A")
    for _ in range(10):  # to "Secret colours", the last item
        menu = rig.box.controls.menu
        assert menu is not None
        if menu.labels[menu.selected] == "Secret colours":
            break
        rig.click("B")
    rig.click("A")
    rig.click("A")  # "New: n players": the box is passed round
    assert rig.box.controls.colour_mode is not None
    assert one_render(rig, lambda: phone_opens(rig.table)) == table_screen(rig)
    assert rig.box.controls.colour_mode is None


# --- a phone starts, ends or abandons the game ---------------------------------------------


def test_cancel_game_gives_way_to_the_game_a_phone_started(rig: Rig) -> None:
    phone_opens(rig.table)
    room = rig.table.status()["room"]
    rig.table.join(room, "Bo")
    rig.table.join(room, "Cy")
    rig.click("B", long=True)  # "Cancel game?"
    menu_on_screen(rig)
    game_screen_after_start(rig, one_render(rig, rig.table.start))
    assert rig.table.phase == "playing"


def test_a_notice_gives_way_to_the_game_a_phone_started(rig: Rig) -> None:
    phone_opens(rig.table)
    rig.click("A")  # start: "Not now", for 60 s
    assert rig.box.controls.notice is not None
    game_screen_after_start(rig, one_render(rig, lambda: fill_and_start(rig.table)))


def test_a_throw_on_screen_gives_way_to_the_game_a_phone_started(rig: Rig) -> None:
    phone_opens(rig.table)
    rig.click("C")  # the sticks tumble on the OLED
    assert rig.box.controls.throw_show is not None
    game_screen_after_start(rig, one_render(rig, lambda: fill_and_start(rig.table)))


def test_end_game_gives_way_to_the_result_when_the_phones_finish_it(rig: Rig) -> None:
    started(rig, "chanoyu")
    rig.click("B", long=True)  # "End game?"
    menu_on_screen(rig)
    assert one_render(rig, lambda: play_to_the_end(rig.table)) == table_screen(rig)
    assert rig.table.phase == "over"
    rig.click("A")  # "No", a moment late: the result must not be cleared by it
    assert rig.table.phase == "over"


def test_end_game_gives_way_to_the_result_when_a_phone_ends_it(rig: Rig) -> None:
    started(rig, "cena")
    rig.click("B")  # the scores page
    rig.click("B", long=True)
    menu_on_screen(rig)
    assert one_render(rig, rig.table.end_game) == table_screen(rig)
    assert rig.table.phase == "over"  # the table is kept: its result shows


def test_end_game_gives_way_to_the_idle_screen_when_a_phone_clears_the_table(rig: Rig) -> None:
    started(rig, "cena")
    rig.click("B", long=True)
    menu_on_screen(rig)
    assert one_render(rig, rig.table.clear_table) == table_screen(rig)
    assert rig.table.phase == "idle"


def test_the_next_game_opened_after_a_result_shows_its_lobby(rig: Rig) -> None:
    """The host opens the next game (or a rematch) from the result: the box was on
    another page of the result, with a throw on top."""
    started(rig, "chanoyu")
    play_to_the_end(rig.table)
    rig.flush()
    rig.click("B")  # the game's own page after the result
    rig.click("C")
    assert one_render(rig, lambda: phone_opens(rig.table, "cena")) == table_screen(rig)
    assert rig.table.phase == "lobby"


@pytest.mark.parametrize("start", [True, False])
def test_a_rematch_from_the_hosts_phone_brings_the_next_game(rig: Rig, start: bool) -> None:
    """Play again (Table.rematch): the same seats, dealt at once, or its lobby."""
    started(rig, "chanoyu")
    play_to_the_end(rig.table)
    rig.flush()
    rig.click("B")  # another page of the result
    rig.click("C")  # and a throw on top
    frame = one_render(rig, lambda: rig.table.rematch(start=start))
    if start:
        assert rig.table.phase == "playing"
        game_screen_after_start(rig, frame)
    else:
        assert rig.table.phase == "lobby" and frame == table_screen(rig)


def test_after_a_result_the_box_plays_again_with_every_seat_kept(rig: Rig) -> None:
    """A on the result: "Next game", then "Play again": the same players, every
    phone's seat and token kept, the new game dealt and on the OLED."""
    rig.table.open_lobby("chanoyu", 3, {})
    room = rig.table.status()["room"]
    tokens = [rig.table.join(room, name)[1] for name in ("Ann", "Bo", "Cy")]
    rig.table.start()
    before = rig.table.status()["seats"]
    play_to_the_end(rig.table)
    rig.flush()
    rig.click("A")
    assert rig.table.phase == "over"
    menu_on_screen(rig)
    assert rig.box.controls.menu is not None and rig.box.controls.menu.title == "Next game"
    rig.click("A")  # "Play again"
    assert rig.table.phase == "playing" and rig.table.status()["seats"] == before
    assert [rig.table.seat_of(token) for token in tokens] == [0, 1, 2]
    rig.flush()
    assert rig.frame() == table_screen(rig)


# --- the pause after a deal: A goes on, as the host's skip ------------------------------------


def test_a_skips_the_wait_after_a_deals_summary(rig: Rig) -> None:
    started(rig, "cena")
    for _ in range(5000):  # the phones play; nobody taps Continue
        if rig.table.status()["interlude"]:
            break
        seat = rig.table.to_act()[0]
        rig.table.act(seat, rig.table.legal_actions(seat)[0])
    else:
        raise AssertionError("no deal ended")
    rig.flush()
    summary = table_screen(rig)
    assert rig.frame() == summary and rig.table.to_act() == []  # the summary, play waits
    rig.click("A")
    assert rig.table.status()["interlude"] is None and rig.table.to_act() != []
    assert rig.frame() == table_screen(rig) != summary  # the next deal
