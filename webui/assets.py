"""The pages' scripts and styles, cached for good and sent compressed.

A phone that wakes up reloads its page; with plain /static/ URLs it asked again for
every file (``no-cache``: one revalidation each, ~55 on /seat). Pages instead name
their files under ``/v/<version>/``, where the version is a digest of every file in
webui/static: the URL of a file changes whenever any file does, so a browser keeps
it for good (``immutable``) and asks nothing on the next load. Scripts import each
other by relative URL, so a module loaded from /v/<version>/ finds its imports there
too. A URL with an older version (a page opened before an update) still gets the
current file, marked ``no-cache``.

Text files go out gzip-compressed when the browser accepts it (every browser does),
compressed once per file and kept in memory: the box's CPU does each file once.
/static/<file> stays as Flask serves it, for anything that names a file directly.

Fewer requests (issue 28: a phone's first load): a page's style sheets come in one
request, ``/v/<version>/_css/<file>,<file>...`` (CSS files simply concatenate, in the
order named), and its scripts from its bundle (webui/bundle.py) under
``/v/<version>/_bundle/<page>/`` where one was built for these sources.
"""

from __future__ import annotations

import gzip
import mimetypes
import os
import threading
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, request
from werkzeug.security import safe_join

from webui import bundle
from webui.bundle import digest

bp = Blueprint("assets", __name__)

FOREVER = "public, max-age=31536000, immutable"
COMPRESSED = {".js", ".css", ".svg", ".json", ".html", ".txt"}
COMPRESSED_TYPES = {"application/json", "text/html"}
MIN_COMPRESS = 512  # smaller files gain less than gzip's own bytes and a header
BUNDLED = "_bundle/"  # the folder of the page bundles in versioned URLs
COMBINED = "_css/"  # style sheets combined into one answer
MAX_COMBINED = 12  # files in one combined answer
MAX_COMBINATIONS = 32  # combined answers kept in memory (pages ask for a few)


class Assets:
    """The static folder's files with their digest, gzip copies made on first use."""

    def __init__(self, folder: Path, bundles: Path | None = None) -> None:
        self.folder = folder
        self.version = digest(folder)
        self.bundles = bundles  # this version's page bundles (webui/bundle.py), if built
        self._lock = threading.Lock()
        self._files: dict[str, tuple[tuple[int, int], bytes, bytes | None]] = {}
        self._combined: dict[tuple[str, ...], tuple[bytes, bytes]] = {}

    def url(self, filename: str) -> str:
        return f"/v/{self.version}/{filename}"

    def script_url(self, page: str, filename: str) -> str:
        """A script the page loads: from the page's bundle where there is one."""
        if self.bundles is not None and (self.bundles / page / filename).is_file():
            return self.url(f"{BUNDLED}{page}/{filename}")
        return self.url(filename)

    def scripts_base(self, page: str) -> str:
        """Where the page's scripts are: its bundle, or the static folder."""
        if self.bundles is not None and (self.bundles / page).is_dir():
            return self.url(f"{BUNDLED}{page}/")
        return self.url("")

    def styles_url(self, filenames: list[str]) -> str:
        """One URL for the page's style sheets, in this order."""
        return self.url(COMBINED + ",".join(filenames))

    def combined(self, names: str) -> tuple[bytes, bytes] | None:
        """(bytes, gzip bytes) of the style sheets named (comma-separated), None when
        one is not a style sheet of the folder."""
        key = tuple(names.split(","))
        if len(key) > MAX_COMBINED or any(not name.endswith(".css") for name in key):
            return None
        with self._lock:
            cached = self._combined.get(key)
        if cached is not None:
            return cached
        parts = []
        for name in key:
            found = self.read(name)
            if found is None:
                return None
            parts.append(found[0].rstrip(b"\n") + b"\n")
        raw = b"".join(parts)
        made = raw, gzip.compress(raw, compresslevel=9, mtime=0)
        with self._lock:
            if len(self._combined) >= MAX_COMBINATIONS:
                self._combined.clear()
            self._combined[key] = made
        return made

    def read(self, filename: str) -> tuple[bytes, bytes | None] | None:
        """(bytes, gzip bytes or None) of a file under the folder (or in a page's
        bundle), None if there is none."""
        folder = self.folder
        if filename.startswith(BUNDLED):
            if self.bundles is None:
                return None
            folder, filename = self.bundles, filename.removeprefix(BUNDLED)
        path = safe_join(str(folder), filename)
        if path is None or not os.path.isfile(path):
            return None
        stat = os.stat(path)
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            cached = self._files.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
        raw = Path(path).read_bytes()
        packed = None
        if Path(filename).suffix in COMPRESSED and len(raw) >= MIN_COMPRESS:
            packed = gzip.compress(raw, compresslevel=9, mtime=0)
        with self._lock:
            self._files[path] = (stamp, raw, packed)
        return raw, packed


def accepts_gzip() -> bool:
    return any(
        part.split(";")[0].strip() == "gzip"
        for part in request.headers.get("Accept-Encoding", "").split(",")
    )


def assets() -> Assets:
    found: Assets = current_app.extensions["tablemate.assets"]
    return found


@bp.get("/v/<version>/<path:filename>")
def versioned(version: str, filename: str) -> Response:
    files = assets()
    if filename.startswith(COMBINED):
        found: tuple[bytes, bytes | None] | None = files.combined(filename.removeprefix(COMBINED))
    else:
        found = files.read(filename)
    if found is None:
        abort(404)
    raw, packed = found
    mimetype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    if packed is not None and accepts_gzip():
        response = Response(packed, mimetype=mimetype)
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = Response(raw, mimetype=mimetype)
    if packed is not None:
        response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = FOREVER if version == files.version else "no-cache"
    return response


def compress(response: Response) -> Response:
    """Pages and JSON answers (a seat's state, a catalog) gzip-compressed for a browser
    that accepts it; streams and files already compressed are left as they are."""
    if (
        response.direct_passthrough
        or response.is_streamed
        or "Content-Encoding" in response.headers
        or response.mimetype not in COMPRESSED_TYPES
        or not accepts_gzip()
    ):
        return response
    body = response.get_data()
    if len(body) < MIN_COMPRESS:
        return response
    response.set_data(gzip.compress(body, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def game_sheets(names: list[str]) -> list[str]:
    """The style sheets of the games a page shows."""
    return [f"games/{name}/game.css" for name in names]


def register(app: Flask) -> None:
    """The /v/ route; for templates `asset(filename)` (the file's versioned URL),
    `script_url(page, filename)`, `scripts_base(page)` and `styles_url(filenames)`;
    compressed pages and JSON. The page bundles are built first where they are missing
    and the install can be written (webui/bundle.py)."""
    assert app.static_folder is not None
    folder = Path(app.static_folder)
    files = Assets(folder)
    if folder.resolve() == bundle.STATIC:
        files.bundles = bundle.build(files.version)
    app.extensions["tablemate.assets"] = files
    app.register_blueprint(bp)
    app.add_template_global(files.url, "asset")
    app.add_template_global(files.script_url, "script_url")
    app.add_template_global(files.scripts_base, "scripts_base")
    app.add_template_global(files.styles_url, "styles_url")
    app.add_template_global(game_sheets, "game_sheets")
    app.after_request(compress)
