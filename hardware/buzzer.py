"""A piezo buzzer that plays short melodies without ever making the caller wait.

`play(melody)` queues the melody and returns at once; one worker thread plays the
notes, waiting out each one on an Event, so muting or closing silences it at once.
A melody is a sequence of (frequency in Hz, seconds); a frequency of None is a rest.

Two kinds of buzzer are wired to a GPIO pin: a passive piezo ("passive") sings the
note's frequency through gpiozero's TonalBuzzer (PWM); an active one ("active")
has its own oscillator and can only beep, so it sounds every note at its own pitch.
The pin is a `Part`: a pin that cannot be opened is retried in the background and
the box carries on silent meanwhile.
"""

from __future__ import annotations

import logging
import math
import queue
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Protocol

from gpiozero import Buzzer as ActiveBuzzer
from gpiozero import TonalBuzzer

from hardware.config import BUZZER_KINDS
from hardware.errors import reported_as_hardware_error
from hardware.part import DEFAULT_BACKOFF, Backoff, HealthSignal, Part, ReportsHealth

logger = logging.getLogger(__name__)

# TonalBuzzer around A5 spanning one octave each way: 440..1760 Hz, where small
# piezo discs are loud enough to hear across a table.
MID_TONE = "A5"
LOWEST_HZ = 440.0
HIGHEST_HZ = 1760.0
LONGEST_NOTE = 2.0  # seconds: these are cues, not tunes
QUEUED_MELODIES = 4  # a burst of cues beyond this is dropped: a late beep misleads

Note = tuple[float | None, float]
Melody = Sequence[Note]


class Sounder(Protocol):
    """A buzzer pin that can sound a frequency and fall silent."""

    def sound(self, frequency: float) -> None: ...
    def silence(self) -> None: ...
    def close(self) -> None: ...


class _Passive:
    def __init__(self, pin: int, pin_factory: Any) -> None:
        self._device = TonalBuzzer(pin, mid_tone=MID_TONE, octaves=1, pin_factory=pin_factory)

    def sound(self, frequency: float) -> None:
        with reported_as_hardware_error("cannot drive the buzzer"):
            self._device.play(frequency)

    def silence(self) -> None:
        with reported_as_hardware_error("cannot drive the buzzer"):
            self._device.stop()

    def close(self) -> None:
        self._device.close()


class _Active:
    def __init__(self, pin: int, pin_factory: Any) -> None:
        self._device = ActiveBuzzer(pin, pin_factory=pin_factory)

    def sound(self, frequency: float) -> None:
        with reported_as_hardware_error("cannot drive the buzzer"):
            self._device.on()

    def silence(self) -> None:
        with reported_as_hardware_error("cannot drive the buzzer"):
            self._device.off()

    def close(self) -> None:
        self._device.close()


def open_sounder(kind: str, pin: int, pin_factory: Any = None) -> Sounder:
    """Open a passive or active buzzer on a GPIO pin; HardwareError if the pin cannot be had."""
    if kind not in BUZZER_KINDS:
        raise ValueError(f"buzzer must be one of {BUZZER_KINDS}, not {kind!r}")
    with reported_as_hardware_error(f"cannot open the buzzer on GPIO {pin}"):
        return _Passive(pin, pin_factory) if kind == "passive" else _Active(pin, pin_factory)


def checked_melody(melody: Melody) -> list[Note]:
    """`melody` as a list of notes; ValueError if a note cannot be played."""
    notes = list(melody)
    if not notes:
        raise ValueError("a melody needs at least one note")
    for note in notes:
        if not isinstance(note, tuple) or len(note) != 2:
            raise ValueError(f"a note is (frequency or None, seconds), not {note!r}")
        frequency, seconds = note
        if frequency is not None and not (
            isinstance(frequency, int | float) and LOWEST_HZ <= frequency <= HIGHEST_HZ
        ):
            raise ValueError(f"frequencies must be {LOWEST_HZ:g}..{HIGHEST_HZ:g} Hz: {note!r}")
        if not isinstance(seconds, int | float) or not (
            math.isfinite(seconds) and 0 < seconds <= LONGEST_NOTE
        ):
            raise ValueError(f"a note lasts more than 0 and at most {LONGEST_NOTE} s: {note!r}")
    return notes


class Buzzer(ReportsHealth):
    """Plays melodies one after another on a worker thread; `muted` silences it."""

    def __init__(
        self,
        open_device: Callable[[], Sounder],
        *,
        muted: bool = False,
        backoff: Backoff = DEFAULT_BACKOFF,
        health_signal: HealthSignal | None = None,
    ) -> None:
        self._muted = muted
        self._closed = False
        self._queue: queue.Queue[list[Note] | None] = queue.Queue(maxsize=QUEUED_MELODIES)
        self._interrupt = threading.Event()  # cuts the current melody short
        self._count_lock = threading.Lock()
        self._unfinished = 0  # melodies queued or playing
        self._quiet = threading.Event()  # set while _unfinished is 0
        self._quiet.set()
        self._part: Part[Sounder] = Part(
            "the buzzer",
            open_device,
            close_part=_close_sounder,
            backoff=backoff,
            health_signal=health_signal,
        )
        self._worker = threading.Thread(target=self._play_loop, name="buzzer", daemon=True)
        self._worker.start()

    @property
    def muted(self) -> bool:
        return self._muted

    def set_muted(self, muted: bool) -> None:
        """Mute (which also stops what is playing) or unmute."""
        self._muted = bool(muted)
        if self._muted:
            self._drop_queued()
            self._interrupt.set()

    def play(self, melody: Melody) -> bool:
        """Queue `melody`; returns at once. False if muted, closed or too many are queued."""
        notes = checked_melody(melody)
        if self._muted or self._closed:
            return False
        with self._count_lock:
            self._unfinished += 1
            self._quiet.clear()
        try:
            self._queue.put_nowait(notes)
        except queue.Full:
            logger.debug("buzzer busy: a melody was dropped")
            self._finished()
            return False
        return True

    def wait_until_quiet(self, timeout: float) -> bool:
        """Wait until every queued melody has finished; False on timeout."""
        return self._quiet.wait(timeout)

    def close(self) -> None:
        """Stop playing and release the pin; safe to call more than once."""
        if self._closed:
            return
        self._closed = True
        self._interrupt.set()
        while True:  # make room for the stop sign even if a late play() filled the queue
            self._drop_queued()
            try:
                self._queue.put_nowait(None)
                break
            except queue.Full:
                continue
        self._worker.join(timeout=5)
        self._part.close()

    def _drop_queued(self) -> None:
        while True:
            try:
                notes = self._queue.get_nowait()
            except queue.Empty:
                return
            if notes is not None:
                self._finished()

    def _finished(self) -> None:
        with self._count_lock:
            self._unfinished -= 1
            if self._unfinished == 0:
                self._quiet.set()

    def _play_loop(self) -> None:
        while True:
            notes = self._queue.get()
            if notes is None:
                return
            self._interrupt.clear()
            self._play(notes)
            self._finished()

    def _play(self, notes: list[Note]) -> None:
        for frequency, seconds in notes:
            # Checked per note: a mute that raced with taking this melody still wins.
            if self._muted or self._closed:
                break
            if frequency is None:
                self._part.use(_silence)
            else:
                self._part.use(partial(_sound, frequency))
            if self._interrupt.wait(seconds):
                break
        self._part.use(_silence)


def _sound(frequency: float, sounder: Sounder) -> None:
    sounder.sound(frequency)


def _silence(sounder: Sounder) -> None:
    sounder.silence()


def _close_sounder(sounder: Sounder) -> None:
    sounder.close()
