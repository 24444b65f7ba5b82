"""The catalogs below the box: compiled at install time, judged stale by content (not
file times: pip unpacks in no promised order), never written by an installed box, and
read by the box without Flask."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.i18n import catalogs


@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The catalog sources alone (nothing compiled), in a folder of the test's own."""
    root = tmp_path / "translations"
    shutil.copytree(
        catalogs.TRANSLATIONS, root, ignore=shutil.ignore_patterns("*.mo", "*.json", "*.sha256")
    )
    monkeypatch.setattr(catalogs, "TRANSLATIONS", root)
    catalogs.load.cache_clear()
    yield root
    catalogs.load.cache_clear()


def test_a_catalog_is_stale_until_compiled_and_then_by_content_only(copy: Path) -> None:
    assert catalogs.stale("ja")
    catalogs.compile_all()
    assert not catalogs.stale("ja")
    po = catalogs.source("ja")
    # A .po unpacked after its .mo (newer file time, same text) is not stale ...
    os.utime(po, (po.stat().st_atime, catalogs.compiled_mo("ja").stat().st_mtime + 60))
    assert not catalogs.stale("ja")
    # ... and a changed .po is, whatever the times say.
    po.write_bytes(po.read_bytes() + b"\n")
    os.utime(po, (0, 0))
    assert catalogs.stale("ja")


def test_an_install_that_cannot_be_written_starts_in_japanese_with_one_warning(
    copy: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refused(lang: str) -> None:
        raise PermissionError(13, "Permission denied", str(catalogs.compiled_mo(lang)))

    monkeypatch.setattr(catalogs, "compile_language", refused)
    with caplog.at_level(logging.WARNING):
        assert catalogs.refresh() == ["en", "ja"]
    assert [r.levelname for r in caplog.records if "ja" in r.getMessage()] == ["WARNING"]
    assert not list(copy.glob("*/LC_MESSAGES/*.mo"))  # nothing written
    assert catalogs.load("ja").gettext("Game over") == "ゲーム終了"
    assert "ゲーム終了" in catalogs.script_entries("ja").decode()


def test_compiled_catalogs_are_what_the_box_and_the_pages_read(copy: Path) -> None:
    catalogs.compile_all()
    assert catalogs.load("ja").gettext("Game over") == "ゲーム終了"
    assert catalogs.script_entries("ja") == catalogs.script_json("ja").read_bytes()
    assert catalogs.script_entries("xx") == b"{}"


def test_the_box_draws_japanese_without_loading_flask() -> None:
    program = (
        "import sys\n"
        "import device.box, device.screens\n"
        "from device.i18n import words\n"
        "assert words('ja').gettext('Game over') == 'ゲーム終了'\n"
        "top = {m.split('.')[0] for m in sys.modules}\n"
        "print(sorted(top & {'flask', 'flask_babel', 'webui'}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.strip() == "[]"
