"""Take-backs survive kill -9 of the real device: a request waiting for the table comes
back with the consents given, and after a take-back the game is the one before the move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from testkit.device_process import DeviceProcess, play_first_legal, seat_players

pytestmark = pytest.mark.slow


def seat_views(device: DeviceProcess, tokens: list[str]) -> list[dict[str, Any]]:
    views = []
    for token in tokens:
        view = device.get("/api/state", token=token)
        view["table"].pop("version")  # a change counter, restarts with the process
        view["table"].pop("boot")  # the run it counts in
        view["table"]["take_back"].pop("result")  # how the last one ended: shown briefly
        views.append(view)
    return views


def games(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in view.items() if k not in ("table", "legal")} for view in views]


def test_kill_9_with_a_take_back_waiting_and_after_one(tmp_path: Path) -> None:
    with DeviceProcess(tmp_path) as device:
        tokens = seat_players(device, "cena", 3)
        for _ in range(3):  # everyone chooses public cards: then the first cards
            play_first_legal(device, tokens)
        before = seat_views(device, tokens)
        mover = before[0]["to_act"][0]
        play_first_legal(device, tokens)
        answer = device.post("/api/take-back/ask", {}, token=tokens[mover])
        assert answer["outcome"] == "asked"
        first, second = [s for s in range(3) if s != mover]
        device.post("/api/take-back/answer", {"allow": True}, token=tokens[first])
        waiting = seat_views(device, tokens)
        assert waiting[0]["table"]["take_back"]["request"]["agreed"] == [first]
        device.kill()

    with DeviceProcess(tmp_path) as device:
        assert seat_views(device, tokens) == waiting  # the request and its consent too
        answer = device.post("/api/take-back/answer", {"allow": True}, token=tokens[second])
        assert answer["outcome"] == "taken_back"
        after = seat_views(device, tokens)
        assert games(after) == games(before)
        device.kill()

    with DeviceProcess(tmp_path) as device:
        assert seat_views(device, tokens) == after
        play_first_legal(device, tokens)  # and the game goes on
