"""hardware.build, is_raspberry_pi and HardwareConfig."""

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from PIL import Image, ImageDraw

from hardware import Hardware, HardwareConfig, HardwareError, build, is_raspberry_pi

CONFIG = HardwareConfig()


@pytest.fixture
def hardware() -> Iterator[Hardware]:
    made = build(CONFIG, simulate=True)
    yield made
    made.close()


def tap(hw: Hardware, pin: int) -> None:
    """A short press on the real clock: each edge further from the last than the
    debounce, the hold much shorter than a long press."""
    hw.factory.pin(pin).drive_low()
    time.sleep(CONFIG.debounce * 2)
    hw.factory.pin(pin).drive_high()
    time.sleep(CONFIG.debounce * 2)


def test_a_simulated_build_has_working_parts(hardware: Hardware) -> None:
    presses: list[tuple[str, str]] = []
    hardware.buttons.on_press = lambda name, kind: presses.append((name, kind))
    tap(hardware, CONFIG.button_pins["B"])
    assert presses == [("B", "short")]

    hardware.leds.set_sticks([False, True, False, True, False])
    hardware.leds.set_status((0, 1, 0))
    assert hardware.leds.state() == {
        "sticks": [False, True, False, True, False],
        "status": [0.0, 1.0, 0.0],
    }

    image = Image.new("1", (128, 64))
    ImageDraw.Draw(image).text((0, 0), "hello", fill="white")
    hardware.display.show(image)
    assert hardware.display.healthy
    assert hardware.display.frames_sent == 1
    assert hardware.display.image.tobytes() == image.tobytes()


def test_presses_go_to_the_handler_given_to_build() -> None:
    presses: list[tuple[str, str]] = []
    hw = build(CONFIG, simulate=True, on_press=lambda name, kind: presses.append((name, kind)))
    try:
        tap(hw, CONFIG.button_pins["C"])
    finally:
        hw.close()
    assert presses == [("C", "short")]


def test_presses_before_anyone_listens_are_dropped_quietly(hardware: Hardware) -> None:
    tap(hardware, CONFIG.button_pins["A"])  # no handler yet: must not raise
    presses: list[tuple[str, str]] = []
    hardware.buttons.on_press = lambda name, kind: presses.append((name, kind))
    tap(hardware, CONFIG.button_pins["A"])
    assert presses == [("A", "short")]


def test_two_simulated_builds_do_not_share_pins_or_global_state() -> None:
    first, second = build(CONFIG, simulate=True), build(CONFIG, simulate=True)
    try:
        assert Device.pin_factory is None
        assert isinstance(first.factory, MockFactory)
        assert first.factory is not second.factory

        first_presses: list[tuple[str, str]] = []
        second_presses: list[tuple[str, str]] = []
        first.buttons.on_press = lambda name, kind: first_presses.append((name, kind))
        second.buttons.on_press = lambda name, kind: second_presses.append((name, kind))
        tap(first, CONFIG.button_pins["A"])
        first.leds.set_sticks([True] * 5)
        assert (first_presses, second_presses) == ([("A", "short")], [])
        assert second.leds.state()["sticks"] == [False] * 5

        first.close()
        second.leds.set_sticks([True, False, False, False, False])
        assert second.leds.state()["sticks"] == [True, False, False, False, False]
    finally:
        first.close()
        second.close()


def test_a_pin_the_board_does_not_have_leaves_that_part_out_and_reports_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A first-generation Model B: a 26-pin header with no GPIO 5, 6, 13, 16, 20 or 21.
    monkeypatch.setenv("GPIOZERO_MOCK_REVISION", "000e")
    hw = build(CONFIG, simulate=True)
    try:
        health = hw.health()
        assert health["buttons"]["healthy"] is False
        assert "button A on GPIO 5: PinInvalidPin" in health["buttons"]["error"]
        assert health["leds"]["healthy"] is False
        assert health["display"] == {"healthy": True, "error": None}
        assert health["buzzer"] == {"healthy": True, "error": None}  # GPIO 18 is there
        assert not hw.healthy
        hw.leds.set_sticks([True] * 5)  # the box keeps running without the part
        assert hw.leds.state() == {"sticks": [False] * 5, "status": [0.0, 0.0, 0.0]}
        with pytest.raises(HardwareError, match="buttons are not working"):
            hw.buttons.pin("A")
    finally:
        hw.close()


def test_real_hardware_off_a_pi_is_a_clear_hardware_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if is_raspberry_pi():
        pytest.skip("this is a Raspberry Pi: the real pins would open")
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    with pytest.warns(Warning), pytest.raises(HardwareError, match="cannot reach the GPIO pins"):
        build(CONFIG, simulate=False)
    assert Device.pin_factory is None


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"Raspberry Pi 4 Model B Rev 1.4\x00", True),
        (b"Raspberry Pi 5 Model B Rev 1.0\x00", True),
        (b"Generic x86 board\x00", False),
        (b"", False),
        (b"\xff\xfe", False),
    ],
)
def test_is_raspberry_pi_reads_the_device_tree_model(
    tmp_path: Path, content: bytes, expected: bool
) -> None:
    model = tmp_path / "model"
    model.write_bytes(content)
    assert is_raspberry_pi(model) is expected


def test_is_raspberry_pi_is_false_when_the_model_cannot_be_read(tmp_path: Path) -> None:
    assert is_raspberry_pi(tmp_path / "missing") is False
    assert is_raspberry_pi(tmp_path) is False  # a directory


def test_default_pins_stay_off_the_i2c_and_uart_pins() -> None:
    pins = [*CONFIG.button_pins.values(), *CONFIG.stick_pins, *CONFIG.rgb_pins, CONFIG.buzzer_pin]
    assert len(set(pins)) == len(pins) == 12
    assert not set(pins) & {0, 1, 2, 3, 14, 15}
    assert CONFIG.buzzer_pin == 18  # PWM0 on physical pin 12
    assert CONFIG.serial_port == ""  # the LED link is optional: off unless configured


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"button_pins": {"A": 5, "B": 6}}, "button_pins"),
        ({"stick_pins": (17, 27, 22, 23)}, "5 pins"),
        ({"rgb_pins": (16, 20)}, "3 pins"),
        ({"stick_pins": (17, 27, 22, 23, 5)}, "GPIO 5 used by more than one"),
        ({"rgb_pins": (16, 20, 28)}, "0..27"),
        ({"rgb_pins": (16, 20, 2)}, "I2C bus 1"),
        ({"display": "ili9341"}, "display"),
        ({"i2c_address": 0x80}, "i2c_address"),
        ({"rotate": 1}, "rotate"),
        ({"contrast": 256}, "contrast"),
        ({"debounce": 1.0}, "debounce"),
        ({"buzzer_pin": 17}, "GPIO 17 used by more than one"),
        ({"buzzer": "loud"}, "buzzer must be"),
        ({"dim_after": -1}, "dim_after"),
        ({"dim_after": True}, "dim_after"),
        ({"muted": "yes"}, "muted"),
        ({"serial_baud": 0}, "serial_baud"),
    ],
)
def test_bad_config_values_are_rejected(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        HardwareConfig(**changes)


def test_config_accepts_lists_from_toml() -> None:
    config = HardwareConfig(stick_pins=[4, 12, 19, 25, 7], rgb_pins=[26, 16, 20])  # type: ignore[arg-type]
    assert config.stick_pins == (4, 12, 19, 25, 7)
    assert config.rgb_pins == (26, 16, 20)
    assert HardwareConfig(i2c_port=0, rgb_pins=(2, 3, 21)).rgb_pins == (2, 3, 21)
