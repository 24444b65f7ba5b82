"""`tablemate selftest`: work every part once so a person can see, hear and press it.

Lights each stick LED, then the status LED red, green and blue (and each seat of
the LED ring, if one is configured); draws a test pattern with the IP address on
the OLED; beeps; then asks for each button in turn and waits for it, up to a
timeout. Prints one line per step and a verdict; the exit code is 0 only if every
part passed. A part the software cannot reach fails with the reason why; whether
an LED really lit or the buzzer really sounded only the person watching can say.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from functools import partial

from PIL import Image, ImageDraw

import hardware
from device.config import Config
from device.network import lan_address
from device.screens import message_screen
from hardware import OFF, Hardware, SeatLight

BUTTON_ORDER = ("A", "B", "C")
STATUS_COLOURS = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
BEEP = ((880.0, 0.15), (None, 0.05), (1320.0, 0.15))
RING_WHITE = SeatLight((255, 255, 255))
LINK_WAIT = 4.0  # seconds for the LED ring to say HELLO (a USB board may reset on open)

Say = Callable[[str], None]


def selftest_main(config: Config, *, button_timeout: float, step: float = 0.3) -> int:
    """The `tablemate selftest` command: 0 if every part passed, 1 if not."""
    try:
        hw = hardware.build(config.hardware, simulate=config.simulate)
    except hardware.HardwareError as err:
        print(f"tablemate: {err}", flush=True)
        return 1
    try:
        say: Say = partial(print, flush=True)
        results = run_selftest(
            hw, address=lan_address(), say=say, step=step, button_timeout=button_timeout
        )
    finally:
        hw.close()
    return 0 if all(results.values()) else 1


def run_selftest(
    hw: Hardware,
    *,
    address: str,
    say: Say = print,
    step: float = 0.3,
    button_timeout: float = 10.0,
) -> dict[str, bool]:
    """Run every check on `hw`; returns {check: passed}, in the order they ran."""
    results = {"leds": _leds(hw, say, step)}
    if hw.serial is not None:
        results["ring"] = _ring(hw, say, step)
    results["display"] = _display(hw, say, address, step)
    results["buzzer"] = _buzzer(hw, say)
    results.update(_buttons(hw, say, button_timeout))
    failed = [name for name, passed in results.items() if not passed]
    say("self-test: every part passed" if not failed else f"self-test failed: {', '.join(failed)}")
    return results


def pattern_frame(address: str) -> Image.Image:
    """A border, a checkerboard (a dead row or column shows) and the address to browse to."""
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    for x in range(96, 124, 4):
        for y in range(4, 32, 4):
            if (x + y) // 4 % 2 == 0:
                draw.rectangle((x, y, x + 3, y + 3), fill=1)
    draw.text((4, 4), "SELF-TEST", fill=1)
    draw.text((4, 20), "Tablemate", fill=1)
    draw.text((4, 44), address, fill=1)
    return image


def _report(say: Say, part: str, healthy: bool, error: str | None, done: str) -> bool:
    say(f"{part}: {done}" if healthy else f"{part}: FAILED: {error}")
    return healthy


def _leds(hw: Hardware, say: Say, step: float) -> bool:
    say("LEDs: stick 1 to 5 in turn, then the status LED red, green, blue")
    for stick in range(5):
        hw.leds.set_sticks([index == stick for index in range(5)])
        time.sleep(step)
    hw.leds.set_sticks([False] * 5)
    for colour in STATUS_COLOURS:
        hw.leds.set_status(colour)
        time.sleep(step)
    hw.leds.set_status((0.0, 0.0, 0.0))
    return _report(say, "LEDs", hw.leds.healthy, hw.leds.error, "each lit in turn")


def _ring(hw: Hardware, say: Say, step: float) -> bool:
    link = hw.serial
    assert link is not None
    if link.wait_until_connected(LINK_WAIT):  # it connects on its own thread
        say(f"LED ring: each of {link.seats} seats white in turn")
        for seat in range(link.seats):
            link.show([RING_WHITE if index == seat else OFF for index in range(seat + 1)])
            link.wait_until_shown(LINK_WAIT)  # show() keeps only the latest: let each be seen
            time.sleep(step)
        link.show([])
        link.wait_until_shown(LINK_WAIT)
    return _report(say, "LED ring", link.healthy, link.error, f"answered on {link.name}")


def _display(hw: Hardware, say: Say, address: str, step: float) -> bool:
    hw.display.show(pattern_frame(address))
    say(f"display: test pattern with the address {address}")
    sent = hw.display.wait_until_sent(2.0)  # show() only hands the frame to its writer
    time.sleep(step * 5)  # time to look at it
    return _report(say, "display", sent and hw.display.healthy, hw.display.error, "frame sent")


def _buzzer(hw: Hardware, say: Say) -> bool:
    muted = hw.buzzer.muted
    hw.buzzer.set_muted(False)  # the self-test beeps even on a muted box
    say("buzzer: two beeps")
    hw.buzzer.play(BEEP)
    hw.buzzer.wait_until_quiet(timeout=2.0)
    hw.buzzer.set_muted(muted)
    return _report(say, "buzzer", hw.buzzer.healthy, hw.buzzer.error, "played")


def _buttons(hw: Hardware, say: Say, timeout: float) -> dict[str, bool]:
    if not hw.buttons.healthy:
        say(
            f"buttons: FAILED: {hw.buttons.error} "
            "(is the tablemate service running? stop it for the self-test)"
        )
        return {f"button {name}": False for name in BUTTON_ORDER}
    presses: queue.Queue[str] = queue.Queue()
    hw.buttons.on_press = lambda name, _kind: presses.put(name)
    results: dict[str, bool] = {}
    for name in BUTTON_ORDER:
        hw.display.show(message_screen("Self-test", [f"Press button {name}"]))
        say(f"press button {name} (within {timeout:g} s)")
        passed = _wait_for_press(presses, name, timeout)
        say(f"button {name}: pressed" if passed else f"button {name}: FAILED: no press seen")
        results[f"button {name}"] = passed
    return results


def _wait_for_press(presses: queue.Queue[str], wanted: str, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while (remaining := deadline - time.monotonic()) > 0:
        try:
            if presses.get(timeout=remaining) == wanted:
                return True
        except queue.Empty:
            return False
    return False
