"""The serial LED link against pyserial's loop:// and a fake controller on a pty pair."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import serial
from hypothesis import given
from hypothesis import strategies as st

from hardware import serial_protocol as protocol
from hardware.part import Backoff
from hardware.serial_link import WRITE_TIMEOUT, SerialLink, open_serial_port
from hardware.serial_protocol import OFF, SeatLight
from tests.hardware.fake_controller import FakeController, Port, parse_command
from tests.hardware.fakes import wait_until

FAST = Backoff(first=0.02, ceiling=0.1)
GREEN = SeatLight((0, 255, 0), "pulse")
GOLD = SeatLight((255, 180, 0), "blink")
DIM = SeatLight((40, 40, 40))

lights = st.builds(
    SeatLight,
    st.tuples(*[st.integers(0, 255)] * 3),
    st.sampled_from(protocol.EFFECTS),
)


def link_on(path: Path | str, **options: Any) -> SerialLink:
    settings: dict[str, Any] = {"ack_timeout": 0.2, "hello_timeout": 0.6, "backoff": FAST}
    return SerialLink.on_port(str(path), 115200, **{**settings, **options})


@pytest.fixture
def port(tmp_path: Path) -> Port:
    return Port(tmp_path / "ttyLED")


@pytest.fixture
def controller(port: Port) -> Iterator[FakeController]:
    made = port.plug(FakeController(seats=5))
    yield made
    port.unplug(made)


@pytest.fixture
def link(port: Port, controller: FakeController) -> Iterator[SerialLink]:
    made = link_on(port.path)
    yield made
    made.close()


# --- the wire format, through a real pyserial port ----------------------------------


@given(st.lists(lights, min_size=1, max_size=8))
def test_commands_cross_a_real_serial_port_intact(seat_lights: list[SeatLight]) -> None:
    port = serial.serial_for_url("loop://", timeout=0.5)
    try:
        lines = [protocol.hello(1), protocol.ping(2)]
        lines += [protocol.seat(3 + n, n, light) for n, light in enumerate(seat_lights)]
        for line in lines:
            port.write(line)
        received = [parse_command(port.read_until(b"\n")) for _ in lines]
    finally:
        port.close()
    assert [(c.seq, c.verb) for c in received[:2]] == [(1, "HELLO"), (2, "PING")]
    assert received[0].args == (str(protocol.PROTOCOL_VERSION),)
    for n, (command, light) in enumerate(zip(received[2:], seat_lights, strict=True)):
        number, colour, effect = command.args
        assert (command.verb, int(number)) == ("SEAT", n)
        assert tuple(int(colour[i : i + 2], 16) for i in (0, 2, 4)) == light.colour
        assert effect == light.effect.upper()


def test_a_port_that_echoes_is_not_taken_for_a_controller(caplog: Any) -> None:
    # loop:// sends back what we write, like a TX-RX jumper: our own HELLO is no answer.
    with caplog.at_level(logging.WARNING, logger="hardware.serial_link"):
        link = link_on("loop://")
        try:
            assert wait_until(lambda: "no answer to HELLO" in (link.error or ""))
            assert not link.healthy
        finally:
            link.close()
    assert len(caplog.records) == 1


def test_the_port_is_opened_with_a_write_timeout(controller: FakeController) -> None:
    port = open_serial_port(controller.path, 115200)
    try:
        assert port.write_timeout == WRITE_TIMEOUT
        assert port.baudrate == 115200
    finally:
        port.close()


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b"7 OK\n", protocol.Reply(7, True, ())),
        (b"7 OK 1 8\r\n", protocol.Reply(7, True, ("1", "8"))),
        (b"12 ERR SEAT\n", protocol.Reply(12, False, ("SEAT",))),
        (b"# booting\n", None),
        (b"7 HELLO 1\n", None),  # an echo of our own command
        (b"0 OK\n", None),
        (b"\xff\xfe\n", None),
    ],
)
def test_parse_reply(line: bytes, expected: protocol.Reply | None) -> None:
    assert protocol.parse_reply(line) == expected


def test_seat_lights_are_checked() -> None:
    with pytest.raises(ValueError, match="colour"):
        SeatLight((256, 0, 0))
    with pytest.raises(ValueError, match="effect"):
        SeatLight((0, 0, 0), "strobe")
    assert SeatLight((255, 16, 0)).hex == "FF1000"


# --- the link, against a controller on a pty --------------------------------------


def test_hello_then_the_wanted_lights(link: SerialLink, controller: FakeController) -> None:
    link.show([GREEN, DIM, GOLD])
    assert controller.wait_for(
        lambda c: c.shown()[:3] == [light_of(GREEN), light_of(DIM), light_of(GOLD)]
    )
    assert link.healthy and link.error is None and link.seats == 5
    assert controller.verbs()[0] == "HELLO"
    assert link.health() == {"healthy": True, "error": None, "port": link.name}


def test_only_changed_seats_are_sent(link: SerialLink, controller: FakeController) -> None:
    link.show([GREEN, DIM, DIM])
    assert controller.wait_for(lambda c: c.shown()[2] == light_of(DIM))
    before = len(controller.commands)
    link.show([DIM, DIM, DIM])
    assert controller.wait_for(lambda c: c.shown()[0] == light_of(DIM))
    time.sleep(0.1)
    assert [c.verb for c in controller.commands[before:]] == ["SEAT"]


def test_lights_are_fitted_to_the_controllers_seats(
    link: SerialLink, controller: FakeController
) -> None:
    link.show([GOLD] * 8)  # 8 players' worth on a 5-seat ring: the extra ones are dropped
    assert controller.wait_for(lambda c: c.shown() == [light_of(GOLD)] * 5)
    link.show([GREEN])  # seats not listed go dark
    assert controller.wait_for(lambda c: c.shown() == [light_of(GREEN)] + [light_of(OFF)] * 4)
    time.sleep(0.1)
    assert "ERR" not in str(controller.commands) and all(
        int(c.args[0]) < 5 for c in controller.commands if c.verb == "SEAT"
    )


def test_a_quiet_controller_is_pinged(port: Port, controller: FakeController) -> None:
    link = link_on(port.path, keepalive=0.05)
    try:
        assert controller.wait_for(lambda c: c.verbs().count("PING") >= 3)
        assert link.healthy
    finally:
        link.close()


def test_a_controller_that_restarts_gets_hello_and_every_seat_again(
    link: SerialLink, controller: FakeController
) -> None:
    link.show([GREEN, DIM])
    assert controller.wait_for(lambda c: c.shown()[1] == light_of(DIM))
    controller.restart()  # it forgot everything; the next command gets ERR HELLO
    link.show([DIM, DIM])
    assert controller.wait_for(lambda c: c.greeted and c.shown()[:2] == [light_of(DIM)] * 2)
    assert controller.verbs().count("HELLO") == 2
    assert link.healthy


def test_a_controller_that_stops_answering_is_reported_and_reconnected(
    port: Port, controller: FakeController
) -> None:
    link = link_on(port.path, keepalive=0.05)
    try:
        link.show([GREEN])
        assert controller.wait_for(lambda c: c.shown()[0] == light_of(GREEN))
        controller.answering = False
        assert wait_until(lambda: not link.healthy)
        assert link.error == f"the LED controller on {port.path} stopped answering"
        controller.answering = True
        assert wait_until(lambda: link.healthy)
        # Resent after the new HELLO; it may still be crossing the pty on a busy machine.
        assert controller.wait_for(lambda c: c.shown()[0] == light_of(GREEN))
    finally:
        link.close()


def test_a_controller_speaking_another_version_is_reported(port: Port) -> None:
    controller = port.plug(FakeController(speaks=2))
    link = link_on(port.path)
    try:
        assert wait_until(lambda: "speaks protocol 2, not 1" in (link.error or ""))
        assert not link.healthy
    finally:
        link.close()
        port.unplug(controller)


def test_unplug_and_replug_resends_the_current_state(
    port: Port, caplog: pytest.LogCaptureFixture
) -> None:
    first = port.plug(FakeController(seats=5))
    link = link_on(port.path)
    try:
        link.show([GREEN, DIM, DIM])
        assert first.wait_for(lambda c: c.shown()[0] == light_of(GREEN))
        with caplog.at_level(logging.WARNING, logger="hardware.serial_link"):
            port.unplug(first)
            started = time.monotonic()
            link.show([DIM, GREEN, DIM])  # the turn moves on while unplugged
            assert time.monotonic() - started < 0.5  # show() never waits for the port
            assert wait_until(lambda: not link.healthy)
            assert link.error is not None and str(port.path) in link.error
            time.sleep(0.3)  # several reconnect attempts fail meanwhile
        assert len(caplog.records) == 1  # logged once for the whole outage

        second = port.plug(FakeController(seats=5))
        assert wait_until(lambda: link.healthy)
        assert second.wait_for(
            lambda c: c.shown()[:3] == [light_of(DIM), light_of(GREEN), light_of(DIM)]
        )
        assert second.verbs()[0] == "HELLO"
        port.unplug(second)
    finally:
        link.close()


def test_close_is_prompt_even_while_reconnecting(tmp_path: Path) -> None:
    link = link_on(tmp_path / "nothing-here", backoff=Backoff(30, 30))
    assert wait_until(lambda: "could not open port" in (link.error or ""))
    started = time.monotonic()
    link.close()
    assert time.monotonic() - started < 1.0


def light_of(light: SeatLight) -> tuple[str, str]:
    return (light.hex, light.effect.upper())
