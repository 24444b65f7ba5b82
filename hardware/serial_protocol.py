"""The line protocol spoken to the external LED controller (docs/serial-protocol.md).

Pure encoding and decoding, no I/O. The host sends ``<seq> <VERB> [args]\\n``; the
controller answers each line with ``<seq> OK [words]`` or ``<seq> ERR <CODE> [words]``.
Lines from the controller that are not replies (``#`` comments, boot noise, an
echo) are not replies: `parse_reply` returns None for them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PROTOCOL_VERSION = 1
EFFECTS = ("solid", "pulse", "blink")
MAX_LINE = 64  # bytes, newline included: small enough for a microcontroller's buffer
MAX_SEQ = 65535
MAX_SEATS = 64

_REPLY = re.compile(rb"^(\d{1,5}) (OK|ERR)((?: [\x21-\x7e]+)*) ?\r?\n?$")


@dataclass(frozen=True)
class SeatLight:
    """What one seat's light shows: an (r, g, b) colour, each 0..255, and an effect."""

    colour: tuple[int, int, int]
    effect: str = "solid"

    def __post_init__(self) -> None:
        if (
            not isinstance(self.colour, tuple)
            or len(self.colour) != 3
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in self.colour)
            or not all(0 <= c <= 255 for c in self.colour)
        ):
            raise ValueError(f"colour must be (r, g, b) with each 0..255, not {self.colour!r}")
        if self.effect not in EFFECTS:
            raise ValueError(f"effect must be one of {EFFECTS}, not {self.effect!r}")

    @property
    def hex(self) -> str:
        return "{:02X}{:02X}{:02X}".format(*self.colour)


OFF = SeatLight((0, 0, 0))


@dataclass(frozen=True)
class Reply:
    seq: int
    ok: bool
    words: tuple[str, ...]


def encode(seq: int, verb: str, *args: str) -> bytes:
    """One command line, newline included."""
    if not 1 <= seq <= MAX_SEQ:
        raise ValueError(f"seq must be 1..{MAX_SEQ}, not {seq}")
    line = " ".join((str(seq), verb, *args)).encode("ascii") + b"\n"
    if len(line) > MAX_LINE:
        raise ValueError(f"command longer than {MAX_LINE} bytes: {line!r}")
    return line


def hello(seq: int) -> bytes:
    return encode(seq, "HELLO", str(PROTOCOL_VERSION))


def seat(seq: int, number: int, light: SeatLight) -> bytes:
    if not 0 <= number < MAX_SEATS:
        raise ValueError(f"seat must be 0..{MAX_SEATS - 1}, not {number}")
    return encode(seq, "SEAT", str(number), light.hex, light.effect.upper())


def ping(seq: int) -> bytes:
    return encode(seq, "PING")


def parse_reply(line: bytes) -> Reply | None:
    """The reply on `line`, or None if the line is not a reply."""
    match = _REPLY.match(line)
    if match is None:
        return None
    seq = int(match.group(1))
    if not 1 <= seq <= MAX_SEQ:
        return None
    words = tuple(match.group(3).decode("ascii").split())
    return Reply(seq=seq, ok=match.group(2) == b"OK", words=words)


def parse_hello(reply: Reply) -> int:
    """The controller's seat count from its answer to HELLO; ValueError if it refused."""
    if not reply.ok:
        if reply.words[:1] == ("VERSION",):
            spoken = " ".join(reply.words[1:]) or "another version"
            raise ValueError(f"the LED controller speaks protocol {spoken}, not {PROTOCOL_VERSION}")
        raise ValueError(f"the LED controller refused HELLO: {' '.join(reply.words)}")
    if len(reply.words) != 2 or not all(word.isdigit() for word in reply.words):
        raise ValueError(f"the LED controller's HELLO answer is garbled: {reply.words}")
    version, seats = (int(word) for word in reply.words)
    if version != PROTOCOL_VERSION:
        raise ValueError(f"the LED controller speaks protocol {version}, not {PROTOCOL_VERSION}")
    if not 1 <= seats <= MAX_SEATS:
        raise ValueError(f"the LED controller reports {seats} seats (1..{MAX_SEATS} expected)")
    return seats
