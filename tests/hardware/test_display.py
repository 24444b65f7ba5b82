"""Display, on luma's in-memory dummy device.

No I2C bus exists here, so the unplug tests use `UnpluggableDisplay`: a real luma
dummy whose bus can be "pulled", after which opening and drawing fail with the
errors luma and smbus2 raise on a Pi (DeviceNotFoundError, OSError EREMOTEIO).
"""

import errno
import itertools
import logging
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


def test_only_changed_frames_are_sent() -> None:
    display = Display(new_dummy)
    display.show(frame("menu"))
    display.show(frame("menu"))  # a new image with the same pixels
    assert display.frames_sent == 1
    display.show(frame("lobby"))
    display.show(frame("lobby"))
    display.show(frame("lobby"))
    assert display.frames_sent == 2
    display.show(frame("menu"))
    assert display.frames_sent == 3


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
    assert devices[0].image.tobytes() == expected
    assert display.image.tobytes() == expected
    assert display.image.mode == "1"
    assert display.image.size == (128, 64)


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


def test_an_unplugged_display_is_reopened_in_the_background_and_shows_the_frame_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bus = Bus()
    changes: list[bool] = []
    signal = HealthSignal()
    display = Display(bus.open, backoff=FAST, health_signal=signal)
    signal.subscribe(lambda: changes.append(display.healthy))
    display.show(frame("one"))
    assert (display.healthy, display.error, display.frames_sent) == (True, None, 1)

    bus.plugged_in = False
    with caplog.at_level(logging.DEBUG, logger="hardware.part"):
        display.show(frame("two"))  # must not raise into the caller
        assert not display.healthy
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
    assert wait_until(lambda: display.healthy)
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
    assert wait_until(lambda: display.healthy)
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
    assert bus.opened[0].contrast_level == 0xCF
    display.set_dimmed(True)
    assert display.dimmed and bus.opened[0].contrast_level == DIM_CONTRAST

    bus.plugged_in = False
    display.show(frame("lobby"))
    bus.plugged_in = True
    assert wait_until(lambda: display.healthy)
    assert bus.opened[1].contrast_level == DIM_CONTRAST
    display.set_dimmed(False)
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
    display.close()
    display.close()
    assert bus.opened[0].cleaned_up
    display.show(frame("after"))
    assert display.frames_sent == 1
    assert len(bus.opened) == 1


def test_backoff_must_start_above_zero() -> None:
    with pytest.raises(ValueError, match="first <= ceiling"):
        Backoff(first=0, ceiling=1)
