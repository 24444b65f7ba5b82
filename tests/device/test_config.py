"""Configuration: defaults, the TOML file, overrides, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.config import ConfigError, load_config


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tablemate.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_without_a_file(monkeypatch) -> None:
    monkeypatch.delenv("TABLEMATE_SIMULATE", raising=False)
    config = load_config()
    assert config.port == 8000 and config.host == "0.0.0.0"
    assert config.simulate is True  # this machine is not a Raspberry Pi
    assert config.journal_path.name == "journal.sqlite3"
    assert config.hardware.button_pins == {"A": 5, "B": 6, "C": 13}


def test_file_values_are_read(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        [web]
        port = 9000
        public_url = "http://tablemate.local:9000"
        [data]
        dir = "%s"
        [hardware]
        simulate = true
        display = "sh1106"
        stick_pins = [4, 17, 27, 22, 10]
        button_pins = { A = 5, B = 6, C = 26 }
        """
        % (tmp_path / "data"),
    )
    config = load_config(path)
    assert config.port == 9000
    assert config.public_url == "http://tablemate.local:9000"
    assert config.data_dir == tmp_path / "data"
    assert config.hardware.display == "sh1106"
    assert config.hardware.stick_pins == (4, 17, 27, 22, 10)
    assert config.hardware.button_pins["C"] == 26


def test_buzzer_serial_and_dimming_settings_are_read(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        [hardware]
        dim_after = 30
        buzzer_pin = 12
        buzzer = "active"
        muted = true
        serial_port = "/dev/ttyACM0"
        serial_baud = 57600
        """,
    )
    hardware = load_config(path, simulate=True).hardware
    assert (hardware.dim_after, hardware.buzzer_pin, hardware.buzzer) == (30, 12, "active")
    assert hardware.muted is True
    assert (hardware.serial_port, hardware.serial_baud) == ("/dev/ttyACM0", 57600)


def test_flags_beat_environment_beat_file(tmp_path: Path, monkeypatch) -> None:
    path = write(tmp_path, "[hardware]\nsimulate = true\n")
    monkeypatch.setenv("TABLEMATE_SIMULATE", "0")
    assert load_config(path).simulate is False
    assert load_config(path, simulate=True).simulate is True
    monkeypatch.delenv("TABLEMATE_SIMULATE")
    assert load_config(path).simulate is True
    assert load_config(path, port=1234, data_dir=tmp_path).port == 1234


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[web\nport = 1", "not valid TOML"),
        ("[wifi]\n", "unknown section"),
        ("[web]\nprot = 80\n", "unknown key"),
        ('[web]\nport = "80"\n', "port must be int"),
        ("[web]\nport = 70000\n", "not a TCP port"),
        ("[web]\nthreads = 11\n", "at least 12"),
        ('[hardware]\nsimulate = "maybe"\n', "simulate must be"),
        ("[hardware]\nlaser = 1\n", "unknown key"),
        ("[hardware]\nstick_pins = [1, 2]\n", "stick_pins"),
        ("[hardware]\ndisplay = 7\n", "display"),
        ('[hardware]\nmuted = "yes"\n', "muted"),
        ("[hardware]\nserial_port = 1\n", "serial_port"),
        ("[hardware]\nbuzzer_pin = 5\n", "GPIO 5 used by more than one"),
        ("[hardware]\ndim_after = -5\n", "dim_after"),
        ('[web]\nallowed_hosts = "box.lan"\n', "allowed_hosts must be a list"),
        ('[web]\nallowed_hosts = ["http://box.lan"]\n', "no scheme or port"),
        ('[web]\nallowed_hosts = ["box.lan:8000"]\n', "no scheme or port"),
        ('[web]\nallowed_hosts = [""]\n', "allowed_hosts"),
    ],
)
def test_bad_files_get_clear_errors(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_config(write(tmp_path, text), simulate=True)


def test_extra_names_for_the_box_are_read(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, '[web]\nallowed_hosts = ["Box.lan", "tm.home"]\n'))
    assert config.allowed_hosts == ("box.lan", "tm.home")
    assert load_config(None).allowed_hosts == ()


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "nope.toml")
