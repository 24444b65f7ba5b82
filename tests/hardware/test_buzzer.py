"""Buzzer: melodies play on its own thread, on gpiozero's mock PWM pins."""

import time
from collections.abc import Iterator
from functools import partial

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory

from hardware.buzzer import Buzzer, checked_melody, open_sounder
from hardware.part import Backoff
from tests.hardware.fakes import wait_until

PIN = 18
FAST = Backoff(first=0.01, ceiling=0.05)


@pytest.fixture
def buzzer(factory: MockFactory) -> Iterator[Buzzer]:
    made = Buzzer(partial(open_sounder, "passive", PIN, factory), backoff=FAST)
    yield made
    made.close()


def sounding(factory: MockFactory) -> bool:
    return factory.pin(PIN).state > 0


def test_play_returns_at_once_and_the_notes_sound_in_order(
    buzzer: Buzzer, factory: MockFactory
) -> None:
    pin = factory.pin(PIN)
    started = time.monotonic()
    assert buzzer.play([(880, 0.6), (None, 0.05), (1320, 0.6)])
    # The caller never waits for the 1.25 s tune (a wide bound: CI machines are busy).
    assert time.monotonic() - started < 0.5
    assert wait_until(lambda: pin.frequency == 880)
    assert sounding(factory)
    assert wait_until(lambda: pin.frequency == 1320)
    assert buzzer.wait_until_quiet(2)
    assert not sounding(factory)


def test_melodies_queue_up_and_play_one_after_another(buzzer: Buzzer, factory: MockFactory) -> None:
    pin = factory.pin(PIN)
    buzzer.play([(440, 0.15)])
    buzzer.play([(660, 0.15)])
    assert wait_until(lambda: pin.frequency == 440)
    assert wait_until(lambda: pin.frequency == 660)
    assert buzzer.wait_until_quiet(2)


def test_muting_silences_at_once_and_drops_new_melodies(
    buzzer: Buzzer, factory: MockFactory
) -> None:
    buzzer.play([(880, 2.0)])
    buzzer.play([(880, 2.0)])
    assert wait_until(lambda: sounding(factory))
    buzzer.set_muted(True)
    assert buzzer.muted
    assert buzzer.wait_until_quiet(0.5)  # not 4 s: cut short, the queued one dropped
    assert not sounding(factory)
    assert buzzer.play([(880, 0.1)]) is False
    buzzer.set_muted(False)
    assert buzzer.play([(880, 0.05)]) is True
    assert wait_until(lambda: sounding(factory))


def test_a_burst_of_cues_is_capped_rather_than_played_late(buzzer: Buzzer) -> None:
    played = [buzzer.play([(880, 0.2)]) for _ in range(10)]
    assert played[:4] == [True] * 4
    assert False in played


def test_an_active_buzzer_beeps_at_its_own_pitch(factory: MockFactory) -> None:
    buzzer = Buzzer(partial(open_sounder, "active", PIN, factory), backoff=FAST)
    try:
        buzzer.play([(880, 0.1)])
        assert wait_until(lambda: factory.pin(PIN).state == 1)
        assert buzzer.wait_until_quiet(2)
        assert factory.pin(PIN).state == 0
    finally:
        buzzer.close()


def test_a_buzzer_pin_in_use_is_retried_and_plays_once_free(factory: MockFactory) -> None:
    squatter = LED(PIN, pin_factory=factory)
    buzzer = Buzzer(partial(open_sounder, "passive", PIN, factory), backoff=FAST)
    try:
        assert not buzzer.healthy
        assert buzzer.error is not None and "GPIO 18: GPIOPinInUse" in buzzer.error
        assert buzzer.play([(880, 0.01)])  # accepted, played into the void
        squatter.close()
        assert wait_until(lambda: buzzer.healthy)
        buzzer.play([(880, 0.3)])
        assert wait_until(lambda: factory.pin(PIN).frequency == 880)
    finally:
        buzzer.close()


def test_muted_from_the_start(factory: MockFactory) -> None:
    buzzer = Buzzer(partial(open_sounder, "passive", PIN, factory), muted=True)
    try:
        assert buzzer.play([(880, 0.1)]) is False
        assert not sounding(factory)
    finally:
        buzzer.close()


def test_close_stops_a_long_melody_promptly(factory: MockFactory) -> None:
    buzzer = Buzzer(partial(open_sounder, "passive", PIN, factory))
    buzzer.play([(880, 2.0)] * 3)
    assert wait_until(lambda: sounding(factory))
    started = time.monotonic()
    buzzer.close()
    assert time.monotonic() - started < 0.5
    buzzer.close()


@pytest.mark.parametrize(
    ("melody", "message"),
    [
        ([], "at least one note"),
        ([(100, 0.1)], "440..1760"),
        ([(880, 0)], "more than 0"),
        ([(880, 5.0)], "at most"),
        ([(880,)], "a note is"),
        ([(880, float("nan"))], "more than 0"),
    ],
)
def test_bad_melodies_are_rejected(melody: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        checked_melody(melody)


def test_an_unknown_buzzer_kind_is_rejected(factory: MockFactory) -> None:
    with pytest.raises(ValueError, match="passive"):
        open_sounder("loud", PIN, factory)
