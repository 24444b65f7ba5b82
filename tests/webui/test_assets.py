"""Scripts and styles under /v/<version>/ (webui/assets.py): cached for good, gzip
when the browser accepts it, and a seat page that loads only the game in play."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from flask.testing import FlaskClient

from device.table import Table
from webui.assets import FOREVER, digest

from .conftest import get, ok, seat_players

STATIC = Path(__file__).resolve().parents[2] / "webui" / "static"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def page_assets(client: FlaskClient, path: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/v/[^"]+)"', client.get(path).get_data(as_text=True))


def test_pages_name_their_files_by_the_digest_of_every_static_file(client: FlaskClient) -> None:
    urls = page_assets(client, "/")
    version = digest(STATIC)
    assert f"/v/{version}/app.css" in urls and f"/v/{version}/js/pages/index.js" in urls
    # Every game's styles on the front page: its setup form shows any game's options.
    assert {f"/v/{version}/games/{name}/game.css" for name in ("cena", "lauzait")} <= set(urls)


def test_a_versioned_file_is_cached_for_good_and_sent_compressed(client: FlaskClient) -> None:
    url = next(u for u in page_assets(client, "/") if u.endswith("js/pages/index.js"))
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
    styles = [u for u in page_assets(client, "/seat") if u.endswith("game.css")]
    assert len(styles) == 1 and styles[0].endswith("/games/cena/game.css")


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
