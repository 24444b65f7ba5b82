"""The one error the hardware layer raises when a part cannot be opened or driven."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class HardwareError(Exception):
    """A pin, LED or button could not be opened or driven; the message says which and why.

    The original exception is kept as ``__cause__``.
    """


@contextmanager
def reported_as_hardware_error(what: str) -> Iterator[None]:
    """Turn any failure inside the block into a HardwareError that starts with `what`.

    gpiozero, lgpio and RPi.GPIO each raise their own unrelated exception types for a
    pin that is invalid, busy or unreachable, so catching Exception here is the only
    way to give callers one error to handle.
    """
    try:
        yield
    except HardwareError:
        raise
    except Exception as exc:
        raise HardwareError(f"{what}: {describe(exc)}") from exc


def describe(exc: BaseException) -> str:
    """A readable one-line cause, even for exceptions raised without a message."""
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
