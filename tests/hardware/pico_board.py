"""A Raspberry Pi Pico running the LED ring firmware, under CPython, on a pty pair.

The firmware (hardware/firmware/pico/main.py) is loaded as written, with fake
`machine` and `neopixel` modules in place of MicroPython's: the fake NeoPixel keeps
every frame the firmware writes. `Board` runs the firmware's own `main()` in a
thread, its USB console on the master side of a pty, so the host opens the slave
side by path exactly as it opens /dev/ttyACM0. The console behaves as MicroPython's
does: reads give the bytes as sent, writes turn each \\n into \\r\\n.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
import time
import tty
from collections import deque
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "firmware" / "pico" / "main.py"

Colour = tuple[int, int, int]


class PowerCut(Exception):
    """The board lost power: raised by its clock, it ends `main()` wherever it is."""


class FakePin:
    def __init__(self, id: int | str, mode: int = -1, value: int = -1) -> None:
        self.id = id


class FakeNeoPixel:
    """A WS2812 strip on a pin: the colours set, and every frame written, in order."""

    def __init__(self, pin: FakePin, n: int, *, bpp: int = 3, timing: int = 1) -> None:
        self.pin = pin
        self.n = n
        self._buffer: list[Colour] = [(0, 0, 0)] * n
        self.frames: deque[tuple[Colour, ...]] = deque(maxlen=5000)
        self.changed = threading.Condition()

    def __len__(self) -> int:
        return self.n

    def __setitem__(self, index: int, value: Colour) -> None:
        # The real driver packs each colour into a byte: anything else is a firmware bug.
        if not 0 <= index < self.n:
            raise IndexError(f"LED {index} on a strip of {self.n}")
        if len(value) != 3 or not all(isinstance(c, int) and 0 <= c <= 255 for c in value):
            raise ValueError(f"not an (r, g, b) colour: {value!r}")
        self._buffer[index] = value

    def __getitem__(self, index: int) -> Colour:
        return self._buffer[index]

    def fill(self, value: Colour) -> None:
        for index in range(self.n):
            self[index] = value

    def write(self) -> None:
        with self.changed:
            self.frames.append(tuple(self._buffer))
            self.changed.notify_all()


class FakeMachine(ModuleType):
    """MicroPython's `machine`, as much as the firmware uses."""

    def __init__(self) -> None:
        super().__init__("machine")
        self.Pin = FakePin


class FakeNeopixelModule(ModuleType):
    """MicroPython's `neopixel`; keeps each strip the firmware makes (one a boot)."""

    def __init__(self) -> None:
        super().__init__("neopixel")
        self.strips: list[FakeNeoPixel] = []

    def NeoPixel(self, pin: FakePin, n: int, *, bpp: int = 3, timing: int = 1) -> FakeNeoPixel:
        strip = FakeNeoPixel(pin, n, bpp=bpp, timing=timing)
        self.strips.append(strip)
        return strip


def load_firmware(**settings: Any) -> ModuleType:
    """A fresh copy of the firmware module, with its settings changed as given."""
    machine, neopixel = FakeMachine(), FakeNeopixelModule()
    spec = importlib.util.spec_from_file_location("tablemate_pico_firmware", FIRMWARE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    saved = {name: sys.modules.get(name) for name in ("machine", "neopixel")}
    sys.modules.update(machine=machine, neopixel=neopixel)
    try:
        spec.loader.exec_module(module)
    finally:
        for name, before in saved.items():
            if before is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = before
    for name, value in settings.items():
        if not hasattr(module, name):
            raise AttributeError(f"the firmware has no setting {name}")
        setattr(module, name, value)
    return module


class _ConsoleIn:
    """sys.stdin.buffer: bytes from the host, as sent; select.poll() takes it by fileno."""

    def __init__(self, fd: int, heard: Callable[[bytes], None]) -> None:
        self._fd = fd
        self._heard = heard

    def fileno(self) -> int:
        return self._fd

    def read(self, size: int) -> bytes:
        data = os.read(self._fd, size)
        self._heard(data)
        return data


class _ConsoleOut:
    """sys.stdout: text to the host, each \\n sent as \\r\\n, as MicroPython's console does."""

    def __init__(self, fd: int, said: Callable[[str], None]) -> None:
        self._fd = fd
        self._said = said

    def write(self, text: str) -> int:
        os.write(self._fd, text.replace("\n", "\r\n").encode("ascii"))
        self._said(text)
        return len(text)


class Board:
    """A Pico with the firmware on it and its USB port on a pty; off until `power_on()`."""

    def __init__(self, **settings: Any) -> None:
        self.firmware = load_firmware(**settings)
        self.master, self.slave = os.openpty()
        # Raw, as pyserial leaves a port: no echo and no newline translation, even
        # while no host holds the port open (an echo would feed the banner back in).
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.crash: BaseException | None = None
        self._lock = threading.Lock()
        self._said: list[str] = []
        self._heard = bytearray()
        self._powered = False
        self._thread: threading.Thread | None = None
        self.neopixel: FakeNeopixelModule = self.firmware.neopixel
        # The firmware's own names for the board's console and clock.
        vars(self.firmware).update(
            sys=SimpleNamespace(
                stdin=SimpleNamespace(buffer=_ConsoleIn(self.master, self._hear)),
                stdout=_ConsoleOut(self.master, self._say),
            ),
            time=SimpleNamespace(ticks_ms=self._ticks_ms, ticks_diff=_ticks_diff),
        )

    # --- power ------------------------------------------------------------------------

    def power_on(self, timeout: float = 10.0) -> None:
        """Boot the firmware; returns once it has set up its LEDs (or crashed)."""
        assert self._thread is None, "already on"
        strips = self.neopixel.strips
        booted = len(strips) + 1
        self._powered = True
        self._thread = threading.Thread(target=self._run, name="pico firmware", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while len(strips) < booted and self.crash is None:
            assert time.monotonic() < deadline, "the firmware did not boot"
            time.sleep(0.005)

    def power_off(self) -> None:
        """Cut the power: the firmware stops within a frame and forgets everything."""
        self._powered = False
        if self._thread is not None:
            self._thread.join(timeout=10)
            assert not self._thread.is_alive(), "the firmware did not stop"
            self._thread = None

    def close(self) -> None:
        self.power_off()
        for fd in (self.master, self.slave):
            os.close(fd)

    def _run(self) -> None:
        try:
            self.firmware.main()
        except PowerCut:
            pass
        except BaseException as exc:  # a firmware bug: the test reads it from .crash
            self.crash = exc

    def _ticks_ms(self) -> int:
        if not self._powered:
            raise PowerCut
        return int(time.monotonic() * 1000)

    # --- what it said, heard and showed --------------------------------------------------

    def said(self) -> list[str]:
        """The lines the firmware wrote, without their newlines."""
        with self._lock:
            return "".join(self._said).splitlines()

    def heard(self) -> list[bytes]:
        """The whole lines the firmware read."""
        with self._lock:
            return bytes(self._heard).splitlines()

    def _say(self, text: str) -> None:
        with self._lock:
            self._said.append(text)

    def _hear(self, data: bytes) -> None:
        with self._lock:
            self._heard += data

    @property
    def strip(self) -> FakeNeoPixel:
        """The LEDs the firmware set up (the latest boot's)."""
        assert self.neopixel.strips, "the firmware has not set up its LEDs"
        return self.neopixel.strips[-1]

    def frames(self) -> list[tuple[Colour, ...]]:
        strip = self.strip
        with strip.changed:
            return list(strip.frames)

    def wait_for(
        self, condition: Callable[[list[tuple[Colour, ...]]], object], timeout: float = 10.0
    ) -> bool:
        """Wait until `condition(frames)` holds, checked after each frame the latest
        boot shows (never on no frames at all)."""
        strip = self.strip
        with strip.changed:
            return strip.changed.wait_for(
                lambda: bool(strip.frames) and bool(condition(list(strip.frames))), timeout
            )


def _ticks_diff(new: int, old: int) -> int:
    return new - old
