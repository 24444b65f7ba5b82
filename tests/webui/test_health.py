"""GET /healthz: the table's phase and the hardware's health."""

from __future__ import annotations

from flask.testing import FlaskClient

from device.table import Table
from webui import create_app

from .conftest import FakeBox, ok, seat_players


def test_healthy_box(client: FlaskClient, box: FakeBox, table: Table) -> None:
    health = ok(client.get("/healthz"))
    assert health == {
        "ok": True,
        "table": {"phase": "idle", "game": None, "version": 0},
        "hardware": box.health(),
    }
    seat_players(client, table)
    assert ok(client.get("/healthz"))["table"] == {
        "phase": "playing",
        "game": "cena",
        "version": table.version,
    }


def test_a_failing_display_is_not_ok(client: FlaskClient, box: FakeBox) -> None:
    box.display_error = "no I2C device at 0x3c"
    health = ok(client.get("/healthz"))
    assert health["ok"] is False
    assert health["hardware"]["display"] == {"healthy": False, "error": "no I2C device at 0x3c"}


def test_without_a_box(table: Table) -> None:
    health = ok(create_app(table, testing=True).test_client().get("/healthz"))
    idle = {"phase": "idle", "game": None, "version": 0}
    assert health == {"ok": True, "table": idle, "hardware": {}}
