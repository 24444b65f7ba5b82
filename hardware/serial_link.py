"""Keep an external LED controller on a serial port showing each seat's light.

`show(lights)` only records what the seats should show and returns at once; one
worker thread owns the port. It opens it, says HELLO (repeated for a few seconds:
opening a USB port resets many boards), sends only the seats that changed, waits
for each acknowledgement, and pings the controller when nothing changed for a
while, so an unplug is noticed even at a quiet table.

An unplug (an OSError from pyserial), a stalled controller (`write_timeout`, or no
acknowledgement twice in a row) or a controller that restarted and forgot the
HELLO all end the same way: the port is closed, the outage logged once and shown in
`health()`, and the worker reopens the port with backoff, says HELLO again and
resends every seat, since a reconnected controller starts dark.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from hardware import serial_protocol as protocol
from hardware.errors import describe
from hardware.part import DEFAULT_BACKOFF, Backoff, HealthSignal
from hardware.serial_protocol import OFF, Reply, SeatLight

logger = logging.getLogger(__name__)

ACK_TIMEOUT = 0.5  # seconds for one reply; a controller answers in well under 10 ms
HELLO_TIMEOUT = 3.0  # an Arduino reset by opening its USB port boots in ~2 s
KEEPALIVE = 5.0  # ping a quiet controller this often
WRITE_TIMEOUT = 1.0  # a controller that stops reading cannot block us longer


class LinkError(Exception):
    """The controller answered wrongly, or not at all."""


class ControllerRestarted(LinkError):
    """The controller answered ERR HELLO: it restarted and forgot the handshake."""


def open_serial_port(url: str, baudrate: int) -> Any:
    """Open a serial device or pyserial URL (e.g. ``loop://``) for the link."""
    import serial  # here, not at the top: a box without a LED ring never loads pyserial

    return serial.serial_for_url(
        url,
        baudrate=baudrate,
        timeout=ACK_TIMEOUT,
        write_timeout=WRITE_TIMEOUT,
        exclusive=True,  # a second Tablemate on the same port would garble both
    )


class SerialLink:
    """The LED controller on one serial port; thread-safe, never blocks the caller."""

    def __init__(
        self,
        open_port: Callable[[], Any],
        *,
        name: str,
        ack_timeout: float = ACK_TIMEOUT,
        hello_timeout: float = HELLO_TIMEOUT,
        keepalive: float = KEEPALIVE,
        backoff: Backoff = DEFAULT_BACKOFF,
        health_signal: HealthSignal | None = None,
    ) -> None:
        self.name = name
        self._open_port = open_port
        self._ack_timeout = ack_timeout
        self._hello_timeout = hello_timeout
        self._keepalive = keepalive
        self._backoff = backoff
        self._health_signal = health_signal
        self._condition = threading.Condition()
        self._wanted: list[SeatLight] = []
        self._wanted_version = 0  # counts show() calls
        self._shown_version = 0  # the last version the controller acknowledged in full
        self._closed = False
        self._connected = False
        self._error: str | None = f"connecting to {name}"
        self._outage_logged = False
        self._seats = 0
        self._seq = 0
        self._buffer = bytearray()
        self._worker = threading.Thread(target=self._run, name="serial link", daemon=True)
        self._worker.start()

    @classmethod
    def on_port(cls, url: str, baudrate: int, **options: Any) -> SerialLink:
        return cls(partial(open_serial_port, url, baudrate), name=url, **options)

    @property
    def healthy(self) -> bool:
        return self._connected

    @property
    def error(self) -> str | None:
        return None if self._connected else self._error

    @property
    def seats(self) -> int:
        """How many seats the controller said it has (0 before the first HELLO)."""
        return self._seats

    def wait_until_connected(self, timeout: float) -> bool:
        """Wait until the controller has answered HELLO; False on timeout."""
        with self._condition:
            return self._condition.wait_for(lambda: self._connected, timeout)

    def health(self) -> dict[str, Any]:
        return {"healthy": self.healthy, "error": self.error, "port": self.name}

    def show(self, lights: Sequence[SeatLight]) -> None:
        """What each seat should show, seat 0 first; seats not listed go dark."""
        lights = list(lights)
        if not all(isinstance(light, SeatLight) for light in lights):
            raise TypeError("show() needs SeatLight values")
        with self._condition:
            self._wanted = lights
            self._wanted_version += 1
            self._condition.notify_all()

    def wait_until_shown(self, timeout: float) -> bool:
        """Wait until the controller has acknowledged the last `show()`; False on timeout.

        `show()` keeps only the latest lights, so quick successive calls may skip a
        state; a caller that needs each state seen (the self-test) waits here.
        """
        with self._condition:
            version = self._wanted_version
            return (
                self._condition.wait_for(
                    lambda: self._shown_version >= version or self._closed, timeout
                )
                and not self._closed
            )

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify_all()
        self._worker.join(timeout=ACK_TIMEOUT + WRITE_TIMEOUT + 2)

    # --- the worker -------------------------------------------------------------------

    def _run(self) -> None:
        delays = self._backoff.delays()
        while not self._closed:
            port = None
            try:
                port = self._open_port()
                self._handshake(port)
                delays = self._backoff.delays()
                self._serve(port)
            except Exception as exc:
                # OSError (unplugged), LinkError, ValueError (a bad port URL), but also
                # what a vanished USB device makes termios raise (termios.error, not an
                # OSError): whatever it is, the link is down, not the worker.
                self._lost(exc)
            finally:
                if port is not None:
                    _close_quietly(port)
            with self._condition:
                self._condition.wait_for(lambda: self._closed, timeout=next(delays))
        self._connected = False

    def _handshake(self, port: Any) -> None:
        port.reset_input_buffer()
        self._buffer.clear()
        self._seq = 0
        deadline = time.monotonic() + self._hello_timeout
        reply = None
        while reply is None:
            if time.monotonic() >= deadline or self._closed:
                raise LinkError(f"no answer to HELLO on {self.name}")
            reply = self._exchange(port, protocol.hello)
        try:
            self._seats = protocol.parse_hello(reply)
        except ValueError as err:
            raise LinkError(str(err)) from None
        if not self._connected:
            if self._outage_logged:
                logger.info("the LED controller on %s answers again", self.name)
            with self._condition:
                self._connected = True
                self._condition.notify_all()
            self._error = None
            self._outage_logged = False
            self._signal()

    def _serve(self, port: Any) -> None:
        """Send what changed until closed; raises OSError or LinkError when the link breaks."""
        sent = [OFF] * self._seats  # HELLO leaves every seat dark
        while True:
            with self._condition:
                changed = self._condition.wait_for(
                    partial(self._closed_or_changed, sent), timeout=self._keepalive
                )
                if self._closed:
                    return
                wanted = self._wanted_lights()
                version = self._wanted_version
            try:
                if not changed:
                    self._command(port, protocol.ping)
                for number, light in enumerate(wanted):
                    if light != sent[number]:
                        self._command(port, partial(protocol.seat, number=number, light=light))
                        sent[number] = light
                with self._condition:
                    self._shown_version = version
                    self._condition.notify_all()
            except ControllerRestarted:
                logger.info("the LED controller on %s restarted: resending every seat", self.name)
                self._handshake(port)
                sent = [OFF] * self._seats

    def _closed_or_changed(self, sent: list[SeatLight]) -> bool:
        return (
            self._closed
            or self._wanted_lights() != sent
            or self._shown_version != self._wanted_version
        )

    def _wanted_lights(self) -> list[SeatLight]:
        """The wanted lights fitted to the controller's seats (call with the lock held)."""
        lights = self._wanted[: self._seats]
        return lights + [OFF] * (self._seats - len(lights))

    def _command(self, port: Any, line: Callable[[int], bytes]) -> Reply:
        """Send a command, retrying once without an acknowledgement."""
        for _attempt in range(2):
            reply = self._exchange(port, line)
            if reply is None:
                continue
            if not reply.ok and reply.words[:1] == ("HELLO",):
                raise ControllerRestarted(f"the LED controller on {self.name} restarted")
            if not reply.ok:
                logger.debug("the LED controller refused a command: %s", " ".join(reply.words))
            return reply
        raise LinkError(f"the LED controller on {self.name} stopped answering")

    def _exchange(self, port: Any, line: Callable[[int], bytes]) -> Reply | None:
        """Write one command and wait for the reply carrying its sequence number."""
        self._seq = self._seq % protocol.MAX_SEQ + 1
        seq = self._seq
        port.write(line(seq))
        deadline = time.monotonic() + self._ack_timeout
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                text = bytes(self._buffer[: newline + 1])
                del self._buffer[: newline + 1]
                reply = protocol.parse_reply(text)
                if reply is not None and reply.seq == seq:
                    return reply
                continue  # a comment, noise, or a late reply to an older command
            if len(self._buffer) > protocol.MAX_LINE:
                self._buffer.clear()  # a line this long is noise
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            port.timeout = remaining
            self._buffer += port.read(max(1, port.in_waiting))

    def _lost(self, exc: BaseException) -> None:
        message = str(exc) if isinstance(exc, LinkError) else f"{self.name}: {describe(exc)}"
        was_connected, first = self._connected, not self._outage_logged
        self._connected = False
        self._error = message
        if first:
            logger.warning("LED controller link down: %s (retrying in the background)", message)
            self._outage_logged = True
        if was_connected or first:
            self._signal()

    def _signal(self) -> None:
        if self._health_signal is not None:
            self._health_signal.emit()


def _close_quietly(port: Any) -> None:
    try:
        port.close()
    except Exception as exc:  # the port is being dropped anyway
        logger.debug("closing the serial port: %s", describe(exc))
