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
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
import threading
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, request
from werkzeug.security import safe_join

bp = Blueprint("assets", __name__)

FOREVER = "public, max-age=31536000, immutable"
COMPRESSED = {".js", ".css", ".svg", ".json", ".html", ".txt"}
COMPRESSED_TYPES = {"application/json", "text/html"}
MIN_COMPRESS = 512  # smaller files gain less than gzip's own bytes and a header


class Assets:
    """The static folder's files with their digest, gzip copies made on first use."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.version = digest(folder)
        self._lock = threading.Lock()
        self._files: dict[str, tuple[tuple[int, int], bytes, bytes | None]] = {}

    def url(self, filename: str) -> str:
        return f"/v/{self.version}/{filename}"

    def read(self, filename: str) -> tuple[bytes, bytes | None] | None:
        """(bytes, gzip bytes or None) of a file under the folder, None if there is none."""
        path = safe_join(str(self.folder), filename)
        if path is None or not os.path.isfile(path):
            return None
        stat = os.stat(path)
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            cached = self._files.get(filename)
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
        raw = Path(path).read_bytes()
        packed = None
        if Path(filename).suffix in COMPRESSED and len(raw) >= MIN_COMPRESS:
            packed = gzip.compress(raw, compresslevel=9, mtime=0)
        with self._lock:
            self._files[filename] = (stamp, raw, packed)
        return raw, packed


def digest(folder: Path) -> str:
    """12 hex digits over every file's path and bytes: changes when any file does."""
    hashed = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        hashed.update(path.relative_to(folder).as_posix().encode() + b"\0")
        hashed.update(path.read_bytes())
    return hashed.hexdigest()[:12]


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


def register(app: Flask) -> None:
    """The /v/ route, `asset(filename)` for templates (the file's versioned URL), and
    compressed pages and JSON."""
    assert app.static_folder is not None
    files = Assets(Path(app.static_folder))
    app.extensions["tablemate.assets"] = files
    app.register_blueprint(bp)
    app.add_template_global(files.url, "asset")
    app.after_request(compress)
