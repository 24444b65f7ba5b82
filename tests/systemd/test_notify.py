"""sd_notify against real AF_UNIX datagram sockets, as systemd listens for them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.notify import Watchdog, notify, watchdog_interval

REPO = Path(__file__).resolve().parents[2]


class Listener:
    """A datagram socket like systemd's notify socket; `messages` waits for what arrives."""

    def __init__(self, address: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(address)

    def receive(self, timeout: float = 5.0) -> str:
        self.sock.settimeout(timeout)
        return self.sock.recv(4096).decode()

    def receive_until(self, wanted: str, timeout: float) -> list[str]:
        """Every message up to and including the first one that contains `wanted`."""
        deadline = time.monotonic() + timeout
        seen: list[str] = []
        while not seen or wanted not in seen[-1]:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no {wanted!r} after {seen}")
            seen.append(self.receive(remaining))
        return seen

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def short_dir() -> Iterator[Path]:
    # A socket path must fit in 108 bytes; pytest's tmp_path can be longer.
    with tempfile.TemporaryDirectory(prefix="tm-notify-") as directory:
        yield Path(directory)


@pytest.fixture
def listener(short_dir: Path) -> Iterator[tuple[Listener, str]]:
    path = str(short_dir / "notify.sock")
    made = Listener(path)
    yield made, path
    made.close()


def test_notify_sends_one_datagram_to_a_socket_path(listener: tuple[Listener, str]) -> None:
    sock, path = listener
    assert notify("READY=1\nSTATUS=up", {"NOTIFY_SOCKET": path}) is True
    assert sock.receive() == "READY=1\nSTATUS=up"


def test_notify_reaches_the_abstract_namespace() -> None:
    name = f"tablemate-test-{uuid.uuid4().hex}"
    sock = Listener("\0" + name)
    try:
        assert notify("WATCHDOG=1", {"NOTIFY_SOCKET": "@" + name}) is True
        assert sock.receive() == "WATCHDOG=1"
    finally:
        sock.close()


def test_without_systemd_notify_does_nothing(short_dir: Path) -> None:
    assert notify("READY=1", {}) is False
    assert notify("READY=1", {"NOTIFY_SOCKET": str(short_dir / "gone.sock")}) is False


@pytest.mark.parametrize(
    ("environ", "interval"),
    [
        ({"WATCHDOG_USEC": "30000000"}, 15.0),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}, 15.0),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}, None),  # meant for another
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
        ({}, None),
    ],
)
def test_watchdog_interval_is_half_of_systemds(
    environ: dict[str, str], interval: float | None
) -> None:
    assert watchdog_interval(environ) == interval


def test_the_watchdog_pings_periodically_while_alive(listener: tuple[Listener, str]) -> None:
    sock, path = listener
    alive = True
    watchdog = Watchdog(
        0.05, lambda: alive, send=lambda message: notify(message, {"NOTIFY_SOCKET": path})
    )
    started = time.monotonic()  # before start(): a busy machine may delay this line
    watchdog.start()
    try:
        pings = [sock.receive(2) for _ in range(4)]
        assert pings == ["WATCHDOG=1"] * 4
        assert time.monotonic() - started >= 0.15  # spaced by the interval, not a flood
        alive = False  # a stuck box: the pings stop, so systemd will restart it
        time.sleep(0.1)
        sock.sock.setblocking(False)
        while True:  # drain a ping that was already on its way
            try:
                sock.sock.recv(4096)
            except BlockingIOError:
                break
        time.sleep(0.2)
        with pytest.raises(BlockingIOError):
            sock.sock.recv(4096)
    finally:
        watchdog.stop()


@pytest.mark.slow
def test_the_device_says_ready_once_its_port_answers_then_pings_the_watchdog(
    listener: tuple[Listener, str], short_dir: Path
) -> None:
    sock, path = listener
    environ = {
        **os.environ,
        "NOTIFY_SOCKET": path,
        "WATCHDOG_USEC": "200000",  # pings every 0.1 s
        "TABLEMATE_SIMULATE": "1",
    }
    command = [sys.executable, "-m", "device", "run", "--host", "127.0.0.1", "--port", "0"]
    log = short_dir / "device.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [*command, "--data", str(short_dir / "data")],
            cwd=REPO,
            env=environ,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        ready = sock.receive(timeout=30)
        assert ready.startswith("READY=1\n")
        port = int(ready.rsplit("(port ", 1)[1].rstrip(")"))
        # Ready means ready: the web port answers at once.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
            assert answer.status == 200
        assert [sock.receive(timeout=2) for _ in range(3)] == ["WATCHDOG=1"] * 3

        process.terminate()
        assert "STOPPING=1" in sock.receive_until("STOPPING=1", timeout=10)[-1]
        assert process.wait(timeout=10) == 0, log.read_text()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
