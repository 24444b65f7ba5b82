"""Display, on luma's in-memory dummy device.

No I2C bus exists here, so the unplug tests use `UnpluggableDisplay`: a real luma
dummy whose bus can be "pulled", after which opening and drawing fail with the
errors luma and smbus2 raise on a Pi (DeviceNotFoundError, OSError EREMOTEIO).
The fault tests use `FaultyDisplay`: a luma dummy whose writes can hang on an Event
or raise any exception, to check that neither reaches the caller of `show`.

`show` only hands the frame to the display's writer thread, so a test that checks
the device waits with `wait_until_sent` (or `wait_until` for a display that is down).
"""

import errno
import itertools
import logging
import os
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from luma.core.device import dummy
from luma.core.error import DeviceNotFoundError
from PIL import Image, ImageDraw

from hardware.display import DIM_CONTRAST, Display, open_oled
from hardware.part import Backoff, HealthSignal
from tests.hardware.fakes import wait_until

FAST = Backoff(first=0.01, ceiling=0.05)  # retries within milliseconds, for tests


def frame(text: str = "", box: tuple[int, int, int, int] | None = None) -> Image.Image:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    if text:
        draw.text((4, 4), text, fill="white")
    if box:
        draw.rectangle(box, outline="white")
    return image


SENT = 2.0  # seconds a test waits for the writer, which takes milliseconds


def new_dummy() -> Any:
    return dummy(width=128, height=64, mode="1")


class Bus:
    """Stands for the I2C wire: plugged in or not, and every device opened on it."""

    def __init__(self) -> None:
        self.plugged_in = True
        self.opened: list[UnpluggableDisplay] = []

    def open(self) -> "UnpluggableDisplay":
        if not self.plugged_in:
            raise DeviceNotFoundError("I2C device not found on address: 0x3C")
        device = UnpluggableDisplay(self)
        self.opened.append(device)
        return device


class UnpluggableDisplay(dummy):
    def __init__(self, bus: Bus) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.bus = bus
        self.cleaned_up = False
        self.contrast_level: int | None = None

    def contrast(self, level: int) -> None:
        if not self.bus.plugged_in:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.contrast_level = level

    def display(self, image: Image.Image) -> None:
        if not self.bus.plugged_in:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        super().display(image)

    def cleanup(self) -> None:
        self.cleaned_up = True
        super().cleanup()


class FaultyDisplay(dummy):
    """A luma dummy whose writes (frames and contrast) hang or raise when told to.

    While `hanging`, a write waits until `release` is set; `stuck` is set once one
    does. While `fault` is set, writes raise it (after any hang).
    """

    def __init__(self, fault: BaseException | None = None) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.hanging = False
        self.release = threading.Event()
        self.stuck = threading.Event()
        self.fault = fault
        self.contrast_level: int | None = None
        self.cleaned_up = threading.Event()

    def _write(self) -> None:
        if self.hanging:
            self.stuck.set()
            self.release.wait(5)
        if self.fault is not None:
            raise self.fault

    def contrast(self, level: int) -> None:
        self._write()
        self.contrast_level = level

    def display(self, image: Image.Image) -> None:
        self._write()
        super().display(image)

    def cleanup(self) -> None:
        self.cleaned_up.set()
        super().cleanup()


class FaultyBus:
    """Opens a new FaultyDisplay each time; `fault` reaches every device it opened."""

    def __init__(self) -> None:
        self.opened: list[FaultyDisplay] = []
        self._fault: BaseException | None = None

    @property
    def fault(self) -> BaseException | None:
        return self._fault

    @fault.setter
    def fault(self, fault: BaseException | None) -> None:
        self._fault = fault
        for device in self.opened:
            device.fault = fault

    def open(self) -> FaultyDisplay:
        self.opened.append(FaultyDisplay(self._fault))
        return self.opened[-1]


def part_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name.startswith("hardware") and r.levelno >= logging.WARNING
    ]


def show_returns_at_once(display: Display, image: Image.Image) -> None:
    started = time.monotonic()
    display.show(image)
    assert time.monotonic() - started < 1.0  # a hung write waits 5 s


def test_only_changed_frames_are_sent() -> None:
    display = Display(new_dummy)
    display.show(frame("menu"))
    display.show(frame("menu"))  # a new image with the same pixels
    assert display.frames_sent == 1
    assert display.wait_until_sent(SENT)
    assert display.frames_written == 1
    display.show(frame("lobby"))
    display.show(frame("lobby"))
    display.show(frame("lobby"))
    assert display.frames_sent == 2
    assert display.wait_until_sent(SENT)
    display.show(frame("menu"))
    assert display.frames_sent == 3
    assert display.wait_until_sent(SENT)
    assert display.frames_written == 3
    display.close()


def test_the_frame_reaches_the_device_and_reads_back_unchanged() -> None:
    devices: list[Any] = []

    def open_device() -> Any:
        devices.append(new_dummy())
        return devices[-1]

    display = Display(open_device)
    assert display.image.tobytes() == frame().tobytes()  # blank before the first frame
    drawn = frame("Cena 3/4", box=(0, 40, 127, 63))
    display.show(drawn)
    expected = drawn.tobytes()
    drawn.paste(1, (0, 0, 128, 64))  # the caller reusing its image must not change ours
    assert display.wait_until_sent(SENT)
    assert devices[0].image.tobytes() == expected
    assert display.image.tobytes() == expected
    assert display.image.mode == "1"
    assert display.image.size == (128, 64)
    display.close()


@pytest.mark.parametrize(
    ("image", "error"),
    [
        (Image.new("1", (64, 128)), ValueError),
        (Image.new("RGB", (128, 64)), ValueError),
        (b"\x00" * 1024, TypeError),
    ],
)
def test_a_wrong_frame_is_rejected_and_nothing_is_sent(image: Any, error: type) -> None:
    display = Display(new_dummy)
    display.show(frame("before"))
    with pytest.raises(error, match=r"128x64 mode '1'|PIL image"):
        display.show(image)
    assert display.frames_sent == 1
    assert display.image.tobytes() == frame("before").tobytes()
    display.close()


def test_an_unplugged_display_is_reopened_in_the_background_and_shows_the_frame_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bus = Bus()
    changes: list[bool] = []
    signal = HealthSignal()
    display = Display(bus.open, backoff=FAST, health_signal=signal)
    signal.subscribe(lambda: changes.append(display.healthy))
    display.show(frame("one"))
    assert display.wait_until_sent(SENT)
    assert (display.healthy, display.error, display.frames_sent) == (True, None, 1)

    bus.plugged_in = False
    with caplog.at_level(logging.DEBUG, logger="hardware.part"):
        display.show(frame("two"))  # must not raise into the caller
        assert wait_until(lambda: not display.healthy)
        assert bus.opened[0].cleaned_up and bus.opened[0].persist
        # Retried without anyone calling show(), each attempt failing:
        assert wait_until(lambda: display.error is not None and "cannot open" in display.error)
        assert display.error == (
            "cannot open the display: DeviceNotFoundError: I2C device not found on address: 0x3C"
        )
        assert wait_until(lambda: len(retries(caplog)) >= 2)
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert [r.getMessage() for r in warnings] == [
        "the display stopped working: OSError: [Errno 121] Remote I/O error"
        " (retrying in the background)"
    ]  # one warning for the whole outage

    bus.plugged_in = True  # plugged back in; nobody calls show()
    assert display.wait_until_sent(SENT)
    assert display.error is None
    assert len(bus.opened) == 2
    assert bus.opened[1].image.tobytes() == frame("two").tobytes()  # the frame it missed
    assert changes == [False, True]
    display.close()


def test_a_display_missing_at_start_does_not_raise_and_is_picked_up_later() -> None:
    bus = Bus()
    bus.plugged_in = False
    display = Display(bus.open, backoff=FAST)
    assert not display.healthy
    assert display.error is not None and display.error.startswith("cannot open the display")
    display.show(frame("menu"))
    assert display.frames_sent == 0
    assert display.image.tobytes() == frame("menu").tobytes()  # kept for when it returns

    bus.plugged_in = True
    assert display.wait_until_sent(SENT)
    assert bus.opened[0].image.tobytes() == frame("menu").tobytes()
    display.close()


def test_retries_back_off_instead_of_hammering_the_bus() -> None:
    bus = Bus()
    bus.plugged_in = False
    attempts: list[float] = []

    def open_device() -> Any:
        attempts.append(time.monotonic())
        return bus.open()

    display = Display(open_device, backoff=Backoff(first=0.02, ceiling=0.08))
    time.sleep(0.5)
    display.close()
    gaps = [later - earlier for earlier, later in itertools.pairwise(attempts)]
    # 1 attempt at start, then waits of 0.02, 0.04, 0.08, 0.08, ...: about 8 in 0.5 s.
    assert 3 <= len(attempts) <= 10
    assert all(gap >= 0.015 for gap in gaps)
    count = len(attempts)
    time.sleep(0.1)
    assert len(attempts) == count  # closing stopped the retries


def test_dimming_sets_the_contrast_and_a_reopened_display_stays_dim() -> None:
    bus = Bus()
    display = Display(bus.open, contrast=0xCF, backoff=FAST)
    display.show(frame("menu"))
    assert display.wait_until_sent(SENT)
    assert bus.opened[0].contrast_level == 0xCF
    display.set_dimmed(True)
    assert display.dimmed  # at once: the writer sends it
    assert display.wait_until_sent(SENT)
    assert bus.opened[0].contrast_level == DIM_CONTRAST

    bus.plugged_in = False
    display.show(frame("lobby"))
    assert wait_until(lambda: not display.healthy)
    bus.plugged_in = True
    assert display.wait_until_sent(SENT)
    assert bus.opened[1].contrast_level == DIM_CONTRAST
    display.set_dimmed(False)
    assert display.wait_until_sent(SENT)
    assert bus.opened[1].contrast_level == 0xCF
    display.close()


def retries(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.getMessage().startswith("still failing")]


def test_the_real_i2c_backend_reports_a_missing_bus_clearly() -> None:
    if Path("/dev/i2c-99").exists():
        pytest.skip("this machine has an I2C bus 99")
    display = Display(partial(open_oled, "ssd1306", 99, 0x3C, 0, 0x7F))
    assert not display.healthy
    assert display.error == (
        "cannot open the display: DeviceNotFoundError: I2C device not found: /dev/i2c-99"
    )
    display.show(frame("menu"))  # no exception while it stays missing
    display.close()


def test_open_oled_rejects_an_unknown_controller() -> None:
    with pytest.raises(ValueError, match="ssd1306"):
        open_oled("ili9341", 1, 0x3C, 0, 0x7F)


def test_close_switches_the_device_off_and_later_frames_are_not_sent() -> None:
    bus = Bus()
    display = Display(bus.open)
    display.show(frame("bye"))
    assert display.wait_until_sent(SENT)
    display.close()
    display.close()
    assert bus.opened[0].cleaned_up
    display.show(frame("after"))
    assert display.frames_sent == 1
    assert not display.wait_until_sent(0.01)
    assert display.frames_written == 1
    assert len(bus.opened) == 1


def test_backoff_must_start_above_zero() -> None:
    with pytest.raises(ValueError, match="first <= ceiling"):
        Backoff(first=0, ceiling=1)


def test_a_hung_write_never_blocks_show_and_marks_the_display_not_answering(
    caplog: pytest.LogCaptureFixture,
) -> None:
    device = FaultyDisplay()
    signal = HealthSignal()
    changes: list[bool] = []
    display = Display(lambda: device, write_timeout=0.1, backoff=FAST, health_signal=signal)
    signal.subscribe(lambda: changes.append(display.healthy))
    display.show(frame("one"))
    assert display.wait_until_sent(SENT)

    device.hanging = True
    with caplog.at_level(logging.DEBUG, logger="hardware"):
        show_returns_at_once(display, frame("two"))
        assert device.stuck.wait(SENT)
        assert wait_until(lambda: not display.healthy)
        assert display.error == "the display is not answering: a write has taken over 0.1 s"
        for number in range(3, 30):  # the render thread goes on drawing meanwhile
            show_returns_at_once(display, frame(f"frame {number}"))
        display.set_dimmed(True)  # and dimming waits for nothing either
        assert display.image.tobytes() == frame("frame 29").tobytes()
        assert not display.healthy

        device.hanging = False
        device.release.set()  # the hung write returns; the newest frame follows
        assert display.wait_until_sent(SENT)
    assert display.healthy and display.error is None
    assert device.image.tobytes() == frame("frame 29").tobytes()
    assert device.contrast_level == DIM_CONTRAST
    # "one", the hung "two", then only the newest: the frames in between were dropped.
    assert display.frames_written == 3
    assert part_warnings(caplog) == [
        "the display is not answering: a write has taken over 0.1 s (waiting for it to answer)"
    ]
    assert changes == [False, True]
    display.close()


def test_a_display_slow_on_every_write_stays_unhealthy_without_a_warning_per_frame(
    caplog: pytest.LogCaptureFixture,
) -> None:
    device = FaultyDisplay()
    delay = 0.03

    class SlowDisplay:
        def __getattr__(self, name: str) -> Any:
            return getattr(device, name)

        def display(self, image: Image.Image) -> None:
            time.sleep(delay)
            device.display(image)

    display = Display(SlowDisplay, write_timeout=0.01, backoff=FAST)
    with caplog.at_level(logging.DEBUG, logger="hardware"):
        for number in range(10):
            show_returns_at_once(display, frame(f"frame {number}"))
            time.sleep(0.01)
        assert wait_until(lambda: not display.healthy)
        assert not display.wait_until_sent(0.1)  # every write, resends too, is late
        assert display.error is not None and "not answering" in display.error
        delay = 0.0
        assert display.wait_until_sent(SENT)
    assert device.image.tobytes() == frame("frame 9").tobytes()
    assert len(part_warnings(caplog)) == 1
    display.close()


@pytest.mark.parametrize("fault", [ValueError("bad frame"), RuntimeError("bus wedged")])
def test_a_write_failing_with_any_error_reopens_the_display_and_logs_once(
    fault: Exception, caplog: pytest.LogCaptureFixture
) -> None:
    bus = FaultyBus()
    signal = HealthSignal()
    changes: list[bool] = []
    display = Display(bus.open, write_timeout=0.5, backoff=FAST, health_signal=signal)
    signal.subscribe(lambda: changes.append(display.healthy))
    display.show(frame("one"))
    assert display.wait_until_sent(SENT)

    bus.fault = fault
    cause = f"{type(fault).__name__}: {fault}"
    with caplog.at_level(logging.DEBUG, logger="hardware"):
        show_returns_at_once(display, frame("two"))
        assert wait_until(lambda: not display.healthy)
        assert bus.opened[0].cleaned_up.is_set()  # closed, to be reopened
        for number in range(3, 30):
            show_returns_at_once(display, frame(f"frame {number}"))
        # Reopening fails too while the fault lasts (setting it up writes to it):
        assert wait_until(lambda: len(bus.opened) >= 3)
        assert display.error == f"cannot set up the display: {cause}"

        bus.fault = None
        assert display.wait_until_sent(SENT)
    assert display.healthy and display.error is None
    assert bus.opened[-1].image.tobytes() == frame("frame 29").tobytes()
    assert part_warnings(caplog) == [
        f"the display stopped working: {cause} (retrying in the background)"
    ]  # one line for the whole outage, and no traceback
    assert not any(r.exc_info for r in caplog.records)
    assert changes == [False, True]
    display.close()


def test_a_hung_write_that_then_fails_is_one_outage(caplog: pytest.LogCaptureFixture) -> None:
    bus = FaultyBus()
    display = Display(bus.open, write_timeout=0.1, backoff=FAST)
    display.show(frame("one"))
    assert display.wait_until_sent(SENT)

    first = bus.opened[0]
    first.hanging = True
    with caplog.at_level(logging.DEBUG, logger="hardware"):
        show_returns_at_once(display, frame("two"))
        assert wait_until(lambda: display.error is not None and "not answering" in display.error)
        show_returns_at_once(display, frame("three"))
        first.fault = OSError(errno.EREMOTEIO, "Remote I/O error")
        first.release.set()
        assert display.wait_until_sent(SENT)  # on a freshly opened device
    assert len(bus.opened) == 2 and first.cleaned_up.is_set()
    assert bus.opened[1].image.tobytes() == frame("three").tobytes()
    assert len(part_warnings(caplog)) == 1
    display.close()


def test_dimming_a_hung_display_returns_at_once_and_is_sent_when_it_answers() -> None:
    device = FaultyDisplay()
    display = Display(lambda: device, contrast=0xCF, write_timeout=0.1, backoff=FAST)
    display.show(frame("menu"))
    assert display.wait_until_sent(SENT)
    device.hanging = True
    started = time.monotonic()
    display.set_dimmed(True)
    assert time.monotonic() - started < 1.0  # a hung write waits 5 s
    assert display.dimmed
    assert device.stuck.wait(SENT)
    assert wait_until(lambda: not display.healthy)
    device.hanging = False
    device.release.set()
    assert display.wait_until_sent(SENT)
    assert device.contrast_level == DIM_CONTRAST
    display.close()


def test_close_does_not_wait_for_a_hung_write_and_the_writer_closes_it_later() -> None:
    device = FaultyDisplay()
    display = Display(lambda: device, write_timeout=0.1, backoff=FAST)
    display.show(frame("one"))
    assert display.wait_until_sent(SENT)
    device.hanging = True
    display.show(frame("two"))
    assert device.stuck.wait(SENT)
    started = time.monotonic()
    display.close()
    assert time.monotonic() - started < 0.5
    assert not device.cleaned_up.is_set()  # still in the hung write
    device.release.set()
    assert device.cleaned_up.wait(SENT)


def test_wait_until_sent_is_false_for_a_missing_display() -> None:
    bus = Bus()
    bus.plugged_in = False
    display = Display(bus.open, backoff=FAST)
    display.show(frame("menu"))
    assert not display.wait_until_sent(0.05)
    display.close()


@pytest.mark.skipif(not hasattr(os, "setpriority"), reason="no per-thread niceness here")
def test_the_writer_works_at_the_priority_of_the_thread_that_draws() -> None:
    display = Display(new_dummy)
    display.show(frame("from the main thread"))  # starts the writer at this priority
    assert display.wait_until_sent(SENT)

    def render() -> None:  # the box's render thread runs behind the phones' streams
        me = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, me, os.getpriority(os.PRIO_PROCESS, me) + 3)
        display.show(frame("from the render thread"))

    drawer = threading.Thread(target=render)
    drawer.start()
    drawer.join()
    assert display.wait_until_sent(SENT)
    writer = next(t for t in threading.enumerate() if t is display._writer)
    assert writer.native_id is not None
    here = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert os.getpriority(os.PRIO_PROCESS, writer.native_id) == here + 3
    display.close()
