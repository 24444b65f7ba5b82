"""The SSE building blocks: the coalescing mailbox and the stream generator."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from webui.live import HEARTBEAT, Frame, Mailbox, event, stream


def test_mailbox_keeps_only_the_latest_version() -> None:
    mailbox = Mailbox()
    for version in (1, 2, 3):
        mailbox.put(version)
    assert mailbox.wait(0) == 3
    assert mailbox.wait(0) is None


def test_mailbox_wakes_a_waiting_thread_at_once() -> None:
    mailbox = Mailbox()
    threading.Timer(0.05, mailbox.put, args=(7,)).start()
    started = time.monotonic()
    assert mailbox.wait(5) == 7
    assert time.monotonic() - started < 2


def test_mailbox_times_out_with_none() -> None:
    started = time.monotonic()
    assert Mailbox().wait(0.05) is None
    assert time.monotonic() - started >= 0.04


def test_event_is_one_compact_data_line() -> None:
    assert event("state", {"a": [1, 2]}) == 'event: state\ndata: {"a":[1,2]}\n\n'


class Source:
    def __init__(self) -> None:
        self.callbacks: list[Callable[[int], None]] = []

    def subscribe(self, callback: Callable[[int], None]) -> Callable[[], None]:
        self.callbacks.append(callback)
        return lambda: self.callbacks.remove(callback)


def test_stream_snapshot_then_changes_then_heartbeats_and_unsubscribes() -> None:
    source = Source()
    renders = iter([Frame("snapshot"), Frame("change"), Frame("bye", last=True)])
    frames = stream(source.subscribe, lambda: next(renders), heartbeat=0.01)
    assert next(frames).startswith("retry:")
    assert source.callbacks  # subscribed before the snapshot was rendered
    assert next(frames) == "snapshot"
    assert next(frames) == HEARTBEAT
    source.callbacks[0](1)
    assert next(frames) == "change"
    source.callbacks[0](2)
    assert next(frames) == "bye"
    assert list(frames) == []
    assert source.callbacks == []


def test_closing_the_stream_unsubscribes() -> None:
    source = Source()
    frames = stream(source.subscribe, lambda: Frame("x"), heartbeat=0.01)
    next(frames)
    next(frames)
    frames.close()
    assert source.callbacks == []


def test_an_empty_frame_sends_nothing() -> None:
    source = Source()
    renders = iter([Frame("snapshot"), Frame(""), Frame("next")])
    frames = stream(source.subscribe, lambda: next(renders), heartbeat=0.01)
    next(frames)
    next(frames)
    source.callbacks[0](1)
    assert next(frames) == HEARTBEAT  # the empty render yielded nothing, then idle
    source.callbacks[0](2)
    assert next(frames) == "next"
