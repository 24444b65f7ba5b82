"""The SSE building blocks: the coalescing mailbox, the stream generator and its
policy (backpressure, stall, hang-up, reload), against a fake connection."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from flask import Flask

from webui.live import (
    HEARTBEAT,
    REPLACED,
    Frame,
    Mailbox,
    OpenStreams,
    Policy,
    Slot,
    event,
    sse_stream,
    stream,
)
from webui.services import EXTENSION


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


def test_event_sorts_keys_as_a_json_answer_does() -> None:
    # A state reads the same text from the stream as from /api/state (js/pages/seat.js
    # compares what it drew as text).
    assert event("state", {"b": {"d": 1, "c": 2}, "a": 0}) == (
        'event: state\ndata: {"a":0,"b":{"c":2,"d":1}}\n\n'
    )


def test_event_sends_names_as_utf8_and_line_breaks_escaped() -> None:
    # Escaped, each Japanese character cost six bytes of a phone's state.
    sent = event("state", {"name": "さくら", "note": "a\nb\r"})
    assert sent == 'event: state\ndata: {"name":"さくら","note":"a\\nb\\r"}\n\n'
    # A lone surrogate is not UTF-8: that event goes escaped, as JSON always could.
    sent = event("state", {"name": "さくら", "echo": "\ud800"})
    assert sent == 'event: state\ndata: {"echo":"\\ud800","name":"\\u3055\\u304f\\u3089"}\n\n'
    sent.encode()


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


# --- the stream policy: backpressure, stall, hang-up, reload (issue 12) ---------------

FAST = Policy(buffer=100, stall=0.3, poll=0.01)


class FakeOutput:
    """A connection whose client takes bytes when the test says so."""

    def __init__(self) -> None:
        self.sent = 0  # written in all
        self.taken = 0  # acknowledged by the client
        self.gone = False
        self.ended: list[bool] = []
        self.backlog_at_write: list[int] = []  # what the client had not taken, per write

    def write(self, text: str) -> str:
        self.backlog_at_write.append(self.backlog())
        self.sent += len(text)
        return text

    def read_all(self) -> None:
        self.taken = self.sent

    def backlog(self) -> int:
        return self.sent - self.taken

    def written(self) -> int:
        return self.sent

    def hung_up(self) -> bool:
        return self.gone

    def end(self, at_once: bool) -> None:
        self.ended.append(at_once)


def follow(
    source: Source, output: FakeOutput, slot: Slot, renders: Callable[[], Frame], heartbeat: float
) -> Callable[[], str | None]:
    """Next frame of a stream over `output` (None once it ended), as a server writes it."""
    frames = stream(source.subscribe, renders, heartbeat, slot, output)

    def next_frame() -> str | None:
        text = next(frames, None)
        return None if text is None else output.write(text)

    return next_frame


def counting_render() -> Callable[[], Frame]:
    count = iter(range(1000))
    return lambda: Frame(f"state {next(count)}\n\n")


def test_no_state_is_written_while_the_backlog_is_over_the_buffer() -> None:
    source, output, slot = Source(), FakeOutput(), OpenStreams(policy=FAST).open()
    assert slot is not None
    next_frame = follow(source, output, slot, counting_render(), heartbeat=5)
    next_frame()  # retry
    assert next_frame() == "state 0\n\n"
    output.sent += 200  # as if a big state were still on its way: over the buffer
    for version in range(1, 50):
        source.callbacks[0](version)  # changes keep coming
    threading.Timer(0.1, output.read_all).start()
    assert next_frame() == "state 1\n\n"  # the newest, once, after the client caught up
    # Written only once the client had caught up, whatever the machine's timing.
    assert output.backlog_at_write[-1] <= FAST.buffer
    assert not output.ended


def test_a_stream_whose_client_takes_nothing_is_closed_after_the_stall_time() -> None:
    streams = OpenStreams(policy=FAST)
    source, output, slot = Source(), FakeOutput(), streams.open()
    assert slot is not None
    next_frame = follow(source, output, slot, counting_render(), heartbeat=5)
    next_frame()
    next_frame()  # the snapshot is never acknowledged
    started = time.monotonic()
    assert next_frame() is None
    assert FAST.stall <= time.monotonic() - started < FAST.stall + 1
    assert output.ended == [True]  # reset at once: what is unsent is dropped
    assert len(streams) == 0 and source.callbacks == []


def test_a_slow_client_that_keeps_taking_is_not_stalled() -> None:
    # A second's stall, the client taking a little ten times within it: the trickling
    # thread would have to wait nine tenths of it for its turn before the stream took
    # the client for stalled (at a third, it once did on a loaded CI machine).
    policy = Policy(buffer=FAST.buffer, stall=1.0, poll=FAST.poll)
    source, output, slot = Source(), FakeOutput(), OpenStreams(policy=policy).open()
    assert slot is not None
    next_frame = follow(source, output, slot, counting_render(), heartbeat=5)
    next_frame()
    next_frame()
    output.sent += 1000  # a big backlog, taken a little at a time
    stop = threading.Event()

    def trickle() -> None:
        while not stop.wait(policy.stall / 10):
            output.taken = min(output.sent, output.taken + 20)

    threading.Thread(target=trickle, daemon=True).start()
    source.callbacks[0](1)
    threading.Timer(3 * policy.stall, output.read_all).start()
    assert next_frame() == "state 1\n\n"
    stop.set()
    assert not output.ended


def test_a_silent_client_is_found_by_the_heartbeat() -> None:
    """A phone gone to sleep acknowledges nothing: the first heartbeat it never takes
    ends the stream a stall time later."""
    source, output, slot = Source(), FakeOutput(), OpenStreams(policy=FAST).open()
    assert slot is not None
    next_frame = follow(source, output, slot, counting_render(), heartbeat=0.05)
    next_frame()
    next_frame()
    output.read_all()
    assert next_frame() == HEARTBEAT  # taken: the phone is there
    output.read_all()
    assert next_frame() == HEARTBEAT  # the phone sleeps from now on
    started = time.monotonic()
    assert next_frame() is None
    assert time.monotonic() - started < FAST.stall + 1  # wide: CI machines are busy
    assert output.ended == [True]


def test_a_client_that_hung_up_is_found_at_the_next_heartbeat() -> None:
    streams = OpenStreams(policy=FAST)
    source, output, slot = Source(), FakeOutput(), streams.open()
    assert slot is not None
    next_frame = follow(source, output, slot, counting_render(), heartbeat=0.05)
    next_frame()
    next_frame()
    output.read_all()
    output.gone = True  # a reload: the browser closed the old page's stream
    started = time.monotonic()
    assert next_frame() is None
    assert time.monotonic() - started < 0.5
    assert len(streams) == 0


def test_a_reopened_client_takes_the_place_of_its_older_stream() -> None:
    streams = OpenStreams(limit=2, policy=FAST)
    source = Source()
    other = streams.open()  # someone else's screen
    first = streams.open(("/api/stream", "tab"))
    assert other is not None and first is not None
    older = follow(source, FakeOutput(), first, counting_render(), heartbeat=5)
    older()
    older()
    assert streams.open() is None  # full
    for _ in range(50):  # the same tab reloads 50 times: one place
        assert streams.open(("/api/stream", "tab")) is not None
        assert len(streams) == 2
    assert first.replaced
    assert older() == event("replaced", REPLACED)  # in case its page is still alive
    assert older() is None
    assert len(streams) == 2


def test_closing_a_stream_that_never_started_frees_its_place(app: Flask) -> None:
    streams: OpenStreams = app.extensions[EXTENSION].streams
    with app.test_request_context("/api/stream?client=tab"):
        response = sse_stream(Source().subscribe, lambda: Frame("x"), 5, streams)
    assert len(streams) == 1
    response.close()
    assert len(streams) == 0


def test_close_all_ends_every_stream() -> None:
    streams = OpenStreams(policy=FAST)
    source = Source()
    nexts = []
    for _ in range(3):
        slot = streams.open()
        assert slot is not None
        nexts.append(follow(source, FakeOutput(), slot, counting_render(), heartbeat=5))
        nexts[-1]()
        nexts[-1]()
    streams.close_all()
    assert [next_frame() for next_frame in nexts] == [None, None, None]
    assert len(streams) == 0 and source.callbacks == []


def test_a_full_box_lets_the_stream_open_longest_go_for_a_new_one() -> None:
    """Issue 23: sleeping phones whose kernel still acknowledges never lock out a
    new screen; a stream younger than Policy.keep keeps its place."""
    streams = OpenStreams(limit=2, policy=Policy(keep=0.0))
    first, second = streams.open(), streams.open(("/api/stream", "tab"))
    assert first is not None and second is not None
    third = streams.open()
    assert third is not None and first.evicted and first.ending and not second.ending
    assert len(streams) == 2
    fourth = streams.open()  # then the next longest open, a page with a tab id
    assert fourth is not None and second.evicted and len(streams) == 2
    again = streams.open(("/api/stream", "tab"))  # that page reconnects at once
    assert again is not None and third.evicted and len(streams) == 2
    first.release()  # an evicted stream ending gives back nothing it no longer holds
    assert len(streams) == 2
    streams.policy = Policy(keep=60.0)
    assert streams.open() is None  # every place young: the page retries
