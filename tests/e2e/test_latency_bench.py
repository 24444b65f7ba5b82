"""bench/latency.py plays through a deal's summary (issue 23, item 8): it measures
actions past the first Continue prompt instead of stopping at an empty `legal`."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.latency import PLAYERS, Streams, play
from testkit.device_process import DeviceProcess, seat_players

# A five-player Céna deal is 9 tricks of 5 cards and 5 reveals: 50 actions, then its
# summary waits for every seat to tap Continue.
PAST_THE_FIRST_DEAL = 60


@pytest.mark.slow
def test_the_latency_bench_plays_on_after_a_deals_summary(tmp_path: Path) -> None:
    with DeviceProcess(tmp_path) as device:
        tokens = seat_players(device, "cena", PLAYERS)
        streams = Streams(device.url, [*tokens, None])
        streams.start()
        streams.wait_for(device.get("/api/status")["version"] - 1)
        latencies: list[float] = []
        posts: list[float] = []
        play(device, tokens, streams, PAST_THE_FIRST_DEAL, latencies, posts)
        streams.close()
        state = device.get("/api/state")
    assert len(latencies) == len(posts) == PAST_THE_FIRST_DEAL
    assert all(latency > 0 for latency in latencies)
    assert state["deal"] == 2  # the game went on past the first deal's summary
