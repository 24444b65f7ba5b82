"""The box's own Wi-Fi, against a stand-in `nmcli` on PATH (tests/fixtures/fake-nmcli):
the commands NetworkManager is sent, its errors shown in its own words, the Wi-Fi QR
payload and how it draws, the box's menu flow (warned before the Wi-Fi drops), the
join QR following the box to its own network, and a clean stop."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from device.box.menus import WIFI_ITEM, wifi_menu
from device.cli import main
from device.hotspot import (
    CONNECTION,
    Hotspot,
    HotspotError,
    HotspotSettings,
    HotspotState,
    stored_password,
    wifi_qr_payload,
)
from device.screens.hotspot import hotspot_screen
from tests.device.box_rig import Rig

FAKE = Path(__file__).resolve().parents[1] / "fixtures" / "fake-nmcli"


@pytest.fixture
def nm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fake nmcli first on PATH; returns its state folder."""
    state = tmp_path / "nm"
    state.mkdir()
    monkeypatch.setenv("FAKE_NMCLI_DIR", str(state))
    monkeypatch.setenv("PATH", f"{FAKE}{os.pathsep}{os.environ['PATH']}")
    return state


def calls(state: Path) -> list[list[str]]:
    path = state / "calls"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_the_wifi_qr_payload_escapes_what_the_format_reserves() -> None:
    assert wifi_qr_payload("Tablemate", "abcdefghjk") == "WIFI:T:WPA;S:Tablemate;P:abcdefghjk;;"
    assert wifi_qr_payload('a;b,c:d"e\\f', "p;w") == 'WIFI:T:WPA;S:a\\;b\\,c\\:d\\"e\\\\f;P:p\\;w;;'


def test_a_password_is_made_once_kept_private_and_reused(tmp_path: Path) -> None:
    made = stored_password(tmp_path)
    assert len(made) == 10 and made.isalnum()
    assert stored_password(tmp_path) == made
    assert (tmp_path / "hotspot-password").stat().st_mode & 0o777 == 0o600


def test_start_status_stop_send_networkmanager_these_commands(nm: Path, tmp_path: Path) -> None:
    hotspot = Hotspot(HotspotSettings(ssid="Game night", password="tea-time-42"), tmp_path)
    state = hotspot.start()
    assert state == HotspotState(True, "Game night", "tea-time-42", "10.42.0.1")
    assert calls(nm)[0] == [
        "device", "wifi", "hotspot", "ifname", "wlan0", "con-name", CONNECTION,
        "ssid", "Game night", "password", "tea-time-42",
    ]  # fmt: skip
    hotspot.close()  # the box stops: it takes down what it started
    assert calls(nm)[-1] == ["connection", "down", CONNECTION]
    assert not hotspot.status().active


def test_auto_starts_only_when_no_known_network_is_up(nm: Path, tmp_path: Path) -> None:
    (nm / "devices").write_text("wifi:connected:House\nethernet:unavailable:\n")
    auto = Hotspot(HotspotSettings(mode="auto"), tmp_path)
    assert auto.start_if_alone() is None
    (nm / "devices").write_text("wifi:disconnected:\nethernet:unavailable:\n")
    started = auto.start_if_alone()
    assert started is not None and started.active
    assert Hotspot(HotspotSettings(mode="off"), tmp_path).start_if_alone() is None


def test_closing_leaves_a_hotspot_this_process_did_not_start(nm: Path, tmp_path: Path) -> None:
    Hotspot(HotspotSettings(), tmp_path).start()  # say, `tablemate hotspot start`
    box_side = Hotspot(HotspotSettings(), tmp_path)
    box_side.close()
    assert box_side.status().active


def test_networkmanager_refusals_come_back_in_its_own_words(nm: Path, tmp_path: Path) -> None:
    (nm / "fail").write_text("Error: Device 'wlan0' not found.\n")
    with pytest.raises(HotspotError, match="Device 'wlan0' not found"):
        Hotspot(HotspotSettings(), tmp_path).start()


def test_no_nmcli_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(HotspotError, match="nmcli is not installed"):
        Hotspot(HotspotSettings(), tmp_path).status()


def test_the_command_line_starts_shows_and_stops_it(
    nm: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data", str(tmp_path)]
    assert main(["hotspot", "start", *data]) == 0
    assert "hotspot on: network Tablemate" in capsys.readouterr().out
    assert main(["hotspot", "stop", *data]) == 0
    assert capsys.readouterr().out.strip() == "hotspot off"
    (nm / "fail").write_text("Error: NetworkManager is not running.\n")
    assert main(["hotspot", "status", *data]) == 1
    assert "NetworkManager is not running" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbar-tools: scripts/setup dev")
def test_the_oled_wifi_qr_scans_as_the_payload() -> None:
    state = HotspotState(True, "Tablemate", "abcdefghjk", "10.42.0.1")
    for lang in ("en", "ja"):
        picture = hotspot_screen(state, lang)
        assert picture.size == (128, 64)
        read = _scan(picture.convert("L").resize((512, 256)))
        assert read == wifi_qr_payload("Tablemate", "abcdefghjk")


def _scan(picture: Image.Image) -> str:
    """What a QR reader finds in the picture (zbar, as phone readers do)."""
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        picture.save(file.name)
        done = subprocess.run(
            ["zbarimg", "-q", "--raw", file.name], capture_output=True, text=True, check=True
        )
    return done.stdout.strip()


@pytest.fixture
def rig(nm: Path, tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path, wifi=Hotspot(HotspotSettings(password="tea-time-42"), tmp_path))
    yield made
    made.close()


def test_the_box_warns_then_starts_its_wifi_and_shows_the_qr(rig: Rig, nm: Path) -> None:
    rig.click("A")  # the game menu
    menu = rig.box.controls.menu
    assert menu is not None and WIFI_ITEM in menu.values
    while menu.values[menu.selected] != WIFI_ITEM:
        rig.click("B")
    rig.click("A")  # Box Wi-Fi: Show, Start, Stop
    rig.click("B")
    rig.click("A")  # Start: asked first, "No" selected
    asking = rig.box.controls.menu
    assert asking is not None and "drop Wi-Fi" in asking.labels[1]
    assert calls(nm) == []  # nothing yet
    rig.click("B")
    rig.click("A")  # yes
    assert calls(nm)[0][:3] == ["device", "wifi", "hotspot"]
    shown = rig.box.controls.wifi
    assert shown is not None and shown.password == "tea-time-42"
    assert rig.oled.pictures()[-1] == hotspot_screen(shown, "en").tobytes()
    assert rig.box.base_url == "http://10.42.0.1:8000"  # the join QR follows the box
    rig.click("B")  # joined: the table's own screen again
    assert rig.box.controls.wifi is None


def test_a_failing_start_is_said_on_the_oled(rig: Rig, nm: Path) -> None:
    (nm / "fail").write_text(
        "Error: Connection activation failed: 802.1X supplicant took too long.\n"
    )
    rig.box.controls.menu = wifi_menu()
    rig.click("B")
    rig.click("A")  # Start
    rig.click("B")
    rig.click("A")  # yes
    notice = rig.box.controls.notice
    assert notice is not None and "supplicant took too long" in notice[1][0]
    assert rig.box.base_url == "http://10.0.0.2:8000"


def test_a_box_without_networkmanager_offers_no_wifi(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    try:
        rig.click("A")
        assert rig.box.controls.menu is not None
        assert WIFI_ITEM not in rig.box.controls.menu.values
    finally:
        rig.close()
