"""Graceful degradation: faults injected into `hardware.build` never stop the box.

Pins are made unavailable the way they are on a Pi, by another device holding them
(gpiozero's GPIOPinInUse on the same MockFactory); the display through an opener
that raises what smbus2 raises for a missing I2C device. A backend that raises an
exception of an unexpected type (not an OSError) is one part down too, logged once.
"""

import errno
import logging
import termios
import time
from pathlib import Path
from typing import Any

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.device import dummy

from hardware import HardwareConfig, Leds, SeatLight, SerialLink, build
from hardware.part import Backoff
from hardware.serial_link import open_serial_port
from hardware.supervised import SupervisedLeds
from tests.hardware.fake_controller import FakeController, Port
from tests.hardware.fakes import wait_until

CONFIG = HardwareConfig(debounce=0.0)
FAST = Backoff(first=0.01, ceiling=0.05)


def tap(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def part_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "hardware.part" and r.levelno == logging.WARNING
    ]


def test_pins_held_by_another_device_are_retried_until_they_come_free(
    factory: MockFactory, caplog: pytest.LogCaptureFixture
) -> None:
    squatters = [LED(pin, pin_factory=factory) for pin in (5, 17, 18)]
    presses: list[tuple[str, str]] = []
    with caplog.at_level(logging.DEBUG):
        hw = build(
            CONFIG,
            simulate=True,
            pin_factory=factory,
            backoff=FAST,
            on_press=lambda name, kind: presses.append((name, kind)),
        )
        try:
            health = hw.health()
            for part, pin in (("buttons", 5), ("leds", 17), ("buzzer", 18)):
                assert health[part]["healthy"] is False
                assert f"GPIO {pin}: GPIOPinInUse" in health[part]["error"]
            assert health["display"] == {"healthy": True, "error": None}

            # The box goes on using the missing parts; nothing raises.
            hw.leds.set_sticks([True, False, True, False, False])
            hw.leds.set_status((0, 1, 0))
            hw.buzzer.play([(880, 0.01)])
            assert wait_until(
                lambda: sum("still failing" in r.getMessage() for r in caplog.records) >= 6
            )
            assert len(part_warnings(caplog)) == 3  # once per part, however many retries

            for squatter in squatters:
                squatter.close()
            assert wait_until(lambda: hw.healthy)
            # What the LEDs should have shown during the outage, they show now.
            assert hw.leds.state() == {
                "sticks": [True, False, True, False, False],
                "status": [0.0, 1.0, 0.0],
            }
            tap(factory, CONFIG.button_pins["A"])
            assert presses == [("A", "short")]
            hw.buzzer.play([(880, 0.3)])
            assert wait_until(lambda: factory.pin(CONFIG.buzzer_pin).frequency == 880)
        finally:
            hw.close()


def test_a_display_that_cannot_be_opened_leaves_everything_else_working() -> None:
    broken = True
    attempts = 0

    def open_display() -> Any:
        nonlocal attempts
        attempts += 1
        if broken:
            raise OSError(errno.ENXIO, "No such device or address")
        return dummy(width=128, height=64, mode="1")

    hw = build(CONFIG, simulate=True, open_display=open_display, backoff=FAST)
    changes: list[bool] = []
    hw.health_signal.subscribe(lambda: changes.append(hw.display.healthy))
    try:
        assert hw.health()["display"] == {
            "healthy": False,
            "error": "cannot open the display: OSError: [Errno 6] No such device or address",
        }
        assert hw.health()["buttons"]["healthy"] and hw.health()["leds"]["healthy"]
        hw.leds.set_sticks([True] * 5)
        assert hw.leds.state()["sticks"] == [True] * 5
        assert wait_until(lambda: attempts >= 3)  # retried with nobody asking

        broken = False
        assert wait_until(lambda: hw.display.healthy)
        assert changes == [True]
    finally:
        hw.close()
    count = attempts
    time.sleep(0.1)
    assert attempts == count  # closed: no more retries


def test_a_serial_port_that_does_not_exist_is_reported_and_retried(tmp_path: Any) -> None:
    missing = tmp_path / "ttyACM0"
    config = HardwareConfig(serial_port=str(missing))
    hw = build(config, simulate=True, backoff=FAST)
    try:
        assert wait_until(lambda: "could not open port" in (hw.serial.error or ""))  # type: ignore[union-attr]
        health = hw.health()["serial"]
        assert health["healthy"] is False and health["port"] == str(missing)
        assert hw.health()["display"]["healthy"]  # the rest is untouched
    finally:
        hw.close()


def test_no_serial_port_configured_means_no_link_and_no_warning() -> None:
    hw = build(CONFIG, simulate=True)
    try:
        assert hw.serial is None
        assert "serial" not in hw.health()
        assert hw.healthy
    finally:
        hw.close()


class FlakyPin(MockPWMPin):
    """A mock pin that raises what no one expects while `broken` (for every FlakyPin)."""

    broken = False

    def _set_state(self, value: float) -> None:
        if FlakyPin.broken:
            raise RuntimeError("pin driver confused")
        super()._set_state(value)


def test_leds_whose_backend_raises_an_unexpected_error_are_reopened_and_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    factory = MockFactory(pin_class=FlakyPin)
    config = HardwareConfig()
    leds = SupervisedLeds(
        lambda: Leds(config.stick_pins, config.rgb_pins, pin_factory=factory), backoff=FAST
    )
    try:
        with caplog.at_level(logging.DEBUG, logger="hardware"):
            FlakyPin.broken = True
            leds.set_sticks([True] * 5)  # raises nothing into the caller
            assert not leds.healthy
            assert leds.error == "cannot drive the stick LEDs: RuntimeError: pin driver confused"
            assert wait_until(lambda: "still failing" in caplog.text)  # reopening fails too
            leds.set_status((1, 0, 0))
            FlakyPin.broken = False
            assert wait_until(lambda: leds.healthy)
        assert leds.state() == {"sticks": [True] * 5, "status": [1.0, 0.0, 0.0]}
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warnings) == 1 and not any(r.exc_info for r in caplog.records)
    finally:
        FlakyPin.broken = False
        leds.close()
        factory.close()


def test_a_serial_port_raising_a_non_os_error_is_reported_and_reconnected(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    port = Port(tmp_path / "ttyLED")
    controller = port.plug(FakeController(seats=3))
    broken = False

    class VanishingPort:
        """A real pty port that raises what termios raises for a vanished USB device,
        an exception that is not an OSError, while `broken`."""

        def __init__(self) -> None:
            self._port = open_serial_port(str(port.path), 115200)

        def __getattr__(self, name: str) -> Any:
            return getattr(self._port, name)

        def __setattr__(self, name: str, value: Any) -> None:
            if name.startswith("_"):
                super().__setattr__(name, value)
            else:
                setattr(self._port, name, value)

        def write(self, data: bytes) -> Any:
            self._check()
            return self._port.write(data)

        def reset_input_buffer(self) -> None:
            self._check()
            self._port.reset_input_buffer()

        def _check(self) -> None:
            if broken:
                raise termios.error(errno.EIO, "Input/output error")

    green, red = SeatLight((0, 255, 0)), SeatLight((255, 0, 0))
    link = SerialLink(
        VanishingPort, name="ttyLED", ack_timeout=0.2, hello_timeout=0.6, backoff=FAST
    )
    try:
        link.show([green])
        assert controller.wait_for(lambda c: c.shown()[0] == (green.hex, "SOLID"))
        with caplog.at_level(logging.DEBUG, logger="hardware"):
            broken = True
            link.show([red])
            assert wait_until(lambda: not link.healthy)
            assert link.error == "ttyLED: error: (5, 'Input/output error')"
            time.sleep(0.1)  # reconnecting fails a few times meanwhile
            broken = False
            assert wait_until(lambda: link.healthy)  # the worker lived through it
        assert controller.wait_for(lambda c: c.shown()[0] == (red.hex, "SOLID"))
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warnings) == 1 and not any(r.exc_info for r in caplog.records)
    finally:
        link.close()
        port.unplug(controller)
