"""A simulated box's pins remember only their last changes: memory stays flat all evening.

gpiozero's mock pins keep every state change ever made (`pin.states`), for tests
that check a sequence; the simulated box would grow with every press and light.
"""

from collections.abc import Iterator

import pytest

from hardware import PIN_HISTORY, BoundedMockPin, Hardware, HardwareConfig, build

CONFIG = HardwareConfig()
CHANGES = 20 * PIN_HISTORY


@pytest.fixture
def hardware() -> Iterator[Hardware]:
    made = build(CONFIG, simulate=True)
    yield made
    made.close()


def test_presses_and_lights_leave_each_pin_a_bounded_history(hardware: Hardware) -> None:
    presses: list[tuple[str, str]] = []
    hardware.buttons.on_press = lambda name, kind: presses.append((name, kind))
    pin_a = hardware.factory.pin(CONFIG.button_pins["A"])
    for change in range(CHANGES):  # edges as fast as the pin takes them
        if change % 2:
            pin_a.drive_high()
        else:
            pin_a.drive_low()
        lit = [(change >> seat) & 1 == 1 for seat in range(5)]
        hardware.leds.set_sticks(lit)
        hardware.leds.set_status((change % 2, 0.5, 0.0))
    pins = list(hardware.factory.pins.values())
    assert pins and all(isinstance(pin, BoundedMockPin) for pin in pins)
    assert max(len(pin.states) for pin in pins) == PIN_HISTORY
    assert pin_a.states[-1].state is True  # the newest change (a release) is kept
    assert hardware.leds.state()["sticks"] == lit  # the parts still work


def test_the_history_still_reads_as_gpiozero_s() -> None:
    """Tests may still check a pin's recent sequence the gpiozero way."""
    hardware = build(CONFIG, simulate=True)
    try:
        pin = hardware.factory.pin(CONFIG.button_pins["B"])
        pin.clear_states()
        pin.drive_low()
        pin.drive_high()
        pin.assert_states([True, False, True])
    finally:
        hardware.close()
