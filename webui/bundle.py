"""Each page's scripts bundled by esbuild, so that a phone loads a handful of files.

The page scripts are ES modules, ~35 small files for /seat: one request each on a
phone's first load (issue 28: a cheap phone). Concatenating ES modules is not a job
for a few lines of Python (each module's scope, its imports and exports, top-level
await), so Debian's `esbuild` (scripts/setup and systemd/install.sh install it) does
it: for each page, its script and every game's components (js/games.js loads the
game in play by URL) are bundled with code splitting, so that the page and a game
share one copy of each module (one i18n catalog, one render counter) in a few shared
chunks.

The bundles are built where the project is installed, in ``webui/bundle/<version>/``
(the version is `digest` of webui/static, as in the pages' URLs, webui/assets.py): by
the install, or at start where the install can be written (a checkout after a pull).
An installed box never writes there; a box whose bundle is missing or stale (no
esbuild, or a read-only install of other sources) serves the modules one by one as
before, which works the same.

    python -c "from webui.bundle import main; main()"   # build them for the sources as they are
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
BUNDLES = Path(__file__).resolve().parent / "bundle"
TIMEOUT_S = 120
KEEP = 3  # bundles of earlier sources kept (a box started before a pull still runs)


def digest(folder: Path) -> str:
    """The version of the static folder's sources (its bundles' folder name and the
    pages' versioned URLs, webui/assets.py): 12 hex digits over every file's path and
    bytes, changing when any file does."""
    hashed = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        hashed.update(path.relative_to(folder).as_posix().encode() + b"\0")
        hashed.update(path.read_bytes())
    return hashed.hexdigest()[:12]


def pages(static: Path = STATIC) -> list[str]:
    """The pages with a script of their own: js/pages/<page>.js."""
    return sorted(p.stem for p in (static / "js" / "pages").glob("*.js"))


def entries(static: Path, page: str) -> list[Path]:
    """What a page's bundle starts from: its script (the only one its template loads)
    and every game's components."""
    return [static / "js" / "pages" / f"{page}.js", *sorted(static.glob("games/*/index.js"))]


def esbuild() -> str | None:
    return shutil.which("esbuild")


def build_page(tool: str, static: Path, page: str, into: Path) -> None:
    """One page's bundle into `into`/<page>/: each entry at its own path under
    webui/static (js/pages/seat.js, games/cena/index.js), the shared code in
    js/chunks/."""
    subprocess.run(
        [
            tool,
            "--bundle",
            "--splitting",
            "--format=esm",
            "--minify",
            "--log-level=error",
            f"--outbase={static}",
            f"--outdir={into / page}",
            "--chunk-names=js/chunks/[hash]",
            *(str(p) for p in entries(static, page)),
        ],
        check=True,
        capture_output=True,
        timeout=TIMEOUT_S,
    )


def build(version: str, static: Path = STATIC, bundles: Path = BUNDLES) -> Path | None:
    """Every page's bundle in `bundles`/<version>/, unless there already; None when
    esbuild is missing or the folder cannot be written. Built aside and renamed into
    place, so a reader (or a second builder) never sees half a bundle; all but the
    newest few versions are removed."""
    done = bundles / version
    if done.is_dir():
        return done
    tool = esbuild()
    if tool is None:
        log.info("esbuild is not installed: the pages load their scripts one by one")
        return None
    try:
        bundles.mkdir(exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=".building-", dir=bundles))
    except OSError as err:
        log.info("cannot write %s (%s): the pages load their scripts one by one", bundles, err)
        return None
    try:
        for page in pages(static):
            build_page(tool, static, page, work)
        try:
            os.rename(work, done)
        except OSError:  # another process finished first: its bundle is the same
            if not done.is_dir():
                raise
    except (OSError, subprocess.SubprocessError) as err:
        detail = getattr(err, "stderr", b"") or b""
        said = detail.decode(errors="replace")
        log.warning("could not bundle the page scripts: %s %s", err, said)
        return None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    # The newest few are kept: a box still running older sources serves from its own;
    # half a build left by a process that was stopped goes after an hour.
    built = [p for p in bundles.iterdir() if p.is_dir() and not p.name.startswith(".building-")]
    built.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    left = [p for p in bundles.glob(".building-*") if time.time() - p.stat().st_mtime > 3600]
    for old in [*built[KEEP:], *left]:
        if old != done:
            shutil.rmtree(old, ignore_errors=True)
    return done


def main() -> None:
    """Build the bundles (scripts/setup, systemd/install.sh); exit 1 when not built."""
    logging.basicConfig(level=logging.INFO, format="bundle: %(message)s")
    built = build(digest(STATIC))
    print(f"bundle: {built or 'not built; the pages load their scripts one by one'}")
    raise SystemExit(0 if built else 1)
