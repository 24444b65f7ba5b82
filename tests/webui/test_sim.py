"""The simulated box's routes, against a fake box."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import cast

from flask.testing import FlaskClient

from .conftest import FakeBox, ok, refused


def test_buttons_press_and_release(client: FlaskClient, box: FakeBox) -> None:
    ok(client.post("/sim/button/A", json={"down": True}))
    ok(client.post("/sim/button/A", json={"down": False}))
    ok(client.post("/sim/button/C", json={"down": True}))
    assert box.presses == [("A", True), ("A", False), ("C", True)]


def test_a_release_says_how_long_the_page_held_the_button(
    client: FlaskClient, box: FakeBox
) -> None:
    ok(client.post("/sim/button/B", json={"down": True}))
    ok(client.post("/sim/button/B", json={"down": False, "held_ms": 1250}))
    assert box.presses == [("B", True), ("B", False)]
    assert box.held == [None, 1.25]  # seconds, for the box


def test_a_held_time_out_of_range_is_refused(client: FlaskClient, box: FakeBox) -> None:
    for held in (-1, 10_001):
        answer = refused(client.post("/sim/button/A", json={"down": False, "held_ms": held}), 400)
        assert "held_ms" in answer
    assert "held_ms" in refused(
        client.post("/sim/button/A", json={"down": False, "held_ms": 0.5}), 400
    )
    assert box.presses == []


def test_bad_button_requests(client: FlaskClient, box: FakeBox) -> None:
    assert "buttons A, B, C" in refused(client.post("/sim/button/D", json={"down": True}), 404)
    assert "buttons" in refused(client.post("/sim/button/a", json={"down": True}), 404)
    assert "down" in refused(client.post("/sim/button/A", json={"down": 1}), 400)
    assert "missing" in refused(client.post("/sim/button/A", json={}), 400)
    assert "unknown" in refused(client.post("/sim/button/A", json={"down": True, "x": 1}), 400)
    assert "JSON" in refused(client.post("/sim/button/A", data="{", content_type="text/plain"), 415)
    assert "JSON" in refused(
        client.post("/sim/button/A", data="{", content_type="application/json"), 400
    )
    assert refused(client.get("/sim/button/A"), 405)
    assert box.presses == []


def test_a_box_refusing_a_press_is_400(client: FlaskClient, box: FakeBox) -> None:
    def refuse(name: str, down: bool, held: float | None = None) -> None:
        raise ValueError("that button is stuck")

    box.press = refuse  # type: ignore[method-assign]
    assert refused(client.post("/sim/button/B", json={"down": True}), 400) == "that button is stuck"


def test_oled_is_a_png(client: FlaskClient) -> None:
    response = client.get("/sim/oled.png")
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert response.data.startswith(b"\x89PNG")
    assert response.headers["Cache-Control"] == "no-store"


def test_state_has_leds_and_version(client: FlaskClient, box: FakeBox) -> None:
    assert ok(client.get("/sim/state")) == {"leds": box.leds(), "version": 0}
    box.light(2)
    state = ok(client.get("/sim/state"))
    assert state["version"] == 1 and state["leds"]["sticks"][2] is True


def test_stream_snapshot_then_one_event_per_change(client: FlaskClient, box: FakeBox) -> None:
    response = client.get("/sim/stream", buffered=False)
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    chunks = cast(Iterator[bytes], iter(response.response))
    assert next(chunks).startswith(b"retry:")

    def read() -> tuple[str, dict]:
        name, data = next(chunks).decode().strip().split("\n")
        return name, json.loads(data.removeprefix("data: "))

    assert read() == ("event: box", {"leds": box.leds(), "version": 0})
    assert box.subscribers == 1
    box.light(0)
    box.light(4)
    assert read()[1] == {"leds": box.leds(), "version": 2}
    assert box.leds()["sticks"] == [True, False, False, False, True]
    assert next(chunks) == b": heartbeat\n\n"
    response.close()
    assert box.subscribers == 0
