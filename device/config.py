"""Device configuration: one TOML file, every key optional, sensible defaults.

    [web]
    host = "0.0.0.0"        # where phones reach the box
    port = 8000
    public_url = ""         # what the join QR encodes; empty: http://<LAN address>:<port>
    allowed_hosts = []      # more names phones may use for the box, e.g. ["box.lan"]
                            # (besides any IP address, localhost, public_url's name,
                            # the hostname and <hostname>.local: webui/hosts.py)
    threads = 24            # web threads: 8 for requests, the rest carry live screens
                            # (one each: a phone, the TV, the sim page), so 16 by default

    [data]
    dir = "~/.local/share/tablemate"   # the journal lives here

    [table]
    language = "en"         # what the OLED and the TV page speak: "en" or "ja"; the
                            # host page and the box's menu change it (kept in the journal)

    [hardware]
    simulate = "auto"       # "auto" (simulate unless on a Raspberry Pi), true or false
    dim_after = 60          # seconds without input before the OLED dims; 0: never
    buzzer_pin = 18         # and buzzer = "passive" (piezo) or "active" (beeps only)
    muted = false           # the host can also mute from the phone
    serial_port = ""        # LED ring controller, e.g. "/dev/ttyACM0"; empty: none
    serial_baud = 115200
    # ...and every other field of hardware.config.HardwareConfig: pins, display, i2c,
    # rotate, contrast, hold_time, debounce (docs/wiring.md has the pin map)

    [network]
    hotspot = "off"         # "auto": the box's own Wi-Fi when no known network is up
                            # at start (the box's menu and `tablemate hotspot` also
                            # start and stop it)
    hotspot_ssid = "Tablemate"
    hotspot_password = ""   # 8-63 characters; empty: one is made, kept in the data dir
    hotspot_interface = "wlan0"

The environment variable TABLEMATE_SIMULATE=1/0 and the --simulate/--real flags
override [hardware] simulate.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.hotspot import HotspotSettings
from device.i18n import LANGUAGES
from hardware import is_raspberry_pi
from hardware.config import HardwareConfig

# Web threads always left for ordinary requests; each live stream holds one of the
# others for as long as it is open. 24 in all serve 5 phones, a TV and the sim page
# with room for 9 spectators, and cost 1 MB less memory than 48 did.
REQUEST_THREADS = 8


class ConfigError(Exception):
    """The configuration file says something we cannot use."""


@dataclass
class Config:
    host: str = "0.0.0.0"
    port: int = 8000
    public_url: str = ""
    allowed_hosts: tuple[str, ...] = ()  # names besides the box's own (webui/hosts.py)
    threads: int = 24
    data_dir: Path = field(default_factory=lambda: Path("~/.local/share/tablemate").expanduser())
    simulate: bool = True
    language: str = "en"  # the table's, until the host or the box picks another
    hardware: HardwareConfig = field(default_factory=HardwareConfig)
    hotspot: HotspotSettings = field(default_factory=HotspotSettings)

    @property
    def journal_path(self) -> Path:
        return self.data_dir / "journal.sqlite3"

    @property
    def max_streams(self) -> int:
        """Live streams open at once; one more is refused with a clear error."""
        return self.threads - REQUEST_THREADS


def load_config(
    path: Path | None = None,
    *,
    simulate: bool | None = None,
    port: int | None = None,
    data_dir: Path | None = None,
) -> Config:
    """Read the TOML file (if any), then apply environment and command-line overrides."""
    raw: dict[str, Any] = {}
    if path is not None:
        try:
            raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as err:
            raise ConfigError(f"cannot read {path}: {err.strerror}") from None
        except tomllib.TOMLDecodeError as err:
            raise ConfigError(f"{path} is not valid TOML: {err}") from None
    unknown = set(raw) - {"web", "data", "table", "hardware", "network"}
    if unknown:
        raise ConfigError(f"unknown section(s): {', '.join(sorted(unknown))}")

    web = _section(raw, "web", {"host", "port", "public_url", "allowed_hosts", "threads"})
    data = _section(raw, "data", {"dir"})
    table = _section(raw, "table", {"language"})
    hardware = dict(_section(raw, "hardware", None))
    network = _section(
        raw, "network", {"hotspot", "hotspot_ssid", "hotspot_password", "hotspot_interface"}
    )
    simulate_setting = hardware.pop("simulate", "auto")

    config = Config(
        host=_typed(web, "host", str, Config.host),
        port=_typed(web, "port", int, Config.port),
        public_url=_typed(web, "public_url", str, Config.public_url),
        allowed_hosts=_host_names(web.get("allowed_hosts", [])),
        threads=_typed(web, "threads", int, Config.threads),
        language=_typed(table, "language", str, Config.language),
        hardware=_hardware_config(hardware),
        hotspot=_hotspot_settings(network),
    )
    if "dir" in data:
        config.data_dir = Path(_typed(data, "dir", str, "")).expanduser()
    if not 0 < config.port < 65536:
        raise ConfigError(f"web port {config.port} is not a TCP port")
    if config.threads < REQUEST_THREADS + 4:
        raise ConfigError(
            f"web threads must be at least {REQUEST_THREADS + 4}: "
            f"{REQUEST_THREADS} for requests and some for live screens"
        )

    if config.language not in LANGUAGES:
        raise ConfigError(
            f"[table] language must be one of {', '.join(LANGUAGES)}, not {config.language!r}"
        )

    config.simulate = _decide_simulate(simulate, simulate_setting)
    if port is not None:
        config.port = port
    if data_dir is not None:
        config.data_dir = data_dir
    return config


def _hotspot_settings(network: dict[str, Any]) -> HotspotSettings:
    default = HotspotSettings()
    settings = HotspotSettings(
        mode=_typed(network, "hotspot", str, default.mode),
        ssid=_typed(network, "hotspot_ssid", str, default.ssid),
        password=_typed(network, "hotspot_password", str, default.password),
        interface=_typed(network, "hotspot_interface", str, default.interface),
    )
    if settings.mode not in ("off", "auto"):
        raise ConfigError('[network] hotspot must be "off" or "auto"')
    if not 1 <= len(settings.ssid.encode()) <= 32:
        raise ConfigError("[network] hotspot_ssid must be 1 to 32 bytes")
    if settings.password and not 8 <= len(settings.password) <= 63:
        raise ConfigError("[network] hotspot_password must be 8 to 63 characters (WPA2)")
    return settings


def _host_names(value: Any) -> tuple[str, ...]:
    """[web] allowed_hosts: plain names, no scheme, port or path ("box.lan")."""
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ConfigError(f"allowed_hosts must be a list of names, not {value!r}")
    for name in value:
        if not name.strip() or any(mark in name for mark in ":/@[] "):
            raise ConfigError(
                f'allowed_hosts holds names like "box.lan" (no scheme or port), not {name!r}'
            )
    return tuple(name.strip().lower() for name in value)


def _decide_simulate(flag: bool | None, setting: Any) -> bool:
    if setting != "auto" and not isinstance(setting, bool):
        raise ConfigError('[hardware] simulate must be "auto", true or false')
    if flag is not None:
        return flag
    env = os.environ.get("TABLEMATE_SIMULATE", "").strip().lower()
    if env in ("1", "true", "yes"):
        return True
    if env in ("0", "false", "no"):
        return False
    if setting == "auto":
        return not is_raspberry_pi()
    return bool(setting)


def _section(raw: dict[str, Any], name: str, allowed: set[str] | None) -> dict[str, Any]:
    section = raw.get(name, {})
    if not isinstance(section, dict):
        raise ConfigError(f"[{name}] must be a table")
    if allowed is not None and set(section) - allowed:
        raise ConfigError(
            f"unknown key(s) in [{name}]: {', '.join(sorted(set(section) - allowed))}"
        )
    return section


def _typed(section: dict[str, Any], key: str, kind: type, default: Any) -> Any:
    value = section.get(key, default)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ConfigError(f"{key} must be {kind.__name__}, not {value!r}")
    return value


def _hardware_config(values: dict[str, Any]) -> HardwareConfig:
    """Build HardwareConfig from TOML, checking names and turning lists into tuples."""
    fields = {f.name: f for f in dataclasses.fields(HardwareConfig)}
    unknown = set(values) - set(fields)
    if unknown:
        raise ConfigError(f"unknown key(s) in [hardware]: {', '.join(sorted(unknown))}")
    defaults = HardwareConfig()
    converted: dict[str, Any] = {}
    for key, value in values.items():
        default = getattr(defaults, key)
        if isinstance(default, tuple) and isinstance(value, list):
            value = tuple(value)
        int_for_float = isinstance(default, float) and isinstance(value, int)
        if default is not None and not isinstance(value, type(default)) and not int_for_float:
            raise ConfigError(f"[hardware] {key} must be like {default!r}, not {value!r}")
        converted[key] = value
    try:
        return HardwareConfig(**converted)
    except (TypeError, ValueError) as err:
        raise ConfigError(f"[hardware]: {err}") from None
