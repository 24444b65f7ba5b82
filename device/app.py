"""The process entry point: the one place where web and hardware are wired together."""

from __future__ import annotations

import logging
import shutil
import signal
import sys
from types import FrameType
from typing import Any

from flask import Flask

import hardware
from device import interpreter, notify
from device.bots import BotRunner
from device.box import Box
from device.companion.scoreboard import Scoreboard
from device.companion.sheets import Sheets
from device.config import Config
from device.history.backup import BackupError
from device.history.rescue import open_journal
from device.hotspot import Hotspot, HotspotError, HotspotState
from device.journal import JournalError
from device.network import lan_address, local_name
from device.sticks import StickRoller
from device.table import Table
from webui import close_streams, create_app
from webui.hosts import KnownHosts
from webui.live import HEARTBEAT_SECONDS
from webui.server import create_server, wake_on_signals

log = logging.getLogger(__name__)


class Device:
    """Everything the box runs, built from a Config; `serve()` blocks until stopped."""

    app: Flask

    def __init__(self, config: Config) -> None:
        self.config = config
        # A damaged journal is moved aside and the box starts afresh, saying so.
        self.journal, self.table, rescued = open_journal(
            config.journal_path, lambda journal: Table(journal, language=config.language)
        )
        if rescued is not None:
            self.table.rescued_journal = rescued.kept.name
        # Bots think in a worker process, started at their first turn (device/bots.py).
        self.bots = BotRunner(self.table)
        self.sheets = Sheets(self.journal, on_change=self.table.touch)
        self.scoreboard = Scoreboard(self.journal, self.sheets, on_change=self.table.touch)
        self.sticks = StickRoller(self.journal)
        self.sticks.subscribe(lambda _throw: self.table.touch())  # phones see each throw
        self.hardware = hardware.build(config.hardware, simulate=config.simulate)
        # The Flask app needs the join URL, which needs the port (0 = any free one),
        # which needs the server: so the server starts with a forwarder to the app.
        # When it stops (SIGTERM) it ends the live streams before it waits for its
        # threads, each of which would otherwise sleep until its next heartbeat.
        self.server: Any = create_server(
            lambda environ, start_response: self.app(environ, start_response),
            host=config.host,
            port=config.port,
            threads=config.threads,
            on_stop=lambda: close_streams(self.app),
        )
        self.port: int = self.server.effective_port
        self.hotspot = Hotspot(config.hotspot, config.data_dir)
        own_network = self._hotspot_if_alone()
        host = config.host if config.host not in ("0.0.0.0", "::", "") else lan_address()
        if own_network and own_network.address and config.host in ("0.0.0.0", "::", ""):
            host = own_network.address  # phones on the box's own Wi-Fi reach it there
        base_url = config.public_url or f"http://{host}:{self.port}"
        self.box = Box(
            self.table,
            self.hardware,
            base_url=base_url,
            simulated=config.simulate,
            dim_after=config.hardware.dim_after,
            sticks=self.sticks,
            colours=self.sheets.colours(),
            # The box's own Wi-Fi is offered where NetworkManager runs.
            wifi=self.hotspot if shutil.which("nmcli") else None,
            follow_wifi=not config.public_url,
            box_name=None if config.public_url else local_name(),
            scoreboard=self.scoreboard,
        )
        self.app = create_app(
            self.table,
            box=self.box,
            sheets=self.sheets,
            scoreboard=self.scoreboard,
            sticks=self.sticks,
            max_streams=config.max_streams,
            heartbeat=HEARTBEAT_SECONDS,
            # The join URL's name, whether configured or the host it serves on.
            known_hosts=KnownHosts(base_url, config.allowed_hosts),
        )
        self.server.application = self.app
        self.base_url = base_url

    def _hotspot_if_alone(self) -> HotspotState | None:
        """`[network] hotspot = "auto"`: the box's own Wi-Fi when no known network is
        up. A failure is logged and the box starts all the same."""
        try:
            return self.hotspot.start_if_alone()
        except HotspotError as err:
            log.warning("hotspot not started: %s", err)
            return None

    def serve(self) -> None:
        self.box.start()
        self.bots.start()  # bots seated before a restart play on
        local = f"http://127.0.0.1:{self.port}"
        print(f"Tablemate ready on {self.base_url} (this machine: {local})", flush=True)
        if self.config.simulate:
            print(f"Simulated box: {local}/sim", flush=True)
        # The port is bound and listening (connections queue until run() accepts them)
        # and the box is drawing: systemd may count us as started.
        notify.notify(f"READY=1\nSTATUS=serving on {self.base_url} (port {self.port})")
        interval = notify.watchdog_interval()
        watchdog = notify.Watchdog(interval, self.alive).start() if interval else None
        interpreter.freeze_startup_objects()  # after READY: it takes ~30 ms
        wake_on_signals(self.server)  # SIGTERM handled at once, not after a poll's second
        try:
            self.server.run()
        finally:
            notify.notify("STOPPING=1")
            if watchdog is not None:
                watchdog.stop()
            self.close()

    def alive(self) -> bool:
        """For the watchdog: the table answers (its lock is free) and the box still draws."""
        self.table.status()
        return self.box.running

    def close(self) -> None:
        close_streams(self.app)  # else each stream thread waits out its heartbeat
        self.bots.close()  # before the journal: a move in flight is dropped, never half-made
        self.box.close()
        self.server.close()
        self.hardware.close()
        self.hotspot.close()  # only an access point this process started
        self.journal.close()


def run_device(config: Config) -> int:
    interpreter.tune_threads()
    try:
        device = Device(config)
    except (hardware.HardwareError, JournalError, BackupError) as err:  # a newer release's
        print(f"tablemate: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"tablemate: cannot start: {err}", file=sys.stderr)
        return 1

    def stop(signum: int, _frame: FrameType | None) -> None:
        # waitress's run() returns cleanly on SystemExit.
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    device.serve()
    return 0
