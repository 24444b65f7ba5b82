"""The box's controls as a pure state machine: presses, edges, table snapshots and a
fake clock in; commands and what to show out. No threads, pins, table or sleeps.
"""

from __future__ import annotations

from typing import Any

import pytest

import engines
from device.box.commands import (
    ClearTable,
    EndGame,
    OpenLobby,
    PassGameColours,
    Rematch,
    ShowColourRounds,
    SkipWait,
    StartColours,
    StartGame,
    ThrowSticks,
)
from device.box.controls import FOLLOW_GRACE, Controls
from device.box.look import PROBLEM_LINES, led_state, oled_picture, throw_label, turn_lights
from device.box.menus import LANGUAGE_LABEL, SCORE_LABEL, Menu
from device.colour_round import DARK, LED_COLOURS, MENU_LABEL, PassAround, Reveal
from device.screens import message_screen, screen_for
from device.screens.colours import colour_screen, pass_screen
from device.screens.menu import menu_screen
from device.screens.sticks import sticks_screen
from device.throw_show import ANIMATION_SECONDS, FPS, FRAMES, LED_SECONDS, RESULT_SECONDS
from tests.hardware.fakes import FakeClock

TITLES = [engines.info(name)["title"] for name in engines.names()]
PRESSES = [(name, kind) for name in "ABC" for kind in ("short", "long")]


def status(phase: str, version: int = 1, **extra: Any) -> dict[str, Any]:
    return {
        "phase": phase,
        "version": version,
        "game": "cena" if phase != "idle" else None,
        "players": 3,
        "room": "ABCD" if phase != "idle" else None,
        "seats": [{"seat": s, "name": f"P{s + 1}", "taken": True} for s in range(3)],
        **extra,
    }


def view(to_act: tuple[int, ...] = (0,), **extra: Any) -> dict[str, Any]:
    return {"to_act": list(to_act), **extra}


class Source:
    """Colours for a pass-around, and whether they are still secret."""

    def __init__(self, colours: tuple[str, ...] = ("R", "B", "Y")) -> None:
        self.colours = colours
        self.secret = True

    def names(self) -> list[str]:
        return [f"P{seat + 1}" for seat in range(len(self.colours))]

    def colour_of(self, seat: int) -> str:
        return self.colours[seat]

    def active(self) -> bool:
        return self.secret

    def code(self) -> str | None:
        return None


def controls(
    phase: str = "idle", clock: FakeClock | None = None, **options: Any
) -> tuple[Controls, FakeClock]:
    clock = clock or FakeClock()
    made = Controls(clock=clock, **options)
    made.see(status(phase), view() if phase in ("playing", "over") else None)
    return made, clock


def menu_of(made: Controls) -> Menu:
    assert made.menu is not None, "no menu open"
    return made.menu


# --- every button in every phase -----------------------------------------------------


@pytest.mark.parametrize(
    ("phase", "press", "commands", "menu"),
    [
        ("idle", ("A", "short"), [], "New game"),
        ("idle", ("A", "long"), [], "New game"),
        ("idle", ("B", "short"), [], None),
        ("idle", ("B", "long"), [], None),
        ("idle", ("C", "short"), [ThrowSticks()], None),
        ("idle", ("C", "long"), [], None),
        ("lobby", ("A", "short"), [StartGame()], None),
        ("lobby", ("A", "long"), [], None),
        ("lobby", ("B", "short"), [], None),
        ("lobby", ("B", "long"), [], "Cancel game?"),
        ("lobby", ("C", "short"), [ThrowSticks()], None),
        ("lobby", ("C", "long"), [], None),
        ("playing", ("A", "short"), [], None),  # no secret colours in this game
        ("playing", ("A", "long"), [], None),
        ("playing", ("B", "short"), [], None),  # next page
        ("playing", ("B", "long"), [], "End game?"),
        ("playing", ("C", "short"), [ThrowSticks()], None),
        ("playing", ("C", "long"), [], None),  # the join QR
        ("over", ("A", "short"), [], "Next game"),
        ("over", ("A", "long"), [], "Next game"),
        ("over", ("B", "short"), [], None),  # next page
        ("over", ("B", "long"), [], None),
        ("over", ("C", "short"), [ThrowSticks()], None),
        ("over", ("C", "long"), [], None),
    ],
)
def test_every_button_in_every_phase(
    phase: str, press: tuple[str, str], commands: list[Any], menu: str | None
) -> None:
    made, _clock = controls(phase)
    assert made.press(*press) == commands
    assert (made.menu.title if made.menu else None) == menu
    moved_page = phase in ("playing", "over") and press == ("B", "short")
    assert made.page == (1 if moved_page else 0)
    assert made.show_join == (phase == "playing" and press == ("C", "long"))
    assert made.notice is None and made.colour_mode is None


def test_b_pages_round_and_long_c_toggles_the_join_qr_in_a_game() -> None:
    made, _clock = controls("playing")
    made.press("B", "short")
    made.press("B", "short")
    assert made.page == 2  # the screens wrap it round the game's pages
    made.press("C", "long")
    assert made.show_join
    made.press("B", "short")  # the next page hides the QR again
    assert not made.show_join and made.page == 3
    made.press("C", "long")
    made.press("C", "long")
    assert not made.show_join


def test_a_new_phase_starts_on_its_first_page() -> None:
    made, _clock = controls("playing")
    made.press("B", "short")
    made.press("C", "long")
    made.see(status("playing", version=2), view())
    assert made.page == 1 and made.show_join  # the same phase: kept
    made.see(status("over", version=3), view(()))
    assert made.page == 0 and not made.show_join


def test_a_presses_follow_the_phase_last_seen() -> None:
    made, _clock = controls("lobby")
    assert made.press("A", "short") == [StartGame()]
    made.see(status("playing", version=2), view())
    assert made.press("A", "short") == []


# --- following the table (tests/device/test_box_follows.py: the same, as frames) ------------


@pytest.mark.parametrize(
    ("before", "opened_by", "after"),
    [
        ("idle", ("A", "short"), "lobby"),  # the game menu; a phone opened a game
        ("over", ("A", "short"), "lobby"),  # "Next game"; the host's phone opened it
        ("lobby", ("B", "long"), "playing"),  # "Cancel game?"; a phone started it
        ("lobby", ("B", "long"), "idle"),  # ... or abandoned it
        ("playing", ("B", "long"), "over"),  # "End game?"; the phones finished it
        ("playing", ("B", "long"), "idle"),  # ... or a phone abandoned it
    ],
)
def test_a_phase_change_closes_a_menu_that_no_longer_fits_and_drops_late_presses(
    before: str, opened_by: tuple[str, str], after: str
) -> None:
    made, clock = controls(before)
    made.press(*opened_by)
    assert made.menu is not None
    made.see(status(after, version=3), view() if after in ("playing", "over") else None)
    assert made.menu is None and made.phase == after
    for press in PRESSES:  # meant for the menu: none acts on the new screen
        assert made.press(*press) == []
    assert made.menu is None and made.page == 0 and not made.show_join
    clock.advance(FOLLOW_GRACE)
    assert made.press("C", "short") == [ThrowSticks()]  # then the buttons are the phase's


def test_the_boxs_own_call_keeps_the_menu_it_opened() -> None:
    made, _clock = controls("idle")
    made.press("A", "short")
    menu = menu_of(made)
    assert made.press("A", "short") == []  # a game: its player counts
    fewest = engines.info(menu.values[0])["min_players"]
    assert made.press("A", "short") == [OpenLobby(menu.values[0], fewest)]
    made.see(status("lobby", version=2), None)  # the lobby opened, as asked
    made.press("B", "long")
    assert menu_of(made).title == "Cancel game?"
    made.press("B", "short")  # no grace: the box's own move
    assert menu_of(made).selected == 1


def test_after_a_result_a_offers_the_next_game_for_the_same_seats() -> None:
    made, _clock = controls("over")
    made.press("A", "short")
    menu = menu_of(made)
    assert menu.labels == ["Play again", "Another game", "Clear the table"]
    assert made.press("A", "short") == [Rematch()]  # play again: same game, new seed
    made.press("A", "short")
    made.press("B", "short")
    assert made.press("A", "short") == []  # "Another game": every engine
    games = menu_of(made)
    assert games.labels == TITLES
    assert made.press("A", "short") == []  # its player counts
    fewest = engines.info(games.values[0])["min_players"]
    assert made.press("A", "short") == [Rematch(games.values[0], fewest)]
    made.press("A", "short")
    made.press("B", "short")
    made.press("B", "short")
    assert made.press("A", "short") == []  # "Clear the table" asks first
    assert menu_of(made).title == "Free every seat?"
    made.press("B", "short")
    assert made.press("A", "short") == [ClearTable()]


def test_a_phase_change_ends_a_colour_mode_a_notice_and_a_throw_on_screen() -> None:
    made, clock = controls("idle")
    made.start_colours(PassAround(Source()))
    made.refused("not now")
    made.thrown(THROW, "Box")
    made.see(status("lobby", version=2), None)
    assert made.colour_mode is None and made.notice is None
    assert made.throw_show is not None and not made.throw_show.on_screen(clock())
    assert made.press("A", "short") == []  # it was meant for the colour mode


def test_the_same_phase_keeps_what_the_box_shows() -> None:
    made, _clock = controls("playing")
    made.press("B", "long")
    made.see(status("playing", version=2), view((1,)))
    assert menu_of(made).title == "End game?"


def test_a_skips_the_wait_while_the_table_reads_a_summary() -> None:
    made, _clock = controls("playing")
    pause = {"key": "d1", "done": [0], "waiting": [1, 2], "names": ["P2", "P3"]}
    made.see(status("playing", version=2, interlude=pause), view(()))
    assert made.press("A", "short") == [SkipWait()]
    assert made.press("A", "long") == []
    made.see(status("playing", version=3), view())
    assert made.press("A", "short") == []  # nothing to skip: A does what it did
    made.see(status("over", version=4, interlude=pause), view(()))
    assert made.press("A", "short") == []  # after the last deal: the next game's menu
    assert menu_of(made).title == "Next game"


# --- menus and confirmations ------------------------------------------------------------


def test_the_game_menu_lists_every_engine_b_moves_and_wraps_long_b_closes() -> None:
    made, _clock = controls()
    made.press("A", "short")
    menu = menu_of(made)
    # Every game, then the table's language (device/box/menus.py).
    assert menu.labels == [*TITLES, SCORE_LABEL, LANGUAGE_LABEL] and menu.selected == 0
    for step in range(1, len(TITLES) + 2):
        assert made.press("B", "short") == []
        assert menu.selected == step % (len(TITLES) + 2)  # the games, scoring, the language
    assert made.press("C", "short") == []  # C does nothing in a menu
    assert made.press("C", "long") == []
    assert made.menu is menu
    made.press("B", "long")
    assert made.menu is None


def test_choosing_a_game_then_a_player_count_opens_the_lobby() -> None:
    made, _clock = controls()
    made.press("A", "short")
    made.press("B", "short")  # the second game
    made.press("A", "short")
    game = engines.names()[1]
    info = engines.info(game)
    players = menu_of(made)
    assert players.title == info["title"]
    assert players.labels[0] == f"{info['min_players']} players"
    made.press("B", "short")
    assert made.press("A", "short") == [OpenLobby(game, info["min_players"] + 1)]
    assert made.menu is None


def test_long_b_in_the_players_menu_goes_back_to_a_fresh_game_menu() -> None:
    made, _clock = controls()
    made.press("A", "short")
    made.press("A", "short")
    made.press("B", "long")
    menu = menu_of(made)
    assert menu.title == "New game" and menu.selected == 0
    made.press("B", "long")
    assert made.menu is None


# Ending a game keeps the table (issue 28); a lobby has no game to keep: cancelling it
# clears the table, as "Clear the table" after a result does.
@pytest.mark.parametrize(
    ("phase", "press", "question", "command"),
    [
        ("lobby", ("B", "long"), "Cancel game?", ClearTable()),
        ("playing", ("B", "long"), "End game?", EndGame()),
    ],
)
def test_ending_asks_first_and_no_is_selected_first(
    phase: str, press: tuple[str, str], question: str, command: object
) -> None:
    made, _clock = controls(phase)
    made.press(*press)
    assert menu_of(made).labels == ["No", "Yes"]
    assert made.press("A", "short") == []  # "No"
    assert made.menu is None
    made.press(*press)
    made.press("B", "short")
    assert made.press("A", "short") == [command]  # "Yes"
    made.press(*press)
    made.press("B", "long")  # long B leaves the question unanswered
    assert made.menu is None


def test_secret_colours_ends_the_game_menu_and_asks_the_box_for_its_rounds() -> None:
    made, _clock = controls(secret_colours=True)
    made.press("A", "short")
    menu = menu_of(made)
    assert menu.labels == [*TITLES, SCORE_LABEL, MENU_LABEL, LANGUAGE_LABEL]
    while menu.labels[menu.selected] != MENU_LABEL:
        made.press("B", "short")
    assert made.press("A", "short") == [ShowColourRounds()]
    made.show_colour_rounds(["Pass the box", "Reveal all"], [("pass", 4), ("reveal", 4)])
    colours = menu_of(made)
    assert colours.title == MENU_LABEL and colours.labels == ["Pass the box", "Reveal all"]
    assert made.press("A", "short") == [StartColours(("pass", 4))]
    made.show_colour_rounds(["Pass the box", "Reveal all"], [("pass", 4), ("reveal", 4)])
    made.press("B", "long")
    assert menu_of(made).title == "New game"


def test_reveal_all_asks_first() -> None:
    made, _clock = controls(secret_colours=True)
    made.show_colour_rounds(["Pass the box", "Reveal all"], [("pass", 4), ("reveal", 4)])
    made.press("B", "short")
    assert made.press("A", "short") == []
    assert menu_of(made).title == "Reveal all colours?"
    assert made.press("A", "short") == []  # "No"
    made.show_colour_rounds(["Pass the box", "Reveal all"], [("pass", 4), ("reveal", 4)])
    made.press("B", "short")
    made.press("A", "short")
    made.press("B", "short")
    assert made.press("A", "short") == [StartColours(("reveal", 4))]


# --- notices ------------------------------------------------------------------------------


def test_a_refusal_shows_a_notice_for_its_seconds() -> None:
    made, clock = controls("lobby", notice_seconds=3.0)
    made.refused("waiting for seat 3")
    assert made.notice == ("Not now", ["waiting for seat 3"])
    assert made.next_wake() == pytest.approx(3.0)
    clock.advance(2.5)
    made.tick()
    assert made.notice is not None
    assert made.next_wake() == pytest.approx(0.5)
    clock.advance(0.5)
    made.tick()
    assert made.notice is None
    assert made.next_wake() is None


def test_a_new_notice_starts_its_time_again_and_presses_still_count() -> None:
    made, clock = controls("playing", notice_seconds=3.0)
    made.refused("first")
    clock.advance(2.0)
    made.refused("second")
    clock.advance(2.0)
    made.tick()
    assert made.notice == ("Not now", ["second"])
    made.press("B", "short")  # behind the notice, the page moves on
    assert made.page == 1 and made.notice is not None


# --- dimming -------------------------------------------------------------------------------


def test_the_oled_dims_after_dim_after_seconds_without_input() -> None:
    made, clock = controls("lobby", dim_after=10.0)
    assert not made.dimmed() and made.next_wake() == pytest.approx(10.0)
    clock.advance(9.0)
    made.see(status("lobby"), None)  # the same version: no change, not an activity
    assert made.next_wake() == pytest.approx(1.0)
    clock.advance(1.0)
    assert made.dimmed() and made.next_wake() is None
    made.press("B", "short")  # any press wakes it
    assert not made.dimmed()
    clock.advance(10.0)
    assert made.dimmed()
    made.see(status("lobby", version=2), None)  # so does a table change
    assert not made.dimmed()
    clock.advance(10.0)
    made.edge("A", True)  # an edge only in a colour mode
    assert made.dimmed()


def test_no_dimming_when_dim_after_is_zero() -> None:
    made, clock = controls(dim_after=0.0)
    clock.advance(1e6)
    assert not made.dimmed() and made.next_wake() is None


# --- throws --------------------------------------------------------------------------------

THROW = {"sticks": [1, 0, 1, 1, 0], "count": 3}


def test_a_throw_animates_then_stays_then_goes() -> None:
    made, clock = controls("playing")
    made.thrown(THROW, "Box")
    show = made.throw_show
    assert (
        show is not None
        and show.label == "Box"
        and show.turn_lights == turn_lights(status("playing"), view())
    )
    assert made.next_wake() == pytest.approx(1 / FPS)
    clock.advance(ANIMATION_SECONDS + RESULT_SECONDS)
    made.tick()
    assert made.throw_show is show  # off the screen, the LEDs still show it
    clock.advance(LED_SECONDS - ANIMATION_SECONDS - RESULT_SECONDS)
    made.tick()
    assert made.throw_show is None


def test_a_press_takes_the_throw_off_the_screen_but_another_throw_does_not() -> None:
    made, clock = controls("playing")
    made.thrown(THROW, "Box")
    show = made.throw_show
    assert show is not None
    assert made.press("C", "short") == [ThrowSticks()]
    assert show.on_screen(clock())
    made.press("B", "short")
    assert not show.on_screen(clock())


def test_a_throw_the_game_made_is_shown_with_its_label() -> None:
    lauzait = status("playing", game="lauzait")
    made, _clock = controls()
    made.see(lauzait, view(throws=2, last_throw=None))
    assert made.throw_show is None  # the throws before the box looked are not shown
    water = {"purpose": "water", "seat": 1, **THROW}
    made.see({**lauzait, "version": 2}, view((2,), throws=3, last_throw=water))
    show = made.throw_show
    assert show is not None
    assert show.label == throw_label(water, lauzait) == "Water: P2"
    assert show.turn_lights == (False, False, True, False, False)
    made.see({**lauzait, "version": 3}, view((2,), throws=3, last_throw=water))
    assert made.throw_show is show  # the same throw, seen again: not restarted


# --- colour modes ---------------------------------------------------------------------------


def test_a_in_a_game_with_secret_colours_asks_to_pass_the_box() -> None:
    made, _clock = controls()
    made.see(status("playing"), view(colour=None))
    assert made.press("A", "short") == [PassGameColours()]
    assert made.press("A", "long") == []


def test_a_colour_mode_has_every_button_and_long_b_leaves_it() -> None:
    source = Source()
    made, clock = controls("playing", dim_after=5.0)
    mode = PassAround(source)
    made.start_colours(mode)
    clock.advance(4.0)
    made.edge("A", True)  # the edge is the mode's, and wakes a dimming OLED
    assert mode.holding and made.next_wake() == pytest.approx(5.0)
    made.edge("A", False)
    assert not mode.holding
    assert made.press("C", "short") == []  # no throw while the box is passed round
    assert made.press("A", "short") == []
    made.press("B", "short")
    assert mode.seat == 1 and made.colour_mode is mode
    made.press("B", "long")
    assert made.colour_mode is None


def test_a_menu_over_a_colour_mode_takes_its_edges() -> None:
    made, _clock = controls("playing")
    mode = PassAround(Source())
    made.start_colours(mode)
    made.menu = Menu("Q", ["No", "Yes"], [False, True], lambda _yes: None)
    made.edge("A", True)
    assert not mode.holding


def test_a_colour_mode_ends_once_its_colours_are_no_longer_secret() -> None:
    source = Source()
    made, _clock = controls("playing")
    made.start_colours(PassAround(source))
    made.see(status("playing", version=2), view())
    assert made.colour_mode is not None
    source.secret = False  # revealed from a phone, or the game is over
    made.see(status("playing", version=3), view())
    assert made.colour_mode is None


def test_any_press_puts_the_reveal_away() -> None:
    made, _clock = controls()
    made.start_colours(Reveal(["P1", "P2"], ["R", "B"]))
    assert made.press("B", "short") == []
    assert made.colour_mode is None


# --- what it looks like (device/box/look.py) --------------------------------------------------


def test_the_oled_shows_a_notice_over_a_menu_over_a_colour_mode_over_a_throw() -> None:
    game_view = engines.new("cena", 3, seed=7).view(None)
    playing = status("playing")
    made, clock = controls()
    made.see(playing, game_view)
    now = clock()

    def picture() -> bytes:
        return oled_picture(made, playing, game_view, clock(), base_url="http://x").tobytes()

    join = "HTTP://X/J/ABCD"
    assert picture() == screen_for(game_view, playing, join).tobytes()
    made.press("C", "long")
    assert picture() == screen_for(None, {**playing, "phase": "lobby"}, join).tobytes()
    made.press("C", "long")
    made.press("B", "short")
    assert picture() == screen_for(game_view, playing, join, page=1).tobytes()
    made.thrown(THROW, "Box")
    assert picture() == sticks_screen(THROW, "Box", 0).tobytes()
    mode = PassAround(Source())
    made.start_colours(mode)
    assert picture() == pass_screen("P1", 0, 3).tobytes()
    made.edge("A", True)
    assert picture() == colour_screen("P1", "R").tobytes()
    made.press("B", "long")
    made.press("B", "long")  # "End game?"
    assert picture() == menu_screen("End game?", ["No", "Yes"], 0).tobytes()
    made.refused("no")
    assert picture() == message_screen("Not now", ["no"]).tobytes()
    assert now == clock()


def test_the_leds_show_whose_turn_a_throw_or_a_held_colour() -> None:
    made, clock = controls("playing")
    playing, game_view = status("playing"), view((1,))
    made.see(playing, game_view)

    def leds(healthy: bool = True) -> dict[str, Any]:
        return led_state(made, playing, game_view, clock(), healthy=healthy)

    assert leds() == {"sticks": [False, True, False, False, False], "status": (0.0, 0.5, 0.0)}
    assert leds(healthy=False)["status"] == (1.0, 0.0, 0.0)
    made.thrown(THROW, "Box")
    clock.advance(ANIMATION_SECONDS)
    assert leds()["sticks"] == [True, False, True, True, False]  # the dark sticks
    game_view = view((2,))  # the turn moved on: the LEDs show it
    assert leds()["sticks"] == [False, False, True, False, False]
    made.throw_show = None
    mode = PassAround(Source())
    made.start_colours(mode)
    assert leds() == {"sticks": [True, False, False, False, False], "status": DARK}
    made.edge("A", True)
    assert leds()["status"] == LED_COLOURS["R"]


def test_a_throw_label_names_the_purpose_and_the_seat() -> None:
    lauzait = status("playing", game="lauzait")
    assert throw_label({"purpose": "start", "seat": 0}, lauzait) == "Start: P1"
    assert throw_label({"purpose": "direction"}, lauzait) == "Way"
    assert throw_label({"purpose": "odd"}, lauzait) == "Throw"
    assert throw_label({"purpose": "water"}, status("idle")) == "Throw"


def test_frames_count_up_to_the_result() -> None:
    made, clock = controls()
    made.thrown(THROW, "Box")
    seen = []
    for _ in range(FRAMES + 2):
        wait = made.next_wake()
        assert wait is not None
        picture = oled_picture(made, status("idle"), None, clock(), base_url="http://x")
        seen.append(picture.tobytes())
        clock.advance(wait)
    frames = [sticks_screen(THROW, "Box", f).tobytes() for f in range(FRAMES + 1)]
    assert seen[: FRAMES + 1] == frames


# --- seat changes during play ---------------------------------------------------------


def test_a_seat_freed_or_taken_during_play_shows_on_the_oled() -> None:
    old = {"id": 4, "kind": "took", "seat": 1, "text": "P2 took seat 2"}
    clock = FakeClock()
    made = Controls(clock=clock)
    made.see(status("playing", 2, notices=[old]), view())
    assert made.notice is None, "what the box saw at its start is old news"
    freed = {"id": 5, "kind": "freed", "seat": 1, "text": "Seat 2 (P2) was freed: P2 agreed"}
    made.see(status("playing", 3, notices=[old, freed]), view())
    assert made.notice == ("Seats", [freed["text"]])
    clock.advance(3.1)
    made.tick()
    made.see(status("playing", 4, notices=[old, freed]), view())
    assert made.notice is None, "a notice is shown once"


def test_a_request_to_free_a_seat_shows_on_the_oled_once() -> None:
    made, _ = controls("playing")
    asked = {"seat": 2, "name": "P3", "by": 0, "agreed": [], "waiting": [2], "grace": 20}
    made.see(status("playing", 2, release=asked), view())
    assert made.notice == ("Free a seat?", ["The host asks to free seat 3"])
    made.notice = None
    made.see(status("playing", 3, release={**asked, "agreed": [1]}), view())
    assert made.notice is None


def test_a_saved_game_that_could_not_be_resumed_is_said_until_a_press() -> None:
    problem = "the saved Céna game could not be resumed after an update; it is kept"
    made = Controls(clock=FakeClock())
    made.see(status("idle", problem=problem), None)
    picture = oled_picture(made, status("idle", problem=problem), None, 0.0, base_url="HTTP://B")
    assert picture.tobytes() == message_screen("Saved game kept", PROBLEM_LINES).tobytes()
    assert made.press("A", "short") == [] and made.problem is None, "the first press puts it away"
    made.see(status("idle", 2, problem=problem), None)
    assert made.problem is None, "said once"
    assert made.press("A", "short") == [] and made.menu is not None
