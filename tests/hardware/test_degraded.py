"""Graceful degradation: faults injected into `hardware.build` never stop the box.

Pins are made unavailable the way they are on a Pi, by another device holding them
(gpiozero's GPIOPinInUse on the same MockFactory); the display through an opener
that raises what smbus2 raises for a missing I2C device.
"""

import errno
import logging
import time
from typing import Any

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy

from hardware import HardwareConfig, build
from hardware.part import Backoff
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
