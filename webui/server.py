"""The production web server: waitress, with one fix for many open live streams.

Waitress runs each request, and so each phone's live stream, on a task thread that
writes its output itself; its main thread polls the sockets. While a task thread
is sending, its channel has output pending, so the main thread's poll returns at
once, finds the output lock taken, gives up and polls again: it spins, holding
the GIL the sending thread needs back. After one table change fifteen streams
send in turn, and the spin cost each of them up to a GIL switch interval: about
80-270 polls per change (measured: 39,000-135,000 polls for 500 changes with 15
streams; ~1,200 with this fix), and a p99 of 24-63 ms for a fan-out that does no work.

The fix: when a task thread holds the output lock, the main thread waits for it
(briefly, bounded) instead of spinning. The lock is only ever held for a
non-blocking send or bookkeeping; waiting for output to drain releases it.
"""

from __future__ import annotations

from typing import Any

import waitress
from waitress.channel import HTTPChannel

# Far longer than a non-blocking send holds the lock; if it is ever exceeded the
# main thread simply polls again, as waitress does by itself.
LOCK_WAIT = 0.01


class StreamingChannel(HTTPChannel):
    """A waitress channel whose main-thread flush waits for a sending task thread."""

    def _flush_some_if_lockable(self, do_close: bool = True) -> None:
        if self.outbuf_lock.acquire(timeout=LOCK_WAIT):
            try:
                self._flush_some(do_close=do_close)
                if self.total_outbufs_len < self.adj.outbuf_high_watermark:
                    self.outbuf_lock.notify()
            finally:
                self.outbuf_lock.release()


def create_server(app: Any, host: str, port: int, threads: int) -> Any:
    """A waitress server for `app`, bound and listening; `run()` serves until closed."""
    server = waitress.create_server(app, host=host, port=port, threads=threads, ident="tablemate")
    server.channel_class = StreamingChannel
    return server
