"""A game survives kill -9 of the device: restarted, every seat sees exactly what it saw."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.device_process import DeviceProcess, play_first_legal, seat_players

pytestmark = pytest.mark.slow


def seat_views(device: DeviceProcess, tokens: list[str]) -> list[dict]:
    views = []
    for token in tokens:
        view = device.get("/api/state", token=token)
        view["table"].pop("version")  # a change counter, restarts with the process
        views.append(view)
    return views


def test_kill_9_mid_deal_loses_nothing(tmp_path: Path) -> None:
    with DeviceProcess(tmp_path) as device:
        tokens = seat_players(device, "cena", 3)
        for _ in range(3 + 8):  # three reveals, then eight cards into the deal
            play_first_legal(device, tokens)
        before = seat_views(device, tokens)
        assert before[0]["phase"] == "play" and before[0]["trick"]["number"] >= 3
        device.kill()

    with DeviceProcess(tmp_path) as device:
        assert seat_views(device, tokens) == before  # same tokens still open the same seats
        play_first_legal(device, tokens)  # and the game goes on
        assert seat_views(device, tokens) != before
