"""Hostile and careless clients against the real device on loopback (issue 23).

Starts the device (simulated hardware) as a subprocess with its default 16 live
screens, then measures, from outside as an attacker or a sleepy phone would:

- a foreign `Host` (DNS rebinding): what GET /api/status and POST /api/join answer;
- a 50 MB body (text/plain, JSON with Content-Length, chunked): the answer, how long
  it took and how many body bytes the client got out before it (into its own kernel
  buffers: an upper bound of what the box read);
- requests that stop halfway (chunked but not chunked, `Expect: 100-continue`
  without the body): the answer and how long it took;
- 16 sleeping phones (each reads its first state, then never reads again while its
  kernel keeps acknowledging): how long a 17th screen waits for its stream.

    .venv/bin/python bench/hostile.py

Prints JSON. Target: the 17th screen within 10 s.
"""

from __future__ import annotations

import json
import select
import socket
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.device_process import DeviceProcess

MB = 1024 * 1024
SLEEPERS = 16


def exchange(port: int, raw: bytes, timeout: float = 30.0) -> tuple[bytes, float]:
    """Send `raw`, read until the box closes: its answer and the seconds it took."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    started = time.perf_counter()
    sock.sendall(raw)
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except OSError:
        pass
    sock.close()
    return answer, time.perf_counter() - started


def status_line(answer: bytes) -> str:
    lines = [line for line in answer.split(b"\r\n") if line.startswith(b"HTTP/1.1 ")]
    return lines[-1].decode() if lines else "(closed without an answer)"


def code_of(answer: bytes) -> str | None:
    try:
        found = json.loads(answer.rpartition(b"\r\n\r\n")[2])
    except ValueError:
        return None
    return found.get("code") if isinstance(found, dict) else None


def foreign_host(port: int) -> dict[str, Any]:
    host = b"rebind.example:8000"
    origin = b"Origin: http://rebind.example:8000\r\n"
    status, _ = exchange(
        port,
        b"GET /api/status HTTP/1.1\r\nHost: %s\r\n%sConnection: close\r\n\r\n" % (host, origin),
    )
    body = b'{"code": "ABCD", "name": "Mallory"}'
    join, _ = exchange(
        port,
        b"POST /api/join HTTP/1.1\r\nHost: %s\r\n%sContent-Type: application/json\r\n"
        b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (host, origin, len(body), body),
    )
    own, _ = exchange(
        port, b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    return {
        "status_as_rebind_example": [status_line(status), code_of(status)],
        "join_as_rebind_example": [status_line(join), code_of(join)],
        "status_as_127.0.0.1": status_line(own),
    }


def huge_body(port: int, head: bytes, size: int, chunked: bool = False) -> dict[str, Any]:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)
    started = time.perf_counter()
    sock.sendall(head)
    sock.setblocking(False)
    block = b"%x\r\n%s\r\n" % (65536, b"x" * 65536) if chunked else b"x" * 65536
    pending, sent = b"", 0
    while sent < size:
        readable, writable, _ = select.select([sock], [sock], [], 30)
        if readable or not writable:
            break
        pending = pending or block
        try:
            out = sock.send(pending)
        except OSError:
            break
        sent, pending = sent + out, pending[out:]
    sock.setblocking(True)
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except OSError:
        pass
    took = time.perf_counter() - started
    sock.close()
    return {
        "answer": [status_line(answer), code_of(answer)],
        "seconds": round(took, 3),
        "body_bytes_sent_before_answer": sent,
    }


def halfway(port: int, raw: bytes) -> dict[str, Any]:
    answer, took = exchange(port, raw)
    return {"answer": [status_line(answer), code_of(answer)], "seconds": round(took, 2)}


def open_stream(port: int) -> socket.socket:
    """A phone's stream, read up to its first state: a page that loaded, then slept."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    data = b""
    while b"event: state" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    if not data.startswith(b"HTTP/1.1 200"):
        sock.close()
        raise ConnectionRefusedError(status_line(data))
    return sock


def sleeping_phones(port: int) -> dict[str, Any]:
    sleepers = [open_stream(port) for _ in range(SLEEPERS)]
    time.sleep(12)  # two heartbeats and more, all acknowledged by the kernel
    started = time.perf_counter()
    refusals = 0
    newcomer = None
    while newcomer is None and time.perf_counter() - started < 120:
        try:
            newcomer = open_stream(port)
        except ConnectionRefusedError:  # 503 busy: the page retries 3 s later
            refusals += 1
            time.sleep(3)
    took = time.perf_counter() - started
    closed = 0
    for sock in sleepers:
        sock.setblocking(False)
        try:
            while True:  # what the kernel took for it, then the end (or a reset)
                if not sock.recv(1 << 20):
                    closed += 1
                    break
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        sock.close()
    if newcomer is not None:
        newcomer.close()
    return {
        "sleeping_phones": SLEEPERS,
        "seconds_until_a_17th_screen_streams": round(took, 3) if newcomer else None,
        "busy_refusals_first": refusals,
        "sleepers_let_go": closed,
        "target_seconds": 10,
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as data, DeviceProcess(Path(data)) as device:
        port = urlsplit(device.url).port
        assert port is not None
        json_head = b"POST /api/lobby HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: %s\r\n"
        results = {
            "foreign_host": foreign_host(port),
            "body_50mb_text_plain": huge_body(
                port, json_head % b"text/plain" + b"Content-Length: %d\r\n\r\n" % (50 * MB), 50 * MB
            ),
            "body_50mb_json": huge_body(
                port,
                json_head % b"application/json" + b"Content-Length: %d\r\n\r\n" % (50 * MB),
                50 * MB,
            ),
            "body_50mb_chunked": huge_body(
                port,
                json_head % b"application/json" + b"Transfer-Encoding: chunked\r\n\r\n",
                50 * MB,
                chunked=True,
            ),
            "chunked_but_not_chunked": halfway(
                port,
                json_head % b"application/json"
                + b'Transfer-Encoding: chunked\r\n\r\n{"game": "cena"}',
            ),
            "expect_100_continue_without_body": halfway(
                port,
                json_head % b"application/json"
                + b"Content-Length: 20\r\nExpect: 100-continue\r\n\r\n",
            ),
            "streams": sleeping_phones(port),
        }
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
