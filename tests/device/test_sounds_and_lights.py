"""Which tone a table change deserves, and what each seat's ring light shows."""

from __future__ import annotations

from typing import Any

import pytest

from device.seat_lights import SEATED, TO_ACT, WINNER, seat_lights
from device.sounds import MELODIES, cue_for
from hardware import OFF
from hardware.buzzer import checked_melody


def view(phase: str = "playing", to_act: list[int] | None = None, **extra: Any) -> dict[str, Any]:
    return {"table": {"phase": phase}, "to_act": to_act or [], "winners": [], **extra}


@pytest.mark.parametrize(
    ("before", "after", "cue"),
    [
        (None, None, None),
        (None, view(to_act=[0, 1, 2]), "your_turn"),  # the game just started
        (view(to_act=[1]), view(to_act=[2]), "your_turn"),
        (view(to_act=[0, 1, 2]), view(to_act=[0, 2]), None),  # one seat chose: nobody new
        (view(to_act=[1]), view(to_act=[1]), None),  # e.g. a seat rejoined
        (
            view(to_act=[2], last_trick=None),
            view(to_act=[0], last_trick={"seats": [0, 1]}),
            "trick_won",
        ),
        (
            view(to_act=[1], last_throw=None),
            view(to_act=[1], last_throw={"count": 3}),
            "throw",
        ),
        (
            view(to_act=[1], last_throw={"count": 3}),
            view(to_act=[1], last_throw={"count": 3}),
            None,
        ),
        (view(to_act=[1]), view("over"), "game_end"),
        (view("over"), view("over"), None),
        (view(to_act=[1]), view("lobby"), None),
    ],
)
def test_cue_for(before: dict | None, after: dict | None, cue: str | None) -> None:
    assert cue_for(before, after) == cue


def test_every_melody_can_be_played() -> None:
    assert set(MELODIES) == {"your_turn", "trick_won", "throw", "game_end", "recorded"}
    for melody in MELODIES.values():
        checked_melody(melody)
        assert sum(seconds for _hz, seconds in melody) <= 0.7  # cues, not tunes


def status(phase: str, players: int = 4, taken: tuple[int, ...] = ()) -> dict[str, Any]:
    seats = [{"seat": s, "taken": s in taken} for s in range(players)]
    return {"phase": phase, "players": players, "seats": seats}


def test_seat_lights_follow_the_table() -> None:
    assert seat_lights(status("idle", players=0), None) == []
    assert seat_lights(status("lobby", taken=(0, 2)), None) == [SEATED, OFF, SEATED, OFF]
    assert seat_lights(status("playing"), view(to_act=[1])) == [SEATED, TO_ACT, SEATED, SEATED]
    over = {**view("over"), "winners": [0, 3]}
    assert seat_lights(status("over"), over) == [WINNER, OFF, OFF, WINNER]
