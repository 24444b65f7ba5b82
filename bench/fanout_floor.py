"""The floor under bench/latency.py: the device's web server fanning out a change
that costs nothing to build, on this machine, now.

Run as a subprocess by bench/latency.py. It serves, on the same waitress setup as
the device (webui.server, threads tuned by device.interpreter), an app whose every
POST bumps a version and wakes every open stream, which then sends a state event
shaped like the device's (about 1.2 KiB). The time from POST to every stream is
then only the server, the threads and the machine: what remains of the device's
own figure above it is the device's work. Prints its port, then serves until killed.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device import interpreter
from webui.live import Mailbox
from webui.server import create_server

PADDING = "x" * 1100  # a 5-seat Céna state is ~1.2 KiB


class Changes:
    """The version, and one mailbox per open stream, as the device's streams have."""

    def __init__(self) -> None:
        self.version = 0
        self._lock = threading.Lock()
        self._mailboxes: list[Mailbox] = []

    def subscribe(self) -> Mailbox:
        mailbox = Mailbox()
        with self._lock:
            self._mailboxes.append(mailbox)
        return mailbox

    def bump(self) -> None:
        with self._lock:
            self.version += 1
            version, mailboxes = self.version, list(self._mailboxes)
        for mailbox in mailboxes:
            mailbox.put(version)


def app(changes: Changes) -> Callable[..., Iterator[bytes]]:
    def serve(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterator[bytes]:
        if environ["PATH_INFO"] == "/api/stream":
            start_response("200 OK", [("Content-Type", "text/event-stream")])
            return events(changes, changes.subscribe())
        changes.bump()
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", "2")])
        return iter([b"{}"])

    return serve


def events(changes: Changes, mailbox: Mailbox) -> Iterator[bytes]:
    version: int | None = changes.version
    while True:
        if version is not None:
            state = {"table": {"version": version}, "padding": PADDING}
            yield f"event: state\ndata: {json.dumps(state)}\n\n".encode()
        version = mailbox.wait(timeout=15)


def main() -> None:
    interpreter.tune_threads()
    server = create_server(app(Changes()), host="127.0.0.1", port=0, threads=24)
    print(server.effective_port, flush=True)
    server.run()


if __name__ == "__main__":
    main()
