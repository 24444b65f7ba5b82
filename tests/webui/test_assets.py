"""Scripts and styles under /v/<version>/ (webui/assets.py): cached for good, gzip
when the browser accepts it, a page's style sheets in one request, its scripts from
its bundle (webui/bundle.py) where one is built, and a seat page that loads only the
game in play."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from device.table import Table
from webui import bundle
from webui.assets import FOREVER, Assets, digest

from .conftest import get, ok, seat_players

STATIC = Path(__file__).resolve().parents[2] / "webui" / "static"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def page_assets(client: FlaskClient, path: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/v/[^"]+)"', client.get(path).get_data(as_text=True))


def files_of(client: FlaskClient) -> Assets:
    found: Assets = client.application.extensions["tablemate.assets"]
    return found


def sheets(client: FlaskClient, path: str) -> list[str]:
    """The style sheets a page names in its one combined request."""
    page = client.get(path).get_data(as_text=True)
    found = re.search(r'<link rel="stylesheet" href="([^"]+)" data-styles="([^"]*)">', page)
    assert found is not None
    version = digest(STATIC)
    assert found.group(1) == f"/v/{version}/_css/" + ",".join(found.group(2).split())
    return found.group(2).split()


def test_pages_name_their_files_by_the_digest_of_every_static_file(client: FlaskClient) -> None:
    version = digest(STATIC)
    files_of(client).bundles = None  # no bundle: the page's script as it is
    assert f"/v/{version}/js/pages/index.js" in page_assets(client, "/")
    # Every game's styles on the front page: its setup form shows any game's options.
    names = sheets(client, "/")
    assert names[0] == "app.css"
    assert {f"games/{name}/game.css" for name in ("cena", "lauzait")} <= set(names)


def test_a_page_s_style_sheets_come_in_one_request(client: FlaskClient) -> None:
    version = digest(STATIC)
    names = ["app.css", "games/cena/game.css", "summary.css"]
    answer = client.get(f"/v/{version}/_css/" + ",".join(names), headers=GZIP)
    assert answer.status_code == 200 and answer.mimetype == "text/css"
    assert answer.headers["Cache-Control"] == FOREVER
    whole = gzip.decompress(answer.get_data())
    for name in names:  # each whole, in the order named
        assert (STATIC / name).read_bytes().strip() in whole
    assert whole.index(b".summary") > whole.index((STATIC / "app.css").read_bytes()[:200])
    too_many = ",".join(["app.css"] * 13)
    for bad in ("app.css,nope.css", "app.css,js/dom.js", "../__init__.py", too_many, "app.css,"):
        assert client.get(f"/v/{version}/_css/{bad}").status_code == 404, bad


def test_the_seat_page_lists_the_sheets_its_scripts_need(client: FlaskClient, table: Table) -> None:
    seat_players(client, table)
    names = sheets(client, "/seat")
    assert {"summary.css", "takeback.css", "rematch.css", "rules-card.css"} <= set(names)
    page = client.get("/seat").get_data(as_text=True)
    assert f'<meta name="tablemate-static" content="/v/{digest(STATIC)}/">' in page


def test_a_versioned_file_is_cached_for_good_and_sent_compressed(client: FlaskClient) -> None:
    url = f"/v/{digest(STATIC)}/js/pages/index.js"  # the module itself, as without a bundle
    raw = (STATIC / "js/pages/index.js").read_bytes()
    packed = client.get(url, headers=GZIP)
    assert packed.status_code == 200
    assert packed.headers["Cache-Control"] == FOREVER
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert packed.mimetype == "text/javascript"
    assert gzip.decompress(packed.get_data()) == raw and len(packed.get_data()) < len(raw)
    plain = client.get(url)  # a client that does not ask for gzip gets the file as it is
    assert plain.get_data() == raw and "Content-Encoding" not in plain.headers


def test_an_older_version_gets_the_current_file_revalidated(client: FlaskClient) -> None:
    answer = client.get("/v/000000000000/app.css")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-cache"
    assert answer.get_data() == (STATIC / "app.css").read_bytes()


def test_nothing_outside_the_static_folder_or_missing_is_served(client: FlaskClient) -> None:
    for path in ("/v/x/../../__init__.py", "/v/x/..%2F..%2F__init__.py", "/v/x/nope.js", "/v/x/"):
        assert client.get(path).status_code == 404, path


def test_the_seat_page_loads_only_the_game_in_play(client: FlaskClient, table: Table) -> None:
    seat_players(client, table)  # Céna
    page = client.get("/seat").get_data(as_text=True)
    assert '<meta name="tablemate-games" content="cena">' in page
    styles = [name for name in sheets(client, "/seat") if name.endswith("game.css")]
    assert styles == ["games/cena/game.css"]


def test_pages_and_json_are_compressed_for_a_browser_that_asks(
    client: FlaskClient, table: Table
) -> None:
    seated = seat_players(client, table)
    plain = ok(get(client, "/api/state", seated.tokens[0]))
    packed = client.get("/api/state", headers={**GZIP, "X-Tablemate-Token": seated.tokens[0]})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.get_data())) == plain
    page = client.get("/", headers=GZIP)
    assert page.headers["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(page.get_data())
    # A live stream is never buffered for compression.
    stream = client.get("/api/stream", headers=GZIP, buffered=False)
    assert "Content-Encoding" not in stream.headers
    stream.close()


needs_esbuild = pytest.mark.skipif(bundle.esbuild() is None, reason="esbuild is not installed")


@needs_esbuild
def test_each_page_is_bundled_with_every_game(tmp_path: Path) -> None:
    built = bundle.build("v1", bundles=tmp_path)
    assert built == tmp_path / "v1"
    for page in bundle.pages():
        assert (built / page / "js" / "pages" / f"{page}.js").is_file()
        for game in ("cena", "chanoyu", "lauzait", "sarena"):
            assert (built / page / "games" / game / "index.js").is_file()
    seat = built / "seat"
    # A handful of files for the seat page and a game, sharing their chunks.
    assert len(list((seat / "js" / "chunks").glob("*.js"))) <= 8
    assert bundle.build("v1", bundles=tmp_path) == built  # there already: not rebuilt
    for old in ("v0", "v-1", "v-2"):
        (tmp_path / old).mkdir()
        os.utime(tmp_path / old, (1, 1))  # long ago
    assert bundle.build("v2", bundles=tmp_path) == tmp_path / "v2"
    # The newest few stay (a box started before an update still serves its own).
    assert len(list(tmp_path.iterdir())) == bundle.KEEP
    assert {"v1", "v2"} <= {p.name for p in tmp_path.iterdir()}


def test_no_bundle_without_esbuild_or_a_folder_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    if bundle.esbuild() is not None:
        assert bundle.build("v1", bundles=blocked / "bundle") is None
    monkeypatch.setattr(bundle, "esbuild", lambda: None)
    assert bundle.build("v1", bundles=tmp_path / "bundle") is None


@needs_esbuild
def test_a_page_loads_its_scripts_from_its_bundle(
    client: FlaskClient, table: Table, tmp_path: Path
) -> None:
    seat_players(client, table)
    version = digest(STATIC)
    built = bundle.build(version, bundles=tmp_path)
    assert built is not None
    files_of(client).bundles = built
    page = client.get("/seat").get_data(as_text=True)
    base = f"/v/{version}/_bundle/seat/"
    assert f'<meta name="tablemate-scripts" content="{base}">' in page
    assert f'src="{base}js/pages/seat.js"' in page
    for name in ("js/pages/seat.js", "games/cena/index.js"):
        answer = client.get(base + name, headers=GZIP)
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == FOREVER
        assert gzip.decompress(answer.get_data()) == (built / "seat" / name).read_bytes()
    assert client.get(f"/v/{version}/_bundle/seat/../../../app.css").status_code == 404
    files_of(client).bundles = None
    assert client.get(base + "js/pages/seat.js").status_code == 404
    shutil.rmtree(built)
