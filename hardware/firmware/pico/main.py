"""Tablemate's LED ring: the reference controller firmware, MicroPython on a Raspberry Pi Pico.

It speaks docs/serial-protocol.md (version 1) on the Pico's USB serial port and drives
a WS2812 ring, one light (or `LEDS_PER_SEAT` lights) per seat. Copy this file to the
Pico as main.py: README.md beside it says how, and how to wire the ring.

The protocol is pure functions over plain values, so the host's suite runs them
under CPython: `read_lines` (bytes in, whole lines out), `handle` (a line in, the
seats' lights and a reply out) and `frame` (the lights and a moment in, the LED
colours out). Only `main()` touches the board (machine, neopixel, sys.stdin).

This is MicroPython, not CPython: annotations are never evaluated there (so no
typing import, no type aliases), no dataclasses, f-strings without `=` or nesting,
time from `time.ticks_ms`.
"""

import select
import sys
import time

import machine
import neopixel

# --- settings: change these to match your ring, then copy the file again -------------
SEATS = 8  # seats on the ring, 1..64: what HELLO reports to the box
LEDS_PER_SEAT = 1  # e.g. 2 for a 16-LED ring at an 8-seat table: seat 0 is LEDs 0 and 1
DATA_PIN = 0  # GP0 (the Pico's pin 1) to the ring's DIN, through the level shifter
BRIGHTNESS = 128  # 0..255, a cap on every colour: full power is glaring and draws 60 mA a LED

# --- the protocol (docs/serial-protocol.md) -------------------------------------------
PROTOCOL_VERSION = 1
MAX_LINE = 64  # bytes a line may take, its newline included
MAX_SEQ = 65535
MAX_SEATS = 64
EFFECTS = ("SOLID", "PULSE", "BLINK")
DARK = (0, 0, 0, "SOLID")
HEX_DIGITS = "0123456789abcdefABCDEF"
NOT_A_COMMAND = "# not a command: <seq> <VERB> [args], e.g. 1 HELLO 1"

# --- how the effects look (the protocol leaves it to the controller) -----------------
PULSE_MS = 1000  # PULSE breathes once a second
PULSE_FLOOR = 24  # of 255: the dimmest point of a breath, so the seat never looks off
BLINK_MS = 500  # BLINK is on half of it, off the other half: twice a second
WAIT_STEP_MS = 200  # before any HELLO, one dim light walks round the ring at this pace
WAITING = (0, 0, 48)  # its colour: the firmware runs and waits for Tablemate
FRAME_MS = 20  # the ring is redrawn at most 50 times a second
CLOCK_WRAP = 60000  # the effects' clock restarts each minute: every period divides it


def read_lines(pending: bytes, data: bytes) -> tuple[bytes, list[bytes]]:
    """Split what arrived into whole lines; returns (the unfinished line, the lines).

    A line ends at \\n or \\r (a terminal's Enter), so \\r\\n gives an empty line too.
    Only the first MAX_LINE bytes of a line are kept: a line that reaches MAX_LINE
    bytes before its end is over the limit, however long it goes on, and `handle`
    refuses it; memory stays bounded whatever arrives.
    """
    lines = []
    for byte in data:
        if byte in (10, 13):
            lines.append(pending)
            pending = b""
        elif len(pending) < MAX_LINE:
            pending += bytes((byte,))
    return pending, lines


def handle(
    lights: tuple[tuple[int, int, int, str], ...] | None, seats: int, line: bytes
) -> tuple[tuple[tuple[int, int, int, str], ...] | None, str | None]:
    """The controller's answer to one line (without its ending).

    `lights` is what each seat shows, (r, g, b, effect), or None until a HELLO.
    Returns (the lights now, the reply without its newline, or None for no reply).
    A line that does not start with a sequence number cannot carry a reply: it gets
    a `#` line at most. Comments and replies (an echoing line) get nothing, so a
    line that echoes cannot make the controller talk to itself.
    """
    words = line.split()
    if not words or words[0].startswith(b"#"):
        return lights, None
    seq = int(words[0]) if words[0].isdigit() and len(words[0]) <= 5 else 0
    if not 1 <= seq <= MAX_SEQ:
        return lights, NOT_A_COMMAND
    if len(words) > 1 and words[1] in (b"OK", b"ERR"):
        return lights, None
    if len(line) >= MAX_LINE or not all(32 <= byte < 127 for byte in line):
        return lights, f"{seq} ERR SYNTAX"
    verb = words[1].decode() if len(words) > 1 else ""
    args = [word.decode() for word in words[2:]]
    if verb == "HELLO":
        if len(args) != 1 or not args[0].isdigit():
            return lights, f"{seq} ERR SYNTAX"
        if int(args[0]) != PROTOCOL_VERSION:
            return lights, f"{seq} ERR VERSION {PROTOCOL_VERSION}"
        return tuple([DARK] * seats), f"{seq} OK {PROTOCOL_VERSION} {seats}"
    if lights is None:
        return lights, f"{seq} ERR HELLO"
    if verb == "PING" and not args:
        return lights, f"{seq} OK"
    if verb == "SEAT" and len(args) == 3:
        return seat_command(lights, seq, args)
    return lights, f"{seq} ERR SYNTAX"


def seat_command(
    lights: tuple[tuple[int, int, int, str], ...], seq: int, args: list[str]
) -> tuple[tuple[tuple[int, int, int, str], ...], str]:
    """`<seq> SEAT <n> <RRGGBB> <EFFECT>`: a malformed one changes nothing."""
    number, colour, effect = args
    if (
        not number.isdigit()
        or len(colour) != 6
        or not all(digit in HEX_DIGITS for digit in colour)
        or effect not in EFFECTS
    ):
        return lights, f"{seq} ERR SYNTAX"
    if int(number) >= len(lights):
        return lights, f"{seq} ERR SEAT"
    changed = list(lights)
    changed[int(number)] = (
        int(colour[0:2], 16),
        int(colour[2:4], 16),
        int(colour[4:6], 16),
        effect,
    )
    return tuple(changed), f"{seq} OK"


def level(effect: str, ms: int) -> int:
    """How bright an effect is at `ms` on the effects' clock, 0..255."""
    if effect == "PULSE":
        half = PULSE_MS // 2
        phase = ms % PULSE_MS
        rise = phase if phase < half else PULSE_MS - phase  # 0..half and back
        # Squared: the eye sees a linear ramp as mostly bright, a squared one as a breath.
        return PULSE_FLOOR + (255 - PULSE_FLOOR) * rise * rise // (half * half)
    if effect == "BLINK":
        return 255 if ms % BLINK_MS < BLINK_MS // 2 else 0
    return 255


def frame(
    lights: tuple[tuple[int, int, int, str], ...] | None, seats: int, ms: int, brightness: int
) -> list[tuple[int, int, int]]:
    """Each seat's colour at `ms` on the effects' clock, after the brightness cap."""
    if lights is None:
        walking = ms // WAIT_STEP_MS % seats
        return [WAITING if seat == walking else (0, 0, 0) for seat in range(seats)]
    colours = []
    for red, green, blue, effect in lights:
        scale = level(effect, ms) * brightness
        colours.append((red * scale // 65025, green * scale // 65025, blue * scale // 65025))
    return colours


def check_settings() -> None:
    """Refuse settings the protocol or the ring cannot take, before lighting anything."""
    if not 1 <= SEATS <= MAX_SEATS:
        raise ValueError(f"SEATS must be 1..{MAX_SEATS}, not {SEATS}")
    if LEDS_PER_SEAT < 1:
        raise ValueError(f"LEDS_PER_SEAT must be 1 or more, not {LEDS_PER_SEAT}")
    if not 0 <= BRIGHTNESS <= 255:
        raise ValueError(f"BRIGHTNESS must be 0..255, not {BRIGHTNESS}")


def main() -> None:
    """Answer the host and redraw the ring, forever (Ctrl-C in a terminal stops it)."""
    check_settings()
    pixels = neopixel.NeoPixel(machine.Pin(DATA_PIN), SEATS * LEDS_PER_SEAT)
    console = sys.stdin.buffer  # bytes as sent: text mode would turn \r into \n
    say = sys.stdout.write  # MicroPython's console sends each \n as \r\n: the host takes both
    say(f"# tablemate ring booting, protocol {PROTOCOL_VERSION}\n")
    say(f"# {SEATS} seats, {SEATS * LEDS_PER_SEAT} LEDs on GP{DATA_PIN}\n")
    poller = select.poll()
    poller.register(console, select.POLLIN)
    lights = None
    pending = b""
    shown = None
    clock = 0
    last = time.ticks_ms()  # type: ignore[attr-defined]  # MicroPython's time, not CPython's
    while True:
        ready = poller.poll(FRAME_MS)  # a byte from the host, or time for the next frame
        budget = 2 * MAX_LINE  # then a frame, even if the line floods us with noise
        while ready and budget:
            pending, lines = read_lines(pending, console.read(1))
            for line in lines:
                lights, reply = handle(lights, SEATS, line)
                if reply is not None:
                    say(reply + "\n")
            budget -= 1
            ready = poller.poll(0)
        now = time.ticks_ms()  # type: ignore[attr-defined]
        clock = (clock + time.ticks_diff(now, last)) % CLOCK_WRAP  # type: ignore[attr-defined]
        last = now
        colours = frame(lights, SEATS, clock, BRIGHTNESS)
        if colours != shown:
            for seat, colour in enumerate(colours):
                for led in range(seat * LEDS_PER_SEAT, (seat + 1) * LEDS_PER_SEAT):
                    pixels[led] = colour
            pixels.write()
            shown = colours


if __name__ == "__main__":
    main()
