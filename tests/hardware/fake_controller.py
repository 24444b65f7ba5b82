"""An LED controller speaking docs/serial-protocol.md, on the master side of a pty pair.

The host opens the pty's slave side by path, exactly as it opens /dev/ttyACM0, so
the link under test runs on a real tty. `unplug()` closes the master (the host's
next read or write fails with EIO, as for a pulled USB cable) and `Port` moves a
symlink between controllers, the way udev's /dev/serial/by-id links behave.
"""

from __future__ import annotations

import os
import select
import threading
from dataclasses import dataclass, field
from pathlib import Path

PROTOCOL_VERSION = 1
EFFECTS = ("SOLID", "PULSE", "BLINK")


@dataclass(frozen=True)
class Command:
    seq: int
    verb: str
    args: tuple[str, ...]


def parse_command(line: bytes) -> Command:
    """What a controller makes of one line from the host; ValueError if it is garbled."""
    if not line.endswith(b"\n") or len(line) > 64:
        raise ValueError(f"not a complete command line: {line!r}")
    words = line.decode("ascii").split()
    if len(words) < 2 or not words[0].isdigit():
        raise ValueError(f"not a command: {line!r}")
    return Command(int(words[0]), words[1], tuple(words[2:]))


@dataclass
class Seat:
    colour: str = "000000"
    effect: str = "SOLID"


@dataclass
class FakeController:
    """Answers HELLO, SEAT and PING; remembers every command and what each seat shows."""

    seats: int = 8
    answering: bool = True
    speaks: int = PROTOCOL_VERSION
    commands: list[Command] = field(default_factory=list)
    lights: list[Seat] = field(default_factory=list)
    greeted: bool = False

    def __post_init__(self) -> None:
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)
        self.lights = [Seat() for _ in range(self.seats)]
        self._changed = threading.Condition()
        self._wake_read, self._wake_write = os.pipe()
        self._thread = threading.Thread(target=self._run, name="fake controller", daemon=True)
        self._thread.start()

    def wait_for(self, condition: object, timeout: float = 5.0) -> bool:
        """Wait until `condition(self)` holds (checked after every command received)."""
        assert callable(condition)
        with self._changed:
            return self._changed.wait_for(lambda: condition(self), timeout)

    def shown(self) -> list[tuple[str, str]]:
        with self._changed:
            return [(seat.colour, seat.effect) for seat in self.lights]

    def verbs(self) -> list[str]:
        with self._changed:
            return [command.verb for command in self.commands]

    def restart(self) -> None:
        """A reset without an unplug: the controller forgets the HELLO and goes dark."""
        with self._changed:
            self.greeted = False
            self.lights = [Seat() for _ in range(self.seats)]

    def unplug(self) -> None:
        os.write(self._wake_write, b"x")
        self._thread.join(timeout=5)
        for fd in (self.master, self.slave, self._wake_read, self._wake_write):
            os.close(fd)

    def _run(self) -> None:
        buffer = b""
        while True:
            readable, _, _ = select.select([self.master, self._wake_read], [], [])
            if self._wake_read in readable:
                return
            try:
                buffer += os.read(self.master, 1024)
            except OSError:
                return
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                self._handle(line + b"\n")

    def _handle(self, line: bytes) -> None:
        try:
            command = parse_command(line)
        except ValueError:
            return
        with self._changed:
            self.commands.append(command)
            answer = self._answer(command) if self.answering else None
            self._changed.notify_all()
        if answer is not None:
            os.write(self.master, f"{command.seq} {answer}\n".encode())

    def _answer(self, command: Command) -> str:
        if command.verb == "HELLO":
            if command.args != (str(self.speaks),):
                return f"ERR VERSION {self.speaks}"
            self.greeted = True
            self.lights = [Seat() for _ in range(self.seats)]
            return f"OK {self.speaks} {self.seats}"
        if not self.greeted:
            return "ERR HELLO"
        if command.verb == "PING":
            return "OK"
        if command.verb == "SEAT" and len(command.args) == 3:
            number, colour, effect = command.args
            if not number.isdigit() or int(number) >= self.seats:
                return "ERR SEAT"
            if len(colour) != 6 or effect not in EFFECTS:
                return "ERR SYNTAX"
            self.lights[int(number)] = Seat(colour, effect)
            return "OK"
        return "ERR SYNTAX"


class Port:
    """A stable path (a symlink) that the test plugs controllers into and out of."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def plug(self, controller: FakeController) -> FakeController:
        self.path.unlink(missing_ok=True)
        self.path.symlink_to(controller.path)
        return controller

    def unplug(self, controller: FakeController) -> None:
        self.path.unlink(missing_ok=True)
        controller.unplug()
