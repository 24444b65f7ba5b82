"""Tell systemd how the service is doing (sd_notify), with the standard library only.

systemd passes a datagram socket in $NOTIFY_SOCKET: a path, or a name in Linux's
abstract namespace written with a leading "@". We send it READY=1 once the box
and the web port are up, WATCHDOG=1 every half watchdog interval while the
process is alive, and STOPPING=1 on the way out. Outside systemd (no
$NOTIFY_SOCKET) every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send `message` (e.g. "READY=1") to systemd; False if there is nobody to tell."""
    address = (os.environ if environ is None else environ).get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]  # abstract namespace
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
    except OSError as err:
        log.warning("could not notify systemd (%s): %s", message.split("=")[0], err)
        return False
    return True


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between WATCHDOG=1 pings (half of systemd's WatchdogSec), or None if
    systemd does not watch this process."""
    env = os.environ if environ is None else environ
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID")
    if usec <= 0 or (pid and pid != str(os.getpid())):
        return None
    return usec / 2_000_000


class Watchdog:
    """Pings systemd's watchdog from a thread that waits on an Event between pings.

    Each ping first asks `alive()`; a process whose table is deadlocked blocks there
    and a process whose render thread died answers False: either way the pings stop
    and systemd restarts the service.
    """

    def __init__(
        self,
        interval: float,
        alive: Callable[[], bool],
        send: Callable[[str], bool] = notify,
    ) -> None:
        self.interval = interval
        self._alive = alive
        self._send = send
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="watchdog", daemon=True)

    def start(self) -> Watchdog:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            if self._alive():
                self._send("WATCHDOG=1")
            else:
                log.error("the box is not responding: no watchdog ping, systemd will restart it")
