"""The self-test in simulation: a helper thread presses the mock buttons when asked."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin

import hardware
from device.cli import main
from device.selftest import pattern_frame, run_selftest
from hardware import Hardware, HardwareConfig
from tests.hardware.fake_controller import FakeController, Port

CONFIG = HardwareConfig(debounce=0.0)
STEP = 0.01


class Finger(threading.Thread):
    """Presses the button the self-test asks for, unless told to leave it alone."""

    def __init__(self, hw: Hardware, skip: set[str]) -> None:
        super().__init__(daemon=True)
        self.hw = hw
        self.skip = skip
        self.asked: queue.Queue[str | None] = queue.Queue()

    def run(self) -> None:
        while (name := self.asked.get()) is not None:
            if name not in self.skip:
                pin = self.hw.factory.pin(CONFIG.button_pins[name])
                pin.drive_low()
                pin.drive_high()


@pytest.fixture
def hw() -> Iterator[Hardware]:
    made = hardware.build(CONFIG, simulate=True)
    yield made
    made.close()


def test_every_part_is_worked_and_every_pressed_button_passes(hw: Hardware) -> None:
    finger = Finger(hw, skip={"C"})
    finger.start()
    lines: list[str] = []
    shown_during_display_step: list[bytes] = []

    def say(line: str) -> None:
        lines.append(line)
        if line.startswith("display: test pattern"):
            shown_during_display_step.append(hw.display.image.tobytes())
        if line.startswith("press button "):
            finger.asked.put(line.split()[2])

    try:
        results = run_selftest(hw, address="192.168.1.23", say=say, step=STEP, button_timeout=0.5)
    finally:
        finger.asked.put(None)
        finger.join()

    assert results == {
        "leds": True,
        "display": True,
        "buzzer": True,
        "button A": True,
        "button B": True,
        "button C": False,
    }
    assert lines[-1] == "self-test failed: button C"
    assert "button C: FAILED: no press seen" in lines
    # Each stick LED and each status colour really went high at some point, then dark.
    for pin in [*CONFIG.stick_pins, *CONFIG.rgb_pins]:
        states = [change.state for change in hw.factory.pin(pin).states]
        assert max(states) == 1 and states[-1] == 0, pin
    assert max(change.state for change in hw.factory.pin(CONFIG.buzzer_pin).states) > 0
    assert shown_during_display_step == [pattern_frame("192.168.1.23").tobytes()]


def test_buttons_that_cannot_be_opened_fail_with_the_reason(factory: MockFactory) -> None:
    squatter = LED(CONFIG.button_pins["A"], pin_factory=factory)  # e.g. the service runs
    hw = hardware.build(CONFIG, simulate=True, pin_factory=factory)
    try:
        lines: list[str] = []
        results = run_selftest(hw, address="10.0.0.2", say=lines.append, step=STEP)
        assert [results[f"button {name}"] for name in "ABC"] == [False] * 3
        assert any("GPIOPinInUse" in line and "stop it" in line for line in lines)
        assert results["leds"] and results["display"] and results["buzzer"]
    finally:
        hw.close()
        squatter.close()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory(pin_class=MockPWMPin)
    yield made
    made.close()


def test_the_selftest_command_runs_in_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    # Nobody presses anything: every button times out, so the command fails.
    assert main(["selftest", "--simulate", "--button-timeout", "0.05", "--step", "0.01"]) == 1
    out = capsys.readouterr().out
    assert "display: test pattern with the address" in out
    assert "self-test failed: button A, button B, button C" in out


def test_the_led_ring_lights_each_seat_in_turn(tmp_path: Path) -> None:
    port = Port(tmp_path / "ttyACM0")
    controller = port.plug(FakeController(seats=4))
    hw = hardware.build(HardwareConfig(serial_port=str(port.path)), simulate=True)
    try:
        lines: list[str] = []
        results = run_selftest(
            hw, address="10.0.0.2", say=lines.append, step=STEP, button_timeout=0
        )
        assert results["ring"] is True
        assert "LED ring: each of 4 seats white in turn" in lines

        def lit(controller: FakeController) -> list[int]:
            return [
                int(command.args[0])
                for command in controller.commands
                if command.verb == "SEAT" and command.args[1] == "FFFFFF"
            ]

        # The commands cross a real pty: on a busy machine the last may still be on its way.
        assert controller.wait_for(lambda c: len(lit(c)) >= 4)
        assert lit(controller) == [0, 1, 2, 3]
        assert controller.wait_for(lambda c: all(colour == "000000" for colour, _ in c.shown()))
    finally:
        hw.close()
        port.unplug(controller)
