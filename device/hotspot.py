"""The box's own Wi-Fi: an access point phones join when the table has no network.

NetworkManager is Raspberry Pi OS bookworm's network stack; `nmcli device wifi
hotspot` makes a WPA2 access point on one interface (and drops any Wi-Fi client
connection there, which the box says before it starts). The service user may do this
through the polkit rule that systemd/install.sh installs. Phones join by scanning the
standard Wi-Fi QR (`wifi_qr_payload`), then the join QR.

Everything here goes through one `nmcli` process per call, found on PATH (tests put
a fake one there). A call that fails raises `HotspotError` with NetworkManager's own
words, which the OLED and the command line show.
"""

from __future__ import annotations

import logging
import os
import secrets
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

CONNECTION = "Tablemate-hotspot"
NMCLI_SECONDS = 30.0  # bringing an access point up takes a few seconds
# No 0/O, 1/l/I: a password someone may have to type from the OLED.
PASSWORD_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_LENGTH = 10  # WPA2 wants 8 to 63


class HotspotError(Exception):
    """NetworkManager refused or could not be reached; the message says why."""


@dataclass(frozen=True)
class HotspotSettings:
    mode: str = "off"  # "off", or "auto": start it when no known network is up
    ssid: str = "Tablemate"
    password: str = ""  # empty: one is made and kept in the data directory
    interface: str = "wlan0"


@dataclass(frozen=True)
class HotspotState:
    active: bool
    ssid: str = ""
    password: str = ""
    address: str = ""  # the box's address on its own network (10.42.0.1 by default)


def _escape(text: str) -> str:
    r"""A Wi-Fi QR field: `\ ; , : "` each behind a backslash."""
    return "".join("\\" + c if c in '\\;,:"' else c for c in text)


def wifi_qr_payload(ssid: str, password: str) -> str:
    """What a phone camera reads as "join this network" (WPA/WPA2)."""
    return f"WIFI:T:WPA;S:{_escape(ssid)};P:{_escape(password)};;"


def stored_password(data_dir: Path) -> str:
    """The hotspot's password, made once and kept in the data directory (owner only),
    so phones that joined once rejoin after a restart."""
    path = data_dir / "hotspot-password"
    try:
        kept = path.read_text("utf-8").strip()
    except FileNotFoundError:
        kept = ""
    if len(kept) >= 8:
        return kept
    made = "".join(secrets.choice(PASSWORD_LETTERS) for _ in range(PASSWORD_LENGTH))
    data_dir.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(made + "\n")
    return made


class Hotspot:
    """Start, stop and ask about the box's access point through `nmcli`."""

    def __init__(self, settings: HotspotSettings, data_dir: Path) -> None:
        self.settings = settings
        self.data_dir = data_dir
        self.started_here = False  # stop on exit only what this process started

    def _nmcli(self, *args: str) -> str:
        try:
            done = subprocess.run(
                ["nmcli", *args],
                capture_output=True,
                text=True,
                timeout=NMCLI_SECONDS,
                check=False,
            )
        except FileNotFoundError:
            raise HotspotError("NetworkManager's nmcli is not installed") from None
        except subprocess.TimeoutExpired:
            raise HotspotError("NetworkManager did not answer") from None
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()
            raise HotspotError(said[-1] if said else f"nmcli failed ({done.returncode})")
        return done.stdout

    def password(self) -> str:
        return self.settings.password or stored_password(self.data_dir)

    def start(self) -> HotspotState:
        password = self.password()
        self._nmcli(
            "device", "wifi", "hotspot",
            "ifname", self.settings.interface,
            "con-name", CONNECTION,
            "ssid", self.settings.ssid,
            "password", password,
        )  # fmt: skip
        self.started_here = True
        log.info("hotspot %s started on %s", self.settings.ssid, self.settings.interface)
        return self.status()

    def stop(self) -> None:
        self._nmcli("connection", "down", CONNECTION)
        self.started_here = False
        log.info("hotspot stopped")

    def status(self) -> HotspotState:
        active = self._nmcli("-t", "-f", "NAME", "connection", "show", "--active")
        if CONNECTION not in active.splitlines():
            return HotspotState(active=False)
        shown = self._nmcli("-g", "IP4.ADDRESS", "device", "show", self.settings.interface)
        address = shown.strip().splitlines()[0].split("/")[0] if shown.strip() else ""
        return HotspotState(
            active=True, ssid=self.settings.ssid, password=self.password(), address=address
        )

    def known_network_up(self) -> bool:
        """Whether any other connection (house Wi-Fi, a cable) is up already."""
        rows = self._nmcli("-t", "-f", "TYPE,STATE,CONNECTION", "device")
        for row in rows.splitlines():
            kind, state, connection = [*row.split(":"), "", "", ""][:3]
            if kind in ("wifi", "ethernet") and state == "connected" and connection != CONNECTION:
                return True
        return False

    def start_if_alone(self) -> HotspotState | None:
        """At start, in "auto" mode: the hotspot when no known network is up."""
        if self.settings.mode != "auto" or self.known_network_up():
            return None
        return self.start()

    def close(self) -> None:
        """When the box stops: take down the access point it started, if any."""
        if not self.started_here:
            return
        try:
            self.stop()
        except HotspotError as err:
            log.warning("could not stop the hotspot: %s", err)
