"""The box installed the way a Raspberry Pi runs it: `systemd/install.sh --root DIR`
stages the install, then the installed `tablemate run` starts as an unprivileged user
(nobody) from that read-only install, with only its data directory writable, the
unit's environment and a notify socket, as systemd would start it. It must say
READY=1, serve a Japanese phone in Japanese, and leave the install exactly as it was.
An upgrade (install.sh again over an older release's journal) backs the journal up
first and the box then finds every game and score sheet.

Installing takes a minute (pip, from its cache where it can): marked slow. Only root
can stage an install and switch to another user, as CI does.
"""

from __future__ import annotations

import hashlib
import json
import os
import pwd
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "tablemate.service"
FIXTURES = REPO / "tests" / "fixtures"
OLD_RELEASE = FIXTURES / "journal-0.1.0-history.sqlite3"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.geteuid() != 0, reason="stages an install and switches user: needs root (CI is root)"
    ),
]


def _stage(root: Path) -> float:
    started = time.monotonic()
    done = subprocess.run(
        ["bash", str(REPO / "systemd" / "install.sh"), "--root", str(root)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return time.monotonic() - started


@pytest.fixture(scope="module")
def staged() -> Iterator[Path]:
    # mkdtemp, opened to every user: pytest's own temporary folders are private to root.
    root = Path(tempfile.mkdtemp(prefix="tm-stage-"))
    root.chmod(0o755)
    seconds = _stage(root)
    print(f"\ninstall.sh --root took {seconds:.1f} s")
    yield root
    shutil.rmtree(root, ignore_errors=True)


def _snapshot(root: Path) -> dict[str, str]:
    """Every file and folder under the install, with its content hash and mode."""
    found = {}
    for path in sorted(root.rglob("*")):
        relative = str(path.relative_to(root))
        if relative.startswith("var/"):
            continue  # the data directory: the box's to write
        if path.is_symlink():
            found[relative] = "link:" + os.readlink(path)
        elif path.is_dir():
            found[relative] = f"dir:{path.stat().st_mode:o}"
        else:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            found[relative] = f"{digest}:{path.stat().st_mode:o}"
    return found


def _unit_environment(data: Path) -> dict[str, str]:
    """The unit's Environment= lines, with its state directory replaced by `data`."""
    environment = {}
    for line in UNIT.read_text().splitlines():
        if line.startswith("Environment="):
            key, _, value = line.removeprefix("Environment=").partition("=")
            environment[key] = value.replace("/var/lib/tablemate", str(data))
    return environment


class Notify:
    """An AF_UNIX datagram socket like systemd's, which the service user may write."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="tm-n-"))
        self.folder.chmod(0o755)
        self.path = str(self.folder / "notify")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        os.chmod(self.path, 0o777)

    def wait_for(self, wanted: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while True:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            message = self.sock.recv(4096).decode()
            if wanted in message:
                return message

    def close(self) -> None:
        self.sock.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def _data_dir(journal: Path | None = None) -> Path:
    data = Path(tempfile.mkdtemp(prefix="tm-data-"))
    if journal is not None:
        shutil.copy(journal, data / "journal.sqlite3")
    nobody = pwd.getpwnam("nobody")
    for path in (data, *data.iterdir()):
        os.chown(path, nobody.pw_uid, nobody.pw_gid)
    data.chmod(0o700)
    return data


class Box:
    """`tablemate run --simulate` from the staged install, as nobody."""

    def __init__(self, root: Path, data: Path) -> None:
        self.notify = Notify()
        environment = {
            "PATH": "/usr/bin:/bin",
            "NOTIFY_SOCKET": self.notify.path,
            **_unit_environment(data),
        }
        command = [
            "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--",
            "env", "-i", *(f"{key}={value}" for key, value in environment.items()),
            str(root / "opt/tablemate/venv/bin/tablemate"), "run", "--simulate",
            "--config", str(root / "etc/tablemate/tablemate.toml"),
            "--data", str(data), "--host", "127.0.0.1", "--port", "0",
        ]  # fmt: skip
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            command, cwd=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            ready = self.notify.wait_for("READY=1", timeout=60)
        except (TimeoutError, OSError):
            self.process.kill()
            out, err = self.process.communicate()
            raise AssertionError(f"no READY=1\n{out}\n{err}") from None
        self.ready_after = time.monotonic() - self.started
        found = re.search(r"port (\d+)", ready)
        assert found, ready
        self.base = f"http://127.0.0.1:{found.group(1)}"

    def get(self, path: str, **headers: str) -> tuple[int, str]:
        request = urllib.request.Request(self.base + path, headers=headers)
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()

    def stop(self) -> str:
        self.process.send_signal(signal.SIGTERM)
        _out, err = self.process.communicate(timeout=30)
        self.notify.close()
        assert self.process.returncode == 0, err
        return err


def test_the_installed_box_starts_as_nobody_from_a_read_only_install(staged: Path) -> None:
    venv = staged / "opt/tablemate/venv"
    before = _snapshot(staged)
    assert not [p for p, s in before.items() if s.startswith("dir:") and int(s[4:], 8) & 0o002]
    compiled = venv.glob("lib/python3*/site-packages/device/i18n/translations/ja/LC_MESSAGES/*")
    assert {p.name for p in compiled} >= {"messages.mo", "messages.json", "messages.sha256"}
    # The page scripts bundled at install where esbuild is there (webui/bundle.py).
    bundled = shutil.which("esbuild") is not None
    pages = venv.glob("lib/python3*/site-packages/webui/bundle/*/seat/js/pages/seat.js")
    assert bool(list(pages)) == bundled

    data = _data_dir()
    box = Box(staged, data)
    try:
        status, page = box.get("/", **{"Accept-Language": "ja,en;q=0.5"})
        assert status == 200
        assert '<html lang="ja"' in page
        assert ("/_bundle/index/js/pages/index.js" in page) == bundled
        _, words = box.get("/i18n/ja.json")
        assert json.loads(words)["Game over"] == "ゲーム終了"
    finally:
        errors = box.stop()
    print(f"READY=1 after {box.ready_after:.2f} s")
    assert "Traceback" not in errors and "Permission denied" not in errors, errors
    assert "stale" not in errors, errors  # compiled at install: nothing to warn about
    assert _snapshot(staged) == before  # nothing written into the install
    assert (data / "journal.sqlite3").exists()  # the data directory took what it wrote
    assert not list(REPO.glob(".lgd-nfy*"))


def test_an_upgrade_backs_up_first_and_keeps_every_game_and_sheet(staged: Path) -> None:
    state = staged / "var/lib/tablemate"
    state.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_RELEASE, state / "journal.sqlite3")

    _stage(staged)  # install.sh again: the upgrade

    backups = sorted((state / "backups").glob("journal-*-upgrade.sqlite3"))
    assert len(backups) == 1
    assert _rows(backups[0]) == _rows(OLD_RELEASE)

    expected = json.loads((FIXTURES / "journal-0.1.0.json").read_text())
    games = expected["files"][OLD_RELEASE.name]["history"]
    data = _data_dir(state / "journal.sqlite3")
    box = Box(staged, data)
    try:
        _, listing = box.get("/api/history")
    finally:
        box.stop()
    found = {(str(game["id"]), game["game"]) for game in json.loads(listing)["games"]}
    # Every game played in the old release (an empty abandoned lobby is not listed).
    played = {(str(game["id"]), game["engine"]) for game in games if game["actions"]}
    assert played and played <= found
    assert _rows(data / "journal.sqlite3")["sheet_entries"] == _rows(OLD_RELEASE)["sheet_entries"]


def _rows(journal: Path) -> dict[str, int]:
    db = sqlite3.connect(f"{journal.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return {
            table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("games", "actions", "sheet_entries")
        }
    finally:
        db.close()
