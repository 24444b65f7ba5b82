"""The host's serial link against the Pico firmware itself, over a pty pair.

`Board` runs the firmware's own main() (its line reading, replies and frames) with
its USB console on a pty; the host side is the real hardware/serial_link.py opening
the pty by path through pyserial, as it opens /dev/ttyACM0. What the ring shows is
read from the fake NeoPixel, frame by frame. Every wait is on a condition with a
generous timeout: a busy machine makes these tests slower, never wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import serial

from hardware import serial_protocol as protocol
from hardware.part import Backoff
from hardware.serial_link import SerialLink
from hardware.serial_protocol import SeatLight
from tests.hardware.fakes import wait_until
from tests.hardware.pico_board import Board, Colour

FAST = Backoff(first=0.02, ceiling=0.1)
TIMEOUT = 10.0
GREEN = SeatLight((0, 255, 0), "pulse")  # whose turn it is (device/seat_lights.py)
DIM = SeatLight((40, 40, 40))  # a taken seat
GOLD = SeatLight((255, 180, 0), "blink")  # a winner
OFF = (0, 0, 0)


def capped(board: Board, light: SeatLight) -> Colour:
    """A light at full level, as the firmware's brightness cap leaves it."""
    brightness = board.firmware.BRIGHTNESS
    red, green, blue = (c * brightness // 255 for c in light.colour)
    return (red, green, blue)


@pytest.fixture
def board() -> Iterator[Board]:
    made = Board(SEATS=5)
    made.power_on()
    yield made
    made.close()
    assert made.crash is None, f"the firmware crashed: {made.crash!r}"


@pytest.fixture
def link(board: Board) -> Iterator[SerialLink]:
    made = SerialLink.on_port(board.path, 115200, backoff=FAST)
    yield made
    made.close()


def test_the_box_shows_whose_turn_it_is_on_the_ring(board: Board, link: SerialLink) -> None:
    assert link.wait_until_connected(TIMEOUT)
    assert link.seats == 5 and link.healthy
    link.show([GREEN, DIM, GOLD])
    assert link.wait_until_shown(TIMEOUT)
    dim, gold, green = capped(board, DIM), capped(board, GOLD), capped(board, GREEN)
    assert board.wait_for(lambda frames: frames[-1][1] == dim and frames[-1][3:] == (OFF, OFF))
    start = len(board.frames())

    def seen(seat: int) -> set[Colour]:
        return {frame[seat] for frame in board.frames()[start:]}

    # Effects over time: the turn breathes, the winner blinks, the rest hold still.
    assert board.wait_for(
        lambda _: max((g for _, g, _ in seen(0)), default=0) >= green[1] * 9 // 10
    )
    assert board.wait_for(
        lambda _: min((g for _, g, _ in seen(0)), default=255) <= green[1] * 3 // 10
    )
    assert all(red == blue == 0 < g for red, g, blue in seen(0))
    assert board.wait_for(lambda _: seen(2) == {gold, OFF})
    assert seen(1) == {dim} and seen(3) == seen(4) == {OFF}


def test_a_controller_reset_mid_game_gets_hello_and_every_seat_again(
    board: Board, link: SerialLink
) -> None:
    green, dim = capped(board, GREEN), capped(board, DIM)
    link.show([GREEN, DIM, DIM])
    assert link.wait_until_shown(TIMEOUT)
    assert board.wait_for(lambda frames: frames[-1][1:3] == (dim, dim))

    board.power_off()  # a brown-out: the firmware restarts and forgets the HELLO
    board.power_on()
    assert board.wait_for(lambda frames: frames[-1].count(OFF) == 4)  # waiting for a HELLO
    link.show([DIM, GREEN, DIM])  # the turn moves on: its first SEAT gets ERR HELLO

    # Seat 2 did not change, so only a resend after the new HELLO lights it again.
    assert board.wait_for(
        lambda frames: frames[-1][0] == frames[-1][2] == dim and frames[-1][1][1] > 0
    )
    assert board.wait_for(
        lambda frames: frames[-1][1][0] == 0 and frames[-1][1][1] >= green[1] // 2
    )
    said = board.said()
    assert any(re.fullmatch(r"\d+ ERR HELLO", line) for line in said)
    assert said.count("# tablemate ring booting, protocol 1") == 2
    assert sum(b" HELLO " in line for line in board.heard()) >= 2
    assert wait_until(lambda: link.healthy, TIMEOUT)


def test_a_quiet_table_is_pinged_and_answered(board: Board) -> None:
    link = SerialLink.on_port(board.path, 115200, backoff=FAST, keepalive=0.05)
    try:
        assert wait_until(lambda: sum(b" PING" in line for line in board.heard()) >= 3, TIMEOUT)
        assert wait_until(lambda: link.healthy, TIMEOUT)
        assert all(not line.endswith("ERR SYNTAX") for line in board.said())
    finally:
        link.close()


def test_the_seat_count_and_leds_per_seat_are_settings() -> None:
    board = Board(SEATS=3, LEDS_PER_SEAT=2, DATA_PIN=15)
    board.power_on()
    link = SerialLink.on_port(board.path, 115200, backoff=FAST)
    try:
        assert link.wait_until_connected(TIMEOUT) and link.seats == 3
        assert board.strip.n == 6 and board.strip.pin.id == 15
        link.show([DIM, GOLD, SeatLight((0, 0, 255))])
        blue = capped(board, SeatLight((0, 0, 255)))
        dim = capped(board, DIM)
        assert board.wait_for(
            lambda frames: frames[-1][:2] == (dim, dim) and frames[-1][4:] == (blue, blue)
        )
        assert board.said()[1] == "# 3 seats, 6 LEDs on GP15"
    finally:
        link.close()
        board.close()
    assert board.crash is None


# --- by hand, from a serial terminal (hardware/firmware/pico/README.md) --------------


def test_a_person_at_a_terminal_then_the_box(board: Board) -> None:
    board.power_off()  # the terminal is open before the Pico boots, to see the banner
    terminal = serial.Serial(board.path, 115200, timeout=TIMEOUT)
    try:
        board.power_on()
        assert terminal.readline() == b"# tablemate ring booting, protocol 1\r\n"
        assert terminal.readline() == b"# 5 seats, 5 LEDs on GP0\r\n"

        def ask(line: bytes) -> bytes:
            terminal.write(line)
            return terminal.readline()

        # A terminal's Enter sends \r (or \r\n): either ends a line.
        assert ask(b"1 PING\r") == b"1 ERR HELLO\r\n"
        assert ask(b"1 HELLO 1\r\n") == b"1 OK 1 5\r\n"
        assert protocol.parse_reply(b"1 OK 1 5\r\n") == protocol.Reply(1, True, ("1", "5"))
        assert ask(b"2 HELLO 2\r") == b"2 ERR VERSION 1\r\n"
        assert ask(b"3 FROB\r") == b"3 ERR SYNTAX\r\n"  # an unknown command
        assert ask(b"4 SEAT 0 00FF00 PULSE " + b"x" * 60 + b"\r") == b"4 ERR SYNTAX\r\n"
        assert ask(b"5 SEAT 7 00FF00 PULSE\r") == b"5 ERR SEAT\r\n"
        assert ask(b"hello\r") == b"# not a command: <seq> <VERB> [args], e.g. 1 HELLO 1\r\n"
        assert ask(b"6 SEAT 0 00FF00 SOLID\r") == b"6 OK\r\n"  # the overlong line left no trace
        gold = capped(board, GOLD)
        assert ask(b"7 SEAT 4 FFB400 SOLID\r") == b"7 OK\r\n"
        assert board.wait_for(lambda frames: frames[-1][4] == gold)
    finally:
        terminal.close()

    # The box takes over the same port: HELLO darkens the ring, then its own lights.
    link = SerialLink.on_port(board.path, 115200, backoff=FAST)
    try:
        link.show([DIM])
        dim = capped(board, DIM)
        assert board.wait_for(lambda frames: frames[-1] == (dim, OFF, OFF, OFF, OFF))
        assert link.healthy
    finally:
        link.close()


def test_a_flood_of_noise_leaves_the_next_command_understood(board: Board) -> None:
    terminal = serial.Serial(board.path, 115200, timeout=TIMEOUT, write_timeout=TIMEOUT)
    try:
        terminal.write(b"9" * 20_000 + b" PING\n1 HELLO 1\n")  # 20 kB with no line end
        # The board's boot lines (# ...) may still be on their way when the port opens.
        lines = [terminal.readline() for _ in range(4)]
        noise = b"# not a command: <seq> <VERB> [args], e.g. 1 HELLO 1\r\n"
        assert noise in lines, lines
        assert all(line.startswith(b"#") for line in lines[: lines.index(noise)])
        rest = lines[lines.index(noise) + 1 :]
        assert all(line == b"1 OK 1 5\r\n" for line in rest[:1]), rest
        if not rest:
            assert terminal.readline() == b"1 OK 1 5\r\n"
        assert board.wait_for(lambda frames: frames[-1] == (OFF,) * 5)  # HELLO: dark
    finally:
        terminal.close()
