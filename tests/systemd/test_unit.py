"""The unit file: systemd itself checks it, and it says what the Pi needs.

`systemd-analyze verify` exits 0 even for unknown keys or bad values (it only
warns on stderr), so the test also requires an empty stderr. It runs with --root
on a scratch root holding the unit verbatim, the installed venv's entry point
(verify checks that ExecStart exists) and a copy of this machine's system units.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "tablemate.service"
INSTALL = REPO / "systemd" / "install.sh"
SYSTEM_UNITS = next(
    (p for p in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")) if p.is_dir()),
    None,
)


def settings(path: Path = UNIT) -> dict[str, list[str]]:
    """Every Key=Value of the unit, keys repeated as systemd allows."""
    found: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key, []).append(value)
    return found


def test_systemd_analyze_verify_accepts_the_unit_without_a_word(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (scripts/setup dev installs systemd)")
    assert SYSTEM_UNITS is not None, "systemd-analyze is here but no system unit directory"
    root = tmp_path / "root"
    shutil.copytree(SYSTEM_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    installed = root / "etc/systemd/system" / UNIT.name
    installed.parent.mkdir(parents=True)
    shutil.copy(UNIT, installed)
    program = root / settings()["ExecStart"][0].split()[0].lstrip("/")
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)

    result = subprocess.run(
        [analyze, "verify", f"--root={root}", "--man=no", f"/etc/systemd/system/{UNIT.name}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stderr, result.stdout) == (0, "", "")


def test_the_unit_asks_for_what_the_box_needs() -> None:
    unit = settings()
    assert unit["Type"] == ["notify"]
    assert int(unit["WatchdogSec"][0]) > 0
    assert unit["Restart"] == ["on-failure"]
    assert unit["User"] == ["tablemate"]
    assert set(unit["SupplementaryGroups"][0].split()) == {"gpio", "i2c", "dialout"}
    # lgpio writes its FIFO into a working directory the service user owns.
    assert unit["WorkingDirectory"] == ["/var/lib/tablemate"]
    assert unit["StateDirectory"] == ["tablemate"]
    assert "LG_WD=/var/lib/tablemate" in unit["Environment"]
    assert "GPIOZERO_PIN_FACTORY=lgpio" in unit["Environment"]
    # Hardened, yet the devices stay reachable.
    assert unit["ProtectSystem"] == ["strict"] and unit["NoNewPrivileges"] == ["yes"]
    assert unit["DevicePolicy"] == ["closed"]
    allowed = {value.split()[0] for value in unit["DeviceAllow"]}
    assert {"char-gpiochip", "char-i2c", "char-ttyACM", "char-ttyAMA"} <= allowed
    assert "PrivateDevices" not in unit  # it would hide /dev/gpiochip*


def test_the_installer_puts_things_where_the_unit_looks() -> None:
    script = INSTALL.read_text()
    unit = settings()
    command = unit["ExecStart"][0].split()
    venv = re.search(r"^venv=\$prefix/(\S+)", script, re.M)
    prefix = re.search(r"^prefix=(\S+)", script, re.M)
    config = re.search(r"^config=\$config_dir/(\S+)", script, re.M)
    config_dir = re.search(r"^config_dir=(\S+)", script, re.M)
    assert prefix and venv and config and config_dir
    # Under $root when staging (--root DIR), at / on the Pi.
    prefix_path, config_path = (m[1].removeprefix("$root") for m in (prefix, config_dir))
    assert command[0] == f"{prefix_path}/{venv[1]}/bin/tablemate"
    assert command[command.index("--config") + 1] == f"{config_path}/{config[1]}"
    assert "raspi-config nonint do_i2c 0" in script
    assert "compileall" in script


def test_the_installer_is_valid_bash_and_explains_itself() -> None:
    subprocess.run(["bash", "-n", str(INSTALL)], check=True)
    shown = subprocess.run(
        ["bash", str(INSTALL), "--help"], capture_output=True, text=True, check=True
    )
    assert "sudo systemd/install.sh [--enable-i2c]" in shown.stdout
    wrong = subprocess.run(["bash", str(INSTALL), "--bogus"], capture_output=True, text=True)
    assert wrong.returncode == 2
