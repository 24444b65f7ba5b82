"""The box answers only to its own names (webui/hosts.py): a page of another site
whose name an attacker points at the box (DNS rebinding) reads nothing and changes
nothing, while every way phones really reach the box still works."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from device.journal import Journal
from device.table import Table
from webui import create_app
from webui.hosts import KnownHosts

from .conftest import HEARTBEAT, FakeBox, FakeSheets, ok, refused, seat_players, snapshot

KNOWN = KnownHosts("http://tablemate.example:8000/", ["Box.LAN"], hostname=lambda: "tablemate")


@pytest.fixture
def app(table: Table, box: FakeBox, sheets: FakeSheets) -> Flask:
    return create_app(table, box, sheets, testing=True, heartbeat=HEARTBEAT, known_hosts=KNOWN)


def at(host: str) -> dict[str, str]:
    """A browser's headers for a page served from http://<host>."""
    return {"Host": host, "Origin": f"http://{host}"}


def test_a_rebound_name_reads_nothing_and_takes_no_seat(
    client: FlaskClient, table: Table, journal: Journal
) -> None:
    seat_players(client, table, players=3, start=False)
    room = table.status()["room"]
    before = snapshot(table, journal)
    foreign = at("rebind.example:8000")
    status = client.get("/api/status", headers=foreign)
    assert "own names" in refused(status, 421, "foreign_host")
    assert room not in status.get_data(as_text=True)
    join = client.post("/api/join", json={"code": room, "name": "Mallory"}, headers=foreign)
    refused(join, 421, "foreign_host")
    for path in ("/", "/api/state", "/api/stream", "/static/js/api.js"):
        refused(client.get(path, headers=foreign), 421, "foreign_host")
    assert snapshot(table, journal) == before


REFUSED = [
    "rebind.example",
    "rebind.example:8000",
    "tablemate.example.evil",
    "localhost.evil.example",
    "tablemate.local.evil.example",
    "box.lan.evil.example",
    "192.168.1.20.nip.io",
    "evil@localhost",
    "localhost:port",
    "[::1",
    "",
]


@pytest.mark.parametrize("host", REFUSED)
def test_a_name_that_is_not_the_boxs_is_refused(client: FlaskClient, host: str) -> None:
    refused(client.get("/api/status", headers={"Host": host}), 421, "foreign_host")


ALLOWED = [
    "192.168.1.20:8000",  # any IPv4 address, with or without a port
    "10.0.0.7",
    "127.0.0.1:8000",
    "[::1]:8000",  # any IPv6 address
    "[fe80::1ff:fe23:4567:890a]",
    "[2001:db8::42]:8000",
    "localhost",
    "LOCALHOST:8000",
    "localhost.",  # a fully qualified name's trailing dot
    "tablemate.example:8000",  # the configured public URL
    "tablemate",  # the machine's host name
    "tablemate.local:8000",  # and its mDNS name
    "box.lan",  # [web] allowed_hosts
    "BOX.LAN:8000",
]


@pytest.mark.parametrize("host", ALLOWED)
def test_every_name_and_address_of_the_box_is_served(
    client: FlaskClient, table: Table, host: str
) -> None:
    seat_players(client, table, players=3, start=False)
    status = ok(client.get("/api/status", headers={"Host": host}))
    assert status["room"] == table.status()["room"]
    # A write from the box's own page at that name passes the same-origin check too.
    joined = client.post(
        "/api/join",
        json={"code": status["room"], "name": "Dan"},
        headers=at(host),
    )
    refused(joined, 409, "table_full")


def test_the_machines_name_is_read_on_each_request(
    table: Table, box: FakeBox, sheets: FakeSheets
) -> None:
    """The box may rename itself while it runs (e.g. to "tablemate")."""
    names = iter(["raspberrypi", "tablemate"])
    known = KnownHosts(hostname=lambda: next(names))
    client = create_app(table, box, sheets, testing=True, known_hosts=known).test_client()
    ok(client.get("/api/status", headers={"Host": "raspberrypi.local"}))
    refused(client.get("/api/status", headers={"Host": "raspberrypi.local"}), 421, "foreign_host")


def test_a_request_without_a_host_header_names_nothing_to_rebind(client: FlaskClient) -> None:
    response = client.get("/api/status", environ_overrides={"HTTP_HOST": None})
    assert response.status_code == 200
